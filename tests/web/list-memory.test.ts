import { beforeEach, describe, expect, it } from "vitest";
import {
  forgetLists,
  keyHistoryEntry,
  recallList,
  recallScroll,
  rememberList,
  rememberScroll,
  type RememberedList,
} from "../../web/src/ui/data-table/list-memory";

const qualified: RememberedList = {
  search: "ann",
  filter: { combinator: "and", conditions: [{ field: "leadStatus", operator: "eq", value: "qualified" }] },
  sort: { field: "leadScore", direction: "desc" },
  trash: false,
};
const plain: RememberedList = { search: "", filter: { combinator: "and", conditions: [] }, sort: null, trash: false };

describe("list memory (a list found as it was left at its history entry)", () => {
  beforeEach(() => sessionStorage.clear());

  it("gives back what was remembered for the same list and entry only", () => {
    rememberList("contact", "k1", qualified);
    expect(recallList("contact", "k1")).toEqual(qualified);
    expect(recallList("contact", "k2")).toBeNull();
    expect(recallList("company", "k1")).toBeNull();
  });

  it("keeps the latest state of an entry, and a plain list leaves nothing behind", () => {
    rememberList("contact", "k1", qualified);
    rememberList("contact", "k1", { ...qualified, search: "", trash: true });
    expect(recallList("contact", "k1")).toEqual({ ...qualified, search: "", trash: true });
    rememberList("contact", "k1", plain);
    expect(recallList("contact", "k1")).toBeNull();
    expect(sessionStorage.getItem("team-crm:lists")).toBeNull();
  });

  it("keeps the last 50 entries", () => {
    for (let i = 0; i < 60; i++) rememberList("contact", `k${i}`, { ...qualified, search: `s${i}` });
    expect(recallList("contact", "k9")).toBeNull();
    expect(recallList("contact", "k10")?.search).toBe("s10");
    expect(recallList("contact", "k59")?.search).toBe("s59");
  });

  it("ignores what it cannot read rather than starting a list from it", () => {
    sessionStorage.setItem("team-crm:lists", "{not json");
    expect(recallList("contact", "k1")).toBeNull();
    sessionStorage.setItem(
      "team-crm:lists",
      JSON.stringify([
        { entry: "contact:k1", search: "a", filter: { combinator: "xor", conditions: [] }, sort: null },
        { entry: "contact:k2", search: "a", filter: plain.filter, sort: { field: "name", direction: "up" } },
        { entry: "contact:k3", search: 3, filter: plain.filter, sort: null },
      ]),
    );
    expect(recallList("contact", "k1")).toBeNull();
    expect(recallList("contact", "k2")).toBeNull();
    expect(recallList("contact", "k3")).toBeNull();
    // Writing over unreadable storage starts it afresh.
    sessionStorage.setItem("team-crm:lists", "{not json");
    rememberList("contact", "k1", qualified);
    expect(recallList("contact", "k1")).toEqual(qualified);
  });

  it("remembers how far each list was scrolled at its entry; the top leaves nothing behind", () => {
    expect(recallScroll("contact", "k1")).toBe(0);
    rememberScroll("contact", "k1", 2000.4);
    rememberScroll("company", "k1", 340);
    expect(recallScroll("contact", "k1")).toBe(2000);
    expect(recallScroll("company", "k1")).toBe(340);
    expect(recallScroll("contact", "k2")).toBe(0);
    rememberScroll("contact", "k1", 0);
    expect(recallScroll("contact", "k1")).toBe(0);
    sessionStorage.setItem("team-crm:list-scroll", JSON.stringify([{ entry: "contact:k3", top: "far" }]));
    expect(recallScroll("contact", "k3")).toBe(0);
  });

  it("sign-out forgets every list and where it was scrolled", () => {
    rememberList("contact", "k1", qualified);
    rememberScroll("contact", "k1", 500);
    forgetLists();
    expect(recallList("contact", "k1")).toBeNull();
    expect(recallScroll("contact", "k1")).toBe(0);
  });

  it("keys a history entry the router has not, and leaves a keyed one alone", () => {
    window.history.replaceState(null, "");
    keyHistoryEntry();
    const first = (window.history.state as { key: string }).key;
    expect(first).toMatch(/^[a-z0-9]+$/);
    keyHistoryEntry();
    expect((window.history.state as { key: string }).key).toBe(first);
    window.history.replaceState({ usr: { from: "/x" }, idx: 3 }, "");
    keyHistoryEntry();
    expect(window.history.state).toMatchObject({ usr: { from: "/x" }, idx: 3, key: expect.any(String) });
  });
});
