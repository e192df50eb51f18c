/** Wall clocks of IANA time zones, with `Intl` alone: what a day or a time of day is where a person is. */
import { dateTimeFormat } from "./intl-formats";

/** A zone's wall clock, made once per zone (dateTimeFormat keeps it). */
const wallClock = (timeZone: string): Intl.DateTimeFormat =>
  dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

/** Whether the runtime knows an IANA time zone ("Europe/Paris", "UTC"). Its wall clock is kept for the reads after. */
export function isTimeZone(timeZone: string): boolean {
  try {
    wallClock(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `timeZone` at `at`, read as if it were UTC: its offset is this minus `at`. */
export function wallTime(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/**
 * The instant `timeZone`'s wall clock shows `wall` (a wall time read as UTC, as wallTime gives it). Two passes, since
 * the offset to subtract is the one at the answer, not at `wall` read as UTC (a day across a change of summer time).
 * A wall time the clocks skip (02:30 as they spring forward) lands an hour later or earlier, as calendars do.
 */
export function instantAt(wall: number, timeZone: string): number {
  const first = wall - (wallTime(timeZone, wall) - wall);
  return wall - (wallTime(timeZone, first) - first);
}
