import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FilterBuilder } from "../../web/src/ui/data-table/filter-builder";
import type { FilterField, FilterState } from "../../web/src/ui/data-table/filters";
import { MAX_FILTER_CONDITIONS } from "../../worker/src/schemas/records";

// What jsdom lacks and cmdk's list and Radix's popovers call.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};

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

  it("starts a new filter on its fields' list, searched as typed, and goes on from the field picked", async () => {
    const many: FilterField[] = [
      { field: "name", label: "Name", kind: "text" },
      { field: "leadScore", label: "Lead score", kind: "number" },
      { field: "leadStatus", label: "Lead status", kind: "select", options: [{ value: "new", label: "New" }] },
      { field: "prop:tier", label: "Tier", kind: "text" },
    ];
    render(<FilterBuilder fields={many} value={{ combinator: "and", conditions: [] }} onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    const search = screen.getByRole("combobox", { name: "Field" });
    expect(document.activeElement).toBe(search);
    const listed = () => [...document.querySelectorAll("[cmdk-item]")].map((o) => o.textContent);
    expect(listed()).toEqual(["Name", "Lead score", "Lead status", "Tier"]);
    fireEvent.change(search, { target: { value: "status" } });
    expect(listed()).toEqual(["Lead status"]);
    fireEvent.keyDown(search, { key: "Enter" });
    const field = screen.getByRole("button", { name: "Field: Lead status" });
    expect(field.textContent).toBe("Lead status");
    expect(document.querySelector("[cmdk-list]")).toBeNull();
    expect(document.activeElement).toBe(field);
    expect((screen.getByLabelText("Value") as HTMLSelectElement).value).toBe("new");
    // Once a field is picked, Escape in its list closes the list only, the form stays.
    fireEvent.click(field);
    fireEvent.keyDown(screen.getByRole("combobox", { name: "Field" }), { key: "Escape" });
    expect(document.querySelector("[cmdk-list]")).toBeNull();
    expect(screen.getByRole("dialog", { name: "Add filter" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Field: Lead status" }));
  });

  it("closes a new filter's form on Escape in the fields' list it opens on", () => {
    render(<FilterBuilder fields={fields} value={{ combinator: "and", conditions: [] }} onChange={vi.fn()} />);
    const filter = screen.getByRole("button", { name: "Filter" });
    fireEvent.click(filter);
    fireEvent.keyDown(screen.getByRole("combobox", { name: "Field" }), { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: "Add filter" })).toBeNull();
    expect(document.activeElement).toBe(filter);
  });

  it("opens a chip's condition in the form, and saves the change over it, in its place", () => {
    const many: FilterField[] = [
      { field: "leadScore", label: "Lead score", kind: "number" },
      { field: "createdAt", label: "Created", kind: "date" },
      {
        field: "companyId",
        label: "Company",
        kind: "reference",
        useOptions: () => ({ options: [] }),
        labels: { cmp_1: "Acme" },
      },
    ];
    const may5 = new Date(2026, 4, 5).getTime();
    const value: FilterState = {
      combinator: "or",
      conditions: [
        { field: "leadScore", operator: "gt", value: 50 },
        { field: "createdAt", operator: "before", value: may5 },
        { field: "companyId", operator: "eq", value: "cmp_1" },
      ],
    };
    const onChange = vi.fn();
    render(<FilterBuilder fields={many} value={value} onChange={onChange} />);

    fireEvent.click(screen.getByRole("button", { name: "Change filter Lead score is more than 50" }));
    const form = screen.getByRole("dialog", { name: "Change filter" });
    const field = screen.getByRole("button", { name: "Field: Lead score" });
    expect(field.textContent).toBe("Lead score");
    // Its field picked again from the list keeps the condition as it is.
    fireEvent.click(field);
    fireEvent.keyDown(screen.getByRole("combobox", { name: "Field" }), { key: "Enter" });
    expect(document.querySelector("[cmdk-list]")).toBeNull();
    expect((screen.getByLabelText("Operator") as HTMLSelectElement).value).toBe("gt");
    const input = screen.getByLabelText("Value") as HTMLInputElement;
    expect(input.value).toBe("50");
    fireEvent.change(input, { target: { value: "80" } });
    fireEvent.click(screen.getByRole("button", { name: "Update filter" }));
    expect(onChange).toHaveBeenLastCalledWith({
      combinator: "or",
      conditions: [{ field: "leadScore", operator: "gt", value: 80 }, ...value.conditions.slice(1)],
    });
    expect(form.isConnected).toBe(false);

    // A date reads as the day it holds; a picked company as its name.
    fireEvent.click(screen.getByRole("button", { name: /^Change filter Created is before/ }));
    expect((screen.getByLabelText("Value") as HTMLInputElement).value).toBe("2026-05-05");
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Change filter" }), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Change filter Company is Acme" }));
    expect(screen.getByRole("dialog", { name: "Change filter" }).textContent).toContain("Acme");
  });
  it("filters a status on any of several values, ticked in the options' order, and reopens them ticked", () => {
    cleanup();
    const status: FilterField[] = [
      {
        field: "leadStatus",
        label: "Lead status",
        kind: "enum",
        options: [
          { value: "new", label: "New" },
          { value: "contacted", label: "Contacted" },
          { value: "qualified", label: "Qualified" },
        ],
      },
    ];
    const onChange = vi.fn();
    const { rerender } = render(
      <FilterBuilder fields={status} value={{ combinator: "and", conditions: [] }} onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    fireEvent.change(screen.getByLabelText("Operator"), { target: { value: "in" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Qualified" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "New" }));
    const submit = screen.getAllByRole<HTMLButtonElement>("button", { name: "Add filter" }).at(-1)!;
    fireEvent.click(submit);
    const condition = { field: "leadStatus", operator: "in", value: ["new", "qualified"] };
    expect(onChange).toHaveBeenLastCalledWith({ combinator: "and", conditions: [condition] });

    rerender(
      <FilterBuilder
        fields={status}
        value={{ combinator: "and", conditions: [condition] as never }}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Change filter Lead status is any of New, Qualified" }));
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "New" }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Contacted" }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Qualified" }).checked).toBe(true);
  });

  it("filters a date by days counted from today, says what it takes, and reopens the count", () => {
    cleanup();
    const dates: FilterField[] = [{ field: "lastActivityAt", label: "Last activity", kind: "date" }];
    const onChange = vi.fn();
    const { rerender } = render(
      <FilterBuilder fields={dates} value={{ combinator: "and", conditions: [] }} onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    const operator = screen.getByLabelText("Operator") as HTMLSelectElement;
    expect([...operator.options].map((o) => o.text)).toEqual([
      "is before",
      "is after",
      "is in the last … days",
      "is more than … days ago",
      "is in the next … days",
      "is empty",
      "is not empty",
    ]);
    fireEvent.change(screen.getByLabelText("Value"), { target: { value: "2026-05-05" } });
    // A day is not a count of days: the value starts afresh.
    fireEvent.change(operator, { target: { value: "moreThanDaysAgo" } });
    const days = screen.getByLabelText("Days") as HTMLInputElement;
    expect(days.value).toBe("");
    expect(screen.getByText("days ago")).toBeTruthy();
    const submit = () => screen.getAllByRole<HTMLButtonElement>("button", { name: "Add filter" }).at(-1)!;
    for (const bad of ["0", "3651", "1.5"]) {
      fireEvent.change(days, { target: { value: bad } });
      expect(submit().disabled).toBe(true);
      expect(days.getAttribute("aria-invalid")).toBe("true");
      expect(screen.getByText("A whole number from 1 to 3,650.")).toBeTruthy();
    }
    fireEvent.change(days, { target: { value: "30" } });
    expect(screen.getByText("Counted from today, each time the list opens.")).toBeTruthy();
    fireEvent.click(submit());
    const condition = { field: "lastActivityAt", operator: "moreThanDaysAgo", value: 30 };
    expect(onChange).toHaveBeenLastCalledWith({ combinator: "and", conditions: [condition] });

    rerender(
      <FilterBuilder
        fields={dates}
        value={{
          combinator: "and",
          conditions: [condition, { field: "lastActivityAt", operator: "inLastDays", value: 1 }] as never,
        }}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole("button", { name: "Change filter Last activity is in the last 1 day" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Change filter Last activity is more than 30 days ago" }));
    expect((screen.getByLabelText("Days") as HTMLInputElement).value).toBe("30");
    expect((screen.getByLabelText("Operator") as HTMLSelectElement).value).toBe("moreThanDaysAgo");
  });
});
