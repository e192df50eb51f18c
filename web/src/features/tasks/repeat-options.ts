import { dateTimeFormat } from "../../../../worker/src/domain/intl-formats";
import { taskRepeats } from "../../../../drizzle/values";
import { nextDueAt, type TaskRepeat } from "../../../../worker/src/domain/tasks/repeat";
import { localTimeZone } from "../../lib/format";
import { getTimeLocale } from "../../lib/time-locale";
import type { PickerOption } from "../../ui/option-picker";
import type { Task } from "./task-types";

export type { TaskRepeat };

function ordinal(day: number, locale: string | undefined): string {
  if (!(locale ?? Intl.DateTimeFormat().resolvedOptions().locale).startsWith("en")) return String(day);
  const suffix = { one: "st", two: "nd", few: "rd", other: "th" } as const;
  return `${day}${suffix[new Intl.PluralRules("en-US", { type: "ordinal" }).select(day) as keyof typeof suffix]}`;
}

/** "Every week on Friday", "Every month on the 5th": the rule, read from the due date it repeats. */
export function repeatLabel(repeat: TaskRepeat, dueAt: Date | null, locale = getTimeLocale()): string {
  // Only the part the rule names is formatted (a list shows a label per repeating row).
  const weekday = () => (dueAt ? ` on ${dateTimeFormat(locale, { weekday: "long" }).format(dueAt)}` : "");
  const dayOfMonth = () => (dueAt ? ` on the ${ordinal(dueAt.getDate(), locale)}` : "");
  switch (repeat) {
    case "daily":
      return "Every day";
    case "weekdays":
      return "Every weekday";
    case "weekly":
      return `Every week${weekday()}`;
    case "biweekly":
      return `Every 2 weeks${weekday()}`;
    case "monthly":
      return `Every month${dayOfMonth()}`;
    case "quarterly":
      return `Every 3 months${dayOfMonth()}`;
    case "yearly":
      return `Every year${dueAt ? ` on ${dateTimeFormat(locale, { month: "short", day: "numeric" }).format(dueAt)}` : ""}`;
  }
}

/** The rule within a sentence: "repeats every week on Friday". */
export function repeatPhrase(repeat: TaskRepeat, dueAt: Date | null): string {
  const label = repeatLabel(repeat, dueAt);
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** When the task after this one will be due, as the server will set it once this one is done. */
export function nextOccurrence(task: Pick<Task, "dueAt" | "repeat" | "repeatZone">, now = new Date()): Date | null {
  if (!task.repeat || !task.dueAt) return null;
  return nextDueAt(task.dueAt, task.repeat, task.repeatZone ?? localTimeZone(), now);
}

/** "Dec 12": short enough to sit beside the rule (the next one is within a year, so the year goes without saying). */
const nextShort = (date: Date) => dateTimeFormat(getTimeLocale(), { month: "short", day: "numeric" }).format(date);

/** The repeat picker's choices for a task due `dueAt`, each with when the next one would be due. */
export function repeatOptions(dueAt: Date, now = new Date()): PickerOption[] {
  const zone = localTimeZone();
  return taskRepeats.map((repeat) => ({
    value: repeat,
    label: repeatLabel(repeat, dueAt),
    hint: `Next ${nextShort(nextDueAt(dueAt, repeat, zone, now))}`,
  }));
}

/** The patch that makes a task repeat (in this browser's time zone), or stop repeating. */
export const repeatPatch = (repeat: TaskRepeat | null) => ({
  repeat,
  repeatZone: repeat ? localTimeZone() : null,
});

// "every day", "every weekday", "every week", "every other week", "every 2 weeks", "every month", "every quarter",
// "every 3 months", "every year", or "every monday" (weekly, from that day), anywhere; "weekly", "monthly"… alone only
// at the end ("Review the pipeline weekly"), since before a noun they name it ("Send the weekly report").
const everyPattern =
  /(?:^|\s)(?:every\s+(day|weekday|week|other\s+week|2\s+weeks|two\s+weeks|month|quarter|3\s+months|three\s+months|year|mon(?:day)?|tue(?:sday)?|wed(?:nesday)?|thu(?:rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)|(daily|weekly|biweekly|monthly|quarterly|yearly|annually)(?=\s*$))(?=\s|$)/i;

const everyWords: Record<string, TaskRepeat> = {
  day: "daily",
  weekday: "weekdays",
  week: "weekly",
  "other week": "biweekly",
  "2 weeks": "biweekly",
  "two weeks": "biweekly",
  month: "monthly",
  quarter: "quarterly",
  "3 months": "quarterly",
  "three months": "quarterly",
  year: "yearly",
  annually: "yearly",
};

/**
 * A repeat named in typed words ("Call Ann every week fri 3pm"): the rule, the words it was read from, and the text
 * left for the date and title ("every monday" leaves "monday", the day it starts).
 */
export function repeatIn(text: string): { repeat: TaskRepeat; words: string; rest: string; day?: string } | null {
  const match = everyPattern.exec(text);
  if (!match) return null;
  const said = (match[1] ?? match[2])!.toLowerCase().replace(/\s+/g, " ");
  const words = match[0].trim();
  const start = match.index + match[0].indexOf(words);
  const before = text.slice(0, start);
  const after = text.slice(start + words.length);
  const known = everyWords[said] ?? (taskRepeats as readonly string[]).find((r) => r === said);
  if (known) return { repeat: known as TaskRepeat, words, rest: `${before}${after}` };
  // A weekday: weekly, and the day stays for the date ("every monday 9am" is due next Monday at 9).
  return { repeat: "weekly", words, rest: `${before}${said}${after}`, day: said };
}
