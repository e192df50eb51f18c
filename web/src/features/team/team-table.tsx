import { useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { Card } from "../../ui/card";
import { RelativeTime } from "../../ui/relative-time";
import { EmptyState, ErrorState, Skeleton } from "../../ui/empty-state";
import { MemberIdentity } from "../members/member-identity";
import { RoleBadge } from "../members/role-badge";
import { memberName, type useMembers } from "../members/use-members";
import { tasksPath } from "../tasks/task-path";
import type { TaskTab } from "../tasks/task-types";
import { cn } from "../../ui/cn";
import { kindsSaid } from "./kinds-said";
import { sortTeam, type TeamSort, type TeamSortField } from "./team-sort";
import { DONE_DAYS, type TeamTaskCounts, type useTeamActivity, type useTeamTaskCounts } from "./use-team-counts";

const th = "px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-muted";
const num = "px-3 py-2.5 text-right tabular-nums";

function TableSkeleton() {
  return (
    <Card className="divide-y divide-border" aria-busy="true" aria-label="Loading team">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-7 rounded-full" />
          <Skeleton className="h-3.5 w-48" />
          <Skeleton className="ml-auto h-3.5 w-24" />
        </div>
      ))}
    </Card>
  );
}

type TaskCountsQuery = ReturnType<typeof useTeamTaskCounts>;
type ActivityQuery = ReturnType<typeof useTeamActivity>;

type TaskColumn = {
  field: keyof Omit<TeamTaskCounts, "assigneeId">;
  tab: TaskTab;
  header: string;
  title?: string;
  label: string;
  testId: string;
};

/** The task counts' columns: each opens the member's tab of /tasks that lists them. */
const taskColumns: TaskColumn[] = [
  { field: "open", tab: "today", header: "Open tasks", label: "open tasks", testId: "team-open-tasks" },
  { field: "overdue", tab: "overdue", header: "Overdue", label: "overdue tasks", testId: "team-overdue-tasks" },
  {
    field: "doneRecently",
    tab: "done",
    header: `Done in ${DONE_DAYS} days`,
    title: `Tasks completed today and the ${DONE_DAYS - 1} days before`,
    label: `tasks done in ${DONE_DAYS} days`,
    testId: "team-done-tasks",
  },
];

/** A count not read yet (a placeholder), or whose read failed (a dash that says why). */
function Unread({ query }: { query: { isError: boolean; error: { message: string } | null } }) {
  return query.isError ? (
    <span className="text-muted" title={`Not read: ${query.error?.message}`}>
      —
    </span>
  ) : (
    <Skeleton className="ml-auto h-3.5 w-6" />
  );
}

/** A count that opens the member's tasks under that tab; a dash until the counts are read, or when they failed. */
function TaskCount({
  counts,
  field,
  assignee,
  tab,
  label,
}: Pick<TaskColumn, "field" | "tab" | "label"> & {
  counts: TaskCountsQuery;
  assignee: Assignee;
}) {
  const queryClient = useQueryClient();
  if (counts.data === undefined) return <Unread query={counts} />;
  const count = counts.data.get(assignee.userId)?.[field] ?? 0;
  if (count === 0) return <span className="text-muted">0</span>;
  return (
    <Link
      to={tasksPath(assignee.isYou ? "me" : assignee.userId, tab)}
      // The lists read again as they open: a list read within the minute before would not yet hold a teammate's new
      // task that this count, read just now, holds.
      onClick={() => void queryClient.invalidateQueries(trpc.tasks.list.pathFilter())}
      aria-label={`${count.toLocaleString()} ${label} of ${assignee.isYou ? "yours" : assignee.name}`}
      className={cn(
        "rounded-sm font-medium hover:underline focus-visible:underline",
        field === "overdue" ? "text-danger" : "text-primary",
      )}
    >
      {count.toLocaleString()}
    </Link>
  );
}

type Assignee = { userId: string; isYou: boolean; name: string };

/** The member's entries in the feed this week: a button that opens their activity beside the table. */
function ActivityCount({
  activity,
  member,
  onOpen,
}: {
  activity: ActivityQuery;
  member: Assignee;
  onOpen: () => void;
}) {
  if (activity.data === undefined) return <Unread query={activity} />;
  const theirs = activity.data.get(member.userId);
  const count = theirs?.recent ?? 0;
  return (
    <button
      type="button"
      onClick={onOpen}
      title={theirs && count > 0 ? kindsSaid(theirs.recentByKind) : undefined}
      aria-label={`${count.toLocaleString()} ${count === 1 ? "entry" : "entries"} in ${DONE_DAYS} days by ${member.isYou ? "you" : member.name}`}
      className={cn(
        "rounded-sm hover:underline focus-visible:underline",
        count === 0 ? "text-muted" : "font-medium text-primary",
      )}
    >
      {count.toLocaleString()}
    </button>
  );
}

/** When the member's latest entry in the feed was: "3 hours ago", or a dash for none. */
function LatestActivity({ activity, userId }: { activity: ActivityQuery; userId: string }) {
  if (activity.data === undefined) return <Unread query={activity} />;
  const latestAt = activity.data.get(userId)?.latestAt;
  return latestAt ? <RelativeTime date={latestAt} /> : <span className="text-muted">—</span>;
}

