import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, ChevronDown, ChevronRight } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useOfferRecordCommands } from "../../app/record-commands";
import { trpc } from "../../lib/trpc";
import { Input } from "../../ui/input";
import { useDayRange } from "../tasks/day-range";
import { formatDue } from "../tasks/due-format";
import { parseQuickAdd } from "../tasks/parse-quick-add";
import { TaskLine } from "../tasks/task-line";
import { taskPath } from "../tasks/task-path";
import type { Task } from "../tasks/task-types";
import { useTaskCreate, useToggleTask } from "../tasks/use-task-mutations";
import { PanelSection } from "./record-fields";
import { LoadingLines } from "./record-panel";

type RecordTasksProps = {
  object: "contact" | "company";
  recordId: string | null;
  recordName: string;
};

/** Open tasks first (soonest due first), then the done ones, newest first. */
function byOpenThenDue(a: Task, b: Task): number {
  if (a.status !== b.status) return a.status === "open" ? -1 : 1;
  if (a.status === "done") return (b.completedAt?.getTime() ?? 0) - (a.completedAt?.getTime() ?? 0);
  return (a.dueAt?.getTime() ?? Infinity) - (b.dueAt?.getTime() ?? Infinity);
}

/** The record's tasks in its panel: add one in words ("Send the deck friday 10am"), tick to complete. */
export function RecordTasks({ object, recordId, recordName }: RecordTasksProps) {
  const range = useDayRange();
  const quickAdd = useRef<HTMLInputElement>(null);
  useOfferRecordCommands({ active: recordId !== null, order: 1 }, [
    { label: "Add a task", keywords: "new task todo follow up remind", run: () => quickAdd.current?.focus() },
  ]);
  const queryClient = useQueryClient();
  const tasks = useQuery({
    ...trpc.tasks.list.queryOptions({
      view: "all",
      assignee: "anyone",
      recordId: recordId ?? "",
      ...range,
      limit: 100,
    }),
    enabled: recordId !== null,
  });
  const create = useTaskCreate();
  const toggle = useToggleTask();
  const [text, setText] = useState("");
  const [showDone, setShowDone] = useState(false);
  const now = new Date();
  const parsed = text.trim() ? parseQuickAdd(text, now) : null;

  // The record's timeline tells of its tasks: read it again after a change here.
  const refreshTimeline = () =>
    queryClient.invalidateQueries(
      object === "contact" ? trpc.contacts.get.pathFilter() : trpc.companies.get.pathFilter(),
    );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed?.title || !recordId) return;
    create.mutate(
      { title: parsed.title, dueAt: parsed.dueAt, priority: parsed.priority, recordObject: object, recordId },
      {
        onSuccess: () => {
          setText("");
          void refreshTimeline();
        },
      },
    );
  };

  const all = [...(tasks.data ?? [])].map((row) => row.task).sort(byOpenThenDue);
  const open = all.filter((task) => task.status === "open");
  const done = all.filter((task) => task.status === "done");

  return (
    <PanelSection title={tasks.data ? `Tasks · ${open.length} open` : "Tasks"}>
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
            {parsed.dueAt ? `Due ${formatDue(parsed.dueAt, now)}` : "No due date"} · Enter to add
          </p>
        )}
      </form>
      {tasks.isPending && recordId ? (
        <LoadingLines count={2} label="Loading tasks" />
      ) : tasks.isError ? (
        <p className="text-xs text-danger" role="alert">
          Tasks could not load: {tasks.error.message}
        </p>
      ) : all.length === 0 ? (
        <p className="text-[13px] text-muted">
          No tasks yet. See every task on{" "}
          <Link to="/tasks" className="text-primary hover:underline">
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
                onToggle={() => {
                  toggle(task);
                  void refreshTimeline();
                }}
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
                {done.length} done
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
