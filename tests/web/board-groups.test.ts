import { describe, expect, it, vi } from "vitest";
import { groupingOf, laneStart, NO_VALUE, propertyGrouping } from "../../web/src/features/records/board/board-groups";

// The module reads the properties through the tRPC client; the groupings themselves need none of it.
vi.mock("../../web/src/lib/trpc", () => ({ trpc: {} }));

type Row = { id: string; version: number; properties: Record<string, unknown> };
const tier = { key: "tier", label: "Tier", type: "select" as const, options: ["Gold", "Silver"], required: false };
const account = (properties: Record<string, unknown>): Row => ({ id: "c1", version: 3, properties });

describe("a board grouped by a select property", () => {
  const byTier = propertyGrouping<Row>(tier);

  it("has a lane per option, in the definition's order, then one for records with none", () => {
    expect(byTier.field).toBe("prop:tier");
    expect(byTier.lanes.map(({ value, label }) => [value, label])).toEqual([
      ["Gold", "Gold"],
      ["Silver", "Silver"],
      [NO_VALUE, "No tier"],
    ]);
    expect(new Set(byTier.lanes.map((lane) => lane.dot)).size).toBe(3);
    expect(byTier.reads).toEqual(["properties"]);
  });

  it("reads a record's lane from its value, no value (or another type's) being the last lane", () => {
    expect(byTier.valueOf(account({ tier: "Silver", region: "EU" }))).toBe("Silver");
    expect(byTier.valueOf(account({ region: "EU" }))).toBe(NO_VALUE);
    expect(byTier.valueOf(account({ tier: null }))).toBe(NO_VALUE);
  });

  it("moves a record by its value alone, keeping its other properties; to the last lane, none", () => {
    const moved = byTier.withValue(account({ tier: "Gold", region: "EU" }), "Silver");
    expect(moved).toEqual({ id: "c1", version: 3, properties: { tier: "Silver", region: "EU" } });
    expect(byTier.withValue(moved, NO_VALUE).properties).toEqual({ tier: null, region: "EU" });
  });
});

describe("groupingOf", () => {
  const byTier = propertyGrouping<Row>(tier);
  const byRegion = propertyGrouping<Row>({ ...tier, key: "region", label: "Region", options: ["EU"] });

  it("is the grouping asked for, else the first (one archived since, or none asked), else none", () => {
    expect(groupingOf([byTier, byRegion], "prop:region")).toBe(byRegion);
    expect(groupingOf([byTier, byRegion], "prop:gone")).toBe(byTier);
    expect(groupingOf([byTier, byRegion], null)).toBe(byTier);
    expect(groupingOf([], "prop:tier")).toBeNull();
  });
});

describe("laneStart: what a lane's + starts a new record with", () => {
  it("is the lane's value, in a built-in field by its name or among the properties by key", () => {
    expect(laneStart("leadStatus", "qualified")).toEqual({ fields: { leadStatus: "qualified" }, properties: {} });
    expect(laneStart("prop:tier", "Gold")).toEqual({ fields: {}, properties: { tier: "Gold" } });
    expect(laneStart("prop:tier", NO_VALUE)).toEqual({ fields: {}, properties: {} });
  });
});
