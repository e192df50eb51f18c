import type { InfiniteData, Query, QueryClient, QueryKey } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { isStale } from "../../lib/trpc-errors";
import { trpc } from "../../lib/trpc";
import { holdPageWhile } from "../../lib/unsaved-edits";
import type { ListPage } from "../../ui/data-table";

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

/**
 * The records of `ids` that some cached list of the object holds (a table's rows, a board's lanes), each once: what
 * the page knows of a selection, loaded wherever it was made.
 */
export function rowsInLists<Row extends Versioned>(
  queryClient: QueryClient,
  listKey: QueryKey,
  ids: ReadonlySet<string>,
): Row[] {
  const found = new Map<string, Row>();
  for (const [, data] of queryClient.getQueriesData<ListData<Row>>({ queryKey: listKey }))
    for (const page of data?.pages ?? [])
      for (const row of page.items) if (ids.has(row.id) && !found.has(row.id)) found.set(row.id, row);
  return [...found.values()];
}

/**
 * Drops records from every cached list and lowers each list's exact total by what it lost. Returns the ids it
 * found in some list: a record no list had loaded (an import's, every match of a view) is only counted in the
 * totals once the lists are read again.
 */
export function removeFromLists<Row extends Versioned>(
  queryClient: QueryClient,
  listKey: QueryKey,
  ids: Set<string>,
): Set<string> {
  const found = new Set<string>();
  queryClient.setQueriesData<ListData<Row>>({ queryKey: listKey }, (data) => {
    if (!data) return data;
    let removed = 0;
    const pages = data.pages.map((page) => {
      const items = page.items.filter((r) => {
        if (!ids.has(r.id)) return true;
        found.add(r.id);
        return false;
      });
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
  return found;
}

/** Every copy of a record among the cached lists (one list may have been re-read before another). */
function cachedCopies<Row extends Versioned>(queryClient: QueryClient, listKey: QueryKey, id: string) {
  const copies: Row[] = [];
  for (const [, data] of queryClient.getQueriesData<ListData<Row>>({ queryKey: listKey }))
    for (const page of data?.pages ?? []) for (const row of page.items) if (row.id === id) copies.push(row);
  return copies;
}

/**
 * Where a typed edit started: the record's version then, and whether a copy of the record still holds
 * in the edited field the value the edit started from (false when the copy does not carry the field).
 */
export type EditStart<Row> = { version: number; holds: (copy: Row) => boolean };

/**
 * The version to save an edit against: the newest copy's; for a typed edit, the newest copy still
 * holding the value the edit started from, else the version it started from, so that a value a
 * teammate changed while the editor was open is refused by the server with who changed it, while a
 * change to another field, or the person's own previous save, does not stand in the way. The check
 * and the version come from the same copy: what is rendered can be a moment behind the cache.
 */
export function versionToSave<Row extends Versioned>(copies: Row[], start?: EditStart<Row>) {
  const candidates = start ? copies.filter(start.holds) : copies;
  if (candidates.length === 0 && start) return start.version;
  return Math.max(...candidates.map((copy) => copy.version));
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
 * version it started from instead (`start`, see versionToSave), so the server refuses it.
 */
export function useQueuedUpdate<Row extends Versioned, Patch>({
  queryClient,
  listKey,
  save,
  refresh,
}: QueuedUpdate<Row, Patch>) {
  const queues = useRef(new Map<string, Promise<unknown>>());
  // Each record as this hook last saved it: a copy the next edit may start from, though a list read that landed
  // meanwhile set the cached lists' copies back.
  const lastSaved = useRef(new Map<string, Row>());
  return useCallback(
    (row: Row, patch: Patch, start?: EditStart<Row>): Promise<Row> => {
      const run = async () => {
        const saved = lastSaved.current.get(row.id);
        const copies = [row, ...cachedCopies<Row>(queryClient, listKey, row.id), ...(saved ? [saved] : [])];
        const version = versionToSave(copies, start);
        try {
          const result = await save({ id: row.id, version, patch });
          lastSaved.current.set(row.id, result);
          return result;
        } catch (error) {
          // The next edit of this record waits for the fresh version (and "Save mine" uses it).
          if (isStale(error))
            await refresh(row.id).then(
              (fresh) => replaceInLists(queryClient, listKey, fresh),
              () => undefined,
            );
          throw error;
        }
      };
      const previous = queues.current.get(row.id);
      const queued = (previous ?? Promise.resolve()).then(run, run);
      // Until the earlier edit of the record is saved this one is not even a mutation: offline, it
      // is neither sent nor kept on disk, so the tab must stay open (and the notice counts it).
      if (previous) void holdPageWhile(previous);
      queues.current.set(
        row.id,
        queued.catch(() => undefined),
      );
      return queued;
    },
    [queryClient, listKey, save, refresh],
  );
}

/**
 * A company's last activity and its people count roll up its contacts': after a contact is created,
 * saved, deleted, restored, merged or imported, or an entry is logged on one, every cached company is
 * stale (read again when next shown).
 */
export function markCompanyActivityStale(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: trpc.companies.pathKey(), refetchType: "none" });
}

/**
 * A contact shows its company's name, and sorts and filters by it: after a company is saved,
 * deleted, restored or merged, every cached contact is stale: read again when next shown, and at once
 * if shown already (the person went to /contacts while the company's save was on its way, and the list
 * they opened, fresh from a moment before, would otherwise keep the old name until it is next opened).
 */
export function markContactCompaniesStale(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey(), refetchType: "active" });
}

/**
 * After an option of a property was renamed, every cached record of its object and its saved views (their filters
 * on it) hold the old name: stale, read again when next shown.
 */
export function markRenamedOptionsStale(queryClient: QueryClient, object: "contact" | "company" | "deal") {
  if (object === "contact") markContactCompaniesStale(queryClient);
  if (object === "company") markCompanyActivityStale(queryClient);
  void queryClient.invalidateQueries({ queryKey: trpc.views.list.queryKey({ object }), refetchType: "none" });
}

/** Every read of a record's notes: its panel's pages and pinned notes, and the merge dialog's count. */
export const notesOfRecord = (recordId: string) => ({
  queryKey: trpc.notes.pathKey(),
  predicate: (query: Query) =>
    (query.queryKey[1] as { input?: { recordId?: string } } | undefined)?.input?.recordId === recordId,
});
