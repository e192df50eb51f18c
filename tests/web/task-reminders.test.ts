import { clear, createStore } from "idb-keyval";
import { afterEach, describe, expect, it } from "vitest";
import { claimReminder, readReminderLog, snoozeReminder } from "../../web/src/features/tasks/reminder-log";
import {
  CATCH_UP_MS,
  LOG_KEEP_MS,
  reminderKey,
  reminderSpan,
  remindersDue,
  SNOOZE_MS,
  type ReminderLog,
} from "../../web/src/features/tasks/reminder-schedule";
import { reminderLead } from "../../web/src/features/tasks/reminder-settings";
import { dayRangeOf, endOfDay, type DayRange } from "../../web/src/features/tasks/day-range";
import type { TaskRow } from "../../web/src/features/tasks/task-types";

const at3pm = new Date(2026, 11, 4, 15, 0).getTime();
const minutes = (n: number) => n * 60_000;

function row(id: string, dueAt: Date | null, status: "open" | "done" = "open"): TaskRow {
  return { task: { id, title: `Task ${id}`, dueAt, status } as TaskRow["task"], recordName: null };
}

const call = row("call", new Date(at3pm));
const keyOf = (r: TaskRow) => reminderKey(r.task.id, r.task.dueAt!);
const ids = (result: ReturnType<typeof remindersDue>) => result.due.map((reminder) => reminder.row.task.id);

describe("reminderSpan", () => {
  const within = (span: DayRange, due: Date) => span.dayStart <= due && due < span.dayEnd;
  const midnight = new Date(2026, 11, 5);
  const at = (hours: number, mins: number, day = 4) => new Date(2026, 11, day, hours, mins);

  it("reads the day, from the catch-up before it began to the lead past its end", () => {
    const span = reminderSpan(dayRangeOf(at(15, 0)), 15);
    expect(span).toEqual({
      dayStart: new Date(new Date(2026, 11, 4).getTime() - CATCH_UP_MS),
      dayEnd: new Date(midnight.getTime() + minutes(15)),
    });
    expect(reminderSpan(dayRangeOf(at(9, 0)), 15)).toEqual(span);
  });

  it("reminds across midnight: of a task due at 23:55 on opening the app at 00:05, and of one at 00:05 at 23:50", () => {
    const late = row("late", at(23, 55));
    const justAfter = at(0, 5, 5);
    expect(within(reminderSpan(dayRangeOf(justAfter), 0), late.task.dueAt!)).toBe(true);
    expect(ids(remindersDue([late], 0, {}, justAfter.getTime()))).toEqual(["late"]);

    const early = row("early", at(0, 5, 5));
    const before = at(23, 50);
    expect(within(reminderSpan(dayRangeOf(before), 15), early.task.dueAt!)).toBe(true);
    expect(within(reminderSpan(dayRangeOf(before), 0), early.task.dueAt!)).toBe(false);
    expect(ids(remindersDue([early], 15, {}, before.getTime()))).toEqual(["early"]);
  });
});

