import { dehydrate, QueryClient } from "@tanstack/react-query";
import type { PersistedClient } from "@tanstack/react-query-persist-client";
import { createStore, get, set } from "idb-keyval";
import superjson from "superjson";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COPY_QUERIES_MAX, copyOf, indexedDbPersister } from "../../web/src/lib/cache-copy";

const store = createStore("cache-copy-test", "copies");
const KEY = "copy";
const THROTTLE_MS = 10_000;

/** The cache holding `data` under each key, as the provider hands it to the persister. */
function clientHolding(entries: Record<string, unknown>): PersistedClient {
  const client = new QueryClient();
  for (const [key, data] of Object.entries(entries)) client.setQueryData([key], data);
  return { buster: "", timestamp: Date.now(), clientState: dehydrate(client) };
}

const stored = () => get<PersistedClient | string>(KEY, store);
const dataIn = (copy: PersistedClient | undefined, key: string) =>
  copy?.clientState.queries.find((query) => query.queryKey[0] === key)?.state.data;

afterEach(async () => {
  vi.useRealTimers();
  await indexedDbPersister({ store, key: KEY, throttleMs: THROTTLE_MS }).removeClient();
});

/** On fake timers: a persister whose first copy, ["Ann"], is written; its next waits the 10 s. */
async function persisterThatWroteAnn() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const persister = indexedDbPersister({ store, key: KEY, throttleMs: THROTTLE_MS });
  await persister.persistClient(clientHolding({ contacts: ["Ann"] }));
  await vi.advanceTimersByTimeAsync(0);
  await vi.waitFor(async () => expect(dataIn((await stored()) as PersistedClient, "contacts")).toEqual(["Ann"]));
  return persister;
}

