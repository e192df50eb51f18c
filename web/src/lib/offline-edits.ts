import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type Mutation,
  type QueryClient,
} from "@tanstack/react-query";
import { createStore, del, get, set } from "idb-keyval";
import superjson from "superjson";

/**
 * Edits made offline outlive the tab. React Query holds a mutation made offline (paused) and sends
 * it once the browser is back online, but only while the tab is open: closed, crashed or killed by
 * the system, the edit was gone. Every paused mutation is therefore written to IndexedDB as soon as
 * it pauses (not on the query cache's 10-second throttle), with the account it belongs to; the next
 * start of the app for that account loads them back and sends them (resumeOfflineEdits).
 */
export type OfflineEditStore = {
  read: () => Promise<string | undefined>;
  write: (text: string) => Promise<void>;
  clear: () => Promise<void>;
};

type Kept = { uid: string; savedAt: number; state: DehydratedState };

const KEY = "team-crm-offline-edits";

function indexedDbStore(): OfflineEditStore | null {
  if (typeof indexedDB === "undefined") return null;
  const store = createStore("team-crm-offline", "edits");
  return {
    read: () => get<string>(KEY, store),
    write: (text) => set(KEY, text, store),
    clear: () => del(KEY, store),
  };
}

let defaultStore: OfflineEditStore | null | undefined;
const storeOrDefault = (store?: OfflineEditStore | null) =>
  store !== undefined ? store : (defaultStore ??= indexedDbStore());

/**
 * The paused mutations a later tab can send: those keyed by a procedure's path (tRPC's mutationOptions),
 * whose variables are that procedure's input. One that is not (its mutationFn reshapes them) says
 * `meta: { keepOffline: false }` and stays in this tab only.
 */
const keepable = (m: Mutation) =>
  m.state.isPaused && Array.isArray(m.options.mutationKey?.[0]) && m.meta?.keepOffline !== false;
const paused = (client: QueryClient) => client.getMutationCache().getAll().filter(keepable);

/** How many of the waiting edits are on disk, and who hears when that changes. */
let keptCount = 0;
const keptListeners = new Set<() => void>();
export const keptEditCount = () => keptCount;
export function subscribeKeptEdits(listener: () => void): () => void {
  keptListeners.add(listener);
  return () => keptListeners.delete(listener);
}
function setKept(count: number) {
  if (count === keptCount) return;
  keptCount = count;
  for (const listener of keptListeners) listener();
}

/**
 * Writes the paused mutations of `client` to the store whenever their set changes, for the signed-in
 * account (`uidOf`; none signed in: nothing is written). Returns the unsubscribe and a promise of the
 * last write, for tests.
 */
export function keepOfflineEdits(client: QueryClient, uidOf: () => string | null, store?: OfflineEditStore | null) {
  const target = storeOrDefault(store);
  let last = "";
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    const waiting = paused(client);
    const uid = uidOf();
    const signature = `${uid}|${waiting.map((m) => m.mutationId).join()}`;
    if (!target || signature === last) return;
    last = signature;
    writing = writing.then(async () => {
      try {
        if (waiting.length === 0 || !uid) await target.clear();
        else {
          const state = dehydrate(client, {
            shouldDehydrateQuery: () => false,
            shouldDehydrateMutation: keepable,
          });
          await target.write(superjson.stringify({ uid, savedAt: Date.now(), state } satisfies Kept));
        }
        setKept(uid ? waiting.length : 0);
      } catch {
        setKept(0); // storage blocked or full: the tab must stay open (the notice and the guard say so)
      }
    });
  };
  const unsubscribe = client.getMutationCache().subscribe(write);
  return { unsubscribe, settled: () => writing };
}

export type ResumedEdits = { saved: number; failed: { error: unknown; mutation: Mutation }[] };

/**
 * Loads the edits kept for `uid` back into `client` and sends them (at once when online, else when
 * the browser comes back online, as React Query does for its own paused mutations). Edits kept for
 * another account are dropped, never sent as this one. Resolves with how they went once all are
 * sent, or null when none were kept.
 */
export async function resumeOfflineEdits(
  client: QueryClient,
  uid: string,
  store?: OfflineEditStore | null,
): Promise<ResumedEdits | null> {
  const source = storeOrDefault(store);
  if (!source) return null;
  let kept: Kept | null = null;
  try {
    const text = await source.read();
    kept = text ? superjson.parse<Kept>(text) : null;
  } catch {
    kept = null;
  }
  if (!kept) return null;
  if (kept.uid !== uid || kept.state.mutations.length === 0) {
    await source.clear().catch(() => undefined);
    return null;
  }
  const before = new Set(client.getMutationCache().getAll());
  hydrate(client, kept.state);
  const restored = client
    .getMutationCache()
    .getAll()
    .filter((m) => !before.has(m));
  if (!onlineManager.isOnline())
    await new Promise<void>((resolve) => {
      const stop = onlineManager.subscribe((online) => {
        if (!online) return;
        stop();
        resolve();
      });
    });
  await client.resumePausedMutations();
  const failed = restored
    .filter((m) => m.state.status === "error")
    .map((mutation) => ({ mutation, error: mutation.state.error }));
  return { saved: restored.filter((m) => m.state.status === "success").length, failed };
}

/** Forgets the kept edits (signing out: the next person must not send them). */
export async function forgetOfflineEdits(store?: OfflineEditStore | null): Promise<void> {
  await storeOrDefault(store)
    ?.clear()
    .catch(() => undefined);
  setKept(0);
}
