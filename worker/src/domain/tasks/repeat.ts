import type { taskRepeats } from "../../../../drizzle/values";

/** How often a repeating task comes back: once done, the next one is added, due at its next occurrence. */
export type TaskRepeat = (typeof taskRepeats)[number];

/** A date and time as a wall clock in one time zone shows it (month from 0, as Date takes it). */
type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** An IANA time zone name this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

function wallClockOf(instant: Date, zone: string): WallClock {
  const parts = formatterOf(zone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part("year"),
    month: part("month") - 1,
    day: part("day"),
    hour: part("hour") % 24,
    minute: part("minute"),
    second: part("second"),
  };
}

const utcOf = (wall: WallClock) => Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
const offsetAt = (instant: number, zone: string) => utcOf(wallClockOf(new Date(instant), zone)) - instant;

/**
 * The moment `zone`'s wall clock shows `wall`. Two passes, since the offset to subtract is the one at the answer
 * (a day across a DST change): 09:00 stays 09:00. A wall time the clocks skip (02:30 as they spring forward) lands
 * an hour later, as calendars do.
 */
function instantOf(wall: WallClock, zone: string): Date {
  const asUtc = utcOf(wall);
  const first = asUtc - offsetAt(asUtc, zone);
  return new Date(asUtc - offsetAt(first, zone));
}

/** Days since 1970-01-01 of a wall clock's date. */
const dayNumber = (wall: WallClock) => Math.floor(Date.UTC(wall.year, wall.month, wall.day) / 86_400_000);

/** The same wall time `days` later (the date rolls over months and years). */
function plusDays(wall: WallClock, days: number): WallClock {
  const date = new Date(Date.UTC(wall.year, wall.month, wall.day + days));
  return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
}

/** The same wall time `months` later, on the same day of the month or the month's last day (Jan 31 → Feb 28). */
function plusMonths(wall: WallClock, months: number): WallClock {
  const first = new Date(Date.UTC(wall.year, wall.month + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return { ...wall, year: first.getUTCFullYear(), month: first.getUTCMonth(), day: Math.min(wall.day, lastDay) };
}

const isWeekend = (wall: WallClock) => [0, 6].includes(new Date(Date.UTC(wall.year, wall.month, wall.day)).getUTCDay());

const stepDays: Partial<Record<TaskRepeat, number>> = { daily: 1, weekly: 7, biweekly: 14 };
const stepMonths: Partial<Record<TaskRepeat, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * When the task after one due `dueAt` is due: the rule's next occurrence, at the same wall time in `zone` (a task due
 * "some time that day", 23:59, stays so). Never a day already past: a task done late comes back on its first
 * occurrence from `now`'s day on (a weekly Monday call done on Wednesday comes back next Monday, not two days ago).
 */
export function nextDueAt(dueAt: Date, repeat: TaskRepeat, zone: string, now: Date = new Date()): Date {
  const due = wallClockOf(dueAt, zone);
  const todayWall = wallClockOf(now, zone);
  const today = dayNumber(todayWall);
  const behind = Math.max(0, today - dayNumber(due));
  const days = stepDays[repeat];
  if (days) return instantOf(plusDays(due, days * Math.max(1, Math.ceil(behind / days))), zone);
  const months = stepMonths[repeat];
  if (months) {
    const monthsBehind = (todayWall.year - due.year) * 12 + todayWall.month - due.month;
    let times = Math.max(1, Math.floor(monthsBehind / months));
    while (dayNumber(plusMonths(due, months * times)) < today) times++;
    return instantOf(plusMonths(due, months * times), zone);
  }
  // Weekdays: the next day from Monday to Friday, and not before today.
  let next = plusDays(due, Math.max(1, behind));
  while (isWeekend(next)) next = plusDays(next, 1);
  return instantOf(next, zone);
}
