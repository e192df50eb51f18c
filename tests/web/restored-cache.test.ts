import { InfiniteQueryObserver, QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { refreshRestoredQueries } from "../../web/src/lib/query-client";

const clients: QueryClient[] = [];
function restoredClient() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  clients.push(client);
  return client;
}
afterEach(() => clients.splice(0).forEach((c) => c.clear()));

describe("a reload's restored query cache", () => {
  it("fetches what is on screen again, though the restored entry is younger than the staleness", async () => {
    const client = restoredClient();
    // As the persister restores it: data fetched a moment ago, so within the 60 s of staleness.
    client.setQueryData(["contacts.list"], { total: 0 });
    let served = 0;
    const observer = new QueryObserver(client, {
      queryKey: ["contacts.list"],
      queryFn: async () => ({ total: 10_000 + served++ }),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(served).toBe(0); // fresh: mounting alone does not fetch
    await refreshRestoredQueries(client);
    expect(served).toBe(1);
    expect(client.getQueryData(["contacts.list"])).toEqual({ total: 10_000 });
    unsubscribe();
  });

  it("keeps only the first page of a list scrolled deep, and refreshes it with one request", async () => {
    const client = restoredClient();
    client.setQueryData(["list"], { pages: ["p0", "p1", "p2"], pageParams: [null, "c1", "c2"] });
    const asked: unknown[] = [];
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ["list"],
      initialPageParam: null as string | null,
      getNextPageParam: () => undefined,
      queryFn: async ({ pageParam }) => {
        asked.push(pageParam);
        return `fresh ${String(pageParam)}`;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await refreshRestoredQueries(client);
    expect(asked).toEqual([null]);
    expect(client.getQueryData(["list"])).toEqual({ pages: ["fresh null"], pageParams: [null] });
    unsubscribe();
  });

  it("marks queries nobody shows as stale without fetching them", async () => {
    const client = restoredClient();
    client.setQueryData(["settings"], { theme: "dark" });
    await refreshRestoredQueries(client);
    expect(client.getQueryState(["settings"])?.isInvalidated).toBe(true);
    expect(client.getQueryState(["settings"])?.fetchStatus).toBe("idle");
  });
});
