import { describe, expect, it } from "vitest";
import { dayRangeOf } from "../../web/src/features/tasks/day-range";
import { parseQuickAdd, mentionIn, mentionsLeftIn, titleWithout } from "../../web/src/features/tasks/parse-quick-add";
import { tabOf } from "../../web/src/features/tasks/task-sort";
import type { TaskRow } from "../../web/src/features/tasks/task-types";
import { keyFromLabel, parseOptions } from "../../web/src/features/settings/property-labels";

// A Sunday afternoon, local time.
const now = new Date(2026, 10, 22, 14, 0);

describe("parseQuickAdd", () => {
  it("reads the due date and takes its words out of the title", () => {
    const parsed = parseQuickAdd("Call Ann tomorrow 3pm", now);
    expect(parsed.title).toBe("Call Ann");
    expect(parsed.dueAt).toEqual(new Date(2026, 10, 23, 15, 0));
    expect(parsed.dateText).toBe("tomorrow 3pm");
  });

  it("means the end of that day when no time is given, and drops the word that introduced the date", () => {
    const parsed = parseQuickAdd("Send proposal by friday", now);
    expect(parsed.title).toBe("Send proposal");
    expect(parsed.dueAt).toEqual(new Date(2026, 10, 27, 23, 59));
  });

  it("reads a priority tag", () => {
    const parsed = parseQuickAdd("Renew contract !high", now);
    expect(parsed).toMatchObject({ title: "Renew contract", priority: "high", dueAt: null });
  });

  it("keeps the words when date reading is switched off", () => {
    expect(parseQuickAdd("Review May numbers tomorrow", now, false)).toMatchObject({
      title: "Review May numbers tomorrow",
      dueAt: null,
    });
  });
});

describe("tabOf", () => {
  const range = dayRangeOf(now);
  const row = (task: Partial<TaskRow["task"]>) => ({ task: { status: "open", dueAt: null, ...task } }) as TaskRow;

  it("sorts open tasks by their due date against the caller's day", () => {
    expect(tabOf(row({ dueAt: new Date(2026, 10, 22, 9) }), range)).toBe("today");
    expect(tabOf(row({ dueAt: new Date(2026, 10, 21, 23) }), range)).toBe("overdue");
    expect(tabOf(row({ dueAt: new Date(2026, 10, 23, 0) }), range)).toBe("upcoming");
  });

  it("puts tasks without a due date in Upcoming and done tasks in Done", () => {
    expect(tabOf(row({}), range)).toBe("upcoming");
    expect(tabOf(row({ status: "done", dueAt: new Date(2026, 10, 1) }), range)).toBe("done");
  });
});

describe("property keys and options", () => {
  it("derives a snake_case key the server accepts", () => {
    expect(keyFromLabel("Renewal date")).toBe("renewal_date");
    expect(keyFromLabel("  Industry — Tier (2024) ")).toBe("industry_tier_2024");
    expect(keyFromLabel("2nd owner")).toBe("f_2nd_owner");
    expect(keyFromLabel("Café")).toBe("cafe");
  });

  it("splits options on commas and lines, without blanks or repeats", () => {
    expect(parseOptions("Gold, Silver\nBronze\n\nGold,")).toEqual(["Gold", "Silver", "Bronze"]);
    expect(parseOptions("Gold, gold, SILVER, Silver")).toEqual(["Gold", "SILVER"]);
  });
});

describe("mentionIn", () => {
  it("finds the record named after an @ at the end, the @ at the start or after a space", () => {
    expect(mentionIn("Call @ann")).toEqual({ query: "ann", start: 5 });
    expect(mentionIn("@Initech renewal")).toEqual({ query: "Initech renewal", start: 0 });
    expect(mentionIn("Send the deck to @ann lee ")).toEqual({ query: "ann lee", start: 17 });
  });

  it("is no mention in an email address, a bare @, or once the text goes past 40 characters after it", () => {
    expect(mentionIn("Write to ann@lee.example")).toBeNull();
    expect(mentionIn("Call @")).toBeNull();
    expect(mentionIn("Call @ ann")).toBeNull();
    expect(mentionIn(`Call @${"a".repeat(41)}`)).toBeNull();
  });
});

describe("an @mention left in a task as it is added", () => {
  it("reads the names it may stand for, longest first, and not an email's @", () => {
    expect(mentionsLeftIn("Call @Yuki tomorrow 3pm")).toEqual([
      { start: 5, names: ["Yuki tomorrow 3pm", "Yuki tomorrow", "Yuki"] },
    ]);
    expect(mentionsLeftIn("@abigail hall")).toEqual([{ start: 0, names: ["abigail hall", "abigail"] }]);
    expect(mentionsLeftIn("Mail ann@lee.example")).toEqual([]);
  });

  it("takes the linked name out of the title, or keeps it when nothing else is left", () => {
    expect(titleWithout("Call @Yuki", "Yuki")).toBe("Call");
    expect(titleWithout("Send @abigail hall the deck", "abigail hall")).toBe("Send the deck");
    expect(titleWithout("@Yuki", "Yuki")).toBe("Yuki");
    expect(titleWithout("Call Yuki", "Yuki")).toBe("Call Yuki");
  });
});
