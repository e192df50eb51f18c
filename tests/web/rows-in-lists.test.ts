import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { rowsInLists } from "../../web/src/features/records/list-cache";

vi.mock("../../web/src/lib/trpc", () => ({ trpc: {} }));

type Row = { id: string; version: number; tags?: string[] };
const listKey = [["contacts", "list"], { type: "infinite" }];
const pageOf = (items: Row[]) => ({ items, nextCursor: null, total: { count: items.length, exact: true } });

describe("rowsInLists: a selection's records, from whichever cached list loaded them", () => {
  it("gathers them from every list of the object (a table's pages, each board lane), each once", () => {
    const client = new QueryClient();
    const a = { id: "a", version: 1, tags: ["vip"] };
    const b = { id: "b", version: 2, tags: ["q3"] };
    const c = { id: "c", version: 1 };
    // The table's list, two pages; a lane's list, holding b again and c.
    client.setQueryData([...listKey, { sort: "name" }], { pages: [pageOf([a]), pageOf([b])], pageParams: [null, "x"] });
    client.setQueryData([...listKey, { lane: "new" }], { pages: [pageOf([b, c])], pageParams: [null] });
    // Another object's list is not read.
    client.setQueryData([["companies", "list"], { type: "infinite" }], {
      pages: [pageOf([{ id: "a", version: 9, tags: ["not this"] }])],
      pageParams: [null],
    });
    const found = rowsInLists<Row>(client, [["contacts", "list"]], new Set(["a", "b", "c", "gone"]));
    expect(found.map((row) => row.id).sort()).toEqual(["a", "b", "c"]);
    expect(found.find((row) => row.id === "a")?.tags).toEqual(["vip"]);
  });

  it("finds nothing when no list holds the ids", () => {
    const client = new QueryClient();
    client.setQueryData([...listKey, {}], { pages: [pageOf([{ id: "a", version: 1 }])], pageParams: [null] });
    expect(rowsInLists(client, [["contacts", "list"]], new Set(["z"]))).toEqual([]);
  });
});
