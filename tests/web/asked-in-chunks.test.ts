import { describe, expect, it } from "vitest";
import { chunksOf } from "../../web/src/features/import/use-asked-in-chunks";

describe("chunksOf: a file's cells in calls the server takes", () => {
  it("puts 5,000 typical emails in one call, and splits 12,000 into calls of 5,000", () => {
    const emails = (count: number) => Array.from({ length: count }, (_, i) => `person${i}@example.com`);
    expect(chunksOf(emails(5_000)).map((chunk) => chunk.length)).toEqual([5_000]);
    expect(chunksOf(emails(12_000)).map((chunk) => chunk.length)).toEqual([5_000, 5_000, 2_000]);
    expect(chunksOf([])).toEqual([]);
  });

  it("keeps each call at 200,000 characters at most: long names go fewer at a time, in order", () => {
    const names = Array.from({ length: 3_000 }, (_, i) => `${i}`.padEnd(200, "x"));
    const chunks = chunksOf(names);
    expect(chunks.map((chunk) => chunk.length)).toEqual([1_000, 1_000, 1_000]);
    for (const chunk of chunks) expect(chunk.join("").length).toBeLessThanOrEqual(200_000);
    expect(chunks.flat()).toEqual(names);
  });
});
