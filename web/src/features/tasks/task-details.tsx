import { formatKeyDown } from "../../ui/note-keys";
import { useMemberMention } from "../records/member-mention";
import { CalendarClock, Link2, Pencil, Repeat, Trash2 } from "lucide-react";
import { recordIconOf } from "../records/record-icon";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { taskPriorities } from "../../../../drizzle/values";
import { recordPath } from "../../app/recent-records";
import { useDraft } from "../../lib/drafts";
import { Button } from "../../ui/button";
import { ChoiceGroup } from "../../ui/choice-group";
import { RelativeTime } from "../../ui/relative-time";
import { Sheet } from "../../ui/sheet";
import { memberName, type Member } from "../members/use-members";
import { OwnerName } from "../records/reference-fields";
import { formatDue } from "./due-format";
import { priorityLabels } from "./priority-marker";
import { TaskCheckbox } from "./task-checkbox";
import { TaskQueueStrip } from "./task-queue-strip";
import { logLabel, logOf, useLogTask } from "./log-task";
import { TaskTypeChoice, taskTypeIcons } from "./task-type";
import { repeatLabel, type TaskRepeat } from "./repeat-options";
import { AssigneePicker, DuePicker, RecordPicker, RepeatPicker } from "./task-pickers";
import type { LinkedRecord, RowPicker, Task, TaskPatch, TaskRow } from "./task-types";

type TaskDetailsProps = {
  /** The open task's row as the lists hold it now; null closes the panel. */
  row: TaskRow | null;
  members: Map<string, Member> | undefined;
  onClose: () => void;
  onToggle: (task: Task) => void;
  onReschedule: (task: Task, due: Date | null) => void;
  onRepeat: (task: Task, repeat: TaskRepeat | null) => void;
  onAssign: (task: Task, assignee: { id: string; name: string } | null) => void;
  onRelink: (row: TaskRow, record: LinkedRecord | null) => void;
  /** A quiet edit (priority, notes): `startedFrom` is the task as the edit began (see useTaskUpdate). */
  onEdit: (task: Task, patch: TaskPatch, startedFrom?: Task) => void;
  onDelete: (task: Task) => void;
};

const headerButton = "rounded-md p-1 text-muted hover:bg-surface-2 hover:text-foreground";
const fieldButton =
  "flex h-8 w-full items-center gap-2 rounded-md px-2 text-left text-[13px] text-foreground hover:bg-surface-2";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] items-center gap-2">
      <dt className="text-[13px] text-muted">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/**
 * A task beside the list: its type, due date, assignee, priority, linked record and notes, each editable
 * here. The list's keys still work while it is open (j/k move it to the next task, x completes).
 */
export function TaskDetails({ row, onClose, ...props }: TaskDetailsProps) {
  const task = row?.task;
  return (
    <Sheet
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={task?.title ?? ""}
      description={row?.recordName ?? undefined}
      leading={task && <TaskCheckbox task={task} onToggle={() => props.onToggle(task)} />}
      actions={
        task && (
          <button
            type="button"
            onClick={() => props.onDelete(task)}
            aria-label="Delete this task"
            title="Delete"
            className={headerButton}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        )
      }
      testId="task-details"
    >
      {row && <TaskQueueStrip taskId={row.task.id} />}
      {row && <TaskDetailsBody key={row.task.id} row={row} {...props} />}
    </Sheet>
  );
}

