import { describe, expect, it, vi } from "vitest";
import { differs, type ViewDefinition } from "../../web/src/features/views/use-views";

// The module reads views through the tRPC client; comparing definitions needs none of it (nor Firebase behind it).
vi.mock("../../web/src/lib/trpc", () => ({ trpc: {} }));

const plain: ViewDefinition = { filters: { combinator: "and", conditions: [] }, sort: null, columns: [] };

describe("differs: whether the list shows something other than a view", () => {
  it("counts the layout against a saved view's, a view saved without one being rows", () => {
    const board = { ...plain, layout: "board" as const };
    expect(differs(board, plain, { layout: true })).toBe(true);
    expect(differs(board, board, { layout: true })).toBe(false);
    expect(differs({ ...plain, layout: "table" }, plain, { layout: true })).toBe(false);
    expect(differs(plain, board, { layout: true })).toBe(true);
  });

  it("does not count the board against the plain list: nothing there to reset", () => {
    expect(differs({ ...plain, layout: "board" }, plain)).toBe(false);
    expect(differs({ ...plain, layout: "board", search: "ann" }, plain)).toBe(true);
  });

  it("counts the board's grouping against a saved board's, a view saved without one grouping by the first", () => {
    const byStatus = { ...plain, layout: "board" as const };
    const byTier = { ...byStatus, groupBy: "prop:tier" };
    const options = { layout: true, firstGroupBy: "leadStatus" };
    expect(differs(byTier, byStatus, options)).toBe(true);
    expect(differs({ ...byStatus, groupBy: "leadStatus" }, byStatus, options)).toBe(false);
    expect(differs(byTier, byTier, options)).toBe(false);
    // Shown as a table, the grouping a board would have is no change.
    expect(differs({ ...plain, layout: "table", groupBy: "prop:tier" }, plain, options)).toBe(false);
    // Against the plain list, no grouping is a change either.
    expect(differs(byTier, plain, { firstGroupBy: "leadStatus" })).toBe(false);
  });
});
