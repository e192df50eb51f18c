/**
 * Calendar days in a time zone, for the filters that count days from today ("in the last 7 days"):
 * a saved view holds the number of days, and each list resolves it against the caller's today.
 */
import { instantAt, wallTime } from "../time-zones";

/** The calendar day ("2026-12-05") `at` falls on in `timeZone`. */
export function dayIn(timeZone: string, at: number): string {
  return new Date(wallTime(timeZone, at)).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instant `day` starts in `timeZone`: its local midnight, or the first instant of it where a
 * clock change skips midnight.
 */
export function startOfDay(day: string, timeZone: string): number {
  const start = instantAt(Date.parse(day), timeZone);
  // A skipped midnight (the clock jumps from 23:59:59 to 01:00) lands on the day before: the day starts an hour on.
  return dayIn(timeZone, start) < day ? start + 3_600_000 : start;
}
