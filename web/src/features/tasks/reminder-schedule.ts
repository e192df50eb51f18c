import { isAllDay, type DayRange } from "./day-range";
import type { TaskRow } from "./task-types";

/** Minutes before a task's due time that its reminder shows. */
export type ReminderLead = 0 | 5 | 15 | 30;

/** What this browser did with a reminder: when it showed, and when to show it again if snoozed. */
export type ReminderEntry = { shownAt: number; snoozedUntil?: number };
/** Reminders by key (reminderKey), shared by the tabs of one browser. */
export type ReminderLog = Record<string, ReminderEntry>;

export type DueReminder = { key: string; row: TaskRow; snoozed: boolean };

/**
 * How late a reminder may still show: the app opened (or the laptop woke) this long after its time. A task left
 * longer is overdue, which its list says; a dozen reminders at once on opening the app would say nothing more.
 */
export const CATCH_UP_MS = 15 * 60_000;
export const SNOOZE_MS = 10 * 60_000;
/** How long the log keeps what it showed: past any reminder still to come for those due times. */
export const LOG_KEEP_MS = 2 * 24 * 3_600_000;

/**
 * The due times whose tasks may remind today: the day, from the catch-up before it began (a task due at 23:55
 * reminds on opening the app at 00:05) to the lead past its end (one due at 00:05 reminds at 23:50, 15 minutes
 * before). It moves only with the day and the lead, so the list read for it is read once per page, not each minute.
 */
export function reminderSpan(day: DayRange, lead: ReminderLead): DayRange {
  return {
    dayStart: new Date(day.dayStart.getTime() - CATCH_UP_MS),
    dayEnd: new Date(day.dayEnd.getTime() + lead * 60_000),
  };
}

/**
 * A reminder is for one task at one due time: rescheduled, the task reminds again at its new time; the lead
 * changed in settings, it does not remind twice.
 */
export function reminderKey(taskId: string, dueAt: Date): string {
  return `${taskId}@${dueAt.getTime()}`;
}

/** When an open task with a time of day reminds; null for a task done, undated or due some time that day. */
export function reminderTime(task: TaskRow["task"], lead: ReminderLead): number | null {
  if (task.status !== "open" || !task.dueAt || isAllDay(task.dueAt)) return null;
  return task.dueAt.getTime() - lead * 60_000;
}

/**
 * The reminders to show at `now` (snoozed ones whose time came, then the others in due order), and when to look
 * again: the next reminder's time, or null when none is to come.
 */
export function remindersDue(
  rows: TaskRow[],
  lead: ReminderLead,
  log: ReminderLog,
  now: number,
): { due: DueReminder[]; next: number | null } {
  const due: DueReminder[] = [];
  let next: number | null = null;
  const later = (at: number) => {
    next = next === null ? at : Math.min(next, at);
  };
  for (const row of rows) {
    const at = reminderTime(row.task, lead);
    if (at === null) continue;
    const key = reminderKey(row.task.id, row.task.dueAt!);
    const entry = log[key];
    if (entry?.snoozedUntil !== undefined) {
      if (entry.snoozedUntil <= now) due.push({ key, row, snoozed: true });
      else later(entry.snoozedUntil);
    } else if (entry) continue;
    else if (at > now) later(at);
    else if (now - at <= CATCH_UP_MS) due.push({ key, row, snoozed: false });
  }
  due.sort((a, b) => a.row.task.dueAt!.getTime() - b.row.task.dueAt!.getTime());
  return { due, next };
}
