import { useQueries } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import type { DayRange } from "./day-range";
import { compareDone, compareOpen, tabOf } from "./task-sort";
import { taskTabs, type AssigneeFilter, type TaskRow, type TaskTab } from "./task-types";

export type TaskLists = {
  /** Rows per tab; undefined until every list has loaded once. */
  byTab: Record<TaskTab, TaskRow[]> | undefined;
  error: { message: string } | null;
  retry: () => void;
};

/**
 * One list per server view plus "undated" (open tasks with no due date, which Upcoming shows), merged by id and sorted into
 * tabs here. An optimistic status change in any cached list then moves the row to its new tab at once.
 */
export function useTaskLists(range: DayRange, assignee: AssigneeFilter): TaskLists {
  const views = [...taskTabs, "undated"] as const;
  const results = useQueries({
    queries: views.map((view) =>
      trpc.tasks.list.queryOptions({ view, assignee, ...range, limit: view === "done" ? 100 : 200 }),
    ),
  });

  const failed = results.find((result) => result.isError && result.data === undefined);
  const loaded = results.every((result) => result.data !== undefined);
  let byTab: TaskLists["byTab"];
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
  }

  return {
    byTab,
    error: failed?.error ?? null,
    retry: () => results.forEach((result) => result.isError && void result.refetch()),
  };
}
