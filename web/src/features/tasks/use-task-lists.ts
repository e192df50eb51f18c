import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { trpc } from "../../lib/trpc";
import type { DayRange } from "./day-range";
import { compareDone, compareOpen, newestById, tabOf } from "./task-sort";
import type { TabCount } from "./task-counts";
import type { TaskType } from "./task-type";
import { taskTabs, type AssigneeFilter, type TaskRow, type TaskTab } from "./task-types";

/** Whose tasks a list holds, of which type (every type when left out), and found by which words (tasks.list's search). */
export type TaskFilter = { assignee: AssigneeFilter; type?: TaskType; search?: string };

export type TaskLists = {
  /** Rows per tab; undefined until every list has loaded once. */
  byTab: Record<TaskTab, TaskRow[]> | undefined;
  counts: Record<TaskTab, TabCount> | undefined;
  error: { message: string } | null;
  retry: () => void;
  /** Reads the next page of each list feeding the tab that has more (or again, one that failed). */
  showMore: (tab: TaskTab) => void;
  /** Whether a next page asked for by showMore is on its way, or why it failed. */
  nextPage: (tab: TaskTab) => { loading: boolean; error: { message: string } | null };
};

/** The server's views: one per tab, plus "undated" (open tasks with no due date, which Upcoming shows). */
const listViews = [...taskTabs, "undated"] as const;
type ListView = (typeof listViews)[number];
/** The server's views each tab shows. */
export const feeding: Record<TaskTab, ListView[]> = {
  today: ["today"],
  upcoming: ["upcoming", "undated"],
  overdue: ["overdue"],
  done: ["done"],
};
export const pageSize = (view: ListView) => (view === "done" ? 100 : 200);

/**
 * Every view's pages as the caller asked for them: the first, then each next one after the last task of the page
 * before as the cache holds it now. A page whose anchor changed (the page before was read again) is a new query;
 * until it answers, the rows it held before stand in for it, so the list does not shrink and grow back.
 */
function usePagedViews(
  range: DayRange,
  filter: TaskFilter,
  scope: string,
  extraPages: Partial<Record<ListView, number>>,
) {
  const queryClient = useQueryClient();
  const pages: { view: ListView; page: number; options: ReturnType<typeof trpc.tasks.list.queryOptions> }[] = [];
  for (const view of listViews) {
    let after: string | undefined;
    for (let page = 0; page <= (extraPages[view] ?? 0); page++) {
      const input = { view, ...filter, ...range, limit: pageSize(view), ...(after && { after }) };
      const options = trpc.tasks.list.queryOptions(input);
      pages.push({ view, page, options });
      const rows = queryClient.getQueryData(options.queryKey);
      if (!rows || rows.length < pageSize(view)) break;
      after = rows[rows.length - 1].task.id;
    }
  }
  const results = useQueries({ queries: pages.map((p) => p.options) });
  const held = useRef({ scope, rows: new Map<string, TaskRow[]>() });
  if (held.current.scope !== scope) held.current = { scope, rows: new Map() };
  return pages.map(({ view, page }, i) => {
    const slot = `${view} ${page}`;
    const result = results[i];
    if (result.data !== undefined) held.current.rows.set(slot, result.data);
    const data = result.data ?? (page > 0 ? held.current.rows.get(slot) : undefined);
    return { view, page, result, data, waiting: result.data === undefined && result.isFetching };
  });
}

/**
 * One list per server view, read page by page, merged by id and sorted into tabs here. An optimistic status change in
 * any cached page then moves the row to its new tab at once.
 */
export function useTaskLists(range: DayRange, filter: TaskFilter): TaskLists {
  // Pages read beyond the first, per view; another assignee, type, search or day starts again from the first.
  const scope = JSON.stringify([filter.assignee, filter.type, filter.search, +range.dayStart, +range.dayEnd]);
  const [extra, setExtra] = useState<{ scope: string; pages: Partial<Record<ListView, number>> }>({
    scope,
    pages: {},
  });
  const extraPages = extra.scope === scope ? extra.pages : {};
  const paged = usePagedViews(range, filter, scope, extraPages);

  const lastPage = (view: ListView) => paged.filter((p) => p.view === view).at(-1)!;
  // A next page on its way (or failed) still counts as more, so its button stays, pending or offering to try again.
  const hasMore = (view: ListView) => {
    const last = lastPage(view);
    return last.data ? last.data.length >= pageSize(view) : last.page > 0;
  };
  const failed = paged.find((p) => p.page === 0 && p.result.isError && p.data === undefined);
  const loaded = paged.every((p) => p.page > 0 || p.data !== undefined);
  let byTab: TaskLists["byTab"];
  let counts: TaskLists["counts"];
  if (loaded) {
    const rows: Record<TaskTab, TaskRow[]> = { today: [], upcoming: [], overdue: [], done: [] };
    for (const row of newestById(paged.map((p) => p.data))) rows[tabOf(row, range)].push(row);
    for (const tab of taskTabs) rows[tab].sort(tab === "done" ? compareDone : compareOpen);
    byTab = rows;
    counts = Object.fromEntries(
      taskTabs.map((tab) => [tab, { count: rows[tab].length, more: feeding[tab].some(hasMore) }]),
    ) as Record<TaskTab, TabCount>;
  }
  // While other words are searched for, the lists found before stand in until the new ones answer, rather than a
  // skeleton at each pause in typing.
  const unsearched = JSON.stringify([filter.assignee, filter.type, +range.dayStart, +range.dayEnd]);
  const lastShown = useRef<{ unsearched: string; byTab: typeof byTab; counts: typeof counts } | null>(null);
  if (loaded) lastShown.current = { unsearched, byTab, counts };
  else if (!failed && lastShown.current?.unsearched === unsearched) ({ byTab, counts } = lastShown.current);

  return {
    byTab,
    counts,
    error: failed?.result.error ?? null,
    retry: () => paged.forEach(({ result }) => result.isError && void result.refetch()),
    showMore: (tab) => {
      const next = { ...extraPages };
      for (const view of feeding[tab]) {
        const last = lastPage(view);
        if (last.result.isError) void last.result.refetch();
        else if (hasMore(view) && !last.waiting) next[view] = last.page + 1;
      }
      setExtra({ scope, pages: next });
    },
    nextPage: (tab) => {
      const last = feeding[tab].map(lastPage).filter((p) => p.page > 0);
      return {
        loading: last.some((p) => p.waiting),
        error: last.find((p) => p.result.isError && !p.result.isFetching)?.result.error ?? null,
      };
    },
  };
}
