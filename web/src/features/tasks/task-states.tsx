import { CalendarCheck, CalendarClock, CheckCheck, CircleCheckBig, SearchX, type LucideIcon } from "lucide-react";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Skeleton } from "../../ui/empty-state";
import { InlineEmpty } from "../../ui/inline-empty";
import { taskTypePlurals, type TaskType } from "./task-type";
import type { TaskTab } from "./task-types";

const empty: Record<TaskTab, { icon: LucideIcon; title: string; text: string }> = {
  today: {
    icon: CalendarCheck,
    title: "Nothing due today",
    text: "Add a task above, or pull one forward from Upcoming.",
  },
  upcoming: {
    icon: CalendarClock,
    title: "Nothing coming up",
    text: "Tasks due after today, and tasks with no due date, wait here.",
  },
  overdue: { icon: CheckCheck, title: "Nothing overdue", text: "You are all caught up. Nice work." },
  done: {
    icon: CircleCheckBig,
    title: "No completed tasks yet",
    text: "Press x on a task to complete it; it lands here.",
  },
};

/** Which of the list's filters narrow it: another assignee than me, one type of task, words searched for. */
type ListFilters = { assignee: boolean; type?: TaskType; search?: string };

/** What an empty list says of its filters: "Showing calls only." (None for Overdue with me alone: that is good news.) */
function filterNote({ assignee, type }: ListFilters, tab: TaskTab): string | null {
  if (type)
    return `Showing ${taskTypePlurals[type].toLowerCase()} only${assignee ? ", with the assignee filter on" : ""}.`;
  return assignee && tab !== "overdue" ? "The assignee filter is on." : null;
}

export function TasksEmpty({ tab, filtered }: { tab: TaskTab; filtered: ListFilters }) {
  const { icon, title, text } = empty[tab];
  const note = filterNote(filtered, tab);
  if (filtered.search)
    return (
      <Card data-testid={`tasks-empty-${tab}`}>
        <InlineEmpty icon={SearchX} title={`No ${tabNames[tab]} match “${filtered.search}”`}>
          {`The search looks in titles, and in the names, emails and domains of the linked records.${note ? ` ${note}` : ""}`}
        </InlineEmpty>
      </Card>
    );
  return (
    <Card data-testid={`tasks-empty-${tab}`}>
      <InlineEmpty icon={icon} title={title}>
        {note ? `${text} ${note}` : text}
      </InlineEmpty>
    </Card>
  );
}

/** A tab in an empty search's words: "No overdue tasks match …". */
const tabNames: Record<TaskTab, string> = {
  today: "tasks due today",
  upcoming: "upcoming tasks",
  overdue: "overdue tasks",
  done: "completed tasks",
};

export function TasksSkeleton() {
  return (
    <Card className="divide-y divide-border" aria-busy="true" aria-label="Loading tasks">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex h-10 items-center gap-3 px-4">
          <Skeleton className="size-4 rounded-full" />
          <Skeleton className={`h-3.5 ${["w-64", "w-48", "w-80", "w-56", "w-40", "w-72"][i]}`} />
          <Skeleton className="ml-auto h-3 w-16" />
          <Skeleton className="size-5 rounded-full" />
        </div>
      ))}
    </Card>
  );
}

type TasksMoreProps = {
  shown: number;
  loading: boolean;
  error: { message: string } | null;
  onShowMore: () => void;
};

/** Under a tab whose lists hold more than they have read: how many are shown, and the next page (j past the last does it too). */
export function TasksMore({ shown, loading, error, onShowMore }: TasksMoreProps) {
  return (
    <div className="mt-3 flex items-center justify-center gap-3 text-sm text-muted" data-testid="tasks-more">
      {error ? (
        <span className="text-danger" role="alert">
          Could not load more tasks: {error.message}
        </span>
      ) : (
        <span>{shown.toLocaleString()} shown</span>
      )}
      <Button variant="secondary" size="sm" pending={loading} onClick={onShowMore}>
        {error ? "Try again" : "Show more"}
      </Button>
    </div>
  );
}
