import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { QueryClient } from "@tanstack/react-query";
import { createStore, del, get, set } from "idb-keyval";
import superjson from "superjson";

/** SPEC §9 figures. */
export const QUERY_STALE_TIME_MS = 60_000;
export const QUERY_GC_TIME_MS = 24 * 60 * 60 * 1000;
export const PERSIST_THROTTLE_MS = 10_000;
export const PERSIST_MAX_AGE = Infinity;
export const PERSIST_KEY = "team-crm-query-cache";

export const queryClient = new QueryClient({
  defaultOptions: {
    // structuralSharing (the default) compares results deeply and keeps unchanged references.
    queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS, structuralSharing: true },
  },
});

const cacheStore = typeof indexedDB === "undefined" ? undefined : createStore("team-crm", "query-cache");

export const persister = createAsyncStoragePersister({
  storage: cacheStore
    ? {
        getItem: (key) => get<string>(key, cacheStore).then((v) => v ?? null),
        setItem: (key, value) => set(key, value, cacheStore),
        removeItem: (key) => del(key, cacheStore),
      }
    : undefined,
  key: PERSIST_KEY,
  throttleTime: PERSIST_THROTTLE_MS,
  // superjson, so Dates in cached results come back as Dates.
  serialize: (client) => superjson.stringify(client),
  deserialize: (text) => superjson.parse(text),
});

export const persistOptions = { persister, maxAge: PERSIST_MAX_AGE };

/** Logout: the memory cache and the IndexedDB copy both go, so the next user sees nothing. */
export async function clearQueryCache(): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  await persister.removeClient();
}
