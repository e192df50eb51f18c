import { MutationObserver, QueryClient, onlineManager } from "@tanstack/react-query";
import superjson from "superjson";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  followConnection,
  forgetOfflineEdits,
  keepOfflineEdits,
  keptEditCount,
  resumeOfflineEdits,
  withLastWord,
  type OfflineEditStore,
} from "../../web/src/lib/offline-edits";
import { RESEND_DELAYS_MS } from "../../web/src/lib/resend";
import { connectionNotice, unkeptEditCount } from "../../web/src/lib/unsaved-edits";

/** An IndexedDB stand-in: each tab's entry, as the app writes it. */
function memoryStore(): OfflineEditStore & { tabs: Map<string, string>; text: string | undefined } {
  const tabs = new Map<string, string>();
  return {
    tabs,
    /** The only entry's text (most tests have one tab writing). */
    get text() {
      return [...tabs.values()][0];
    },
    readAll: () => Promise.resolve([...tabs.entries()]),
    write: (tab: string, text: string) => Promise.resolve(void tabs.set(tab, text)),
    remove: (tab: string) => Promise.resolve(void tabs.delete(tab)),
    removeAll: () => Promise.resolve(tabs.clear()),
  };
}

/** Tabs that are gone: their entries are for the next tab to send. */
const gone = { tabId: "tab-new", waitForTab: <T>(_tab: string, then: () => Promise<T>) => then() };

const updateKey = [["contacts", "update"]];
const edit = { id: "con_1", version: 3, patch: { title: "CTO", seenAt: new Date("2026-11-26T10:00:00Z") } };

/** A tab that makes one edit while offline and keeps it in `store`, signed in as `uid`. */
async function offlineTab(store: OfflineEditStore, uid = "uid-ann", tab = "tab-old") {
  const client = new QueryClient();
  const keeping = keepOfflineEdits(client, () => uid, store, tab);
  onlineManager.setOnline(false);
  const send = vi.fn((_edit: typeof edit) => Promise.resolve({ ok: true }));
  void new MutationObserver(client, { mutationKey: updateKey, mutationFn: send }).mutate(edit);
  await Promise.resolve();
  await keeping.settled();
  return { client, keeping, send };
}

/** A new tab of the app: mutations it did not start go by their key (as web/src/lib/trpc.ts sets up). */
function newTab(send: (variables: unknown, key: unknown) => Promise<unknown>) {
  const client = new QueryClient();
  client.setMutationDefaults([], { mutationFn: (variables, { mutationKey }) => send(variables, mutationKey) });
  return client;
}

afterEach(async () => {
  onlineManager.setOnline(true);
  await forgetOfflineEdits(null);
});

