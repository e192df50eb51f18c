import { useMemo, useSyncExternalStore } from "react";

/** A record opened lately: what the palette lists before anything is typed. */
export type RecentRecord = { object: "contact" | "company"; id: string; name: string; detail: string | null };

/** The address that opens a record: its page with `?open=<id>`. */
export const recordPath = ({ object, id }: Pick<RecentRecord, "object" | "id">) =>
  `/${object === "contact" ? "contacts" : "companies"}?open=${id}`;

const STORAGE_KEY = "team-crm:recent";
const CHANGED = "team-crm:recent-changed";
/** As many as the palette shows above its other groups without pushing them out of sight. */
export const MAX_RECENT = 6;

type Stored = { user: string; records: RecentRecord[] };

/** The records `user` opened lately, newest first, from the stored text (another account's are never shown). */
function parse(text: string | null, user: string | undefined): RecentRecord[] {
  try {
    const value = JSON.parse(text ?? "null") as Stored | null;
    const valid = value && typeof value.user === "string" && Array.isArray(value.records);
    return user && valid && value.user === user ? value.records : [];
  } catch {
    return [];
  }
}

function recentRecords(user: string): RecentRecord[] {
  return parse(localStorage.getItem(STORAGE_KEY), user);
}

/** Puts `record` first in `user`'s recent records (once, with its latest name). */
export function rememberRecent(user: string, record: RecentRecord) {
  const others = recentRecords(user).filter((r) => !(r.object === record.object && r.id === record.id));
  const records = [record, ...others].slice(0, MAX_RECENT);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ user, records } satisfies Stored));
  } catch {
    return; // Storage full or off: nothing to list, nothing lost.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** Sign-out: the next person at this browser sees none of them. */
export function forgetRecent() {
  localStorage.removeItem(STORAGE_KEY);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange); // another tab
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** `user`'s recent records, kept current as records are opened here or in another tab. */
export function useRecentRecords(user: string | undefined): RecentRecord[] {
  const text = useSyncExternalStore(subscribe, () => localStorage.getItem(STORAGE_KEY));
  return useMemo(() => parse(text, user), [text, user]);
}
