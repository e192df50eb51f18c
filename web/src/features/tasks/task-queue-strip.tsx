import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Check, ChevronLeft, ListChecks, SkipForward, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { DueTime } from "./due-time";
import { repeatLabel } from "./repeat-options";
import { useTaskQueue } from "./task-queue";
import { queuedTaskId, type TaskQueue } from "./task-queue-store";
import { TaskTypeIcon } from "./task-type";
import { DuePicker } from "./task-pickers";
import { useTaskActions } from "./use-task-mutations";

const iconButton = "rounded-md p-1 text-muted hover:bg-primary/10 hover:text-foreground disabled:opacity-40";

/** The task a queue is on, as the server has it now. */
function useQueuedTask(queue: TaskQueue | null) {
  const id = queuedTaskId(queue);
  return useQuery({ ...trpc.tasks.get.queryOptions({ id: id ?? "" }), enabled: id !== null });
}

/**
 * The task being worked through a queue, above the place it is worked (its record's panel, or its own details): what
 * it is, and done and next, skip, back or end. Shown only where the queue's task is: on `recordId`'s panel when it is
 * linked there, or in `taskId`'s details.
 */
export function TaskQueueStrip({ recordId, taskId }: { recordId?: string; taskId?: string }) {
  const { queue, step, end } = useTaskQueue();
  const { data } = useQueuedTask(queue);
  const act = useTaskActions();
  const [rescheduling, setRescheduling] = useState(false);
  const primary = useRef<HTMLButtonElement>(null);
  const task = data?.task;
  const shown =
    queue && task && task.id === queuedTaskId(queue) && (recordId ? task.recordId === recordId : task.id === taskId);
  // Each task as it comes: the keyboard on its first button, unless something took it (a call's composer), so Enter
  // goes on through the queue.
  const shownId = shown ? task.id : null;
  useEffect(() => {
    if (shownId && document.activeElement === document.body) primary.current?.focus({ preventScroll: true });
  }, [shownId]);
  if (!shown) return null;
  const done = task.status === "done";
  const last = queue.at === queue.ids.length - 1;
  return (
    <section
      aria-label="Task queue"
      data-testid="task-queue"
      // Held at the top while the record scrolls beneath it, down to its notes composer.
      className="sticky top-0 z-10 border-b border-primary/20 bg-primary-soft px-5 py-3"
    >
      <div className="flex items-center gap-1.5 text-xs text-muted">
        <ListChecks className="size-3.5" aria-hidden />
        <span data-testid="task-queue-position">
          Task {(queue.at + 1).toLocaleString()} of {queue.ids.length.toLocaleString()}
        </span>
        <span className="ml-auto flex items-center">
          <button
            type="button"
            className={iconButton}
            onClick={() => step("back")}
            disabled={queue.at === 0}
            aria-label="Previous task"
            title="Previous task"
          >
            <ChevronLeft className="size-4" aria-hidden />
          </button>
          <button type="button" className={iconButton} onClick={end} aria-label="End the queue" title="End the queue">
            <X className="size-4" aria-hidden />
          </button>
        </span>
      </div>
      <p className="mt-1 flex min-w-0 items-center gap-2 text-[13px] font-medium text-foreground">
        <TaskTypeIcon type={task.type} />
        <span className={done ? "truncate text-muted line-through" : "truncate"} data-testid="task-queue-title">
          {task.title}
        </span>
        {task.dueAt && (
          <DueTime
            dueAt={task.dueAt}
            overdue={!done && task.dueAt < new Date()}
            repeats={task.repeat && repeatLabel(task.repeat, task.dueAt)}
            className="ml-auto shrink-0 text-xs font-normal"
          />
        )}
      </p>
      {task.notes && <p className="mt-0.5 line-clamp-2 text-xs whitespace-pre-line text-muted">{task.notes}</p>}
      <div className="mt-2 flex gap-2">
        {done ? (
          <Button ref={primary} size="sm" onClick={() => step("next")}>
            {last ? "Finish" : "Next task"}
          </Button>
        ) : (
          <Button
            ref={primary}
            size="sm"
            onClick={() => {
              // Its record's composer was ready for the call beside it: the toast does not offer to log it again.
              act.toggle(task, { logged: true });
              step("done");
            }}
          >
            <Check className="size-3.5" aria-hidden />
            {last ? "Complete and finish" : "Complete and next"}
          </Button>
        )}
        {!done && (
          <DuePicker
            task={task}
            open={rescheduling}
            onOpenChange={setRescheduling}
            onPick={(due) => {
              setRescheduling(false);
              act.reschedule(task, due);
              step("rescheduled");
            }}
            anchor={
              <Button size="sm" variant="ghost" onClick={() => setRescheduling(true)}>
                <CalendarClock className="size-3.5" aria-hidden />
                {last ? "Reschedule and finish" : "Reschedule"}
              </Button>
            }
          />
        )}
        {!done && (
          <Button size="sm" variant="ghost" onClick={() => step("skipped")}>
            <SkipForward className="size-3.5" aria-hidden />
            {last ? "Skip and finish" : "Skip"}
          </Button>
        )}
      </div>
    </section>
  );
}

/** On the task list while a queue is under way elsewhere: where it stands, and back to it or end it. */
export function TaskQueueResume({ openId }: { openId: string | null }) {
  const { queue, resume, end } = useTaskQueue();
  if (!queue || queuedTaskId(queue) === openId) return null;
  return (
    <div
      role="status"
      data-testid="task-queue-resume"
      className="mt-4 flex items-center gap-3 rounded-lg border border-primary/30 bg-primary-soft/60 px-3 py-2 text-[13px] text-foreground"
    >
      <ListChecks className="size-4 shrink-0 text-primary" aria-hidden />
      <span className="min-w-0 flex-1">
        Working through {queue.ids.length.toLocaleString()} tasks: on {(queue.at + 1).toLocaleString()} of{" "}
        {queue.ids.length.toLocaleString()}.
      </span>
      <Button size="sm" onClick={resume}>
        Resume
      </Button>
      <Button size="sm" variant="ghost" onClick={end}>
        End
      </Button>
    </div>
  );
}
