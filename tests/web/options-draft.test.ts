import { describe, expect, it } from "vitest";
import {
  draftOf,
  moved,
  optionsOf,
  removedOf,
  renamesOf,
  rowProblems,
  withAdded,
  type OptionsDraft,
} from "../../web/src/features/settings/options-draft";

const saved = ["Gold", "Silver", "Bronze"];
/** The draft with the row at `index` typed over. */
const typed = (draft: OptionsDraft, index: number, text: string): OptionsDraft => ({
  ...draft,
  rows: draft.rows.map((row, i) => (i === index ? { ...row, text } : row)),
});

describe("a select's options as edited", () => {
  it("saves the rows' names in order, with what is still typed in Add an option (a list, one each)", () => {
    const draft = { ...draftOf(saved), adding: " Platinum, Tin\nGold " };
    expect(optionsOf(draft)).toEqual(["Gold", "Silver", "Bronze", "Platinum", "Tin", "Gold"]);
    expect(withAdded(draft).rows.map((row) => [row.text, row.was])).toEqual([
      ["Gold", "Gold"],
      ["Silver", "Silver"],
      ["Bronze", "Bronze"],
      ["Platinum", undefined],
      ["Tin", undefined],
      ["Gold", undefined],
    ]);
    expect(withAdded(draft).adding).toBe("");
    expect(optionsOf(typed(draftOf(saved), 1, "  "))).toEqual(["Gold", "Bronze"]);
  });

  it("reads a saved option given a new name as a rename, wherever it was moved, and not a new one", () => {
    let draft = typed(draftOf(saved), 0, " Gold partner ");
    draft = moved(draft, 0, 2);
    draft = { ...draft, adding: "Platinum" };
    expect(optionsOf(draft)).toEqual(["Silver", "Bronze", "Gold partner", "Platinum"]);
    expect(renamesOf(draft)).toEqual([{ from: "Gold", to: "Gold partner" }]);
    expect(removedOf(saved, draft)).toEqual([]);
    // Capitalisation alone is a rename too; the same name again is none.
    expect(renamesOf(typed(typed(draftOf(saved), 0, "GOLD"), 1, "Silver"))).toEqual([{ from: "Gold", to: "GOLD" }]);
  });

  it("takes off a saved option whose row went or was emptied, unless its name is in the list again", () => {
    const draft = draftOf(saved);
    const withoutSilver = { ...draft, rows: draft.rows.filter((row) => row.text !== "Silver") };
    expect(removedOf(saved, withoutSilver)).toEqual(["Silver"]);
    expect(removedOf(saved, typed(draft, 2, ""))).toEqual(["Bronze"]);
    expect(renamesOf(typed(draft, 2, ""))).toEqual([]);
    expect(removedOf(saved, { ...withoutSilver, adding: "Silver" })).toEqual([]);
  });

  it("says which row repeats one above it, however capitalised", () => {
    const draft = withAdded({ ...draftOf(saved), adding: "silver, Tin" });
    const problems = rowProblems(draft);
    expect([...problems.keys()]).toEqual([draft.rows[3]!.id]);
    expect(problems.get(draft.rows[3]!.id)).toBe("Already an option above.");
    expect(rowProblems(typed(draft, 3, "Steel")).size).toBe(0);
  });
});
