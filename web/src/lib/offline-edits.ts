import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type Mutation,
  type QueryClient,
} from "@tanstack/react-query";
import { clear, createStore, del, entries, set } from "idb-keyval";
import superjson from "superjson";
import { resendWithoutAnswer } from "./resend";

/**
 * Edits made offline outlive the tab. React Query holds a mutation made offline (paused) and sends
 * it once the browser is back online, but only while the tab is open: closed, crashed or killed by
 * the system, the edit was gone. Every paused mutation is therefore written to IndexedDB as soon as
 * it pauses (not on the query cache's 10-second throttle), with the account it belongs to; the next
 * start of the app for that account loads them back and sends them (resumeOfflineEdits).
 *
 * A write on its way under a key (lib/use-keyed-mutation.ts) is on disk too until it is answered: a tab that
 * crashes or is killed before the request leaves would otherwise lose it, and the server makes a keyed
 * write once however often it comes. (Closing the tab still asks first while it is on its way: unsaved-edits.ts.)
 *
 * Each tab writes its own entry (two tabs offline at once must not overwrite each other's edits), and
 * holds a Web Lock named after it while it lives: a tab sends another tab's edits only once that
 * tab is gone (a live one sends its own on reconnecting; sending them twice could create a record twice).
 *
 * An IndexedDB write commits later than it is made: a save started just before the tab goes (the person
 * answered the browser's "Leave?") could be neither sent nor on disk. So as the page goes (pagehide) the tab
 * writes its kept edits once more, synchronously, to localStorage (`writeNow`), and the next tab reads both.
 */
export type OfflineEditStore = {
  /** Every tab's entry: [tab id, text]. */
  readAll: () => Promise<[string, string][]>;
  write: (tabId: string, text: string) => Promise<void>;
  /** The tab's last word, written before the page goes; what `readAll` then lists for it unless `write` wrote later. */
  writeNow?: (tabId: string, text: string) => void;
  /** Takes the last word back (the page did not go: it is back from the back/forward cache). */
  unsayNow?: (tabId: string) => void;
  remove: (tabId: string) => Promise<void>;
  removeAll: () => Promise<void>;
};

type Kept = { uid: string; savedAt: number; state: DehydratedState };

function indexedDbStore(): OfflineEditStore | null {
  if (typeof indexedDB === "undefined") return null;
  const store = createStore("team-crm-offline", "edits");
  return {
    readAll: () => entries<string, string>(store),
    write: (tabId, text) => set(tabId, text, store),
    remove: (tabId) => del(tabId, store),
    removeAll: () => clear(store),
  };
}

const LAST_WORD_PREFIX = "team-crm-offline:";

/**
 * `store` with each tab's last word kept in `storage` (localStorage) beside it: for a tab both hold, the entry
 * saved later is read; removing an entry removes both.
 */
export function withLastWord(store: OfflineEditStore, storage: Storage): OfflineEditStore {
  const lastWords = () => {
    const found: [string, string][] = [];
    for (let i = 0; i < storage.length; i++) {
      const name = storage.key(i);
      const text = name?.startsWith(LAST_WORD_PREFIX) ? storage.getItem(name) : null;
      if (name && text !== null) found.push([name.slice(LAST_WORD_PREFIX.length), text]);
    }
    return found;
  };
  const forget = (tabId: string) => {
    try {
      storage.removeItem(LAST_WORD_PREFIX + tabId);
    } catch {
      // storage blocked: nothing was written there either
    }
  };
  return {
    async readAll() {
      const byTab = new Map(await store.readAll());
      for (const [tabId, text] of lastWords()) {
        const written = byTab.get(tabId);
        if (written === undefined || savedAtOf(text) > savedAtOf(written)) byTab.set(tabId, text);
      }
      return [...byTab.entries()];
    },
    write: (tabId, text) => store.write(tabId, text),
    writeNow(tabId, text) {
      try {
        storage.setItem(LAST_WORD_PREFIX + tabId, text);
      } catch {
        // full or blocked: IndexedDB's copy is all there is
      }
    },
    unsayNow: forget,
    async remove(tabId) {
      forget(tabId);
      await store.remove(tabId);
    },
    async removeAll() {
      for (const [tabId] of lastWords()) forget(tabId);
      await store.removeAll();
    },
  };
}

function savedAtOf(text: string): number {
  try {
    return superjson.parse<Kept>(text).savedAt;
  } catch {
    return -Infinity;
  }
}

function defaultStoreOf(): OfflineEditStore | null {
  const store = indexedDbStore();
  let storage: Storage | undefined;
  try {
    storage = typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    storage = undefined; // blocked by the browser's settings
  }
  return store && storage ? withLastWord(store, storage) : store;
}

