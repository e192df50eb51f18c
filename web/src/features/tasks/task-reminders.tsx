import { useQuery } from "@tanstack/react-query";
import { AlarmClock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useCurrentUser } from "../auth/use-current-user";
import { useDayRange, type DayRange } from "./day-range";
import { formatDueShort } from "./due-format";
import { claimReminder, readReminderLog, snoozeReminder } from "./reminder-log";
import {
  reminderSpan,
  reminderTime,
  remindersDue,
  SNOOZE_MS,
  type DueReminder,
  type ReminderLead,
} from "./reminder-schedule";
import { desktopReminders, notificationPermission, reminderLead } from "./reminder-settings";
import { taskPath } from "./task-path";
import type { TaskRow } from "./task-types";
import { useToggleTask } from "./use-task-mutations";

/** Long enough to be seen by someone glancing back from a call; a hidden tab holds it (sonner pauses its timer). */
const REMINDER_TOAST_MS = 60_000;
/** Tasks a teammate assigned meanwhile are read again this often; a reminder's own time wakes the tab itself. */
const REFRESH_MS = 5 * 60_000;
/** The longest a tab sleeps between looks, so a clock changed or a laptop woken is noticed. */
const LOOK_AGAIN_MS = 60_000;
/** How old the list may be when a reminder is due; older, it is read again first, in case the task was done meanwhile. */
const FRESH_MS = 60_000;
/** A tab in the background claims a reminder this much later, so one in front, where it is seen, shows it. */
const BACKGROUND_DELAY_MS = 3_000;

function dueWords(dueAt: Date, lead: ReminderLead, snoozed: boolean, now: Date): string {
  const minutes = Math.round((dueAt.getTime() - now.getTime()) / 60_000);
  if (!snoozed && lead > 0 && minutes > 0) return `Due in ${minutes} min, ${formatDueShort(dueAt, now)}`;
  return minutes >= 0 ? `Due now, ${formatDueShort(dueAt, now)}` : `Was due ${formatDueShort(dueAt, now)}`;
}

/**
 * Reminds of the caller's tasks due today at a time of day, while the app is open in a tab: a toast that opens the
 * task, completes it or snoozes it 10 minutes, and, with the tab in the background and desktop notifications on, a
 * notification too. Each reminder shows once in this browser (reminder-log.ts), however many tabs are open.
 */
export default function TaskReminders() {
  const userId = useCurrentUser().data?.id;
  const lead = reminderLead.use();
  const desktop = desktopReminders.use();
  const range = useDayRange();
  const today = useQuery({
    ...trpc.tasks.list.queryOptions(
      { view: "today", assignee: "me", ...reminderSpan(range, lead === "off" ? 0 : lead), limit: 200 },
      { refetchInterval: REFRESH_MS },
    ),
    enabled: Boolean(userId) && lead !== "off",
  });
  const toggle = useToggleTask();
  const navigate = useNavigate();
  const [look, setLook] = useState(0);
  // What a toast's buttons act on when pressed: the task as the list holds it then.
  const latest = useRef({ rows: today.data, range, toggle, navigate, desktop });
  useEffect(() => {
    latest.current = { rows: today.data, range, toggle, navigate, desktop };
  });

  useEffect(() => {
    const lookAgain = () => setLook((n) => n + 1);
    document.addEventListener("visibilitychange", lookAgain);
    return () => document.removeEventListener("visibilitychange", lookAgain);
  }, []);

  const { data: rows, dataUpdatedAt, errorUpdatedAt, isFetching, refetch } = today;
  useEffect(() => {
    if (!userId || lead === "off" || !rows) return;
    // Nothing due at a time today: no log to read, and no tab woken every minute all day, until the list changes.
    if (!rows.some((row) => reminderTime(row.task, lead) !== null)) return;
    let live = true;
    let claim = 0;
    let timer = 0;
    void readReminderLog(userId).then((log) => {
      if (!live) return;
      const now = Date.now();
      const { due, next } = remindersDue(rows, lead, log, now);
      if (due.length > 0) {
        // A task done elsewhere since the list was read (in another browser, or before the cache kept in IndexedDB
        // was restored) must not remind: an old list is read again first, unless reading it has just failed.
        const fresh = now - dataUpdatedAt < FRESH_MS || errorUpdatedAt > dataUpdatedAt;
        if (!fresh) {
          if (!isFetching) void refetch();
        } else {
          const claimAll = () => {
            for (const reminder of due)
              void claimReminder(userId, reminder.key).then((claimed) => {
                if (claimed) showReminder(userId, reminder, lead, latest);
              });
          };
          claim = window.setTimeout(claimAll, document.hidden ? BACKGROUND_DELAY_MS : 0);
        }
      }
      const wait = Math.min(next === null ? LOOK_AGAIN_MS : next - now, LOOK_AGAIN_MS);
      timer = window.setTimeout(() => setLook((n) => n + 1), Math.max(wait, 0) + 50);
    });
    return () => {
      live = false;
      window.clearTimeout(claim);
      window.clearTimeout(timer);
    };
  }, [userId, lead, rows, dataUpdatedAt, errorUpdatedAt, isFetching, refetch, look]);

  return null;
}

type Latest = {
  rows: TaskRow[] | undefined;
  range: DayRange;
  toggle: ReturnType<typeof useToggleTask>;
  navigate: ReturnType<typeof useNavigate>;
  desktop: boolean;
};

function showReminder(userId: string, reminder: DueReminder, lead: ReminderLead, latest: { current: Latest }) {
  const { task, recordName } = reminder.row;
  const id = `reminder:${reminder.key}`;
  const due = dueWords(task.dueAt!, lead, reminder.snoozed, new Date());
  const open = () => {
    toast.dismiss(id);
    latest.current.navigate(taskPath(task, latest.current.range));
  };
  toast(
    <button type="button" onClick={open} className="text-left font-medium hover:underline" title="Open the task">
      {task.title}
    </button>,
    {
      id,
      // The record on a line of its own: beside the buttons, "due …" and a name would wrap anywhere.
      description: (
        <>
          <span className="block">{due}</span>
          {recordName && <span className="block truncate">{recordName}</span>}
        </>
      ),
      icon: <AlarmClock className="size-4 text-primary" aria-hidden />,
      duration: REMINDER_TOAST_MS,
      action: {
        label: "Done",
        onClick: () => {
          // As the list holds it now; one no longer there is refused by the update, which says so.
          const current = latest.current.rows?.find((row) => row.task.id === task.id)?.task ?? task;
          if (current.status === "open") latest.current.toggle(current);
        },
      },
      cancel: {
        label: "Snooze",
        onClick: () => {
          void snoozeReminder(userId, reminder.key, Date.now() + SNOOZE_MS).then(() =>
            toast(`Snoozed “${task.title}” for 10 minutes`),
          );
        },
      },
    },
  );
  if (latest.current.desktop && document.hidden && notificationPermission() === "granted") {
    const notification = new Notification(task.title, {
      body: [due, recordName].filter(Boolean).join(" · "),
      tag: reminder.key,
    });
    notification.onclick = () => {
      window.focus();
      notification.close();
      open();
    };
  }
}
