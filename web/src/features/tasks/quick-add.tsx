import { CalendarClock, CornerDownLeft, Plus, Repeat, X } from "lucide-react";
import { recordIconOf } from "../records/record-icon";
import { useQueryClient } from "@tanstack/react-query";
import { forwardRef, useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "sonner";
import { fieldErrorsOf } from "../../lib/field-errors";
import { cn } from "../../ui/cn";
import { Kbd } from "../../ui/kbd";
import { endOfDay, useDayRange } from "./day-range";
import { formatDue } from "./due-format";
import { newTaskFields, parseQuickAdd, titleWithout } from "./parse-quick-add";
import { resolveMention } from "./resolve-mention";
import { PriorityMarker, priorityLabels } from "./priority-marker";
import { repeatLabel } from "./repeat-options";
import { aTaskType, isLogged, taskTypeIcons, taskTypeLabels, type TaskType } from "./task-type";
import { MentionList, useRecordMention } from "./record-mention";
import { pageTabLabels, type LinkedRecord, type PageTab } from "./task-types";
import { taskPath } from "./task-path";
import { tabOf } from "./task-sort";
import { useTaskCreate } from "./use-task-mutations";

type QuickAddProps = {
  /** The tab on screen: from Today and Overdue a task without a date is due today; one added elsewhere says where. */
  shown: PageTab;
  /** A member's id when the list is filtered to them; new tasks go to them. */
  assigneeId?: string;
};

/**
 * Type a task in plain words; the due date is read from the text ("tomorrow 3pm"), "@" links it to a
 * contact or company found as typed, and Enter adds it.
 */
export const QuickAdd = forwardRef<HTMLInputElement, QuickAddProps>(function QuickAdd({ shown, assigneeId }, ref) {
  const [text, setText] = useState("");
  const [readDates, setReadDates] = useState(true);
  // The type read from the words ("Call Ann": a call) until the chip's X makes it a to-do.
  const [readType, setReadType] = useState(true);
  const [missingTitle, setMissingTitle] = useState(false);
  const queryClient = useQueryClient();
  const [linked, setLinked] = useState<LinkedRecord | null>(null);
  const mention = useRecordMention(text, (record, before) => {
    setLinked(record);
    setText(before);
  });
  const listId = useId();
  const create = useTaskCreate();
  const range = useDayRange();
  const navigate = useNavigate();
  const parsed = parseQuickAdd(text, new Date(), readDates);
  // Added from Today or Overdue without a date: due today, so it stays in view.
  const defaultDue = shown === "today" || shown === "overdue" ? endOfDay(new Date()) : null;
  const dueAt = parsed.dueAt ?? defaultDue;
  const type: TaskType = readType ? parsed.type : "todo";
  const [mentionProblem, setMentionProblem] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const error = missingTitle
    ? "Say what needs doing, not only when."
    : (mentionProblem ?? fieldErrorsOf(create.error).title);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.title || resolving) return setMissingTitle(!parsed.title && text.trim() !== "");
    // An "@name" typed on past, its list closed: linked to the one record it names, else asked which.
    let record = linked;
    let title = parsed.title;
    if (!record) {
      setResolving(true);
      const resolution = await resolveMention(queryClient, text, mention.keptAt).finally(() => setResolving(false));
      if (resolution.kind === "ambiguous") {
        const names = resolution.records.map((r) => r.name);
        return setMentionProblem(
          `“@${resolution.name}” could be ${names.slice(0, -1).join(", ")} or ${names.at(-1)}: type more of the name.`,
        );
      }
      if (resolution.kind === "linked") {
        record = resolution.record;
        title = titleWithout(title, resolution.name);
      }
    }
    const submitted = { text, linked };
    setText("");
    setLinked(null);
    setReadDates(true);
    setReadType(true);
    create.mutate(
      {
        ...newTaskFields({ ...parsed, title, dueAt, type }),
        assigneeId,
        recordObject: record?.object,
        recordId: record?.id,
      },
      {
        onSuccess: (task) => {
          // Added out of sight ("tomorrow" from Today): where it went, a click from it.
          const landed = tabOf({ task, recordName: null }, range);
          if (landed === shown) return;
          toast.success(`Added “${task.title}” to ${pageTabLabels[landed]}`, {
            action: { label: "Show", onClick: () => void navigate(taskPath(task, range, assigneeId ?? "me")) },
          });
        },
        onError: () => {
          setText((current) => current || submitted.text);
          setLinked((current) => current ?? submitted.linked);
        },
      },
    );
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="relative" aria-label="Quick add a task">
      <div
        className={cn(
          "flex min-h-10 items-center gap-2 rounded-lg border border-border bg-background px-3 shadow-xs transition-colors focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20",
          error && "border-danger",
        )}
      >
        <Plus className="size-4 shrink-0 text-muted" aria-hidden />
        {/* The box draws the focus ring; the global :focus-visible outline would draw a second one. */}
        <input
          ref={ref}
          name="quick-add"
          data-testid="task-quick-add"
          aria-label="Add a task"
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          placeholder="Add a task… e.g. Call @Ann tomorrow 3pm"
          aria-controls={mention.open ? listId : undefined}
          aria-activedescendant={mention.open ? `${listId}-${mention.current}` : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === "") {
              setReadDates(true);
              setReadType(true);
            }
            setMissingTitle(false);
            setMentionProblem(null);
            if (create.isError) create.reset();
          }}
          onKeyDown={(event) => {
            if (mention.keyDown(event)) return;
            if (event.key === "Escape") event.currentTarget.blur();
          }}
          className="h-10 min-w-0 flex-1 bg-transparent text-sm text-foreground placeholder:text-muted focus:outline-none"
          style={{ outline: "none" }}
        />
        {(text.trim() || linked) && (
          <div className="flex shrink-0 items-center gap-1.5">
            {isLogged(type) && <TypeChip type={type} onRemove={() => setReadType(false)} />}
            {linked && <LinkedChip record={linked} onRemove={() => setLinked(null)} />}
            {parsed.priority !== "normal" && (
              <span className="inline-flex h-6 items-center gap-1 rounded-md bg-surface-2 px-2 text-xs text-muted">
                <PriorityMarker priority={parsed.priority} />
                {priorityLabels[parsed.priority]}
              </span>
            )}
            {parsed.repeat && (
              <span
                data-testid="quick-add-repeat"
                className="inline-flex h-6 items-center gap-1 rounded-md bg-primary-soft px-2 text-xs font-medium text-primary"
              >
                <Repeat className="size-3.5" aria-hidden />
                {repeatLabel(parsed.repeat, dueAt)}
              </span>
            )}
            {dueAt && (
              <span
                data-testid="quick-add-due"
                className={cn(
                  "inline-flex h-6 items-center gap-1 rounded-md pr-1 pl-2 text-xs font-medium",
                  parsed.dueAt ? "bg-primary-soft text-primary" : "bg-surface-2 text-muted",
                )}
              >
                <CalendarClock className="size-3.5" aria-hidden />
                Due {formatDue(dueAt)}
                {parsed.dueAt ? (
                  <button
                    type="button"
                    onClick={() => setReadDates(false)}
                    aria-label={`Keep “${parsed.dateText}” in the title`}
                    title="Not a date: keep these words in the title"
                    className="rounded p-0.5 hover:bg-primary/10"
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                ) : (
                  <span className="pr-1" />
                )}
              </span>
            )}
            <Kbd>
              <CornerDownLeft className="size-3" aria-label="Enter" />
            </Kbd>
          </div>
        )}
      </div>
      {mention.open && (
        <MentionList id={listId} suggestions={mention.suggestions} current={mention.current} onPick={mention.pick} />
      )}
      {error && (
        <p role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </form>
  );
});