describe("remindersDue", () => {
  it("waits for a task's due time, then reminds of it", () => {
    expect(remindersDue([call], 0, {}, at3pm - minutes(20))).toEqual({ due: [], next: at3pm });
    expect(ids(remindersDue([call], 0, {}, at3pm))).toEqual(["call"]);
  });

  it("reminds the chosen minutes before the due time", () => {
    expect(remindersDue([call], 15, {}, at3pm - minutes(20)).next).toBe(at3pm - minutes(15));
    expect(ids(remindersDue([call], 15, {}, at3pm - minutes(15)))).toEqual(["call"]);
  });

  it("never reminds of a task due some time that day, done, or without a due date", () => {
    const rows = [row("allday", endOfDay(new Date(at3pm))), row("done", new Date(at3pm), "done"), row("undated", null)];
    expect(remindersDue(rows, 0, {}, at3pm - minutes(1))).toEqual({ due: [], next: null });
    expect(remindersDue(rows, 0, {}, at3pm + minutes(1))).toEqual({ due: [], next: null });
  });

  it("still reminds of a time passed while the app was closed, up to 15 minutes late, and not later", () => {
    expect(ids(remindersDue([call], 0, {}, at3pm + CATCH_UP_MS))).toEqual(["call"]);
    expect(remindersDue([call], 0, {}, at3pm + CATCH_UP_MS + 1)).toEqual({ due: [], next: null });
  });

  it("reminds once: a reminder shown is not shown again", () => {
    const log: ReminderLog = { [keyOf(call)]: { shownAt: at3pm } };
    expect(remindersDue([call], 0, log, at3pm + minutes(1))).toEqual({ due: [], next: null });
  });

  it("reminds again at a task's new time once it is rescheduled", () => {
    const log: ReminderLog = { [keyOf(call)]: { shownAt: at3pm } };
    const moved = row("call", new Date(at3pm + minutes(60)));
    expect(remindersDue([moved], 0, log, at3pm + minutes(1)).next).toBe(at3pm + minutes(60));
    expect(ids(remindersDue([moved], 0, log, at3pm + minutes(60)))).toEqual(["call"]);
  });

  it("shows a snoozed reminder again when its snooze ends, however late that is", () => {
    const log: ReminderLog = { [keyOf(call)]: { shownAt: at3pm, snoozedUntil: at3pm + SNOOZE_MS } };
    expect(remindersDue([call], 0, log, at3pm + minutes(1))).toEqual({ due: [], next: at3pm + SNOOZE_MS });
    const late = remindersDue([call], 0, log, at3pm + SNOOZE_MS + CATCH_UP_MS + minutes(5));
    expect(late.due).toEqual([{ key: keyOf(call), row: call, snoozed: true }]);
  });

  it("lists the reminders due in due order and looks again at the earliest one to come", () => {
    const rows = [
      row("b", new Date(at3pm - minutes(5))),
      row("later", new Date(at3pm + minutes(30))),
      row("a", new Date(at3pm - minutes(10))),
      row("soon", new Date(at3pm + minutes(10))),
    ];
    const result = remindersDue(rows, 0, {}, at3pm);
    expect(ids(result)).toEqual(["a", "b"]);
    expect(result.next).toBe(at3pm + minutes(10));
  });
});

describe("the reminder log", () => {
  afterEach(() => clear(createStore("team-crm-reminders", "log")));

  it("lets one tab show a reminder: the second claim of it is refused", async () => {
    const key = keyOf(call);
    expect(await claimReminder("usr_1", key, at3pm)).toBe(true);
    expect(await claimReminder("usr_1", key, at3pm)).toBe(false);
    // Another person signed in to this browser has reminders of their own.
    expect(await claimReminder("usr_2", key, at3pm)).toBe(true);
  });

  it("holds a snoozed reminder until its snooze ends, then lets it be claimed once more", async () => {
    const key = keyOf(call);
    await claimReminder("usr_1", key, at3pm);
    await snoozeReminder("usr_1", key, at3pm + SNOOZE_MS);
    expect((await readReminderLog("usr_1", at3pm))[key]).toEqual({ shownAt: at3pm, snoozedUntil: at3pm + SNOOZE_MS });
    expect(await claimReminder("usr_1", key, at3pm + SNOOZE_MS - 1)).toBe(false);
    expect(await claimReminder("usr_1", key, at3pm + SNOOZE_MS)).toBe(true);
    expect(await claimReminder("usr_1", key, at3pm + SNOOZE_MS)).toBe(false);
  });

  it("forgets reminders two days old", async () => {
    await claimReminder("usr_1", "old", at3pm - LOG_KEEP_MS);
    await claimReminder("usr_1", "recent", at3pm - minutes(5));
    expect(Object.keys(await readReminderLog("usr_1", at3pm))).toEqual(["recent"]);
    // Forgotten for good, not only left out.
    expect(await claimReminder("usr_1", "old", at3pm)).toBe(true);
  });
});

describe("the reminder setting", () => {
  afterEach(() => localStorage.clear());

  it("is at the due time until chosen, and reads back what was chosen", () => {
    expect(reminderLead.get()).toBe(0);
    reminderLead.set("15");
    expect(reminderLead.get()).toBe(15);
    reminderLead.set("off");
    expect(reminderLead.get()).toBe("off");
    localStorage.setItem("taskReminders", "7");
    expect(reminderLead.get()).toBe(0);
  });
});