describe("the query cache's copy in IndexedDB", () => {
  it("is an object with its Dates, each list with its first page only, read back as it was written", async () => {
    const persister = indexedDbPersister({ store, key: KEY, throttleMs: THROTTLE_MS });
    const createdAt = new Date("2026-12-07T09:30:00Z");
    const pages = Array.from({ length: 40 }, (_, i) => ({ items: [{ id: `ct_${i}`, createdAt }] }));
    await persister.persistClient(
      clientHolding({
        "contacts.list": { pages, pageParams: pages.map((_, i) => (i ? `c${i}` : null)) },
        "contacts.get": { id: "ct_1", createdAt },
      }),
    );
    await vi.waitFor(async () => expect(await stored()).toBeTruthy());
    const copy = await stored();
    expect(typeof copy).toBe("object");
    const restored = await persister.restoreClient();
    expect(dataIn(restored, "contacts.list")).toEqual({ pages: [pages[0]], pageParams: [null] });
    expect(dataIn(restored, "contacts.get")).toEqual({ id: "ct_1", createdAt });
    expect((dataIn(restored, "contacts.get") as { createdAt: unknown }).createdAt).toBeInstanceOf(Date);
  });

  it("is written at most once every 10 s, with the latest cache", async () => {
    const persister = await persisterThatWroteAnn();
    await persister.persistClient(clientHolding({ contacts: ["Ann", "Ben"] }));
    await persister.persistClient(clientHolding({ contacts: ["Ann", "Ben", "Cleo"] }));
    await vi.advanceTimersByTimeAsync(THROTTLE_MS - 100);
    expect(dataIn((await stored()) as PersistedClient, "contacts")).toEqual(["Ann"]);
    await vi.advanceTimersByTimeAsync(100);
    vi.useRealTimers();
    await vi.waitFor(async () =>
      expect(dataIn((await stored()) as PersistedClient, "contacts")).toEqual(["Ann", "Ben", "Cleo"]),
    );
  });

  it("writes the first answers at once after a copy of no query, then waits its 10 s", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const persister = indexedDbPersister({ store, key: KEY, throttleMs: THROTTLE_MS });
    // A load's first moment: its reads are under way, and a copy keeps only answers.
    const loading = new QueryClient();
    void loading.prefetchQuery({ queryKey: ["contacts"], queryFn: () => new Promise(() => {}) });
    await persister.persistClient({ buster: "", timestamp: Date.now(), clientState: dehydrate(loading) });
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(async () => expect(((await stored()) as PersistedClient).clientState.queries).toEqual([]));
    await persister.persistClient(clientHolding({ contacts: ["Ann"] }));
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(async () => expect(dataIn((await stored()) as PersistedClient, "contacts")).toEqual(["Ann"]));
    await persister.persistClient(clientHolding({ contacts: ["Ann", "Ben"] }));
    await vi.advanceTimersByTimeAsync(THROTTLE_MS - 100);
    expect(dataIn((await stored()) as PersistedClient, "contacts")).toEqual(["Ann"]);
    await vi.advanceTimersByTimeAsync(100);
    vi.useRealTimers();
    await vi.waitFor(async () =>
      expect(dataIn((await stored()) as PersistedClient, "contacts")).toEqual(["Ann", "Ben"]),
    );
  });

  it("writes the copy waiting at once when asked to (the tab is being hidden)", async () => {
    const persister = await persisterThatWroteAnn();
    await persister.persistClient(clientHolding({ contacts: ["Ann", "Ben"] }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(dataIn((await stored()) as PersistedClient, "contacts")).toEqual(["Ann"]);
    persister.flush();
    vi.useRealTimers();
    await vi.waitFor(async () =>
      expect(dataIn((await stored()) as PersistedClient, "contacts")).toEqual(["Ann", "Ben"]),
    );
    // Nothing waiting: nothing more to write.
    persister.flush();
  });

  it("reads a copy written as superjson text by the app before", async () => {
    const createdAt = new Date("2026-01-02T03:04:05Z");
    await set(KEY, superjson.stringify(clientHolding({ "contacts.get": { id: "ct_1", createdAt } })), store);
    const restored = await indexedDbPersister({ store, key: KEY, throttleMs: THROTTLE_MS }).restoreClient();
    expect(dataIn(restored, "contacts.get")).toEqual({ id: "ct_1", createdAt });
  });

  it("signing out drops the write waiting, so no copy of the last user's data comes back", async () => {
    const persister = await persisterThatWroteAnn();
    await persister.persistClient(clientHolding({ contacts: ["Ann", "Ben"] }));
    await persister.removeClient();
    await vi.advanceTimersByTimeAsync(THROTTLE_MS * 2);
    vi.useRealTimers();
    expect(await stored()).toBeUndefined();
    expect(await persister.restoreClient()).toBeUndefined();
  });

  it("signing out drops a write queued behind the one under way", async () => {
    const persister = indexedDbPersister({ store, key: KEY, throttleMs: 0 });
    await persister.persistClient(clientHolding({ contacts: ["Ann"] }));
    await Promise.resolve();
    // Ann's write is under way; Ben's waits behind it.
    await persister.persistClient(clientHolding({ contacts: ["Ann", "Ben"] }));
    await Promise.resolve();
    await persister.removeClient();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stored()).toBeUndefined();
  });

  it("keeps the queries on screen, then the latest read, up to its most", () => {
    const client = new QueryClient();
    // Records opened one after the other, record 0 first: its panel is the one still on screen.
    for (let i = 0; i < COPY_QUERIES_MAX + 50; i++)
      client.setQueryData(["contacts.get", i], { id: i }, { updatedAt: 1_000 + i });
    const clientState = dehydrate(client);
    const onScreen = clientState.queries.find((query) => query.queryKey[1] === 0)!.queryHash;
    const copy = copyOf({ buster: "", timestamp: 1, clientState }, (hash) => hash === onScreen);
    const kept = copy.clientState.queries.map((query) => query.queryKey[1] as number).sort((a, b) => a - b);
    expect(kept).toHaveLength(COPY_QUERIES_MAX);
    expect(kept[0]).toBe(0);
    expect(kept.slice(1)).toEqual(Array.from({ length: COPY_QUERIES_MAX - 1 }, (_, i) => 51 + i));
    // Below the most, every query is kept, on screen or not.
    const few = new QueryClient();
    for (let i = 0; i < 3; i++) few.setQueryData(["contacts.get", i], { id: i }, { updatedAt: 1_000 + i });
    expect(copyOf({ buster: "", timestamp: 1, clientState: dehydrate(few) }).clientState.queries).toHaveLength(3);
  });

  it("leaves out a query marked changed: painted after a reload, it would show an edit undone", async () => {
    const client = new QueryClient();
    client.setQueryData(["companies.list"], [{ name: "Acme", people: 0 }]);
    client.setQueryData(["contacts.get", 1], { id: 1 });
    // A contact added at Acme marks the companies' list as changed; it is read again once on screen.
    await client.invalidateQueries({ queryKey: ["companies.list"], refetchType: "none" });
    const copy = copyOf({ buster: "", timestamp: 1, clientState: dehydrate(client) });
    expect(copy.clientState.queries.map((query) => query.queryKey[0])).toEqual(["contacts.get"]);
  });
});
