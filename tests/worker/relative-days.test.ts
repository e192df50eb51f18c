import { describe, expect, it } from "vitest";
import { addDays, dayIn, startOfDay } from "../../worker/src/domain/records/relative-days";

describe("calendar days in a time zone (workerd's own time zone data)", () => {
  it("reads the day an instant falls on where the caller is", () => {
    const at = Date.UTC(2026, 11, 5, 20, 0); // 20:00 UTC on 5 December
    expect(dayIn("UTC", at)).toBe("2026-12-05");
    expect(dayIn("Asia/Kolkata", at)).toBe("2026-12-06"); // 01:30 there
    expect(dayIn("America/Los_Angeles", Date.UTC(2026, 11, 5, 7, 59))).toBe("2026-12-04");
    expect(dayIn("Pacific/Kiritimati", Date.UTC(2026, 11, 31, 10))).toBe("2027-01-01");
  });

  it("starts a day at its local midnight, either side of a clock change", () => {
    // Paris goes to summer time at 02:00 on 29 March 2026: that day starts at UTC+1, the next at UTC+2.
    expect(startOfDay("2026-03-29", "Europe/Paris")).toBe(Date.UTC(2026, 2, 28, 23));
    expect(startOfDay("2026-03-30", "Europe/Paris")).toBe(Date.UTC(2026, 2, 29, 22));
    // New York goes back to standard time on 1 November 2026.
    expect(startOfDay("2026-11-01", "America/New_York")).toBe(Date.UTC(2026, 10, 1, 4));
    expect(startOfDay("2026-11-02", "America/New_York")).toBe(Date.UTC(2026, 10, 2, 5));
    expect(startOfDay("2026-12-05", "Asia/Kolkata")).toBe(Date.UTC(2026, 11, 4, 18, 30));
    expect(startOfDay("2026-12-05", "UTC")).toBe(Date.UTC(2026, 11, 5));
  });

  it("starts a day whose midnight a clock change skips at its first instant", () => {
    // Santiago springs forward from 00:00 to 01:00 on 6 September 2026: the day starts at 01:00 (UTC-3).
    expect(startOfDay("2026-09-06", "America/Santiago")).toBe(Date.UTC(2026, 8, 6, 4));
    expect(dayIn("America/Santiago", Date.UTC(2026, 8, 6, 4) - 1)).toBe("2026-09-05");
  });

  it("moves days across months, years and leap days", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-12-05", -3650)).toBe("2016-12-07");
  });
});
