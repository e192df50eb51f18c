import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  forgetRecent,
  MAX_RECENT,
  recordPath,
  rememberRecent,
  useRecentRecords,
  type RecentRecord,
} from "../../web/src/app/recent-records";

const contact = (id: string, name = `Contact ${id}`): RecentRecord => ({ object: "contact", id, name, detail: null });

describe("recent records (the palette's list before anything is typed)", () => {
  beforeEach(() => localStorage.clear());

  it("lists what a user opened, newest first, each record once with its latest name, at most six", () => {
    const { result } = renderHook(() => useRecentRecords("u1"));
    expect(result.current).toEqual([]);
    act(() => {
      rememberRecent("u1", contact("a"));
      rememberRecent("u1", { object: "company", id: "a", name: "Acme", detail: "acme.example" });
      rememberRecent("u1", contact("b"));
      rememberRecent("u1", contact("a", "Ann renamed"));
    });
    expect(result.current.map((r) => `${r.object}:${r.id}:${r.name}`)).toEqual([
      "contact:a:Ann renamed",
      "contact:b:Contact b",
      "company:a:Acme",
    ]);
    act(() => {
      for (let i = 0; i < 10; i++) rememberRecent("u1", contact(`n${i}`));
    });
    expect(result.current).toHaveLength(MAX_RECENT);
    expect(result.current[0].id).toBe("n9");
  });

  it("never shows one account's records to another, and sign-out forgets them", () => {
    act(() => rememberRecent("u1", contact("a")));
    expect(renderHook(() => useRecentRecords("u2")).result.current).toEqual([]);
    expect(renderHook(() => useRecentRecords(undefined)).result.current).toEqual([]);
    const { result } = renderHook(() => useRecentRecords("u1"));
    expect(result.current).toHaveLength(1);
    act(() => forgetRecent());
    expect(result.current).toEqual([]);
  });

  it("ignores what it cannot read", () => {
    localStorage.setItem("team-crm:recent", "{broken");
    expect(renderHook(() => useRecentRecords("u1")).result.current).toEqual([]);
    act(() => rememberRecent("u1", contact("a")));
    expect(renderHook(() => useRecentRecords("u1")).result.current).toHaveLength(1);
  });

  it("opens a record at its page", () => {
    expect(recordPath({ object: "contact", id: "con_1" })).toBe("/contacts?open=con_1");
    expect(recordPath({ object: "company", id: "cmp_1" })).toBe("/companies?open=cmp_1");
  });
});
