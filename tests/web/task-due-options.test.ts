import { describe, expect, it } from "vitest";
import { dueOptions } from "../../web/src/features/tasks/due-options";

// A Wednesday afternoon and a Sunday one, local time.
const wednesday = new Date(2026, 10, 25, 14, 0);
const sunday = new Date(2026, 10, 29, 14, 0);
const at = (option: { value: string }) => new Date(option.value);

describe("dueOptions", () => {
  it("offers later today, today, tomorrow, next Monday and in 2 weeks, with nothing typed", () => {
    const options = dueOptions("", wednesday);
    expect(options.map((option) => option.label)).toEqual([
      "Later today",
      "Today",
      "Tomorrow",
      "Next week",
      "In 2 weeks",
    ]);
    expect(options.map(at)).toEqual([
      new Date(2026, 10, 25, 17, 0),
      new Date(2026, 10, 25, 23, 59),
      new Date(2026, 10, 26, 23, 59),
      new Date(2026, 10, 30, 23, 59),
      new Date(2026, 11, 9, 23, 59),
    ]);
    expect(options[0].hint).toMatch(/5:00\s?PM$/);
    expect(options[3].hint).toMatch(/^Mon, Nov 30$/);
  });

  it("takes later today to the hour after 3 hours on, and offers it only until 8 PM", () => {
    const laterAt = (h: number, m: number) => {
      const [first] = dueOptions("", new Date(2026, 10, 25, h, m));
      return first.label === "Later today" ? at(first) : null;
    };
    expect(laterAt(9, 10)).toEqual(new Date(2026, 10, 25, 13, 0));
    expect(laterAt(17, 0)).toEqual(new Date(2026, 10, 25, 20, 0));
    expect(laterAt(17, 1)).toBeNull();
    expect(laterAt(23, 30)).toBeNull();
  });

  it("takes next week to be the Monday after, not today, on a Monday's eve and on a Monday", () => {
    const nextWeek = (now: Date) => at(dueOptions("", now).find((option) => option.label === "Next week")!);
    expect(nextWeek(sunday)).toEqual(new Date(2026, 10, 30, 23, 59));
    expect(nextWeek(new Date(2026, 10, 30, 9, 0))).toEqual(new Date(2026, 11, 7, 23, 59));
  });

  it("reads a date in words, ahead of now, with the time when one is named", () => {
    const [friday] = dueOptions("fri 3pm", wednesday);
    expect(at(friday)).toEqual(new Date(2026, 10, 27, 15, 0));
    expect(friday.label).toMatch(/^Fri, Nov 27, 3:00\s?PM$/);
    expect(at(dueOptions("in 2 weeks", wednesday)[0])).toEqual(new Date(2026, 11, 9, 23, 59));
    // 9am has passed today: the next 9am.
    expect(at(dueOptions("9am", wednesday)[0])).toEqual(new Date(2026, 10, 26, 9, 0));
  });

  it("offers nothing for words that hold no date", () => {
    expect(dueOptions("whenever", wednesday)).toEqual([]);
  });
});
