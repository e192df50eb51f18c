import { describe, expect, it } from "vitest";
import { failureReasons } from "../../web/src/features/import/failure-reasons";

const EMAIL = "Email: Enter a valid email address.";
const BLANK = "A contact needs a name or an email.";
const OWNER = "Owner: “Nobody Here” is not a member of this workspace.";

describe("failureReasons", () => {
  it("groups failures by their reason, the most frequent first, each with its lines in order", () => {
    const failures = [
      { line: 352, message: EMAIL },
      { line: 6, message: OWNER },
      { line: 152, message: BLANK },
      { line: 4, message: EMAIL },
      { line: 99, message: EMAIL },
      { line: 810, message: BLANK },
    ];
    expect(failureReasons(failures)).toEqual({
      reasons: [
        { message: EMAIL, count: 3, lines: [4, 99, 352] },
        { message: BLANK, count: 2, lines: [152, 810] },
        { message: OWNER, count: 1, lines: [6] },
      ],
      more: 0,
    });
  });

  it("orders reasons of as many rows by their first line", () => {
    const failures = [
      { line: 30, message: "B" },
      { line: 10, message: "C" },
      { line: 20, message: "A" },
    ];
    expect(failureReasons(failures).reasons.map((r) => r.message)).toEqual(["C", "A", "B"]);
  });

  it("keeps the first reasons and lines only, counting every row and saying how many reasons are left out", () => {
    const failures = Array.from({ length: 100_000 }, (_, i) => ({ line: i + 2, message: `Reason ${i % 8}` }));
    const { reasons, more } = failureReasons(failures, { maxReasons: 5, maxLines: 3 });
    expect(more).toBe(3);
    expect(reasons).toHaveLength(5);
    expect(reasons[0]).toEqual({ message: "Reason 0", count: 12_500, lines: [2, 10, 18] });
    expect(reasons.reduce((sum, r) => sum + r.count, 0)).toBe(62_500);
  });

  it("has nothing to say when no row failed", () => {
    expect(failureReasons([])).toEqual({ reasons: [], more: 0 });
  });
});
