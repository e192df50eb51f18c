/**
 * Calendar days in a time zone, for the filters that count days from today ("in the last 7 days"):
 * a saved view holds the number of days, and each list resolves it against the caller's today.
 */

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at `at`, read as if it were UTC: its offset is this minus `at`. */
function wallTime(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

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
 * clock change skips midnight. Two passes, since the offset at a day's UTC midnight may not be the
 * offset at its local one.
 */
export function startOfDay(day: string, timeZone: string): number {
  const midnight = Date.parse(day);
  let start = midnight - (wallTime(timeZone, midnight) - midnight);
  start = midnight - (wallTime(timeZone, start) - start);
  // A skipped midnight (the clock jumps from 23:59:59 to 01:00) lands on the day before: the day starts an hour on.
  return dayIn(timeZone, start) < day ? start + 3_600_000 : start;
}
