import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FilterBuilder } from "../../web/src/ui/data-table/filter-builder";
import type { FilterField, FilterState } from "../../web/src/ui/data-table/filters";
import { MAX_FILTER_CONDITIONS } from "../../worker/src/schemas/records";

const fields: FilterField[] = [{ field: "leadScore", label: "Lead score", kind: "number" }];
const filterOf = (count: number): FilterState => ({
  combinator: "and",
  conditions: Array.from({ length: count }, (_, i) => ({ field: "leadScore", operator: "gt" as const, value: i })),
});

describe("FilterBuilder", () => {
  it("offers another filter until the list holds as many as a list accepts", () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <FilterBuilder fields={fields} value={filterOf(MAX_FILTER_CONDITIONS - 1)} onChange={onChange} />,
    );
    const add = screen.getByRole<HTMLButtonElement>("button", { name: "Add filter" });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(screen.getByRole("dialog", { name: "Add filter" })).toBeTruthy();

    rerender(<FilterBuilder fields={fields} value={filterOf(MAX_FILTER_CONDITIONS)} onChange={onChange} />);
    const full = screen.getByRole<HTMLButtonElement>("button", { name: "Add filter" });
    expect(full.disabled).toBe(true);
    expect(full.title).toBe(`A list filters on ${MAX_FILTER_CONDITIONS} conditions at most`);
    expect(screen.queryByRole("dialog")).toBeNull();
    // Removing one takes the list back under the limit.
    fireEvent.click(screen.getAllByRole("button", { name: /^Remove filter/ })[0]);
    expect(onChange).toHaveBeenLastCalledWith({
      combinator: "and",
      conditions: filterOf(MAX_FILTER_CONDITIONS).conditions.slice(1),
    });
  });
});
