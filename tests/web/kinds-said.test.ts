import { describe, expect, it } from "vitest";
import { kindsSaid } from "../../web/src/features/team/kinds-said";

describe("a member's entries by kind in words", () => {
  it("names the conversations first, one or many, and leaves out the kinds with none", () => {
    expect(kindsSaid({ note: 12, call: 3, meeting: 1, email: 0 })).toBe("3 calls, 1 meeting, 12 notes");
    expect(kindsSaid({ stage: 1, merged: 2, task: 1 })).toBe("1 task, 1 stage move, 2 merges");
    expect(kindsSaid({})).toBe("");
  });
});
