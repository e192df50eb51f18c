import * as chrono from "chrono-node";
import type { PickerOption } from "../../ui/option-picker";
import { endOfDay } from "./day-range";
import { formatDue } from "./due-format";

/** A due date read from words: the time they name, or "some time that day" when they name none. */
export function dueFromMatch(match: chrono.ParsedResult): Date {
  const start = match.start.date();
  return match.start.isCertain("hour") ? start : endOfDay(start);
}

const dayAfter = (now: Date, days: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);

/**
 * The due dates a reschedule offers: with nothing typed, today, tomorrow and next Monday (each "some
 * time that day"); with words typed ("fri 3pm", "in 2 weeks"), the date they read as, if any. Each
 * option's value is the date as ISO text.
 */
export function dueOptions(text: string, now = new Date()): PickerOption[] {
  const typed = text.trim();
  if (typed) {
    const [match] = chrono.parse(typed, now, { forwardDate: true });
    if (!match) return [];
    const due = dueFromMatch(match);
    return [{ value: due.toISOString(), label: formatDue(due, now) }];
  }
  const daysToMonday = (8 - now.getDay()) % 7 || 7;
  const presets: [string, Date][] = [
    ["Today", dayAfter(now, 0)],
    ["Tomorrow", dayAfter(now, 1)],
    ["Next week", dayAfter(now, daysToMonday)],
  ];
  return presets.map(([label, day]) => {
    const due = endOfDay(day);
    return { value: due.toISOString(), label, hint: formatDue(due, now) };
  });
}
