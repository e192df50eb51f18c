import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { emptyFilter, isRelativeDayOperator, type FilterState } from "./filters";
import { localTimeZone } from "../../lib/format";
import type { RememberedList } from "./list-memory";
import type { SortState } from "./types";
import { useSlashToSearch } from "./search-box";

/** A saved view's list part (worker/src/schemas/notes-views.ts `viewDefinition`). */
export type ListDefinition = { filters: FilterState; sort: SortState | null; search?: string };

const SEARCH_DEBOUNCE_MS = 150;
/** The trash lists what was deleted last first: what someone opening it is most likely after. */
const TRASH_SORT: SortState = { field: "deletedAt", direction: "desc" };

/**
 * What a record list asks the server for (search, filter, sort) and the selection over it.
 * The search box answers at once; the query follows 150 ms after the last keystroke. A new query
 * clears the selection, so a bulk action never touches rows the user can no longer see.
 *
 * `sort` is the sort the user chose, or null: then the list is in `defaultSort` order, and a
 * search lists its best matches first (names that start with the text, then the newest matches).
 * `shownSort` is what the column headers show. `restored` starts the list where it was left
 * (list-memory.ts); `wasRestored` tells a saved view not to replace it with its own definition.
 */
export function useListState(defaultSort: SortState, restored: RememberedList | null = null) {
  const [searchInput, setSearchInput] = useState(restored?.search ?? "");
  const [search, setSearch] = useState(restored?.search ?? "");
  const [filter, setFilter] = useState<FilterState>(restored?.filter ?? emptyFilter);
  const [sort, setSort] = useState<SortState | null>(restored?.sort ?? null);
  const [initialSort] = useState(defaultSort);
  const shownSort = sort ?? (search ? null : initialSort);
  const bestMatches = Boolean(search) && sort === null;
  // The trash: the same list over soft-deleted records.
  const [trash, setTrashState] = useState(restored?.trash ?? false);
  const [selection, setSelection] = useState<Set<string>>(() => new Set());
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const resetKey = JSON.stringify([search, filter, sort, trash]);
  useEffect(() => setSelection(new Set()), [resetKey]);

  useSlashToSearch(searchRef);

  /** The list procedure's input, without empty parts. */
  const input = useMemo(
    () => ({
      search: search || undefined,
      filter: filter.conditions.length ? filter : undefined,
      // The server's default: by name, or best matches first for a search.
      sort: sort ?? undefined,
      trash: trash || undefined,
      // "In the last 7 days" counts from this user's today.
      timeZone: filter.conditions.some((c) => isRelativeDayOperator(c.operator)) ? localTimeZone() : undefined,
    }),
    [search, filter, sort, trash],
  );

  /** Opens a saved view (or, with null, the plain list): search, filter and sort at once. */
  const applyDefinition = useCallback((definition: ListDefinition | null) => {
    const text = definition?.search ?? "";
    setSearchInput(text);
    setSearch(text.trim());
    setFilter(definition?.filters ?? emptyFilter);
    setSort(definition?.sort ?? null);
  }, []);
  /** The current search, filter and sort in a saved view's shape. */
  const definition = useMemo<ListDefinition>(
    () => ({ filters: filter, sort, ...(search ? { search } : {}) }),
    [filter, sort, search],
  );

  const clearSelection = useCallback(() => setSelection(new Set()), []);
  /** The list's own sort while the trash shows, to come back to. */
  const liveSort = useRef<SortState | null>(null);
  /** In or out of the trash: the trash opens in its own sort, and leaving it brings the list's back. */
  const setTrash = useCallback(
    (next: boolean) => {
      if (next === trash) return;
      if (next) liveSort.current = sort;
      setTrashState(next);
      setSort(next ? TRASH_SORT : liveSort.current);
    },
    [trash, sort],
  );
  const isFiltered = Boolean(search) || filter.conditions.length > 0;

  return {
    searchInput,
    setSearchInput,
    searchRef,
    filter,
    setFilter,
    sort,
    setSort,
    shownSort,
    bestMatches,
    selection,
    setSelection,
    clearSelection,
    input,
    resetKey,
    isFiltered,
    trash,
    setTrash,
    applyDefinition,
    definition,
    wasRestored: restored !== null,
  };
}
