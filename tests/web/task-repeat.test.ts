import { describe, expect, it } from "vitest";
import { parseQuickAdd } from "../../web/src/features/tasks/parse-quick-add";
import { localTimeZone } from "../../web/src/lib/format";
import { nextOccurrence, repeatLabel, repeatOptions, repeatPhrase } from "../../web/src/features/tasks/repeat-options";

// A Sunday afternoon, local time.
const now = new Date(2026, 10, 22, 14, 0);

describe("quick add reads a repeat", () => {
  it("reads “every week” with a date, and leaves both out of the title", () => {
    expect(parseQuickAdd("Call Ann every week fri 3pm", now)).toMatchObject({
      title: "Call Ann",
      repeat: "weekly",
      dueAt: new Date(2026, 10, 27, 15, 0),
      dateText: "every week fri 3pm",
    });
  });

  it("starts “every monday” on the next Monday, said once in the words it was read from", () => {
    expect(parseQuickAdd("Standup notes every monday 9am", now)).toMatchObject({
      title: "Standup notes",
      repeat: "weekly",
      dueAt: new Date(2026, 10, 23, 9, 0),
      dateText: "every monday 9am",
    });
  });

  it("starts a rule typed without a date today, some time that day; a weekday rule on the next weekday", () => {
    expect(parseQuickAdd("Review pipeline monthly", now)).toMatchObject({
      title: "Review pipeline",
      repeat: "monthly",
      dueAt: new Date(2026, 10, 22, 23, 59),
    });
    // Sunday: the weekday rule starts on Monday, at the time typed.
    expect(parseQuickAdd("Check leads every weekday 9am", now)).toMatchObject({
      repeat: "weekdays",
      dueAt: new Date(2026, 10, 23, 9, 0),
    });
  });

  it("knows each way of saying it, and leaves words that only look alike", () => {
    const rules = [
      "every day",
      "every other week",
      "every 2 weeks",
      "every quarter",
      "every 3 months",
      "every year",
      "annually",
      "biweekly",
    ].map((words) => parseQuickAdd(`Call ${words}`, now).repeat);
    expect(rules).toEqual(["daily", "biweekly", "biweekly", "quarterly", "quarterly", "yearly", "yearly", "biweekly"]);
    expect(parseQuickAdd("Everyday carry review", now)).toMatchObject({ title: "Everyday carry review", repeat: null });
    // "weekly" before a noun names it; at the end, before or after the date, it is the rule.
    expect(parseQuickAdd("Send the weekly report", now)).toMatchObject({
      title: "Send the weekly report",
      repeat: null,
    });
    expect(parseQuickAdd("Send the monthly report friday", now)).toMatchObject({
      title: "Send the monthly report",
      repeat: null,
    });
    expect(parseQuickAdd("Review the pipeline weekly fri 3pm", now)).toMatchObject({
      title: "Review the pipeline",
      repeat: "weekly",
      dueAt: new Date(2026, 10, 27, 15, 0),
    });
    expect(parseQuickAdd("Read the weekly report", now, false).repeat).toBeNull();
  });
});

describe("repeat labels", () => {
  const friday5th = new Date(2026, 11, 4, 9, 0); // Friday 4 December
  it("names the rule from its due date", () => {
    expect(repeatLabel("weekly", friday5th, "en-US")).toBe("Every week on Friday");
    expect(repeatLabel("biweekly", friday5th, "en-US")).toBe("Every 2 weeks on Friday");
    expect(repeatLabel("monthly", new Date(2026, 11, 22), "en-US")).toBe("Every month on the 22nd");
    expect(repeatLabel("quarterly", new Date(2026, 11, 3), "en-US")).toBe("Every 3 months on the 3rd");
    expect(repeatLabel("yearly", friday5th, "en-US")).toBe("Every year on Dec 4");
    expect(repeatPhrase("weekdays", friday5th)).toBe("every weekday");
  });

  it("offers every rule with when the next one would be due", () => {
    const options = repeatOptions(friday5th, new Date(2026, 11, 1));
    expect(options.map((o) => o.value)).toEqual([
      "daily",
      "weekdays",
      "weekly",
      "biweekly",
      "monthly",
      "quarterly",
      "yearly",
    ]);
    expect(options.find((o) => o.value === "weekdays")?.hint).toBe("Next Dec 7");
    expect(options.find((o) => o.value === "monthly")?.hint).toBe("Next Jan 4");
  });

  it("tells when a repeating task's next one comes, in the zone it keeps, and nothing for a one-off", () => {
    const task = { dueAt: friday5th, repeat: "daily" as const, repeatZone: localTimeZone() };
    expect(nextOccurrence(task, new Date(2026, 11, 1))).toEqual(new Date(2026, 11, 5, 9, 0));
    expect(nextOccurrence({ ...task, repeat: null }, new Date(2026, 11, 1))).toBeNull();
  });
});