function TaskDetailsBody({
  row,
  members,
  onReschedule,
  onRepeat,
  onAssign,
  onRelink,
  onEdit,
}: Omit<TaskDetailsProps, "row" | "onClose" | "onToggle" | "onDelete"> & { row: TaskRow }) {
  const { task, recordName } = row;
  const [picking, setPicking] = useState<RowPicker | null>(null);
  const linked = task.recordObject === "contact" || task.recordObject === "company" ? task.recordObject : null;
  const RecordIcon = recordIconOf(linked);
  const creator = members?.get(task.createdBy);

  return (
    <div className="space-y-6 px-5 py-4">
      <dl className="space-y-1">
        <Field label="Type">
          <TaskTypeChoice value={task.type} onChange={(type) => onEdit(task, { type })} />
        </Field>
        <Field label="Due">
          <DuePicker
            task={task}
            open={picking === "due"}
            onOpenChange={(open) => setPicking(open ? "due" : null)}
            onPick={(due) => {
              setPicking(null);
              onReschedule(task, due);
            }}
            anchor={
              // Named "Due date: <what it shows>", so voice control finds it by either (as the assignee's below).
              <button type="button" className={fieldButton} onClick={() => setPicking("due")}>
                <span className="sr-only">Due date: </span>
                <CalendarClock className="size-3.5 shrink-0 text-muted" aria-hidden />
                {task.dueAt ? formatDue(task.dueAt) : <span className="text-muted">No due date</span>}
              </button>
            }
          />
        </Field>
        <Field label="Repeat">
          {task.dueAt ? (
            <RepeatPicker
              task={task}
              dueAt={task.dueAt}
              open={picking === "repeat"}
              onOpenChange={(open) => setPicking(open ? "repeat" : null)}
              onPick={(repeat) => {
                setPicking(null);
                onRepeat(task, repeat);
              }}
              anchor={
                <button type="button" className={fieldButton} onClick={() => setPicking("repeat")}>
                  <span className="sr-only">Repeat: </span>
                  <Repeat className="size-3.5 shrink-0 text-muted" aria-hidden />
                  {task.repeat ? (
                    repeatLabel(task.repeat, task.dueAt)
                  ) : (
                    <span className="text-muted">Does not repeat</span>
                  )}
                </button>
              }
            />
          ) : (
            // A repeat counts from a due date: the way to one is the due date's picker.
            <button type="button" className={fieldButton} onClick={() => setPicking("due")}>
              <Repeat className="size-3.5 shrink-0 text-muted" aria-hidden />
              <span className="text-muted">Set a due date to repeat</span>
            </button>
          )}
        </Field>
        <Field label="Assignee">
          <AssigneePicker
            task={task}
            open={picking === "assignee"}
            onOpenChange={(open) => setPicking(open ? "assignee" : null)}
            onPick={(assignee) => {
              setPicking(null);
              onAssign(task, assignee);
            }}
            anchor={
              <button type="button" className={fieldButton} onClick={() => setPicking("assignee")}>
                <span className="sr-only">Assignee: </span>
                {task.assigneeId ? <OwnerName userId={task.assigneeId} /> : <span className="text-muted">No one</span>}
              </button>
            }
          />
        </Field>
        <Field label="Priority">
          <ChoiceGroup
            label="Priority"
            options={[...taskPriorities].reverse()}
            value={task.priority}
            onChange={(priority) => onEdit(task, { priority })}
            labelOf={(priority) => priorityLabels[priority]}
          />
        </Field>
        <Field label="Linked to">
          <RecordPicker
            task={task}
            open={picking === "record"}
            onOpenChange={(open) => setPicking(open ? "record" : null)}
            onPick={(record) => {
              setPicking(null);
              onRelink(row, record);
            }}
            anchor={
              linked && task.recordId ? (
                <div className="flex min-w-0 items-center">
                  <Link
                    to={recordPath({ object: linked, id: task.recordId })}
                    className="mr-auto flex h-8 min-w-0 items-center gap-2 rounded-md px-2 text-[13px] text-primary hover:underline"
                  >
                    <RecordIcon className="size-3.5 shrink-0" aria-hidden />
                    <span className="truncate">{recordName ?? "Unnamed"}</span>
                  </Link>
                  <button
                    type="button"
                    className={headerButton}
                    onClick={() => setPicking("record")}
                    aria-label="Change the linked record"
                    title="Link elsewhere or unlink"
                  >
                    <Pencil className="size-3.5" aria-hidden />
                  </button>
                </div>
              ) : (
                <button type="button" className={fieldButton} onClick={() => setPicking("record")}>
                  <Link2 className="size-3.5 shrink-0 text-muted" aria-hidden />
                  <span className="text-muted">Link a contact or company</span>
                </button>
              )
            }
          />
        </Field>
      </dl>
      {task.status === "done" && <LogTaskButton task={task} recordName={recordName} />}
      <TaskNotes task={task} onSave={(notes, startedFrom) => onEdit(task, { notes }, startedFrom)} />
      <p className="text-xs text-muted">
        Added <RelativeTime date={task.createdAt} /> by {creator ? memberName(creator) : "a former member"}
        {task.completedAt && (
          <>
            {" · "}completed <RelativeTime date={task.completedAt} />
          </>
        )}
      </p>
    </div>
  );
}

