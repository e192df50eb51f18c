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
  return new Intl.DateTimeFormat(locale, { ...dayPart(date, now), ...time }).format(date);
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** The short form a row shows: "3:00 PM" today, "Tomorrow", "Yesterday", else the date. */
export function formatDueShort(date: Date, now = new Date(), locale = getTimeLocale()): string {
  const time = isAllDay(date)
    ? ""
    : new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(date);
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  if (sameDay(date, now)) return time || capital(rtf.format(0, "day"));
  if (sameDay(date, tomorrow)) return [capital(rtf.format(1, "day")), time].filter(Boolean).join(" ");
  if (sameDay(date, yesterday)) return capital(rtf.format(-1, "day"));
  return new Intl.DateTimeFormat(locale, dayPart(date, now)).format(date);
}
