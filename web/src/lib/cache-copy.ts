import type { InfiniteData } from "@tanstack/react-query";
import type { PersistedClient, Persister } from "@tanstack/react-query-persist-client";
import { del, get, set, type UseStore } from "idb-keyval";
import superjson from "superjson";

/** A list's data scrolled past its first page, cut back to that page; null for any other data. */
export function firstPageOf(data: unknown): InfiniteData<unknown, unknown> | null {
  const list = data as Partial<InfiniteData<unknown, unknown>> | undefined;
  if (!Array.isArray(list?.pages) || !Array.isArray(list.pageParams) || list.pages.length <= 1) return null;
  return { pages: list.pages.slice(0, 1), pageParams: list.pageParams.slice(0, 1) };
}

/**
 * How many queries the copy keeps. Each reload brings the copy's queries back for another 24 h of retention, so a
 * workspace opened every day would otherwise carry every record ever opened, and write them all every 10 s.
 */
export const COPY_QUERIES_MAX = 200;

/**
 * The cache as its copy keeps it: no query marked changed since it was read; the queries on screen (`isShown`, by
 * hash) and then the latest read, up to
 * COPY_QUERIES_MAX; each list with its first page only, all a reload paints (refreshRestoredQueries; a list scrolled
 * 5,000 rows deep made a 2 MB copy); and no error of a failed try, which need not survive a reload (nor can every error
 * be cloned).
 */
export function copyOf(
  client: PersistedClient,
  isShown: (queryHash: string) => boolean = () => false,
): PersistedClient {
  // A query marked changed (an edit here touched it, and it is read again once on screen) holds what was true before
  // the edit: painted after a reload, it would show the edit undone.
  let kept = client.clientState.queries.filter((query) => !query.state.isInvalidated);
  if (kept.length > COPY_QUERIES_MAX) {
    const shown = new Set(kept.filter((query) => isShown(query.queryHash)));
    kept = [...kept]
      .sort((a, b) => Number(shown.has(b)) - Number(shown.has(a)) || b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .slice(0, COPY_QUERIES_MAX);
  }
  const queries = kept.map((query) => {
    const data = firstPageOf(query.state.data);
    return {
      ...query,
      state: { ...query.state, data: data ?? query.state.data, error: null, fetchFailureReason: null },
    };
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * The query cache's copy in IndexedDB, stored as an object: IndexedDB's own structured clone keeps Dates, and on 5,000
 * rows took 35-50 ms where superjson's text took 560-720 ms, holding the tab at each write. Written at most once every
 * `throttleMs` (the latest cache each time, one write at a time), as TanStack's async persister does. A copy written as
 * superjson text before is still read.
 */
export function indexedDbPersister({
  store,
  key,
  throttleMs,
  isShown,
}: {
  store: UseStore | undefined;
  key: string;
  throttleMs: number;
  /** Whether the query of a hash is on screen: kept first when the copy is full (see copyOf). */
  isShown?: (queryHash: string) => boolean;
}): Persister & { flush: () => void } {
  if (!store)
    return {
      persistClient: () => undefined,
      restoreClient: async () => undefined,
      removeClient: () => undefined,
      flush: () => undefined,
    };
  let waiting: PersistedClient | null = null;
  let scheduled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextWriteAt = 0;
  let written: Promise<void> = Promise.resolve();
  // Counts sign-outs: a write not begun by then is not made.
  let session = 0;
  /** The copy of the cache waiting, taken to be written now; null when none waits. */
  const take = () => {
    scheduled = false;
    const client = waiting;
    waiting = null;
    if (!client) return null;
    const copy = copyOf(client, isShown);
    // A copy of no query (a load's first moment: its reads are on their way, and only answers are kept) holds nothing
    // back: the first answers are written as they come, not 10 s later, so a reload soon after paints them.
    if (copy.clientState.queries.length > 0) nextWriteAt = Date.now() + throttleMs;
    return copy;
  };
  const notWritten = (error: unknown) => console.warn("The query cache's copy was not written:", error);
  // Counts copies taken; a write waiting behind another is not begun once a later copy was flushed.
  let taken = 0;
  let flushed = 0;
  const write = () => {
    const copy = take();
    if (!copy) return;
    const [of, mine] = [session, ++taken];
    written = written
      .then(() => (of === session && mine > flushed ? set(key, copy, store) : undefined))
      // A full disk or a value IndexedDB cannot clone: the copy stays as it was; the app works from memory.
      .catch(notWritten);
  };
  // The database itself, once open, for flush: a tab being closed commits only the IndexedDB work begun in the event
  // that tells it so, not in a promise's callback after it (measured in Chromium: the put was lost).
  let database: { db: IDBDatabase; storeName: string } | undefined;
  void store("readonly", (objectStore) => {
    database = { db: objectStore.transaction.db, storeName: objectStore.name };
  }).catch(() => undefined);
  return {
    persistClient(client) {
      waiting = client;
      if (scheduled) return;
      scheduled = true;
      const wait = nextWriteAt - Date.now();
      // Not in the cache's own event: the events of one moment make one write.
      if (wait <= 0) queueMicrotask(write);
      else timer = setTimeout(write, wait);
    },
    /**
     * Writes the copy waiting, now rather than at its time: the tab is being hidden, and may be closed. A copy older
     * than this browser's last edit is not painted (edit-mark.ts), so an edit made in the 10 s before closing would
     * otherwise leave the next visit nothing to paint.
     */
    flush() {
      if (!scheduled) return;
      clearTimeout(timer);
      if (!database) return write();
      const copy = take();
      if (!copy) return;
      flushed = ++taken;
      try {
        // After any write under way (IndexedDB runs a store's write transactions in the order they were made); one
        // waiting behind it is older and is not begun.
        const transaction = database.db.transaction(database.storeName, "readwrite");
        transaction.objectStore(database.storeName).put(copy, key);
        transaction.commit?.();
      } catch (error) {
        notWritten(error);
      }
    },
    async restoreClient() {
      const copy = await get<PersistedClient | string>(key, store);
      return typeof copy === "string" ? superjson.parse<PersistedClient>(copy) : copy;
    },
    /**
     * Signing out: the writes waiting are dropped. One under way lands first: IndexedDB runs write transactions on one
     * store in the order they were made.
     */
    async removeClient() {
      session += 1;
      clearTimeout(timer);
      scheduled = false;
      waiting = null;
      await del(key, store);
    },
  };
}
