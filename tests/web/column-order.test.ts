import { describe, expect, it } from "vitest";
import { moveColumnId, orderedColumnIds, stepColumnId } from "../../web/src/ui/data-table/column-order";

const columns = ["name", "email", "company", "title", "status"];

describe("orderedColumnIds", () => {
  it("is the default order until the person moves a column", () => {
    expect(orderedColumnIds(columns, [])).toEqual(columns);
  });

  it("keeps the first column first, whatever the stored order says", () => {
    expect(orderedColumnIds(columns, ["title", "name", "email", "company", "status"])).toEqual([
      "name",
      "title",
      "email",
      "company",
      "status",
    ]);
  });

  it("drops columns that are gone and puts new ones after the ordered ones, in their default order", () => {
    const withProperties = [...columns, "p:tier", "p:region"];
    expect(orderedColumnIds(withProperties, ["status", "gone", "email", "title", "company"])).toEqual([
      "name",
      "status",
      "email",
      "title",
      "company",
      "p:tier",
      "p:region",
    ]);
  });
});

describe("moveColumnId", () => {
  it("moves a column before or after another", () => {
    expect(moveColumnId(columns, "title", "email", "before")).toEqual(["name", "title", "email", "company", "status"]);
    expect(moveColumnId(columns, "email", "status", "after")).toEqual(["name", "company", "title", "status", "email"]);
    expect(moveColumnId(columns, "status", "company", "after")).toEqual([
      "name",
      "email",
      "company",
      "status",
      "title",
    ]);
  });

  it("never moves the first column, nor puts another before it", () => {
    expect(moveColumnId(columns, "name", "title", "after")).toEqual(columns);
    expect(moveColumnId(columns, "title", "name", "before")).toEqual(["name", "title", "email", "company", "status"]);
  });

  it("leaves the order alone for a column onto itself or one it does not know", () => {
    expect(moveColumnId(columns, "email", "email", "after")).toEqual(columns);
    expect(moveColumnId(columns, "nope", "email", "after")).toEqual(columns);
  });
});

describe("stepColumnId", () => {
  const listed = ["email", "company", "title", "status"];

  it("moves a column one place among the listed ones", () => {
    expect(stepColumnId(columns, listed, "company", -1)).toEqual(["name", "company", "email", "title", "status"]);
    expect(stepColumnId(columns, listed, "company", 1)).toEqual(["name", "email", "title", "company", "status"]);
  });

  it("goes no further than either end of the list", () => {
    expect(stepColumnId(columns, listed, "email", -1)).toEqual(columns);
    expect(stepColumnId(columns, listed, "status", 1)).toEqual(columns);
  });

  it("steps over columns the list does not show", () => {
    expect(stepColumnId(columns, ["email", "title"], "email", 1)).toEqual([
      "name",
      "company",
      "title",
      "email",
      "status",
    ]);
  });
});
