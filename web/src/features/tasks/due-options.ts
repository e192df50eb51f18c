import * as chrono from "chrono-node";
import type { PickerOption } from "../../ui/option-picker";
import { endOfDay } from "./day-range";
import { formatDue, formatDueShort } from "./due-format";

/** A due date read from words: the time they name, or "some time that day" when they name none. */
export function dueFromMatch(match: chrono.ParsedResult): Date {
  const start = match.start.date();
  return match.start.isCertain("hour") ? start : endOfDay(start);
}

const dayAfter = (now: Date, days: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);

/** "Later today" is at least this much later, on the hour: a call put off after lunch comes back at 5 or 6. */
const LATER_BY_HOURS = 3;
/** …and offered only while it is still the working day. */
const LATEST_LATER_HOUR = 20;

/** The hour at least LATER_BY_HOURS from `now`, if it is still today by LATEST_LATER_HOUR. */
function laterToday(now: Date): Date | null {
  const later = new Date(now.getTime() + LATER_BY_HOURS * 3_600_000);
  if (later.getMinutes() || later.getSeconds() || later.getMilliseconds())
    later.setHours(later.getHours() + 1, 0, 0, 0);
  const sameDay = later.getDate() === now.getDate() && later.getMonth() === now.getMonth();
  return sameDay && later.getHours() <= LATEST_LATER_HOUR ? later : null;
}

/**
 * The due dates a reschedule offers: with nothing typed, later today (on the hour, 3 hours on or more, until 8 PM),
 * today, tomorrow, next Monday and in 2 weeks (each but the first "some time that day"); with words typed ("fri 3pm", "in 2 weeks"), the date they read as, if any. Each
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
  const later = laterToday(now);
  const presets: [string, Date][] = [
    ...(later ? [["Later today", later] as [string, Date]] : []),
    ["Today", endOfDay(dayAfter(now, 0))],
    ["Tomorrow", endOfDay(dayAfter(now, 1))],
    ["Next week", endOfDay(dayAfter(now, daysToMonday))],
    ["In 2 weeks", endOfDay(dayAfter(now, 14))],
  ];
  return presets.map(([label, due]) => ({
    value: due.toISOString(),
    label,
    // Later today by its time alone ("5:00 PM"), the days by their date.
    hint: due === later ? formatDueShort(due, now) : formatDue(due, now),
  }));
}
