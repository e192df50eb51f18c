import { describe, expect, it } from "vitest";
import { nextTeamSort, parseTeamSort, sortTeam, teamSortParam } from "../../web/src/features/team/team-sort";

type Row = { name: string; overdue: number; latest: number | null };
const rows: Row[] = [
  { name: "Quinn", overdue: 0, latest: null },
  { name: "ann", overdue: 2, latest: 300 },
  { name: "Tara", overdue: 2, latest: 100 },
  { name: "Mona", overdue: 5, latest: 200 },
];
const valueOf = (row: Row, field: string) =>
  field === "name" ? row.name : field === "overdue" ? row.overdue : field === "latest" ? row.latest : null;
const names = (sorted: Row[]) => sorted.map((row) => row.name);

describe("/team's sort", () => {
  it("puts the most first on a count's first click, ties by name, and the other way on the next", () => {
    const first = nextTeamSort(null, "overdue");
    expect(first).toEqual({ field: "overdue", direction: "desc" });
    expect(names(sortTeam(rows, first, valueOf))).toEqual(["Mona", "ann", "Tara", "Quinn"]);
    const second = nextTeamSort(first, "overdue");
    expect(names(sortTeam(rows, second, valueOf))).toEqual(["Quinn", "ann", "Tara", "Mona"]);
  });

  it("sorts names A to Z first, whatever their case, and leaves a member with no activity last either way", () => {
    expect(names(sortTeam(rows, nextTeamSort(null, "name"), valueOf))).toEqual(["ann", "Mona", "Quinn", "Tara"]);
    expect(names(sortTeam(rows, { field: "latest", direction: "desc" }, valueOf))).toEqual([
      "ann",
      "Mona",
      "Tara",
      "Quinn",
    ]);
    expect(names(sortTeam(rows, { field: "latest", direction: "asc" }, valueOf))).toEqual([
      "Tara",
      "Mona",
      "ann",
      "Quinn",
    ]);
    expect(sortTeam(rows, null, valueOf)).toBe(rows);
  });

  it("reads and writes the sort in the address, the first direction left out", () => {
    expect(parseTeamSort("overdue")).toEqual({ field: "overdue", direction: "desc" });
    expect(parseTeamSort("name.desc")).toEqual({ field: "name", direction: "desc" });
    expect(parseTeamSort("salary")).toBeNull();
    expect(parseTeamSort(null)).toBeNull();
    expect(teamSortParam({ field: "overdue", direction: "desc" })).toBe("overdue");
    expect(teamSortParam({ field: "overdue", direction: "asc" })).toBe("overdue.asc");
  });
});
