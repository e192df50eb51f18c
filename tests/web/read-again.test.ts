import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { ReadAgainQueryClient } from "../../web/src/lib/query-client";

const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((c) => c.clear()));

/**
 * A record's notes on the server, and a read of them that answers when the test says: what the list held when
 * the read was sent.
 */
function notesServer() {
  const notes: string[] = [];
  const answers: (() => void)[] = [];
  const read = () =>
    new Promise<string[]>((resolve) => {
      const heldThen = [...notes];
      answers.push(() => resolve(heldThen));
    });
  return { notes, read, answerNext: () => answers.shift()?.(), reads: () => answers.length };
}

/** A panel's notes loading for the first time, a note saved meanwhile, the save's invalidation: what shows after. */
async function noteSavedWhileTheListLoads(client: QueryClient) {
  clients.push(client);
  const server = notesServer();
  const observer = new QueryObserver(client, { queryKey: ["notes.list", "con_1"], queryFn: server.read, retry: false });
  const unsubscribe = observer.subscribe(() => undefined);
  expect(server.reads()).toBe(1); // the first read is on its way

  server.notes.push("Renewal due in March."); // saved
  const invalidated = client.invalidateQueries({ queryKey: ["notes.list"] });
  server.answerNext(); // the first read answers: sent before the save
  const answerMore = setInterval(server.answerNext, 1); // and a second read, if one is sent
  await invalidated;
  clearInterval(answerMore);
  const shown = client.getQueryData(["notes.list", "con_1"]);
  unsubscribe();
  return shown;
}

describe("an invalidation while a query's first read is on its way", () => {
  it("reads again once that read answers, so a note saved meanwhile shows", async () => {
    expect(await noteSavedWhileTheListLoads(new ReadAgainQueryClient())).toEqual(["Renewal due in March."]);
  });

  it("is lost by TanStack Query's own client, which hands the invalidation that first read's answer", async () => {
    // Why ReadAgainQueryClient exists: if this starts failing, TanStack reads again by itself.
    expect(await noteSavedWhileTheListLoads(new QueryClient())).toEqual([]);
  });

  it("keeps a query stale, not refetched, when a read sent before the invalidation lands after it", async () => {
    const client = new ReadAgainQueryClient();
    clients.push(client);
    const server = notesServer();
    const observer = new QueryObserver(client, {
      queryKey: ["notes.list", "con_3"],
      queryFn: server.read,
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    server.notes.push("Renewal due in March.");
    await client.invalidateQueries({ queryKey: ["notes.list"], refetchType: "none" });
    server.answerNext();
    await observer.getCurrentQuery().promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(["notes.list", "con_3"])).toEqual([]); // the answer from before the save…
    expect(client.getQueryState(["notes.list", "con_3"])?.isInvalidated).toBe(true); // …read again when next shown
    expect(server.reads()).toBe(0);
    unsubscribe();
  });

  it("marks as stale without reading when asked not to refetch", async () => {
    const client = new ReadAgainQueryClient();
    clients.push(client);
    let reads = 0;
    client.setQueryData(["notes.list", "con_2"], ["kept"]);
    const observer = new QueryObserver(client, {
      queryKey: ["notes.list", "con_2"],
      queryFn: async () => [`read ${++reads}`],
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await client.invalidateQueries({ queryKey: ["notes.list"], refetchType: "none" });
    expect(reads).toBe(0);
    expect(client.getQueryState(["notes.list", "con_2"])?.isInvalidated).toBe(true);
    unsubscribe();
  });
});
