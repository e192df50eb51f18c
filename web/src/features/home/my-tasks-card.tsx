import { CheckSquare, Play } from "lucide-react";
import { countOf } from "../../lib/format";
import { Link } from "react-router-dom";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { cn } from "../../ui/cn";
import { useDayRange } from "../tasks/day-range";
import { TaskLine } from "../tasks/task-line";
import { taskPath } from "../tasks/task-path";
import { countBeyond, countText } from "../tasks/task-counts";
import { useTaskLists } from "../tasks/use-task-lists";
import { useTaskQueue } from "../tasks/task-queue";
import { useToggleTask } from "../tasks/use-task-mutations";
import { CardEmpty, HomeCard } from "./home-card";

/** As many as fit beside the checklist; the rest are a click away on /tasks. */
const SHOWN = 6;

/**
 * The caller's open tasks, overdue first, then today's, then the upcoming ones: the same lists as
 * /tasks (one cache), so a task ticked here leaves both at once, with Undo.
 */
export function MyTasksCard({ className }: { className?: string }) {
  const range = useDayRange();
  const lists = useTaskLists(range, { assignee: "me" });
  const toggle = useToggleTask();
  const now = new Date();
  const byTab = lists.byTab;
  const open = byTab ? [...byTab.overdue, ...byTab.today, ...byTab.upcoming] : [];
  // The day's work, to go through one by one: overdue, then today's.
  const dueNow = byTab ? [...byTab.overdue, ...byTab.today] : [];
  const queue = useTaskQueue();
  const tabCounts = lists.counts;
  const counts = tabCounts && [
    { label: "overdue", count: tabCounts.overdue, tab: "overdue", urgent: true },
    { label: "today", count: tabCounts.today, tab: "today", urgent: false },
    { label: "upcoming", count: tabCounts.upcoming, tab: "upcoming", urgent: false },
  ];

  return (
    <HomeCard title="My open tasks" icon={CheckSquare} to="/tasks" className={className} testId="home-tasks">
      {!byTab ? (
        lists.error ? (
          <div className="p-4">
            <ErrorState message={`Could not load your tasks: ${lists.error.message}`} onRetry={lists.retry} />
          </div>
        ) : (
          <div className="space-y-3 p-4" aria-busy="true" aria-label="Loading your tasks">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-4 w-2/3" />
            ))}
          </div>
        )
      ) : open.length === 0 ? (
        <CardEmpty title="Nothing due">Tasks assigned to you show up here, overdue ones first.</CardEmpty>
      ) : (
        <div className="flex flex-1 flex-col px-4 py-2">
          <p
            className="flex flex-wrap gap-x-3 pb-1 text-xs whitespace-nowrap text-muted"
            data-testid="home-task-counts"
          >
            {counts
              ?.filter(({ count }) => count.count > 0)
              .map(({ label, count, tab, urgent }) => (
                <Link
                  key={tab}
                  to={tab === "today" ? "/tasks" : `/tasks?view=${tab}`}
                  className={cn("hover:text-primary", urgent && "font-medium text-danger")}
                >
                  {countText(count)} {label}
                </Link>
              ))}
            {dueNow.length > 0 && (
              <button
                type="button"
                onClick={() =>
                  queue.start(
                    dueNow.map((row) => row.task.id),
                    "/tasks",
                  )
                }
                title="Work through today's and overdue tasks one by one, each on its contact or company"
                className="ml-auto inline-flex items-center gap-1 font-medium text-primary hover:underline"
              >
                <Play className="size-3" aria-hidden />
                Start {countOf(dueNow.length, ["task", "tasks"])}
              </button>
            )}
          </p>
          <ul aria-label="My open tasks">
            {open.slice(0, SHOWN).map((row) => (
              <TaskLine
                key={row.task.id}
                task={row.task}
                recordName={row.recordName}
                showAssignee={false}
                to={taskPath(row.task, range)}
                now={now}
                onToggle={() => toggle(row.task)}
              />
            ))}
          </ul>
          {open.length > SHOWN && (
            <Link to="/tasks" className="mt-auto pt-2 text-xs text-muted hover:text-primary">
              {countBeyond(counts?.map(({ count }) => count) ?? [], SHOWN)} more on Tasks
            </Link>
          )}
        </div>
      )}
    </HomeCard>
  );
}