/** A done call (email, meeting) on a record: log how it went there, in the record's composer. */
function LogTaskButton({ task, recordName }: { task: Task; recordName: string | null }) {
  const logTask = useLogTask();
  const log = logOf(task);
  if (!log) return null;
  const Icon = taskTypeIcons[log.kind];
  return (
    <Button variant="secondary" size="sm" onClick={() => logTask(task)}>
      <Icon className="size-3.5" aria-hidden />
      {logLabel(log.kind)} on {recordName ?? "the record"}
    </Button>
  );
}

/**
 * The task's notes: saved when the field is left (or on ctrl/⌘+Enter), kept as a draft on this device
 * until then. Until the person types, the field follows the saved notes (a teammate's edit shows);
 * once they type, a teammate's change meanwhile refuses the save rather than being overwritten.
 * (An effect rather than a key: the field must not lose what is being typed when the task is re-read.)
 */
function TaskNotes({ task, onSave }: { task: Task; onSave: (notes: string | null, startedFrom: Task) => void }) {
  const saved = task.notes ?? "";
  const draft = useDraft(`task-notes:${task.id}`, saved);
  // The task as the typing began; null while nothing is typed.
  const startedFrom = useRef<Task | null>(draft.kept ? task : null);
  // Notes sent and not yet seen saved (a newer version holding them; the optimistic copy keeps the
  // version): the field keeps them, and if they are refused, the toast offers them again.
  const sent = useRef<{ notes: string; version: number } | null>(null);
  const { text, setText } = draft;
  const { version } = task;
  const field = useRef<HTMLTextAreaElement>(null);
  const type = (next: string) => {
    startedFrom.current ??= task;
    draft.setText(next);
  };
  // "@" offers the teammates to name; those named anew are told once the notes are saved.
  const mention = useMemberMention(field, draft.text, type);
  useEffect(() => {
    if (startedFrom.current) return;
    if (sent.current) {
      if (saved === sent.current.notes && version > sent.current.version) sent.current = null;
      return;
    }
    if (text !== saved) setText(saved);
  }, [saved, version, text, setText]);
  const save = () => {
    const from = startedFrom.current;
    if (!from) return;
    startedFrom.current = null;
    const notes = draft.text.trim();
    if (notes === (from.notes ?? "") || notes === saved) {
      draft.saved(draft.text);
      return;
    }
    sent.current = { notes, version: task.version };
    onSave(notes || null, from);
    draft.saved(draft.text);
  };
  return (
    <div>
      <label htmlFor="task-notes" className="mb-1.5 block text-[13px] font-medium text-foreground">
        Notes
      </label>
      <textarea
        ref={field}
        id="task-notes"
        value={draft.text}
        maxLength={5000}
        rows={6}
        placeholder="What to ask, what was promised, links… (@ names a teammate, who is told)"
        onChange={(event) => type(event.target.value)}
        {...mention.fieldProps}
        onBlur={save}
        onKeyDown={(event) => {
          if (mention.keyDown(event)) return;
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            save();
          } else formatKeyDown(event, type);
        }}
        className="w-full resize-y rounded-md border border-border bg-background px-3 py-2 text-[13px] text-foreground shadow-xs placeholder:text-muted focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none"
      />
      {mention.list}
      {draft.kept && draft.text !== saved && (
        <p className="mt-1 text-xs text-muted">Not saved yet: kept from before. Leave the field to save it.</p>
      )}
    </div>
  );
}