describe("edits made offline, kept on this device", () => {
  it("are written as soon as they wait, with their account, and make the tab safe to close", async () => {
    const store = memoryStore();
    const { client, keeping } = await offlineTab(store);
    expect(store.text).toContain("uid-ann");
    expect(store.text).toContain("CTO");
    expect(keptEditCount()).toBe(1);
    expect(unkeptEditCount(client)).toBe(0);
    expect(connectionNotice(false, 1, keptEditCount())).toBe(
      "You're offline. 1 change will be saved when you reconnect.",
    );
    expect(connectionNotice(false, 2, 1)).toMatch(/keep this tab open/);
    keeping.unsubscribe();
  });

  it("are sent once by the next tab of the same account, by their procedure, Dates intact, then forgotten", async () => {
    const store = memoryStore();
    const first = await offlineTab(store);
    first.keeping.unsubscribe(); // the tab is closed
    onlineManager.setOnline(true);

    const sent = vi.fn((_variables: unknown, _key: unknown) => Promise.resolve({ id: "con_1", version: 4 }));
    const client = newTab(sent);
    const keeping = keepOfflineEdits(client, () => "uid-ann", store, gone.tabId);
    const result = await resumeOfflineEdits(client, "uid-ann", store, gone);
    await keeping.settled();

    expect(result).toEqual({ saved: 1, failed: [] });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith(edit, updateKey);
    expect((sent.mock.calls[0][0] as typeof edit).patch.seenAt).toBeInstanceOf(Date);
    expect(first.send).not.toHaveBeenCalled();
    expect(store.text, "nothing waits any more").toBeUndefined();
    expect(await resumeOfflineEdits(newTab(sent), "uid-ann", store, gone)).toBeNull();
    expect(sent).toHaveBeenCalledTimes(1);
    keeping.unsubscribe();
  });

  it("wait for the connection when the app opens offline", async () => {
    const store = memoryStore();
    (await offlineTab(store)).keeping.unsubscribe();
    const sent = vi.fn(() => Promise.resolve({}));
    const resuming = resumeOfflineEdits(newTab(sent), "uid-ann", store, gone);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).not.toHaveBeenCalled();
    onlineManager.setOnline(true);
    expect(await resuming).toEqual({ saved: 1, failed: [] });
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it("are never sent as another account, and are dropped", async () => {
    const store = memoryStore();
    (await offlineTab(store, "uid-ann")).keeping.unsubscribe();
    onlineManager.setOnline(true);
    const sent = vi.fn(() => Promise.resolve({}));
    expect(await resumeOfflineEdits(newTab(sent), "uid-bob", store, gone)).toBeNull();
    expect(sent).not.toHaveBeenCalled();
    expect(store.text).toBeUndefined();
  });

  it("report the ones the server refused", async () => {
    const store = memoryStore();
    (await offlineTab(store)).keeping.unsubscribe();
    onlineManager.setOnline(true);
    const refusal = new Error("Changed by Bob at 10:58, reload");
    const refuse = vi.fn(() => Promise.reject(refusal));
    const result = await resumeOfflineEdits(newTab(refuse), "uid-ann", store, gone);
    expect(refuse, "a refusal is not sent again").toHaveBeenCalledTimes(1);
    expect(result?.saved).toBe(0);
    expect(result?.failed.map((f) => f.error)).toEqual([refusal]);
  });

  it("are sent again when sending got no answer (the connection not back yet, the server restarting), and saved once", async () => {
    const store = memoryStore();
    (await offlineTab(store)).keeping.unsubscribe();
    onlineManager.setOnline(true);
    const noAnswer = new TypeError("Failed to fetch");
    const sent = vi
      .fn((_variables: unknown, _key: unknown) => Promise.resolve<unknown>({ id: "con_1", version: 4 }))
      .mockRejectedValueOnce(noAnswer);
    const started = Date.now();
    const result = await resumeOfflineEdits(newTab(sent), "uid-ann", store, gone);
    expect(result).toEqual({ saved: 1, failed: [] });
    expect(sent).toHaveBeenCalledTimes(2);
    expect(sent.mock.calls[1]).toEqual([edit, updateKey]);
    expect(Date.now() - started, "after a pause, not at once").toBeGreaterThanOrEqual(RESEND_DELAYS_MS[0] - 50);
    expect(store.text).toBeUndefined();
  });

  it("are reported as not saved once every attempt got no answer, and a refusal at once", async () => {
    vi.useFakeTimers();
    try {
      const store = memoryStore();
      (await offlineTab(store)).keeping.unsubscribe();
      onlineManager.setOnline(true);
      const noAnswer = new TypeError("Failed to fetch");
      const sent = vi.fn(() => Promise.reject(noAnswer));
      const resuming = resumeOfflineEdits(newTab(sent), "uid-ann", store, gone);
      await vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS.reduce((a, b) => a + b, 0) + 1_000);
      const result = await resuming;
      expect(sent).toHaveBeenCalledTimes(RESEND_DELAYS_MS.length + 1);
      expect(result?.saved).toBe(0);
      expect(result?.failed.map((f) => f.error)).toEqual([noAnswer]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("are not counted as kept when the device cannot store them: the tab must stay open", async () => {
    const store = memoryStore();
    store.write = () => Promise.reject(new Error("QuotaExceededError"));
    const { client, keeping } = await offlineTab(store);
    expect(keptEditCount()).toBe(0);
    expect(unkeptEditCount(client)).toBe(1);
    keeping.unsubscribe();
  });

  it("leave out a mutation a later tab could not send as it stands (no procedure key, or kept back by its meta)", async () => {
    const store = memoryStore();
    const client = new QueryClient();
    const keeping = keepOfflineEdits(client, () => "uid-ann", store, "tab-a");
    onlineManager.setOnline(false);
    void new MutationObserver(client, { mutationFn: () => Promise.resolve() }).mutate();
    void new MutationObserver(client, {
      mutationKey: [["tasks", "update"]],
      meta: { keepOffline: false },
      mutationFn: () => Promise.resolve(),
    }).mutate();
    await Promise.resolve();
    await keeping.settled();
    expect(store.text).toBeUndefined();
    expect(keptEditCount()).toBe(0);
    expect(unkeptEditCount(client)).toBe(2);
    keeping.unsubscribe();
  });

  it("are kept per tab: two tabs offline keep both's; a tab still open keeps its own until it closes", async () => {
    const store = memoryStore();
    const a = await offlineTab(store, "uid-ann", "tab-a");
    const b = await offlineTab(store, "uid-ann", "tab-b");
    expect([...store.tabs.keys()].sort()).toEqual(["tab-a", "tab-b"]);
    onlineManager.setOnline(true);
    a.keeping.unsubscribe(); // tab a is closed; tab b is still open
    let closeB!: () => void;
    const bClosed = new Promise<void>((resolve) => (closeB = resolve));
    const sent = vi.fn(() => Promise.resolve({}));
    const heard = vi.fn();
    const resuming = resumeOfflineEdits(newTab(sent), "uid-ann", store, {
      tabId: "tab-new",
      waitForTab: async (tab, then) => {
        if (tab === "tab-b") await bClosed;
        return then();
      },
      onResumed: heard,
    });
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith({ saved: 1, failed: [] }));
    expect(sent).toHaveBeenCalledTimes(1);
    expect([...store.tabs.keys()], "tab b's entry waits for tab b").toEqual(["tab-b"]);

    b.keeping.unsubscribe();
    closeB(); // tab b closes (while offline, it never sent its edit)
    expect(await resuming).toEqual({ saved: 2, failed: [] });
    expect(sent).toHaveBeenCalledTimes(2);
    expect(store.tabs.size).toBe(0);
  });

  it("stay on disk for the next tab when the tab is going away, though it hears the connection is back", async () => {
    followConnection(window);
    const store = memoryStore();
    const { client, keeping, send } = await offlineTab(store);
    client.mount(); // as the app's client: paused edits are sent on reconnecting
    try {
      window.dispatchEvent(new Event("pagehide"));
      window.dispatchEvent(new Event("online"));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(onlineManager.isOnline()).toBe(false);
      expect(send, "a closing tab does not start a save it cannot finish").not.toHaveBeenCalled();
      expect(store.text).toContain("CTO");

      // Back from the back/forward cache, the tab follows the connection again and sends its own edit.
      window.dispatchEvent(new Event("pageshow"));
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      await keeping.settled();
      expect(store.text).toBeUndefined();
    } finally {
      client.unmount();
      keeping.unsubscribe();
    }
  });

  it("are forgotten on signing out", async () => {
    const store = memoryStore();
    (await offlineTab(store)).keeping.unsubscribe();
    await forgetOfflineEdits(store);
    expect(store.text).toBeUndefined();
    expect(keptEditCount()).toBe(0);
  });
});

describe("a write on its way under a key (lib/use-keyed-mutation.ts)", () => {
  const keyed = { ...edit, key: "0123456789abcdef0123456789abcdef" };

  /** A tab online that has sent `variables` and has no answer yet (`answer` gives it). */
  async function sendingTab(store: OfflineEditStore, variables: object, tab = "tab-old") {
    const client = new QueryClient();
    const keeping = keepOfflineEdits(client, () => "uid-ann", store, tab);
    let answer!: (value: unknown) => void;
    const send = vi.fn((_variables: object) => new Promise((resolve) => (answer = resolve)));
    void new MutationObserver(client, { mutationKey: updateKey, mutationFn: send }).mutate(variables);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await keeping.settled();
    return { client, keeping, answer: (value: unknown) => answer(value) };
  }

  it("is on disk until it is answered, without counting as kept: closing the tab still asks first", async () => {
    const store = memoryStore();
    const { client, keeping, answer } = await sendingTab(store, keyed);
    expect(store.text).toContain(keyed.key);
    expect(keptEditCount()).toBe(0);
    expect(unkeptEditCount(client)).toBe(1);
    answer({ id: "con_1", version: 4 });
    await vi.waitFor(() => expect(client.isMutating()).toBe(0));
    await keeping.settled();
    expect(store.text, "answered: nothing kept").toBeUndefined();
    keeping.unsubscribe();
  });

  it("is sent by the next tab, with its key, when the tab died before the answer", async () => {
    const store = memoryStore();
    const dying = await sendingTab(store, keyed);
    dying.keeping.unsubscribe(); // the tab crashed: its entry stays
    const sent = vi.fn((_variables: unknown, _key: unknown) => Promise.resolve({ id: "con_1", version: 4 }));
    const result = await resumeOfflineEdits(newTab(sent), "uid-ann", store, gone);
    expect(result).toEqual({ saved: 1, failed: [] });
    expect(sent).toHaveBeenCalledWith(keyed, updateKey);
    expect(store.text).toBeUndefined();
  });

  it("is not kept without a key: sent again, the server could not tell it from a new one", async () => {
    const store = memoryStore();
    const { client, keeping, answer } = await sendingTab(store, edit);
    expect(store.text).toBeUndefined();
    answer({});
    await vi.waitFor(() => expect(client.isMutating()).toBe(0));
    keeping.unsubscribe();
  });
});

describe("a tab's last word, written as the page goes (IndexedDB commits later than it is written)", () => {
  const keyed = { ...edit, key: "fedcba9876543210fedcba9876543210" };
  afterEach(() => localStorage.clear());

  /** IndexedDB as it is while the page goes: the write was made, and has not committed. */
  function uncommittedStore() {
    const store = memoryStore();
    return { ...store, tabs: store.tabs, write: () => new Promise<void>(() => {}) };
  }

  /** A tab that has just sent `variables` (no answer yet) when its page goes. */
  async function tabGoing(store: OfflineEditStore, variables: object) {
    const client = new QueryClient();
    const page = new EventTarget() as unknown as Window;
    const keeping = keepOfflineEdits(client, () => "uid-ann", store, "tab-old", page);
    const send = vi.fn((_variables: object) => new Promise(() => {}));
    void new MutationObserver(client, { mutationKey: updateKey, mutationFn: send }).mutate(variables);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    page.dispatchEvent(new Event("pagehide"));
    return { keeping, page };
  }

  it("holds a save still on its way: the next tab sends it under its key, then forgets it", async () => {
    const disk = uncommittedStore();
    const { keeping } = await tabGoing(withLastWord(disk, localStorage), keyed);
    keeping.unsubscribe(); // the page is gone
    expect(disk.tabs.size, "IndexedDB holds nothing of it").toBe(0);

    const sent = vi.fn((_variables: unknown, _key: unknown) => Promise.resolve({ id: "con_1", version: 4 }));
    const result = await resumeOfflineEdits(newTab(sent), "uid-ann", withLastWord(disk, localStorage), gone);
    expect(result).toEqual({ saved: 1, failed: [] });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith(keyed, updateKey);
    expect(localStorage.length, "sent: forgotten").toBe(0);
  });

  it("says nothing waits when a save was answered and IndexedDB has not removed its entry yet", async () => {
    const disk = memoryStore();
    // The removal asked for as the answer comes has not committed when the page goes.
    let removalCommits = true;
    const removing = {
      ...disk,
      remove: (tab: string) => (removalCommits ? disk.remove(tab) : new Promise<void>(() => {})),
    };
    const client = new QueryClient();
    const page = new EventTarget() as unknown as Window;
    const keeping = keepOfflineEdits(client, () => "uid-ann", withLastWord(removing, localStorage), "tab-old", page);
    let answer!: (value: unknown) => void;
    const send = vi.fn((_variables: object) => new Promise((resolve) => (answer = resolve)));
    void new MutationObserver(client, { mutationKey: updateKey, mutationFn: send }).mutate(keyed);
    await vi.waitFor(() => expect(disk.tabs.size).toBe(1));
    removalCommits = false;
    answer({ id: "con_1", version: 4 });
    await vi.waitFor(() => expect(client.isMutating()).toBe(0));
    page.dispatchEvent(new Event("pagehide"));
    keeping.unsubscribe();
    expect(disk.tabs.size, "IndexedDB still holds the save").toBe(1);

    const sent = vi.fn(() => Promise.resolve({}));
    expect(await resumeOfflineEdits(newTab(sent), "uid-ann", withLastWord(disk, localStorage), gone)).toBeNull();
    expect(sent, "the save is not sent again").not.toHaveBeenCalled();
    expect(disk.tabs.size + localStorage.length, "both forgotten").toBe(0);
  });

  it("is taken back when the page comes back from the back/forward cache", async () => {
    const { keeping, page } = await tabGoing(withLastWord(uncommittedStore(), localStorage), keyed);
    expect(localStorage.length).toBe(1);
    page.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    expect(localStorage.length).toBe(0);
    keeping.unsubscribe();
  });

  it("says nothing when nothing waits (a write without a key is not kept)", async () => {
    const { keeping } = await tabGoing(withLastWord(uncommittedStore(), localStorage), edit);
    expect(localStorage.length).toBe(0);
    keeping.unsubscribe();
  });

  it("is read over IndexedDB's entry only when it was saved later, and goes with that entry", async () => {
    const disk = memoryStore();
    const both = withLastWord(disk, localStorage);
    const entry = (savedAt: number, title: string) =>
      superjson.stringify({ uid: "uid-ann", savedAt, state: { mutations: [], queries: [], title } });
    await disk.write("tab-a", entry(2, "written later"));
    both.writeNow!("tab-a", entry(1, "said before"));
    both.writeNow!("tab-b", entry(1, "said only"));
    await disk.write("tab-b", entry(0, "written before"));
    const read = new Map(await both.readAll());
    expect(read.get("tab-a")).toContain("written later");
    expect(read.get("tab-b")).toContain("said only");
    await both.remove("tab-b");
    expect([...new Map(await both.readAll()).keys()]).toEqual(["tab-a"]);
    await both.removeAll();
    expect(await both.readAll()).toEqual([]);
    expect(localStorage.length).toBe(0);
  });
});