/** The type read from the words ("Call Ann": a call); X makes the task a to-do. */
function TypeChip({ type, onRemove }: { type: TaskType; onRemove: () => void }) {
  const Icon = taskTypeIcons[type];
  return (
    <span
      data-testid="quick-add-type"
      className="inline-flex h-6 items-center gap-1 rounded-md bg-primary-soft pr-1 pl-2 text-xs font-medium text-primary"
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {taskTypeLabels[type]}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Not ${aTaskType(type)}: make it a to-do`}
        title="Make it a to-do"
        className="rounded p-0.5 hover:bg-primary/10"
      >
        <X className="size-3" aria-hidden />
      </button>
    </span>
  );
}

/** The record the new task will link to, picked with "@"; X links it to nothing. */
function LinkedChip({ record, onRemove }: { record: LinkedRecord; onRemove: () => void }) {
  const Icon = recordIconOf(record.object);
  return (
    <span
      data-testid="quick-add-record"
      className="inline-flex h-6 max-w-48 items-center gap-1 rounded-md bg-primary-soft pr-1 pl-2 text-xs font-medium text-primary"
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{record.name}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Do not link to ${record.name}`}
        className="rounded p-0.5 hover:bg-primary/10"
      >
        <X className="size-3" aria-hidden />
      </button>
    </span>
  );
}
