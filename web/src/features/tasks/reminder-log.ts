import { createStore, delMany, entries, update, type UseStore } from "idb-keyval";
import { LOG_KEEP_MS, type ReminderEntry, type ReminderLog } from "./reminder-schedule";

/**
 * In IndexedDB, not localStorage: a readwrite transaction is one at a time across the browser's tabs and each sees
 * the last one's write, where Chromium hands a localStorage write to other tabs' processes a moment later, so two
 * tabs both found a reminder free and both showed it.
 */
let store: UseStore | null = null;
const logStore = () => (store ??= createStore("team-crm-reminders", "log"));

const storageKey = (userId: string, key: string) => `${userId} ${key}`;
const isOld = (entry: ReminderEntry, now: number) =>
  now - Math.max(entry.shownAt, entry.snoozedUntil ?? 0) >= LOG_KEEP_MS;

/** The reminders this browser showed or snoozed for the user; those two days old are forgotten on the way. */
export async function readReminderLog(userId: string, now = Date.now()): Promise<ReminderLog> {
  const log: ReminderLog = {};
  const old: IDBValidKey[] = [];
  for (const [stored, entry] of await entries<string, ReminderEntry>(logStore())) {
    if (isOld(entry, now)) old.push(stored);
    else if (stored.startsWith(`${userId} `)) log[stored.slice(userId.length + 1)] = entry;
  }
  if (old.length > 0) await delMany(old, logStore());
  return log;
}

/** Changes one entry in a single transaction; says whether `change` changed it. */
async function changeEntry(
  userId: string,
  key: string,
  change: (entry: ReminderEntry | undefined) => ReminderEntry | undefined,
): Promise<boolean> {
  let changed = false;
  await update<ReminderEntry | undefined>(
    storageKey(userId, key),
    (entry) => {
      const next = change(entry);
      changed = next !== entry;
      return next;
    },
    logStore(),
  );
  return changed;
}

/** Marks the reminder shown; false when another tab has shown it first (or it is snoozed still). */
export function claimReminder(userId: string, key: string, now = Date.now()): Promise<boolean> {
  return changeEntry(userId, key, (entry) =>
    !entry || (entry.snoozedUntil !== undefined && entry.snoozedUntil <= now) ? { shownAt: now } : entry,
  );
}

/** Shows the reminder again at `until`, in whichever tab is open then. */
export async function snoozeReminder(userId: string, key: string, until: number): Promise<void> {
  await changeEntry(userId, key, (entry) => ({ shownAt: entry?.shownAt ?? Date.now(), snoozedUntil: until }));
}
