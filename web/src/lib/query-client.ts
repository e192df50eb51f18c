import {
  MutationCache,
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type Query,
} from "@tanstack/react-query";
import type { Persister } from "@tanstack/react-query-persist-client";
import { createStore } from "idb-keyval";
import { firstPageOf, indexedDbPersister } from "./cache-copy";
import { copyHoldsLastEdit, noteEditSettled, noteEditStarted } from "./edit-mark";
import { forgetRecent } from "../app/recent-records";
import { forgetLists } from "../ui/data-table/list-memory";
import { forgetOfflineEdits } from "./offline-edits";

/** SPEC §9 figures. */
export const QUERY_STALE_TIME_MS = 60_000;
export const QUERY_GC_TIME_MS = 24 * 60 * 60 * 1000;
export const PERSIST_THROTTLE_MS = 10_000;
export const PERSIST_MAX_AGE = Infinity;
export const PERSIST_KEY = "team-crm-query-cache";

/**
 * A QueryClient whose invalidations hold for reads sent before them. TanStack Query gives a refetch the answer of
 * a read still in flight when the query holds no data yet (`cancelRefetch` cancels only a refetch): a note saved
 * in a panel opened a moment before, its notes still loading, stayed out of the list, since that read was sent
 * before the save. Such first reads are read once more when they have answered. And a read that lands after an
 * invalidation that does not refetch (`refetchType: "none"`, "stale, read when next shown") counts as fresh:
 * it is marked stale again.
 */
export class ReadAgainQueryClient extends QueryClient {
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    const refetchType = filters?.refetchType ?? "active";
    if (refetchType === "none") {
      const inFlight = this.getQueryCache().findAll({ ...filters, fetchStatus: "fetching" });
      await super.invalidateQueries(filters, options);
      for (const query of inFlight)
        void query.promise
          ?.catch(() => undefined)
          .then(() => this.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: "none" }));
      return;
    }
    const firstReads = new Set<Query>(
      this.getQueryCache().findAll({
        ...filters,
        type: refetchType,
        predicate: (query) =>
          query.state.fetchStatus === "fetching" &&
          query.state.data === undefined &&
          (filters?.predicate?.(query) ?? true),
      }),
    );
    await super.invalidateQueries(filters, options);
    if (firstReads.size > 0)
      await this.refetchQueries({ type: refetchType, predicate: (query) => firstReads.has(query) }, options);
  }
}

export const queryClient: QueryClient = new ReadAgainQueryClient({
  mutationCache: new MutationCache({
    onMutate: noteEditStarted,
    onSettled: () => void noteEditSettled(queryClient),
  }),
  defaultOptions: {
    // structuralSharing (the default) compares results deeply and keeps unchanged references.
    queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS, structuralSharing: true },
  },
});

const diskCopy = indexedDbPersister({
  store: typeof indexedDB === "undefined" ? undefined : createStore("team-crm", "query-cache"),
  key: PERSIST_KEY,
  throttleMs: PERSIST_THROTTLE_MS,
  isShown: (queryHash) => (queryClient.getQueryCache().get(queryHash)?.getObserversCount() ?? 0) > 0,
});

// A tab hidden may be closed next: the copy waiting is written then (see flush).
if (typeof document !== "undefined")
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") diskCopy.flush();
  });

/** The disk copy, not painted when it predates this browser's last edit (see edit-mark.ts). */
export const persister: Persister = {
  persistClient: diskCopy.persistClient,
  removeClient: diskCopy.removeClient,
  restoreClient: async () => {
    const copy = await diskCopy.restoreClient();
    return copyHoldsLastEdit(copy?.timestamp) ? copy : undefined;
  },
};

/** Mutations stay out of it: edits waiting offline are kept on their own, at once (offline-edits.ts). */
export const persistOptions = {
  persister,
  maxAge: PERSIST_MAX_AGE,
  dehydrateOptions: { shouldDehydrateMutation: () => false },
};

/**
 * Once the IndexedDB copy is back in memory, what is on screen is fetched again. The copy paints the
 * page at once, but it may hold teammates' old data (this browser's own edits are covered by
 * edit-mark.ts): its entries keep their fetch times, so without this a reload within the 60 s of
 * staleness would show, say, an empty list that a teammate's import had just filled. A list scrolled deep
 * before the reload comes back with its first page only (a copy written before the copy held no more), so the refresh
 * is one request, not one per page.
 */
export function refreshRestoredQueries(client: QueryClient = queryClient): Promise<void> {
  for (const query of client.getQueryCache().getAll()) {
    const data = firstPageOf(query.state.data);
    if (data) client.setQueryData(query.queryKey, data);
  }
  return client.invalidateQueries();
}

/** Logout: the memory cache, the IndexedDB copy, kept offline edits and remembered lists all go, so the next user sees nothing. */
export async function clearQueryCache(): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  forgetLists();
  forgetRecent();
  await Promise.all([persister.removeClient(), forgetOfflineEdits()]);
}