let defaultStore: OfflineEditStore | null | undefined;
const storeOrDefault = (store?: OfflineEditStore | null) =>
  store !== undefined ? store : (defaultStore ??= defaultStoreOf());

/** This tab, for its entry and its lock. */
export const TAB_ID =
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : String(Math.random());
const lockName = (tabId: string) => `team-crm-tab:${tabId}`;
let holdingLock = false;
function holdTabLock(tabId: string) {
  if (holdingLock || typeof navigator === "undefined" || !navigator.locks) return;
  holdingLock = true;
  // Held until the tab goes: the promise never settles.
  void navigator.locks.request(lockName(tabId), () => new Promise<never>(() => undefined)).catch(() => undefined);
}

/**
 * Runs `then` once the tab `tabId` is gone (its lock is free): at once for a tab already closed, later
 * for one still open (which sends its own edits on reconnecting, and may close offline first).
 * Without Web Locks, at once.
 */
function afterTab<T>(tabId: string, then: () => Promise<T>): Promise<T> {
  if (typeof navigator === "undefined" || !navigator.locks) return then();
  return navigator.locks.request(lockName(tabId), then) as Promise<T>;
}

/**
 * The mutations a later tab can send: those keyed by a procedure's path (tRPC's mutationOptions), whose
 * variables are that procedure's input. One that is not (its mutationFn reshapes them) says
 * `meta: { keepOffline: false }` and stays in this tab only. Of those: the ones paused offline, and the
 * ones on their way under a write key.
 */
const sendable = (m: Mutation) => Array.isArray(m.options.mutationKey?.[0]) && m.meta?.keepOffline !== false;
const hasWriteKey = (variables: unknown) => typeof (variables as { key?: unknown } | undefined)?.key === "string";
const keepable = (m: Mutation) =>
  sendable(m) && (m.state.isPaused || (m.state.status === "pending" && hasWriteKey(m.state.variables)));

/** A kept mutation is sent by the next tab as a paused one: resumePausedMutations continues only those. */
const asPaused = (state: DehydratedState): DehydratedState => ({
  ...state,
  mutations: state.mutations.map((m) => ({ ...m, state: { ...m.state, isPaused: true } })),
});

/** How many of this tab's waiting edits are on disk, and who hears when that changes. */
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

/** The kept mutations of `client` as an entry's text. */
const keptText = (client: QueryClient, uid: string) =>
  superjson.stringify({
    uid,
    savedAt: Date.now(),
    state: asPaused(dehydrate(client, { shouldDehydrateQuery: () => false, shouldDehydrateMutation: keepable })),
  } satisfies Kept);

/**
 * Writes the kept mutations of `client` (keepable) to this tab's entry whenever their set changes, for the
 * signed-in account (`uidOf`; none signed in: nothing is written), and once more as the page goes (`page`'s
 * pagehide: the store's `writeNow`). Returns the unsubscribe and a promise of the last write, for tests.
 */
export function keepOfflineEdits(
  client: QueryClient,
  uidOf: () => string | null,
  store?: OfflineEditStore | null,
  tabId: string = TAB_ID,
  page: Pick<Window, "addEventListener" | "removeEventListener"> | null = typeof window === "undefined" ? null : window,
) {
  const target = storeOrDefault(store);
  holdTabLock(tabId);
  let last = "";
  let writing: Promise<void> = Promise.resolve();
  // Whether this tab's entry may be on disk: from a write asked for until a removal asked for after it has committed.
  let entryMayBeOnDisk = false;
  const write = () => {
    const kept = client.getMutationCache().getAll().filter(keepable);
    const uid = uidOf();
    const signature = `${uid}|${kept.map((m) => `${m.mutationId}${m.state.isPaused ? "p" : ""}`).join()}`;
    if (!target || signature === last) return;
    last = signature;
    const keeping = kept.length > 0 && Boolean(uid);
    if (keeping) entryMayBeOnDisk = true;
    // Only paused edits count as kept: one on its way still holds the tab (unsaved-edits.ts) until answered.
    const waiting = kept.filter((m) => m.state.isPaused).length;
    writing = writing.then(async () => {
      try {
        if (!keeping) {
          await target.remove(tabId);
          if (last === signature) entryMayBeOnDisk = false;
        } else await target.write(tabId, keptText(client, uid!));
        setKept(uid ? waiting : 0);
      } catch {
        setKept(0); // storage blocked or full: the tab must stay open (the notice and the guard say so)
      }
    });
  };
  const unsubscribe = client.getMutationCache().subscribe(write);
  const sayLastWord = () => {
    const uid = uidOf();
    if (!uid || !target?.writeNow) return;
    // Nothing kept, yet the entry of a save answered a moment ago may not be removed from disk: the last word, being
    // later, says nothing waits, or the next tab would send that save again and say so.
    if (!client.getMutationCache().getAll().some(keepable) && !entryMayBeOnDisk) return;
    target.writeNow(tabId, keptText(client, uid));
  };
  const takeItBack = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) target?.unsayNow?.(tabId);
  };
  page?.addEventListener("pagehide", sayLastWord);
  page?.addEventListener("pageshow", takeItBack);
  return {
    unsubscribe: () => {
      unsubscribe();
      page?.removeEventListener("pagehide", sayLastWord);
      page?.removeEventListener("pageshow", takeItBack);
    },
    settled: () => writing,
  };
}

