import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { isConflict } from "../../lib/trpc-errors";
import type { ListPage } from "../../ui/data-table";

export { isConflict };

/** What every record (contact, company, deal) has for optimistic concurrency. */
export type Versioned = { id: string; version: number };
type ListData<Row> = InfiniteData<ListPage<Row>, string | null>;

/**
 * Helpers over every cached page of one object's list (each search/filter/sort is its own
 * infinite query under `listKey`, e.g. `trpc.contacts.list.infiniteQueryKey()`).
 */
export function replaceInLists<Row extends Versioned>(queryClient: QueryClient, listKey: QueryKey, row: Row) {
  queryClient.setQueriesData<ListData<Row>>({ queryKey: listKey }, (data) =>
    data?.pages.some((page) => page.items.some((r) => r.id === row.id))
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.map((r) => (r.id === row.id ? row : r)) })),
        }
      : data,
  );
}

/** Drops records from every cached list and lowers each list's exact total by what it lost. */
export function removeFromLists<Row extends Versioned>(queryClient: QueryClient, listKey: QueryKey, ids: Set<string>) {
  queryClient.setQueriesData<ListData<Row>>({ queryKey: listKey }, (data) => {
    if (!data) return data;
    let removed = 0;
    const pages = data.pages.map((page) => {
      const items = page.items.filter((r) => !ids.has(r.id));
      removed += page.items.length - items.length;
      return items.length === page.items.length ? page : { ...page, items };
    });
    if (removed === 0) return data;
    const [first, ...rest] = pages;
    const total = first.total?.exact
      ? { ...first.total, count: Math.max(0, first.total.count - removed) }
      : first.total;
    return { ...data, pages: [{ ...first, total }, ...rest] };
  });
}

function cachedVersion<Row extends Versioned>(queryClient: QueryClient, listKey: QueryKey, id: string) {
  for (const [, data] of queryClient.getQueriesData<ListData<Row>>({ queryKey: listKey }))
    for (const page of data?.pages ?? []) {
      const found = page.items.find((r) => r.id === id);
      if (found) return found.version;
    }
  return undefined;
}

type QueuedUpdate<Row, Patch> = {
  queryClient: QueryClient;
  listKey: QueryKey;
  save: (input: { id: string; version: number; patch: Patch }) => Promise<Row>;
  /** Re-reads one record after a CONFLICT (a teammate saved first) and returns it. */
  refresh: (id: string) => Promise<Row>;
};

/**
 * Saves patches with the record's current `version`. Edits to one record run one after another,
 * each with the version the previous one returned, so quick successive edits never conflict with
 * themselves; after a CONFLICT the cached row is refreshed before the error is thrown, so the next
 * edit (or the same one again) goes through. An edit whose value changed under it is saved with the
 * version it started from instead (`outdatedVersion`, see EditCell), so the server refuses it.
 */
export function useQueuedUpdate<Row extends Versioned, Patch>({
  queryClient,
  listKey,
  save,
  refresh,
}: QueuedUpdate<Row, Patch>) {
  const queues = useRef(new Map<string, Promise<unknown>>());
  return useCallback(
    (row: Row, patch: Patch, outdatedVersion?: number): Promise<Row> => {
      const run = async () => {
        const version = outdatedVersion ?? cachedVersion<Row>(queryClient, listKey, row.id) ?? row.version;
        try {
          return await save({ id: row.id, version, patch });
        } catch (error) {
          // The next edit of this record waits for the fresh version (and "Save mine" uses it).
          if (isConflict(error))
            await refresh(row.id).then(
              (fresh) => replaceInLists(queryClient, listKey, fresh),
              () => undefined,
            );
          throw error;
        }
      };
      const queued = (queues.current.get(row.id) ?? Promise.resolve()).then(run, run);
      queues.current.set(
        row.id,
        queued.catch(() => undefined),
      );
      return queued;
    },
    [queryClient, listKey, save, refresh],
  );
}
