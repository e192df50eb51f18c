import { MutationObserver, QueryClient, onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  forgetOfflineEdits,
  keepOfflineEdits,
  keptEditCount,
  resumeOfflineEdits,
  type OfflineEditStore,
} from "../../web/src/lib/offline-edits";
import { connectionNotice, unkeptEditCount } from "../../web/src/lib/unsaved-edits";

/** An IndexedDB stand-in: the text kept, as the app writes it. */
function memoryStore(): OfflineEditStore & { text: string | undefined } {
  const store = {
    text: undefined as string | undefined,
    read: () => Promise.resolve(store.text),
    write: (text: string) => Promise.resolve(void (store.text = text)),
    clear: () => Promise.resolve(void (store.text = undefined)),
  };
  return store;
}

const updateKey = [["contacts", "update"]];
const edit = { id: "con_1", version: 3, patch: { title: "CTO", seenAt: new Date("2026-11-26T10:00:00Z") } };

/** A tab that makes one edit while offline and keeps it in `store`, signed in as `uid`. */
async function offlineTab(store: OfflineEditStore, uid = "uid-ann") {
  const client = new QueryClient();
  const keeping = keepOfflineEdits(client, () => uid, store);
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
    const keeping = keepOfflineEdits(client, () => "uid-ann", store);
    const result = await resumeOfflineEdits(client, "uid-ann", store);
    await keeping.settled();

    expect(result).toEqual({ saved: 1, failed: [] });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith(edit, updateKey);
    expect((sent.mock.calls[0][0] as typeof edit).patch.seenAt).toBeInstanceOf(Date);
    expect(first.send).not.toHaveBeenCalled();
    expect(store.text, "nothing waits any more").toBeUndefined();
    expect(await resumeOfflineEdits(newTab(sent), "uid-ann", store)).toBeNull();
    expect(sent).toHaveBeenCalledTimes(1);
    keeping.unsubscribe();
  });

  it("wait for the connection when the app opens offline", async () => {
    const store = memoryStore();
    (await offlineTab(store)).keeping.unsubscribe();
    const sent = vi.fn(() => Promise.resolve({}));
    const resuming = resumeOfflineEdits(newTab(sent), "uid-ann", store);
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
    expect(await resumeOfflineEdits(newTab(sent), "uid-bob", store)).toBeNull();
    expect(sent).not.toHaveBeenCalled();
    expect(store.text).toBeUndefined();
  });

  it("report the ones the server refused", async () => {
    const store = memoryStore();
    (await offlineTab(store)).keeping.unsubscribe();
    onlineManager.setOnline(true);
    const refusal = new Error("Changed by Bob at 10:58, reload");
    const client = newTab(() => Promise.reject(refusal));
    client.setMutationDefaults(updateKey, { retry: false });
    const result = await resumeOfflineEdits(client, "uid-ann", store);
    expect(result?.saved).toBe(0);
    expect(result?.failed.map((f) => f.error)).toEqual([refusal]);
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
    const keeping = keepOfflineEdits(client, () => "uid-ann", store);
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

  it("are forgotten on signing out", async () => {
    const store = memoryStore();
    (await offlineTab(store)).keeping.unsubscribe();
    await forgetOfflineEdits(store);
    expect(store.text).toBeUndefined();
    expect(keptEditCount()).toBe(0);
  });
});
