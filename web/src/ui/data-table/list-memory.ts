import type { FilterState } from "./filters";
import type { SortState } from "./types";

/** What a list was showing: restored when the user comes back to the same history entry. */
export type RememberedList = { search: string; filter: FilterState; sort: SortState | null; trash: boolean };

const STORAGE_KEY = "team-crm:lists";
const SCROLL_KEY = "team-crm:list-scroll";
/** Entries kept per tab: enough for any Back a person makes, small enough to never matter. */
const MAX_ENTRIES = 50;

/** One history entry's value in a tab's store (`storageKey`), keyed `<list>:<entry>`. */
type Stored<T> = T & { entry: string };

function readEntries<T>(storageKey: string): Stored<T>[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? "[]");
    return Array.isArray(value) ? (value as Stored<T>[]) : [];
  } catch {
    return [];
  }
}

function writeEntries(storageKey: string, entries: unknown[]) {
  try {
    if (entries.length) sessionStorage.setItem(storageKey, JSON.stringify(entries.slice(-MAX_ENTRIES)));
    else sessionStorage.removeItem(storageKey);
  } catch {
    // Storage full or off: the list simply starts afresh next time.
  }
}

const findEntry = <T>(storageKey: string, list: string, entry: string): Stored<T> | undefined =>
  readEntries<T>(storageKey).find((e) => e.entry === `${list}:${entry}`);

/** Stores `value` as the newest entry for this list and history entry; null leaves nothing behind. */
function putEntry<T extends object>(storageKey: string, list: string, entry: string, value: T | null) {
  const key = `${list}:${entry}`;
  const others = readEntries<T>(storageKey).filter((e) => e.entry !== key);
  writeEntries(storageKey, value ? [...others, { ...value, entry: key }] : others);
}

const isFilter = (value: unknown): value is FilterState =>
  typeof value === "object" &&
  value !== null &&
  ((value as FilterState).combinator === "and" || (value as FilterState).combinator === "or") &&
  Array.isArray((value as FilterState).conditions) &&
  (value as FilterState).conditions.every((c) => typeof c === "object" && c !== null && typeof c.field === "string");

const isSort = (value: unknown): value is SortState | null =>
  value === null ||
  (typeof value === "object" &&
    typeof (value as SortState).field === "string" &&
    ((value as SortState).direction === "asc" || (value as SortState).direction === "desc"));

/**
 * The list last shown at this history entry (`entry`: the router location's key, kept in
 * history.state, so a reload and Back/Forward find it), or null. The sidebar's link to the page
 * makes a new entry, so it always opens the plain list: only coming back restores one.
 */
export function recallList(list: string, entry: string): RememberedList | null {
  return asList(findEntry<RememberedList>(STORAGE_KEY, list, entry));
}

function asList(found: Partial<RememberedList> | null | undefined): RememberedList | null {
  if (!found || typeof found.search !== "string" || !isFilter(found.filter) || !isSort(found.sort)) return null;
  return { search: found.search, filter: found.filter, sort: found.sort, trash: found.trash === true };
}

/**
 * A link that opens a list searched or filtered (a company's people on /contacts): the router
 * state to give the link. The list then starts so, and is remembered at that history entry as if
 * the person had filtered it there.
 */
export const listLinkState = (list: RememberedList) => ({ list });

/** The list a link asked for (listLinkState), or null. */
export const listOfLinkState = (state: unknown): RememberedList | null =>
  asList((state as { list?: Partial<RememberedList> } | null)?.list);

/** Remembers what the list shows at this history entry; a plain list leaves nothing behind. */
export function rememberList(list: string, entry: string, state: RememberedList) {
  const plain = !state.search && state.filter.conditions.length === 0 && state.sort === null && !state.trash;
  putEntry(STORAGE_KEY, list, entry, plain ? null : state);
}

/** How far down the list at this history entry was scrolled (0: the top, or unknown). */
export function recallScroll(list: string, entry: string): number {
  const found = findEntry<{ top: number }>(SCROLL_KEY, list, entry);
  return typeof found?.top === "number" && found.top > 0 ? found.top : 0;
}

/** Remembers how far down the list at this history entry is scrolled; the top leaves nothing behind. */
export function rememberScroll(list: string, entry: string, top: number) {
  putEntry(SCROLL_KEY, list, entry, top > 0 ? { top: Math.round(top) } : null);
}

/** Sign-out: the next person in this tab finds no list as the last one left it. */
export function forgetLists() {
  writeEntries(STORAGE_KEY, []);
  writeEntries(SCROLL_KEY, []);
}

/**
 * Gives the tab's current history entry a key when the router has not (the first page of a tab, an
 * address typed in), before the router starts: React Router names such entries all "default", and
 * the next typed address would then find the list the last one left.
 */
export function keyHistoryEntry() {
  const state: unknown = window.history.state;
  if (state && typeof state === "object" && "key" in state && state.key) return;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ ...(state && typeof state === "object" ? state : {}), key }, "");
}
