import { describe, expect, it } from "vitest";
import { parseWhen } from "../../web/src/features/records/parse-when";

// Thursday 2026-11-26 14:30 local time.
const now = new Date(2026, 10, 26, 14, 30);

describe("parseWhen", () => {
  it("reads nothing as now, left to the server's clock", () => {
    expect(parseWhen("  ", now)).toEqual({ at: null, error: null });
  });

  it("reads a day and time in the past", () => {
    expect(parseWhen("yesterday 3pm", now).at).toEqual(new Date(2026, 10, 25, 15, 0));
    expect(parseWhen("2 hours ago", now).at).toEqual(new Date(2026, 10, 26, 12, 30));
  });

  it("keeps the current time of day for a day without a time", () => {
    expect(parseWhen("last monday", now).at).toEqual(new Date(2026, 10, 23, 14, 30));
  });

  it("refuses a time ahead of now and text without a date", () => {
    expect(parseWhen("tomorrow 9am", now)).toEqual({
      at: null,
      error: "That is in the future: log what has happened.",
    });
    expect(parseWhen("4pm", now).error).toBe("That is in the future: log what has happened.");
    expect(parseWhen("after lunch-ish", now).error).toBe("Write a time like 'yesterday 3pm' or '2 hours ago'.");
  });
});
