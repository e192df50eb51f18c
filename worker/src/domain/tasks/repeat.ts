import type { taskRepeats } from "../../../../drizzle/values";
import { instantAt, wallTime } from "../time-zones";

/** How often a repeating task comes back: once done, the next one is added, due at its next occurrence. */
export type TaskRepeat = (typeof taskRepeats)[number];

const DAY_MS = 86_400_000;

// Wall times are read as UTC (see wallTime): a Date whose UTC fields are what the zone's clock shows.
const dayNumber = (wall: Date) => Math.floor(wall.getTime() / DAY_MS);

/** The same wall time `days` later (the date rolls over months and years). */
const plusDays = (wall: Date, days: number) => new Date(wall.getTime() + days * DAY_MS);

/** The same wall time `months` later, on the same day of the month or the month's last day (Jan 31 → Feb 28). */
function plusMonths(wall: Date, months: number): Date {
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = new Date(wall);
  moved.setUTCFullYear(year, month, Math.min(wall.getUTCDate(), lastDay));
  return moved;
}

const isWeekend = (wall: Date) => wall.getUTCDay() === 0 || wall.getUTCDay() === 6;

const stepDays: Partial<Record<TaskRepeat, number>> = { daily: 1, weekly: 7, biweekly: 14 };
const stepMonths: Partial<Record<TaskRepeat, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * When the task after one due `dueAt` is due: the rule's next occurrence, at the same wall time in `zone` (9:00 stays
 * 9:00 across a change of summer time; a task due "some time that day", 23:59, stays so). Never a day already past: a
 * task done late comes back on its first occurrence from `now`'s day on (a weekly Monday call done on Wednesday comes
 * back next Monday, not two days ago).
 */
export function nextDueAt(dueAt: Date, repeat: TaskRepeat, zone: string, now: Date = new Date()): Date {
  const due = new Date(wallTime(zone, dueAt.getTime()));
  const todayWall = new Date(wallTime(zone, now.getTime()));
  const today = dayNumber(todayWall);
  const behind = Math.max(0, today - dayNumber(due));
  const at = (wall: Date) => new Date(instantAt(wall.getTime(), zone));
  const days = stepDays[repeat];
  if (days) return at(plusDays(due, days * Math.max(1, Math.ceil(behind / days))));
  const months = stepMonths[repeat];
  if (months) {
    const monthsBehind =
      (todayWall.getUTCFullYear() - due.getUTCFullYear()) * 12 + todayWall.getUTCMonth() - due.getUTCMonth();
    let times = Math.max(1, Math.floor(monthsBehind / months));
    while (dayNumber(plusMonths(due, months * times)) < today) times++;
    return at(plusMonths(due, months * times));
  }
  // Weekdays: the next day from Monday to Friday, and not before today.
  let next = plusDays(due, Math.max(1, behind));
  while (isWeekend(next)) next = plusDays(next, 1);
  return at(next);
}
