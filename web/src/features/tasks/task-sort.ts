import type { DayRange } from "./day-range";
import type { TaskRow, TaskTab } from "./task-types";

/** Which tab a task belongs in, the same split the server's views make. */
export function tabOf({ task }: TaskRow, { dayStart, dayEnd }: DayRange): TaskTab {
  if (task.status === "done") return "done";
  // Tasks without a due date wait in Upcoming.
  if (!task.dueAt || task.dueAt >= dayEnd) return "upcoming";
  return task.dueAt < dayStart ? "overdue" : "today";
}

const priorityRank = { high: 0, normal: 1, low: 2 } as const;
// The server compares ids as bytes; so does `<` on these ASCII ids.
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The server's order of open tasks (tasks.list's pages follow it): due date (undated last), priority, creation, id. */
export function compareOpen(a: TaskRow, b: TaskRow): number {
  const due = (a.task.dueAt?.getTime() ?? Infinity) - (b.task.dueAt?.getTime() ?? Infinity);
  if (due !== 0 && !Number.isNaN(due)) return due;
  const priority = priorityRank[a.task.priority] - priorityRank[b.task.priority];
  if (priority !== 0) return priority;
  return a.task.createdAt.getTime() - b.task.createdAt.getTime() || byId(a.task.id, b.task.id);
}

/** Newest completion first, as the server's done view. */
export function compareDone(a: TaskRow, b: TaskRow): number {
  return (b.task.completedAt?.getTime() ?? 0) - (a.task.completedAt?.getTime() ?? 0) || byId(b.task.id, a.task.id);
}

/**
 * The rows of several lists of tasks, each task once: the copy with the highest version (an optimistic change or a
 * newer read may reach one list before another).
 */
export function newestById(lists: (TaskRow[] | undefined)[]): TaskRow[] {
  const unique = new Map<string, TaskRow>();
  for (const rows of lists)
    for (const row of rows ?? []) {
      const seen = unique.get(row.task.id);
      if (!seen || seen.task.version < row.task.version) unique.set(row.task.id, row);
    }
  return [...unique.values()];
}
