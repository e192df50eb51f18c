import { CalendarPlus, Link2, NotebookText } from "lucide-react";
import { recordIconOf } from "../records/record-icon";
import { formatDateTime } from "../../lib/format";
import { Avatar } from "../../ui/avatar";
import { cn } from "../../ui/cn";
// The table's own select box and selection, not the table itself (the tasks page does not load it).
import { Checkbox } from "../../ui/data-table/checkbox";
import { ActiveRowBar, activeRowClass } from "./active-row";
import { memberName, type Member } from "../members/use-members";
import { formatDueShort } from "./due-format";
import { DueTime } from "./due-time";
import { repeatLabel, repeatPhrase } from "./repeat-options";
import { PriorityMarker } from "./priority-marker";
import { TaskCheckbox } from "./task-checkbox";
import { AssigneePicker, DuePicker, PriorityPicker, RecordPicker, TypePicker } from "./task-pickers";
import { TaskRowMenu } from "./task-row-menu";
import { TaskTypeIcon, type TaskType } from "./task-type";
import type { LinkedRecord, RowPicker, Task, TaskPriority, TaskRow as Row } from "./task-types";
import { TitleEditor } from "./title-editor";
import {
  taskRecordLayout,
  taskRecordNarrowLayout,
  taskRowNarrowLayout,
  taskMetaNarrowLayout,
  taskTitleLayout,
  taskTitleNarrowLayout,
  taskRowWideSpacing,
  taskDueWideColumn,
} from "./task-layout";

type TaskRowProps = {
  row: Row;
  active: boolean;
  /** In the selection; `selecting`: some task is, so every row shows its select box (else only on hover). */
  selected: boolean;
  selecting: boolean;
  /** Select or unselect it; with `range`, every task from the last one selected (a shift-click). */
  onSelect: (how: { range: boolean }) => void;
  editing: boolean;
  overdue: boolean;
  /** The assignee's member record; null while the member list has not loaded. */
  assignee: Member | undefined | null;
  onActivate: () => void;
  /** Opens the task's details beside the list. */
  onOpen: () => void;
  onToggle: () => void;
  onEdit: () => void;
  onSaveTitle: (title: string, startedFrom: Task) => void;
  onCancelEdit: () => void;
  onPriority: (priority: TaskPriority) => void;
  onType: (type: TaskType) => void;
  onDelete: () => void;
  /** Which of the row's pickers is open, if any. */
  picking: RowPicker | null;
  onPicking: (picking: RowPicker | null) => void;
  onReschedule: (due: Date | null) => void;
  onAssign: (assignee: { id: string; name: string } | null) => void;
  onRelink: (record: LinkedRecord | null) => void;
};

