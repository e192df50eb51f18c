import { describe, expect, it } from "vitest";
import { calendarDayOf } from "../../worker/src/schemas/calendar-day";

describe("calendarDayOf: the day a date property stores", () => {
  it.each([
    ["2030-06-15", "2030-06-15"],
    [" 2028-02-29 ", "2028-02-29"],
    ["2030-06-15T10:00:00Z", "2030-06-15"],
    ["2030-06-15T23:30:00-05:00", "2030-06-16"],
    ["2030-06-15T10:00", "2030-06-15"],
  ])("keeps %j as %j", (given, stored) => {
    expect(calendarDayOf(given)).toBe(stored);
  });

  it.each([
    "2026-02-30",
    "2027-02-29",
    "2026-04-31",
    "2026-13-01",
    "0050-01-01",
    "2030-06-15T25:00",
    "1",
    "March 5",
    "",
  ])("refuses %j, which JavaScript's own parsing would have turned into another day", (given) => {
    expect(calendarDayOf(given)).toBeNull();
  });
});
