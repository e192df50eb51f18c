import { MutationObserver, QueryClient, QueryObserver, dehydrate, hydrate } from "@tanstack/react-query";
import { createStore, set } from "idb-keyval";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PERSIST_KEY, persister, queryClient } from "../../web/src/lib/query-client";

const store = createStore("team-crm", "query-cache");

/** Writes the disk copy as the throttled persister would: the cache holding `contacts` at `timestamp`. */
async function writeCopy(timestamp: number, contacts: string[]) {
  const client = new QueryClient();
  client.setQueryData(["contacts"], contacts);
  await set(PERSIST_KEY, { buster: "", timestamp, clientState: dehydrate(client) }, store);
}

/** What a reload paints before any request: the restored copy (as the provider hydrates it), or nothing. */
async function reloadPaints(): Promise<unknown> {
  const client = new QueryClient();
  const copy = await persister.restoreClient();
  if (copy) hydrate(client, copy.clientState);
  return client.getQueryData(["contacts"]);
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const landed = () => vi.waitFor(() => expect(queryClient.isMutating() + queryClient.isFetching()).toBe(0));

afterEach(async () => {
  queryClient.clear();
  localStorage.clear();
  await persister.removeClient();
});

describe("a reload soon after an edit (the disk copy is written at most every 10 s)", () => {
  it("paints the disk copy when no edit was made here since it was written", async () => {
    await writeCopy(Date.now(), ["Ann"]);
    expect(await reloadPaints()).toEqual(["Ann"]);
  });

  it("does not paint a copy written before the last edit, so the edited record never shows its old value", async () => {
    await writeCopy(Date.now() - 1_000, ["Ann"]);
    await new MutationObserver(queryClient, { mutationFn: async () => "renamed" }).mutate();
    await vi.waitFor(async () => expect(await reloadPaints()).toBeUndefined());
    await landed();
    await writeCopy(Date.now(), ["Annie"]);
    expect(await reloadPaints()).toEqual(["Annie"]);
  });

  it("waits for the refetch the edit started: a copy taken before it lands is not painted", async () => {
    const refetch = deferred<string[]>();
    let served = 0;
    const list = new QueryObserver(queryClient, {
      queryKey: ["contacts"],
      queryFn: () => (served++ === 0 ? Promise.resolve(["Ann"]) : refetch.promise),
    });
    const unsubscribe = list.subscribe(() => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryData(["contacts"])).toEqual(["Ann"]));
    await new MutationObserver(queryClient, {
      mutationFn: async () => "renamed",
      onSettled: () => void queryClient.invalidateQueries({ queryKey: ["contacts"] }),
    }).mutate();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(1));
    await writeCopy(Date.now(), ["Ann"]); // the cache still holds the old list
    expect(await reloadPaints()).toBeUndefined();
    refetch.resolve(["Annie"]);
    await landed();
    await new Promise((r) => setTimeout(r, 5)); // the note is written once the cache is idle
    await writeCopy(Date.now(), ["Annie"]);
    expect(await reloadPaints()).toEqual(["Annie"]);
    unsubscribe();
  });

  it("does not paint a copy while an edit is in flight, and a reload forgets an edit its tab left unfinished", async () => {
    const reply = deferred<string>();
    const saving = new MutationObserver(queryClient, { mutationFn: () => reply.promise }).mutate();
    await writeCopy(Date.now() + 1_000, ["Ann"]);
    expect(await reloadPaints()).toBeUndefined();
    // That restore was a reload: copies the new page writes are painted by the next one.
    await writeCopy(Date.now(), ["Annie"]);
    expect(await reloadPaints()).toEqual(["Annie"]);
    reply.resolve("renamed");
    await saving;
  });
});