export function TaskRow({
  row,
  active,
  selected,
  selecting,
  editing,
  overdue,
  assignee,
  picking,
  ...on
}: TaskRowProps) {
  const { task, recordName } = row;
  const done = task.status === "done";
  const RecordIcon = recordIconOf(task.recordObject);
  const assigneeName = assignee
    ? memberName(assignee)
    : assignee === null
      ? "a teammate"
      : task.assigneeId
        ? "Former member"
        : "Unassigned";
  return (
    <li
      data-testid="task-row"
      data-row
      data-task-id={task.id}
      data-active={active}
      aria-current={active || undefined}
      data-selected={selected || undefined}
      // Shift-click selects a range, ⌘/Ctrl-click one more, as in a table (and keeps the page's text unselected).
      onMouseDown={(event) => event.shiftKey && event.preventDefault()}
      onClick={(event) => {
        if (event.shiftKey || event.metaKey || event.ctrlKey) on.onSelect({ range: event.shiftKey });
        else on.onActivate();
      }}
      onDoubleClick={on.onEdit}
      className={cn(
        "group relative flex h-10 cursor-default items-center gap-2 px-3 text-[13px]",
        taskRowWideSpacing,
        taskRowNarrowLayout,
        selected ? "bg-primary-soft/60" : activeRowClass(active),
      )}
    >
      <ActiveRowBar active={active} />
      <TaskCheckbox task={task} onToggle={on.onToggle} />
      <PriorityPicker
        task={task}
        open={picking === "priority"}
        onOpenChange={(open) => on.onPicking(open ? "priority" : null)}
        onPick={on.onPriority}
        anchor={
          <span className="flex shrink-0">
            <SelectSlot task={task} selected={selected} selecting={selecting} onSelect={on.onSelect} />
          </span>
        }
      />
      <TypePicker
        task={task}
        open={picking === "type"}
        onOpenChange={(open) => on.onPicking(open ? "type" : null)}
        onPick={on.onType}
        // A to-do has no mark: the list opens where the title starts.
        anchor={
          <span className="flex shrink-0 empty:-mr-2">
            <TaskTypeIcon type={task.type} />
          </span>
        }
      />
      {editing ? (
        <TitleEditor task={task} onSave={on.onSaveTitle} onCancel={on.onCancelEdit} />
      ) : (
        <span
          data-testid="task-title"
          className={cn(taskTitleLayout, taskTitleNarrowLayout, done ? "text-muted line-through" : "text-foreground")}
        >
          {task.title}
        </span>
      )}
      {task.notes && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Notes on ${task.title}`}
          title={task.notes}
          onClick={(event) => {
            event.stopPropagation();
            on.onOpen();
          }}
          className="shrink-0 rounded p-0.5 text-muted hover:bg-surface-2 hover:text-foreground"
        >
          <NotebookText className="size-3.5" aria-hidden />
        </button>
      )}
      <div className={taskMetaNarrowLayout}>
        <RecordPicker
          task={task}
          open={picking === "record"}
          onOpenChange={(open) => on.onPicking(open ? "record" : null)}
          onPick={on.onRelink}
          anchor={
            <button
              type="button"
              tabIndex={-1}
              aria-label={
                recordName ? `Linked to ${recordName}: link ${task.title} elsewhere` : `Link ${task.title} to a record`
              }
              title={recordName ? `Linked to ${recordName}` : "Link to a contact or company"}
              onClick={(event) => {
                event.stopPropagation();
                on.onActivate();
                on.onPicking("record");
              }}
              className={cn(
                "inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs text-muted hover:bg-surface-2 hover:text-foreground",
                taskRecordLayout,
                taskRecordNarrowLayout,
                recordName
                  ? "border border-border"
                  : "opacity-0 group-hover:opacity-100 group-data-[active=true]:opacity-100",
              )}
            >
              {recordName ? (
                <>
                  <RecordIcon className="size-3 shrink-0" aria-hidden />
                  <span data-testid="task-record" className="truncate">
                    {recordName}
                  </span>
                </>
              ) : (
                <Link2 className="size-3.5" aria-hidden />
              )}
            </button>
          }
        />
        <DuePicker
          task={task}
          open={picking === "due"}
          onOpenChange={(open) => on.onPicking(open ? "due" : null)}
          onPick={on.onReschedule}
          anchor={
            <button
              type="button"
              tabIndex={-1}
              // What it shows first ("Tomorrow 3:00 PM: reschedule …"), as a person using voice control reads it.
              aria-label={
                task.dueAt
                  ? `${formatDueShort(task.dueAt)}${task.repeat ? `, ${repeatPhrase(task.repeat, task.dueAt)}` : ""}: reschedule ${task.title}`
                  : `Set a due date for ${task.title}`
              }
              onClick={(event) => {
                event.stopPropagation();
                on.onActivate();
                on.onPicking("due");
              }}
              className={cn("flex shrink-0 justify-end rounded px-1 py-0.5 hover:bg-surface-2", taskDueWideColumn)}
            >
              {task.dueAt ? (
                <DueTime
                  data-testid="task-due"
                  dueAt={task.dueAt}
                  overdue={overdue && !done}
                  title={`Due ${formatDateTime(task.dueAt)}`}
                  repeats={task.repeat && repeatLabel(task.repeat, task.dueAt)}
                  className="text-xs tabular-nums"
                />
              ) : (
                <CalendarPlus
                  className="size-3.5 text-muted opacity-0 group-hover:opacity-100 group-data-[active=true]:opacity-100"
                  aria-hidden
                />
              )}
            </button>
          }
        />
        <AssigneePicker
          task={task}
          open={picking === "assignee"}
          onOpenChange={(open) => on.onPicking(open ? "assignee" : null)}
          onPick={on.onAssign}
          anchor={
            <button
              type="button"
              tabIndex={-1}
              title={`Assigned to ${assigneeName}`}
              aria-label={`Assigned to ${assigneeName}: reassign ${task.title}`}
              onClick={(event) => {
                event.stopPropagation();
                on.onActivate();
                on.onPicking("assignee");
              }}
              className="shrink-0 rounded-full"
            >
              {assignee === null ? (
                <span className="block size-5 rounded-full bg-surface-2" />
              ) : (
                <Avatar name={assigneeName} photoUrl={assignee?.photoUrl} className="size-5 text-[9px]" />
              )}
            </button>
          }
        />
      </div>
      <TaskRowMenu
        task={task}
        onOpen={on.onOpen}
        onEdit={on.onEdit}
        onPriority={on.onPriority}
        onType={on.onType}
        onDelete={on.onDelete}
      />
    </li>
  );
}

/**
 * The priority marker, and in its place the select box: on hover (with a mouse), and on every row while any is
 * selected. In the marker's own room, so the title loses none (on a phone, no box shows until a selection is made
 * with the keyboard or a modifier click).
 */
function SelectSlot({
  task,
  selected,
  selecting,
  onSelect,
}: Pick<TaskRowProps, "selected" | "selecting" | "onSelect"> & { task: Task }) {
  const shown = selecting || selected;
  return (
    <span className="relative flex size-3.5 shrink-0 items-center justify-center">
      <PriorityMarker
        priority={task.priority}
        className={cn(shown ? "invisible" : "pointer-fine:group-hover:invisible")}
      />
      <span
        className={cn(
          "absolute inset-0 flex items-center justify-center",
          !shown && "opacity-0 focus-within:opacity-100 pointer-coarse:hidden pointer-fine:group-hover:opacity-100",
        )}
      >
        <Checkbox
          checked={selected}
          label={`Select ${task.title}`}
          onToggle={(event) => onSelect({ range: event.shiftKey })}
        />
      </span>
    </span>
  );
}
