import { dateTimeFormat, relativeTimeFormat } from "../../../../worker/src/domain/intl-formats";
import { getTimeLocale } from "../../lib/time-locale";
import { isAllDay } from "./day-range";

// Weekday-first, year only when it is not this year: what a person scanning a task list needs.
function dayPart(date: Date, now: Date): Intl.DateTimeFormatOptions {
  return {
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(date.getFullYear() !== now.getFullYear() && { year: "numeric" }),
  };
}

/** "Tue, Nov 24, 3:00 PM", or "Tue, Nov 24" for a task due some time that day. */
export function formatDue(date: Date, now = new Date(), locale = getTimeLocale()): string {
  const time: Intl.DateTimeFormatOptions = isAllDay(date) ? {} : { hour: "numeric", minute: "2-digit" };
  return dateTimeFormat(locale, { ...dayPart(date, now), ...time }).format(date);
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * The short form a row shows: "3:00 PM" today, "Tomorrow" (with its time, if any), "Yesterday"; a time in
 * the coming week by its weekday ("Fri 2:00 PM"), a later one this year by its date ("Dec 12, 2:00 PM");
 * else the date alone. Short enough for the row's date column.
 */
export function formatDueShort(date: Date, now = new Date(), locale = getTimeLocale()): string {
  const time = isAllDay(date) ? "" : dateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(date);
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const rtf = relativeTimeFormat(locale, { numeric: "auto" });
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  if (sameDay(date, now)) return time || capital(rtf.format(0, "day"));
  if (sameDay(date, tomorrow)) return [capital(rtf.format(1, "day")), time].filter(Boolean).join(" ");
  if (sameDay(date, yesterday)) return capital(rtf.format(-1, "day"));
  const clock = { hour: "numeric", minute: "2-digit" } as const;
  const weekAhead = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7);
  if (time && date > now && date < weekAhead)
    return dateTimeFormat(locale, { weekday: "short", ...clock }).format(date);
  if (time && date > now && date.getFullYear() === now.getFullYear())
    return dateTimeFormat(locale, { month: "short", day: "numeric", ...clock }).format(date);
  return dateTimeFormat(locale, dayPart(date, now)).format(date);
}

/**
 * A day's heading in a list grouped by day: "Today", "Tomorrow · Mon, Dec 7", "Yesterday · Sat, Dec 5", "Wed, Dec 9"
 * (with its year when not this one); "No due date" for none.
 */
export function dayHeading(date: Date | null, now = new Date(), locale = getTimeLocale()): string {
  if (!date) return "No due date";
  const day = dateTimeFormat(locale, dayPart(date, now)).format(date);
  const rtf = relativeTimeFormat(locale, { numeric: "auto" });
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const offset = Math.round(
    (new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime() -
      new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()) /
      86_400_000,
  );
  if (offset === 0) return capital(rtf.format(0, "day"));
  return Math.abs(offset) === 1 ? `${capital(rtf.format(offset, "day"))} · ${day}` : day;
}
