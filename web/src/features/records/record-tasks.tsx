import { useQueries } from "@tanstack/react-query";
import { CalendarClock, ChevronDown, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useOfferRecordCommands } from "../../app/record-commands";
import { trpc } from "../../lib/trpc";
import { Input } from "../../ui/input";
import { useDayRange } from "../tasks/day-range";
import { formatDue } from "../tasks/due-format";
import { newTaskFields, parseQuickAdd } from "../tasks/parse-quick-add";
import { isLogged, taskTypeLabels } from "../tasks/task-type";
import { repeatLabel } from "../tasks/repeat-options";
import { TaskLine } from "../tasks/task-line";
import { taskPath } from "../tasks/task-path";
import { compareDone, compareOpen, newestById } from "../tasks/task-sort";
import { useTaskCreate, useToggleTask } from "../tasks/use-task-mutations";
import { onFollowUpRequest } from "./log-request";
import { PanelSection } from "./record-fields";
import { LoadingLines } from "./record-panel";
import { textLinkClass } from "../../ui/text-link";

type RecordTasksProps = {
  object: "contact" | "company";
  recordId: string | null;
  recordName: string;
};

/** What the panel reads: every open task (up to a number no record reaches), and the latest done ones. */
const SHOWN = { open: 200, done: 50 } as const;
const views = ["open", "done"] as const;

/** The record's tasks in its panel: add one in words ("Send the deck friday 10am"), tick to complete. */
export function RecordTasks({ object, recordId, recordName }: RecordTasksProps) {
  const range = useDayRange();
  const quickAdd = useRef<HTMLInputElement>(null);
  useOfferRecordCommands({ active: recordId !== null, order: 1 }, [
    {
      label: "Add a task",
      keywords: "new task todo follow up remind",
      key: "t",
      run: () => quickAdd.current?.focus(),
    },
  ]);
  // Open and done ones apart: a record with many done tasks due earlier would fill one list before its open ones.
  const lists = useQueries({
    queries: views.map((view) => ({
      ...trpc.tasks.list.queryOptions({
        view,
        assignee: "anyone",
        recordId: recordId ?? "",
        ...range,
        limit: SHOWN[view],
      }),
      enabled: recordId !== null,
    })),
  });
  const loaded = lists.every((list) => list.data !== undefined);
  const failed = lists.find((list) => list.isError)?.error;
  const full = (view: (typeof views)[number]) => (lists[views.indexOf(view)].data?.length ?? 0) >= SHOWN[view];
  const create = useTaskCreate();
  const toggle = useToggleTask();
  const [text, setText] = useState("");
  // A logged call's "Add a follow-up": the words in the box, the cursor after them, for the person to finish.
  useEffect(() => {
    if (!recordId) return;
    return onFollowUpRequest(recordId, (words) => {
      setText(words);
      requestAnimationFrame(() => {
        const box = quickAdd.current;
        if (!box) return;
        box.focus();
        box.setSelectionRange(words.length, words.length);
        box.scrollIntoView({ block: "nearest" });
      });
    });
  }, [recordId]);
  const [showDone, setShowDone] = useState(false);
  const now = new Date();
  const parsed = text.trim() ? parseQuickAdd(text, now) : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed?.title || !recordId) return;
    create.mutate(
      { ...newTaskFields(parsed), recordObject: object, recordId },
      {
        onSuccess: () => setText(""),
      },
    );
  };

  const all = newestById(lists.map((list) => list.data));
  const open = all
    .filter((row) => row.task.status === "open")
    .sort(compareOpen)
    .map((row) => row.task);
  const done = all
    .filter((row) => row.task.status === "done")
    .sort(compareDone)
    .map((row) => row.task);
  const openMore = full("open") ? "+" : "";

  return (
    <PanelSection title={loaded ? `Tasks · ${open.length}${openMore} open` : "Tasks"}>
      <form onSubmit={handleSubmit} className="mb-2">
        <Input
          ref={quickAdd}
          aria-label={`New task for ${recordName}`}
          placeholder="Add a task… e.g. Send the deck friday 10am"
          className="h-8 text-[13px]"
          value={text}
          maxLength={300}
          disabled={create.isPending}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Escape clears the text first; the panel closes on the next one.
            if (event.key === "Escape" && text) {
              event.stopPropagation();
              setText("");
            }
          }}
        />
        {parsed && (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-muted" data-testid="task-parse-hint">
            <CalendarClock className="size-3.5" aria-hidden />
            {isLogged(parsed.type) && `${taskTypeLabels[parsed.type]} · `}
            {parsed.dueAt ? `Due ${formatDue(parsed.dueAt, now)}` : "No due date"}
            {parsed.repeat && ` · ${repeatLabel(parsed.repeat, parsed.dueAt)}`} · Enter to add
          </p>
        )}
      </form>
      {failed ? (
        <p className="text-xs text-danger" role="alert">
          Tasks could not load: {failed.message}
        </p>
      ) : !loaded && recordId ? (
        <LoadingLines count={2} label="Loading tasks" />
      ) : all.length === 0 ? (
        <p className="text-[13px] text-muted">
          No tasks yet. See every task on{" "}
          <Link to="/tasks" className={textLinkClass}>
            Tasks
          </Link>
          .
        </p>
      ) : (
        <>
          <ul aria-label="Open tasks" data-testid="record-tasks">
            {open.map((task) => (
              <TaskLine
                key={task.id}
                task={task}
                to={taskPath(task, range, "anyone")}
                now={now}
                onToggle={() => toggle(task)}
              />
            ))}
          </ul>
          {done.length > 0 && (
            <>
              <button
                type="button"
                onClick={() => setShowDone((shown) => !shown)}
                aria-expanded={showDone}
                className="mt-1 flex items-center gap-1 text-xs text-muted hover:text-foreground"
              >
                {showDone ? <ChevronDown className="size-3.5" /> : <ChevronRight className="size-3.5" />}
                {done.length}
                {full("done") ? "+" : ""} done
              </button>
              {showDone && (
                <ul aria-label="Done tasks">
                  {done.map((task) => (
                    <TaskLine
                      key={task.id}
                      task={task}
                      to={taskPath(task, range, "anyone")}
                      now={now}
                      onToggle={() => toggle(task)}
                    />
                  ))}
                </ul>
              )}
            </>
          )}
        </>
      )}
    </PanelSection>
  );
}