export type ResumedEdits = { saved: number; failed: { error: unknown; mutation: Mutation }[] };
type ResumeOptions = {
  tabId?: string;
  /** Runs its callback once the tab is gone (afterTab); tests pass their own. */
  waitForTab?: (tabId: string, then: () => Promise<ResumedEdits | null>) => Promise<ResumedEdits | null>;
  /** Hears of each tab's edits once they are sent. */
  onResumed?: (result: ResumedEdits) => void;
};

/** Tabs whose entries this tab is already waiting for or sending. */
const taking = new Set<string>();

/**
 * Sends the edits that other tabs kept for `uid`, each tab's once that tab is gone (see afterTab),
 * into `client`: at once when online, else when the browser comes back online (as React Query does for
 * its own paused mutations). Edits kept for another account are dropped, never sent as this one.
 * Resolves once every tab's entry seen now has been dealt with: how they went, or null when none was sent.
 */
export async function resumeOfflineEdits(
  client: QueryClient,
  uid: string,
  store?: OfflineEditStore | null,
  { tabId = TAB_ID, waitForTab = afterTab, onResumed }: ResumeOptions = {},
): Promise<ResumedEdits | null> {
  const source = storeOrDefault(store);
  if (!source) return null;
  const writers = (await source.readAll().catch(() => [] as [string, string][]))
    .map(([writer]) => writer)
    .filter((writer) => writer !== tabId && !taking.has(writer));
  const results = await Promise.all(
    writers.map((writer) => {
      taking.add(writer);
      return waitForTab(writer, () => takeEdits(client, uid, source, writer))
        .then((result) => {
          if (result) onResumed?.(result);
          return result;
        })
        .catch(() => null)
        .finally(() => taking.delete(writer));
    }),
  );
  const sent = results.filter((r): r is ResumedEdits => r !== null);
  return sent.length ? { saved: sent.reduce((n, r) => n + r.saved, 0), failed: sent.flatMap((r) => r.failed) } : null;
}

/** A gone tab's entry: loaded into `client` (and so kept by this tab while it waits), then sent. */
async function takeEdits(
  client: QueryClient,
  uid: string,
  source: OfflineEditStore,
  writer: string,
): Promise<ResumedEdits | null> {
  // Read again: the tab may have sent its edits itself before it went.
  const text = (await source.readAll()).find(([tab]) => tab === writer)?.[1];
  let kept: Kept | null = null;
  try {
    kept = text ? superjson.parse<Kept>(text) : null;
  } catch {
    kept = null;
  }
  await source.remove(writer).catch(() => undefined);
  if (!kept || kept.uid !== uid || kept.state.mutations.length === 0) return null;
  const before = new Set(client.getMutationCache().getAll());
  // Sent again after no answer (lib/resend.ts) before it is reported as not saved.
  hydrate(client, kept.state, { defaultOptions: { mutations: resendWithoutAnswer } });
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

/** Forgets every kept edit (signing out: the next person must not send them). */
export async function forgetOfflineEdits(store?: OfflineEditStore | null): Promise<void> {
  await storeOrDefault(store)
    ?.removeAll()
    .catch(() => undefined);
  setKept(0);
}

/**
 * React Query's view of the connection: the window's online and offline events, as its own listener reads them,
 * except that a page going away (pagehide) stays offline. A tab being closed then leaves its kept edits on disk for
 * the next tab rather than start sending them: a save started as the tab goes is cut off with it, its entry already
 * cleared, and the edit would be lost. (Seen in Chromium under test automation: a tab closed while emulated offline
 * sent its edit as it went, most likely told it was online when DevTools let go of it.) A page back from the
 * back/forward cache (pageshow) follows the connection again.
 */
export function followConnection(target: Window = window): void {
  onlineManager.setEventListener((setOnline) => {
    let leaving = false;
    const listeners = {
      online: () => setOnline(!leaving),
      offline: () => setOnline(false),
      pagehide: () => {
        leaving = true;
        setOnline(false);
      },
      pageshow: () => {
        if (!leaving) return;
        leaving = false;
        setOnline(target.navigator.onLine);
      },
    };
    const entries = Object.entries(listeners);
    for (const [type, listener] of entries) target.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of entries) target.removeEventListener(type, listener);
    };
  });
}