/** A column's header that sorts the table by it (and the other way on a second click), saying how it is sorted. */
function SortHeader({
  field,
  sort,
  onSort,
  right,
  title,
  className,
  children,
}: {
  field: TeamSortField;
  sort: TeamSort | null;
  onSort: (field: TeamSortField) => void;
  right?: boolean;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  const direction = sort?.field === field ? sort.direction : null;
  const Arrow = direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      className={cn(th, right && "text-right", className)}
      title={title}
      aria-sort={direction === null ? undefined : direction === "asc" ? "ascending" : "descending"}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className={cn(
          "inline-flex items-center gap-1 rounded-sm hover:text-foreground",
          direction !== null && "text-foreground",
        )}
      >
        {children}
        {direction !== null && <Arrow className="size-3" aria-hidden />}
      </button>
    </th>
  );
}

export function TeamTable({
  members,
  taskCounts,
  activity,
  currentUserId,
  openMemberId,
  onOpenMember,
  sort,
  onSort,
}: {
  members: ReturnType<typeof useMembers>;
  taskCounts: TaskCountsQuery;
  activity: ActivityQuery;
  currentUserId?: string;
  /** The member whose activity is open beside the table: their row is marked. */
  openMemberId?: string;
  onOpenMember: (userId: string) => void;
  sort: TeamSort | null;
  onSort: (field: TeamSortField) => void;
}) {
  if (members.data === undefined)
    return members.isError ? (
      <ErrorState message={members.error.message} onRetry={() => void members.refetch()} />
    ) : (
      <TableSkeleton />
    );
  if (members.data.length === 0)
    return (
      <EmptyState
        icon={UsersRound}
        title="No members yet"
        description="People who join this workspace appear here with their work."
      />
    );

  const sorting = { sort, onSort };
  const rows = sortTeam(members.data, sort, (member, field) => {
    const tasks = taskCounts.data?.get(member.userId);
    const theirs = activity.data?.get(member.userId);
    switch (field) {
      case "name":
        return memberName(member);
      case "latest":
        return theirs?.latestAt?.getTime() ?? null;
      case "activity":
        return theirs?.recent ?? 0;
      case "joined":
        return member.joinedAt.getTime();
      default:
        return tasks?.[field] ?? 0;
    }
  });

  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-[13px]" data-testid="team-table">
        <thead className="border-b border-border bg-surface">
          <tr>
            <SortHeader
              field="name"
              className="sticky left-0 z-10 bg-surface pl-4 max-sm:shadow-[inset_-1px_0_0_var(--color-border)]"
              {...sorting}
            >
              Member
            </SortHeader>
            <th className={th}>Role</th>
            <SortHeader field="latest" {...sorting}>
              Last activity
            </SortHeader>
            <SortHeader
              field="activity"
              right
              title={`Notes, calls, meetings, emails, tasks and merges on contacts and companies, today and the ${DONE_DAYS - 1} days before`}
              {...sorting}
            >
              Activity in {DONE_DAYS} days
            </SortHeader>
            {taskColumns.map((column) => (
              <SortHeader key={column.field} field={column.field} right title={column.title} {...sorting}>
                {column.header}
              </SortHeader>
            ))}
            <SortHeader field="joined" className="pr-4" {...sorting}>
              Joined
            </SortHeader>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((member) => {
            const assignee: Assignee = {
              userId: member.userId,
              isYou: member.userId === currentUserId,
              name: memberName(member),
            };
            return (
              <tr
                key={member.userId}
                data-testid="team-member-row"
                aria-current={openMemberId === member.userId || undefined}
                // Solid, as a list's rows are: the member's cell, kept in sight as the table scrolls sideways (a
                // phone), takes the row's colour.
                className="bg-background hover:bg-surface aria-[current]:bg-surface-2"
              >
                <td className="sticky left-0 z-10 max-w-44 bg-inherit py-2.5 pr-3 pl-4 max-sm:shadow-[inset_-1px_0_0_var(--color-border)] sm:max-w-64">
                  <button
                    type="button"
                    onClick={() => onOpenMember(member.userId)}
                    className="-m-1 block max-w-full rounded-md p-1 text-left hover:bg-surface-2"
                  >
                    <MemberIdentity member={member} isYou={assignee.isYou} />
                    <span className="sr-only">: show activity</span>
                  </button>
                </td>
                <td className="px-3 py-2.5">
                  <RoleBadge role={member.role} />
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap text-muted" data-testid="team-latest-activity">
                  <LatestActivity activity={activity} userId={member.userId} />
                </td>
                <td className={num} data-testid="team-activity-count">
                  <ActivityCount activity={activity} member={assignee} onOpen={() => onOpenMember(member.userId)} />
                </td>
                {taskColumns.map((column) => (
                  <td key={column.field} className={num} data-testid={column.testId}>
                    <TaskCount counts={taskCounts} assignee={assignee} {...column} />
                  </td>
                ))}
                <td className="py-2.5 pr-4 pl-3 whitespace-nowrap text-muted">{formatDate(member.joinedAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
