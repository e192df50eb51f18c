import * as chrono from "chrono-node";
import { endOfDay } from "./day-range";
import { dueFromMatch } from "./due-options";
import { repeatIn, repeatPatch, type TaskRepeat } from "./repeat-options";
import { typeOfTitle, type TaskType } from "./task-type";
import type { TaskPriority } from "./task-types";

export type QuickAdd = {
  title: string;
  dueAt: Date | null;
  /** The words the date was read from, e.g. "tomorrow 3pm". */
  dateText: string | null;
  priority: TaskPriority;
  /** How often it repeats ("every week"), due today when no date is typed (a weekday rule: the next weekday). */
  repeat: TaskRepeat | null;
  /** What the title reads as: "Call Ann" a call (see typeOfTitle). */
  type: TaskType;
};

// Small words that only introduce the date ("by friday", "on the 3rd") go with it.
const connector = /\s+(?:by|on|at|due|before|until)\s*$/i;
const priorityTag = /(?:^|\s)!(high|low|normal|h|l)\b/i;
const priorities: Record<string, TaskPriority> = { high: "high", h: "high", low: "low", l: "low", normal: "normal" };

/** A weekday rule's first day is a weekday: one read as Saturday or Sunday moves to the Monday, at the same time. */
function firstWeekday(date: Date): Date {
  const skip = date.getDay() === 6 ? 2 : date.getDay() === 0 ? 1 : 0;
  const moved = new Date(date);
  moved.setDate(date.getDate() + skip);
  return moved;
}

/**
 * "Call Ann tomorrow 3pm !high" → title "Call Ann", due tomorrow 15:00, high priority; "Standup every weekday 9am"
 * → repeating every weekday from 9:00.
 */
export function parseQuickAdd(text: string, now = new Date(), readDates = true): QuickAdd {
  let title = text;
  let priority: TaskPriority = "normal";
  const tag = priorityTag.exec(title);
  if (tag) {
    priority = priorities[tag[1]!.toLowerCase()] ?? "normal";
    title = title.slice(0, tag.index) + title.slice(tag.index + tag[0].length);
  }

  let rule = readDates ? repeatIn(title) : null;
  if (rule) title = rule.rest;
  const [match] = readDates ? chrono.parse(title, now, { forwardDate: true }) : [];
  let dueAt: Date | null = null;
  if (match) {
    dueAt = dueFromMatch(match);
    const before = title.slice(0, match.index).replace(connector, "");
    title = `${before} ${title.slice(match.index + match.text.length)}`;
  }
  // "Review the pipeline weekly fri 3pm": "weekly" ends the title once the date is out of it.
  if (readDates && !rule && match) {
    rule = repeatIn(title.trimEnd());
    if (rule) title = rule.rest;
  }
  // A rule with no date typed starts today, some time that day.
  if (rule && !dueAt) dueAt = endOfDay(now);
  if (rule?.repeat === "weekdays" && dueAt) dueAt = firstWeekday(dueAt);
  // "every monday 9am": the date read from "monday 9am" is the rule's own day, said once.
  const dateWords =
    rule?.day && match?.text.toLowerCase().startsWith(rule.day) ? match.text.slice(rule.day.length) : match?.text;
  const dateText = [rule?.words, dateWords?.trim()].filter(Boolean).join(" ") || null;
  const cleanTitle = title.replace(/\s+/g, " ").trim();
  return { title: cleanTitle, dueAt, dateText, priority, repeat: rule?.repeat ?? null, type: typeOfTitle(cleanTitle) };
}

/** What tasks.create takes from a task typed in words: its title, due date, priority, type and repeat. */
export function newTaskFields({ title, dueAt, priority, type, repeat }: QuickAdd) {
  return { title, dueAt, priority, type, ...(repeat && repeatPatch(repeat)) };
}

/** "@ann lee" at the end of what is typed, after a space or at the start (an email's @ is not one). */
const mentionAtEnd = /(?:^|\s)@(\S[^@]{0,39})$/;

/** The record being mentioned at the end of `text`: what follows the @, and where the @ is. */
export function mentionIn(text: string): { query: string; start: number } | null {
  const match = mentionAtEnd.exec(text);
  if (!match) return null;
  return { query: match[1]!.trim(), start: match.index + match[0].indexOf("@") };
}

/** "@Yuki tomorrow 3pm": an "@" (after a space or at the start) and up to three words typed after it. */
const mentionAnywhere = /(?:^|\s)@(\S+(?:\s+\S+){0,2})/g;

/**
 * The "@" mentions left in `text` when a task is added without a record picked: where each "@" is, and the names it
 * may stand for, longest first ("Yuki tomorrow 3pm", "Yuki tomorrow", "Yuki"), since the name ends where the
 * typing moved on to something else.
 */
export function mentionsLeftIn(text: string): { start: number; names: string[] }[] {
  return [...text.matchAll(mentionAnywhere)].map((match) => {
    const words = match[1]!.split(/\s+/);
    return {
      start: match.index + match[0].indexOf("@"),
      names: words.map((_, i) => words.slice(0, words.length - i).join(" ")),
    };
  });
}

/** The title without "@name" (the record is linked instead); the name itself when nothing else is left. */
export function titleWithout(title: string, name: string): string {
  const at = title.indexOf(`@${name}`);
  if (at < 0) return title;
  const rest = `${title.slice(0, at)} ${title.slice(at + name.length + 1)}`.replace(/\s+/g, " ").trim();
  return rest || name;
}
