import { useQueries } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import type { DayRange } from "./day-range";
import { compareDone, compareOpen, tabOf } from "./task-sort";
import { taskTabs, type AssigneeFilter, type TaskRow, type TaskTab } from "./task-types";

/** A tab's rows, and whether a list feeding it came back full (there are more than it holds). */
export type TabCount = { count: number; more: boolean };

/** "12", or "200+" when the server has more than the list holds. */
export const countText = ({ count, more }: TabCount) => `${count}${more ? "+" : ""}`;

export type TaskLists = {
  /** Rows per tab; undefined until every list has loaded once. */
  byTab: Record<TaskTab, TaskRow[]> | undefined;
  counts: Record<TaskTab, TabCount> | undefined;
  error: { message: string } | null;
  retry: () => void;
};

/**
 * One list per server view plus "undated" (open tasks with no due date, which Upcoming shows), merged by id and sorted into
 * tabs here. An optimistic status change in any cached list then moves the row to its new tab at once.
 */
export function useTaskLists(range: DayRange, assignee: AssigneeFilter): TaskLists {
  const views = [...taskTabs, "undated"] as const;
  const limitOf = (view: (typeof views)[number]) => (view === "done" ? 100 : 200);
  const results = useQueries({
    queries: views.map((view) => trpc.tasks.list.queryOptions({ view, assignee, ...range, limit: limitOf(view) })),
  });

  const failed = results.find((result) => result.isError && result.data === undefined);
  const loaded = results.every((result) => result.data !== undefined);
  let byTab: TaskLists["byTab"];
  let counts: TaskLists["counts"];
  if (loaded) {
    const unique = new Map<string, TaskRow>();
    for (const result of results)
      for (const row of result.data ?? []) {
        const seen = unique.get(row.task.id);
        if (!seen || seen.task.version < row.task.version) unique.set(row.task.id, row);
      }
    byTab = { today: [], upcoming: [], overdue: [], done: [] };
    for (const row of unique.values()) byTab[tabOf(row, range)].push(row);
    for (const tab of taskTabs) byTab[tab].sort(tab === "done" ? compareDone : compareOpen);
    const full = (view: (typeof views)[number]) => (results[views.indexOf(view)].data?.length ?? 0) >= limitOf(view);
    const rows = byTab;
    counts = Object.fromEntries(
      taskTabs.map((tab) => [
        tab,
        { count: rows[tab].length, more: full(tab) || (tab === "upcoming" && full("undated")) },
      ]),
    ) as Record<TaskTab, TabCount>;
  }

  return {
    byTab,
    counts,
    error: failed?.error ?? null,
    retry: () => results.forEach((result) => result.isError && void result.refetch()),
  };
}
