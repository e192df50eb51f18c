import { describe, expect, it } from "vitest";
import { dayHeading, formatDueShort } from "../../web/src/features/tasks/due-format";

// A Sunday afternoon, local time; en-US words.
const now = new Date(2026, 10, 29, 14, 0);
const short = (date: Date) => formatDueShort(date, now, "en-US").replace(/\s/g, " ");
const allDay = (y: number, m: number, d: number) => new Date(y, m, d, 23, 59);

describe("a task row's due date", () => {
  it("says today's and tomorrow's by name, with their time", () => {
    expect(short(new Date(2026, 10, 29, 17, 30))).toBe("5:30 PM");
    expect(short(new Date(2026, 10, 30, 15, 0))).toBe("Tomorrow 3:00 PM");
    expect(short(allDay(2026, 10, 30))).toBe("Tomorrow");
  });

  it("keeps the time of a task later this week (by weekday) and later this year (by date)", () => {
    expect(short(new Date(2026, 11, 4, 14, 0))).toBe("Fri 2:00 PM");
    expect(short(new Date(2026, 11, 12, 9, 30))).toBe("Dec 12, 9:30 AM");
  });

  it("shows the date alone for a day without a time, a past day, or another year", () => {
    expect(short(allDay(2026, 11, 4))).toBe("Fri, Dec 4");
    expect(short(new Date(2026, 10, 20, 14, 0))).toBe("Fri, Nov 20");
    expect(short(new Date(2027, 0, 5, 14, 0))).toBe("Tue, Jan 5, 2027");
  });
});

describe("dayHeading", () => {
  const now = new Date(2026, 11, 6, 10, 0); // Sun, Dec 6, 2026
  it("says today, tomorrow and yesterday in words, with the date beside the last two", () => {
    expect(dayHeading(new Date(2026, 11, 6, 23, 59), now, "en-US")).toBe("Today");
    expect(dayHeading(new Date(2026, 11, 7, 9, 0), now, "en-US")).toBe("Tomorrow · Mon, Dec 7");
    expect(dayHeading(new Date(2026, 11, 5, 18, 0), now, "en-US")).toBe("Yesterday · Sat, Dec 5");
  });

  it("gives other days their date, the year only when another, and says when there is none", () => {
    expect(dayHeading(new Date(2026, 11, 9, 9, 0), now, "en-US")).toBe("Wed, Dec 9");
    expect(dayHeading(new Date(2027, 0, 4, 9, 0), now, "en-US")).toBe("Mon, Jan 4, 2027");
    expect(dayHeading(null, now, "en-US")).toBe("No due date");
    // Across a change of summer time (Mar 29, 2026 in Europe) a day is still one day.
    expect(dayHeading(new Date(2026, 2, 30, 0, 30), new Date(2026, 2, 29, 0, 30), "en-US")).toBe(
      "Tomorrow · Mon, Mar 30",
    );
  });
});
