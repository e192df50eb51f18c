import type { ColumnSizingState, VisibilityState } from "@tanstack/react-table";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { DataTableColumn } from "./types";

/** A table's columns as the person left them: widths, which are shown, and their order (column-order.ts). */
type Stored = { sizing: ColumnSizingState; visibility: VisibilityState; order?: string[] };
/** What a saved view reads of a table: which columns are shown, and in what order. */
export type ColumnLayout = { visibility: VisibilityState; order: string[] };

function read(storageKey: string | undefined): Stored | null {
  if (!storageKey) return null;
  try {
    const value = JSON.parse(localStorage.getItem(storageKey) ?? "null") as Stored | null;
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

// Saved views set a table's visible columns and their order from outside it (and read them back), by the same
// storage key the table remembers them under.
const showRequests = new Map<string, (ids: string[]) => void>();
const published = new Map<string, ColumnLayout>();
const watchers = new Set<() => void>();

/** Shows exactly these columns, in this order (a saved view's; the ones that cannot be hidden stay) in that table. */
export function showColumns(storageKey: string, ids: string[]) {
  showRequests.get(storageKey)?.(ids);
}

/** The table's columns as they are now (hidden ones are `false`; unlisted ones use their default), and their order. */
export function useColumnLayout(storageKey: string): ColumnLayout | undefined {
  return useSyncExternalStore(
    (onChange) => {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
    () => published.get(storageKey),
  );
}

/** The visibility a table opens with: stored choices win; columns added since keep their default. */
function initialVisibility<Row>(columns: DataTableColumn<Row>[], stored: Stored | null): VisibilityState {
  return {
    ...Object.fromEntries(columns.filter((c) => c.defaultHidden).map((c) => [c.id, false] as const)),
    ...stored?.visibility,
  };
}

/**
 * The fields the table's visible columns show (DataTableColumn.fields) with `always`, sorted: what
 * its list asks for. Read before the table mounts (from what it will open with), so the first page
 * is asked for once; showing a column asks again.
 */
export function useVisibleFields<Row>(
  columns: DataTableColumn<Row>[],
  storageKey: string,
  always: readonly string[],
): string[] {
  const published = useColumnLayout(storageKey);
  const [opening] = useState(() => initialVisibility(columns, read(storageKey)));
  const visibility = published?.visibility ?? opening;
  return useMemo(() => {
    const fields = new Set(always);
    for (const column of columns)
      if (visibility[column.id] !== false) for (const field of column.fields ?? []) fields.add(field);
    return [...fields].sort();
  }, [columns, visibility, always]);
}

/** Column widths, visibility and order, remembered per table in localStorage. */
export function useColumnState<Row>(columns: DataTableColumn<Row>[], storageKey?: string) {
  const [initial] = useState(() => read(storageKey));
  const [sizing, setSizing] = useState<ColumnSizingState>(initial?.sizing ?? {});
  const [visibility, setVisibility] = useState<VisibilityState>(() => initialVisibility(columns, initial));
  // Empty until the person moves a column: the default order, which columns added later join in their place.
  const [order, setOrder] = useState<string[]>(() => (Array.isArray(initial?.order) ? initial.order : []));

  // Written debounced (a resize drag changes the sizing on every mouse move), and at once when the table goes or the
  // page is left, so the last change is never lost.
  const unsaved = useRef<string | null>(null);
  const save = useCallback(() => {
    if (!storageKey || unsaved.current === null) return;
    localStorage.setItem(storageKey, unsaved.current);
    unsaved.current = null;
  }, [storageKey]);
  useEffect(() => {
    if (!storageKey) return;
    const stored: Stored = { sizing, visibility, ...(order.length ? { order } : {}) };
    unsaved.current = JSON.stringify(stored);
    const timer = setTimeout(save, 300);
    return () => clearTimeout(timer);
  }, [storageKey, sizing, visibility, order, save]);
  useEffect(() => {
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("pagehide", save);
      save();
    };
  }, [save]);

  useEffect(() => {
    if (!storageKey) return;
    published.set(storageKey, { visibility, order });
    for (const notify of watchers) notify();
  }, [storageKey, visibility, order]);

  // The columns a view asked for; columns that arrive later (custom properties load after the
  // view opens) follow the same list instead of showing by default.
  const [shown, setShown] = useState<string[] | null>(null);
  useEffect(() => {
    if (!storageKey) return;
    const show = (ids: string[]) => {
      setShown(ids);
      setOrder(ids);
      setVisibility(
        Object.fromEntries(columns.filter((c) => c.hideable !== false).map((c) => [c.id, ids.includes(c.id)])),
      );
    };
    showRequests.set(storageKey, show);
    return () => {
      if (showRequests.get(storageKey) === show) showRequests.delete(storageKey);
    };
  }, [storageKey, columns]);
  useEffect(() => {
    if (!shown) return;
    setVisibility((current) => {
      const late = columns.filter((c) => c.hideable !== false && !(c.id in current));
      return late.length
        ? { ...current, ...Object.fromEntries(late.map((c) => [c.id, shown.includes(c.id)])) }
        : current;
    });
  }, [columns, shown]);

  /** Back to the table's defaults: widths, which columns show, and their order. */
  const reset = useCallback(() => {
    setSizing({});
    setVisibility(initialVisibility(columns, null));
    setOrder([]);
    setShown(null);
  }, [columns]);

  return { sizing, setSizing, visibility, setVisibility, order, setOrder, reset };
}
