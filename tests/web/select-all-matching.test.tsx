import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RecordListInput } from "../../worker/src/schemas/records";

/** A list of 2,500 matching contacts answered page by page; each page waits for `release`. */
const server = vi.hoisted(() => {
  const ids = Array.from({ length: 2500 }, (_, i) => `con_${i}`);
  const pending: (() => void)[] = [];
  const asked: RecordListInput[] = [];
  const listPage = async (input: RecordListInput) => {
    asked.push(input);
    await new Promise<void>((resolve) => pending.push(resolve));
    const start = Number(input.cursor ?? 0);
    const end = Math.min(start + (input.limit ?? 50), ids.length);
    return {
      items: ids.slice(start, end).map((id) => ({ id, version: 1 })),
      nextCursor: end < ids.length ? String(end) : null,
      total: null,
    };
  };
  const release = async () => {
    while (pending.length) pending.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { ids, asked, listPage, release };
});
vi.mock("../../web/src/features/import/import-objects", () => ({
  importConfigs: { contact: { object: "contact", noun: ["contact", "contacts"], listPage: server.listPage } },
}));
const { SelectAllMatching } = await import("../../web/src/features/records/select-all-matching");

function renderOffer(onSelect: (ids: Set<string>) => void, overrides: { allLoadedSelected?: boolean } = {}) {
  const props = {
    object: "contact" as const,
    noun: ["contact", "contacts"] as [string, string],
    view: {
      filter: { combinator: "and" as const, conditions: [] },
      sort: { field: "name", direction: "asc" as const },
    },
    viewKey: "view-1",
    total: { count: 2500, exact: true },
    allLoadedSelected: true,
    selectedCount: 100,
    onSelect,
    ...overrides,
  };
  const view = render(<SelectAllMatching {...props} />);
  return {
    ...view,
    rerender: (more: Partial<typeof props>) => view.rerender(<SelectAllMatching {...props} {...more} />),
  };
}

afterEach(() => {
  server.asked.length = 0;
});

describe("Select all matching", () => {
  it("reads every matching id, ids only, and selects them", async () => {
    const onSelect = vi.fn();
    renderOffer(onSelect);
    fireEvent.click(screen.getByRole("button", { name: "Select all 2,500 contacts" }));
    await act(server.release);
    expect(screen.getByRole("button").textContent).toBe("Selecting 2,000 of 2,500…");
    await act(server.release);
    expect(server.asked.every((input) => Array.isArray(input.fields) && input.fields.length === 0)).toBe(true);
    // Bulk pages: two requests for 2,500 ids, where a table's pages of 200 took thirteen.
    expect(server.asked.map((input) => input.limit)).toEqual([2000, 2000]);
    expect(onSelect).toHaveBeenCalledWith(new Set(server.ids));
  });

  it("is not offered until every loaded row is selected, nor once every match is", () => {
    const { rerender } = renderOffer(vi.fn(), { allLoadedSelected: false });
    expect(screen.queryByRole("button")).toBeNull();
    rerender({ allLoadedSelected: true, selectedCount: 2500 });
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("selects nothing when the selection is cleared, a row let go or the view changed while it reads", async () => {
    for (const change of ["cleared", "deselected", "view"] as const) {
      const onSelect = vi.fn();
      const { rerender, unmount } = renderOffer(onSelect);
      fireEvent.click(screen.getByRole("button", { name: "Select all 2,500 contacts" }));
      await act(server.release);
      if (change === "cleared") unmount();
      else if (change === "deselected") rerender({ allLoadedSelected: false, selectedCount: 99 });
      else rerender({ viewKey: "view-2" });
      for (let page = 0; page < 3; page++) await act(server.release);
      expect(onSelect, change).not.toHaveBeenCalled();
      cleanup();
    }
  });
});
