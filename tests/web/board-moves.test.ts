import { describe, expect, it } from "vitest";
import { MAX_FILTER_CONDITIONS } from "../../worker/src/schemas/records";
import { laneFilter, laneView, outdates, type BoardMove } from "../../web/src/features/records/board/board-moves";

type Row = { id: string; version: number; status: string };
const row = (id: string, status: string, version = 1): Row => ({ id, version, status });
const statusOf = (r: Row) => r.status;
const moves = (...all: BoardMove<Row>[]) => new Map(all.map((move) => [move.row.id, move]));
const moved = (r: Row, to: string, saved?: number): BoardMove<Row> => ({
  row: { ...r, status: to, version: saved ?? r.version },
  to,
  seq: 1,
  saved,
});
const exact = (count: number) => ({ count, exact: true });

describe("laneFilter", () => {
  it("adds the lane's value to the view's conditions, all to match", () => {
    expect(laneFilter(undefined, "leadStatus", "new")).toEqual({
      combinator: "and",
      conditions: [{ field: "leadStatus", operator: "eq", value: "new" }],
    });
    const title = { field: "title", operator: "contains" as const, value: "cto" };
    expect(laneFilter({ conditions: [title] }, "leadStatus", "new")?.conditions).toEqual([
      title,
      { field: "leadStatus", operator: "eq", value: "new" },
    ]);
    // One condition matches the same whether "any" or "all" of them must.
    expect(laneFilter({ combinator: "or", conditions: [title] }, "leadStatus", "new")?.combinator).toBe("and");
  });

  it('reads the lane of records with no value (its value "") as the field being empty', () => {
    expect(laneFilter(undefined, "prop:tier", "")).toEqual({
      combinator: "and",
      conditions: [{ field: "prop:tier", operator: "empty" }],
    });
    expect(laneFilter(undefined, "prop:tier", "Gold")?.conditions).toEqual([
      { field: "prop:tier", operator: "eq", value: "Gold" },
    ]);
  });

  it("cannot narrow a filter that matches any of several conditions, or one already full", () => {
    const title = { field: "title", operator: "contains" as const, value: "cto" };
    expect(laneFilter({ combinator: "or", conditions: [title, title] }, "leadStatus", "new")).toBeNull();
    const full = Array.from({ length: MAX_FILTER_CONDITIONS }, () => title);
    expect(laneFilter({ combinator: "and", conditions: full }, "leadStatus", "new")).toBeNull();
  });
});

describe("laneView", () => {
  const ann = row("ann", "new");
  const bo = row("bo", "new");
  const cy = row("cy", "qualified");

  it("shows what the lane read when nothing moved", () => {
    expect(laneView("new", [ann, bo], exact(2), moves(), statusOf)).toEqual({ rows: [ann, bo], total: exact(2) });
  });

  it("while a move is on its way, the card leaves its lane and heads the other, the counts following", () => {
    const pending = moves(moved(ann, "qualified"));
    expect(laneView("new", [ann, bo], exact(2), pending, statusOf)).toEqual({ rows: [bo], total: exact(1) });
    const qualified = laneView("qualified", [cy], exact(1), pending, statusOf);
    expect(qualified.rows.map((r) => r.id)).toEqual(["ann", "cy"]);
    expect(qualified.total).toEqual(exact(2));
  });

  it("once saved, the lane that reads the card shows it once, in its place, and counts it once", () => {
    const saved = moved(ann, "qualified", 2);
    const read = [cy, saved.row].sort((a, b) => a.id.localeCompare(b.id));
    const view = laneView("qualified", read, exact(2), moves(saved), statusOf);
    expect(view.rows.map((r) => r.id)).toEqual(["ann", "cy"]);
    expect(view.total).toEqual(exact(2));
    // The old lane's copy holds the saved record (its cache was updated): it is not counted there.
    expect(laneView("new", [saved.row, bo], exact(2), moves(saved), statusOf)).toEqual({
      rows: [bo],
      total: exact(1),
    });
  });

  it("a card moved out and back shows the move's record, not the lane's copy of the save between", () => {
    // Ann went to qualified (saved as version 2, which the lane's copy holds) and is on her way back to new.
    const between = row("ann", "qualified", 2);
    const back = moved(between, "new");
    const view = laneView("new", [between, bo], exact(2), moves(back), statusOf);
    expect(view.rows).toEqual([{ ...between, status: "new" }, bo]);
    expect(view.total).toEqual(exact(2));
  });

  it("a record changed after the move was saved goes where it now says", () => {
    const saved = moved(ann, "qualified", 2);
    const backAgain = row("ann", "new", 3);
    expect(outdates(backAgain, saved)).toBe(true);
    expect(laneView("new", [backAgain, bo], exact(2), moves(saved), statusOf).rows).toEqual([backAgain, bo]);
    // While the save is on its way, no read outdates it: the save decides.
    expect(outdates(row("ann", "new", 5), moved(ann, "qualified"))).toBe(false);
  });

  it("a record edited into another value elsewhere (its panel, the table) leaves the lane and its count", () => {
    const edited = row("bo", "customer", 2);
    expect(laneView("new", [ann, edited], exact(2), moves(), statusOf)).toEqual({ rows: [ann], total: exact(1) });
  });

  it("keeps a count that is not exact as it is said, and none while there is none", () => {
    expect(
      laneView("new", [ann], { count: 1000, exact: false }, moves(moved(ann, "customer")), statusOf).total,
    ).toEqual({ count: 999, exact: false });
    expect(laneView("new", [], null, moves(moved(cy, "new")), statusOf)).toEqual({
      rows: [{ ...cy, status: "new" }],
      total: null,
    });
  });
});
