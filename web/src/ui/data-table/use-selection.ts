import { useCallback, useMemo, useRef } from "react";

type Options = {
  ids: string[];
  selection: ReadonlySet<string>;
  onSelectionChange: (selection: Set<string>) => void;
};

/** Checkbox selection over the loaded rows: toggle, shift-click ranges, select all loaded. */
export function useRowSelection({ ids, selection, onSelectionChange }: Options) {
  // Where the last plain toggle happened: a shift-click selects from here.
  const anchor = useRef<number | null>(null);

  const toggle = useCallback(
    (index: number, { range = false } = {}) => {
      const id = ids[index];
      if (id === undefined) return;
      const select = !selection.has(id);
      const next = new Set(selection);
      const from = range && anchor.current !== null ? Math.min(anchor.current, index) : index;
      const to = range && anchor.current !== null ? Math.max(anchor.current, index) : index;
      for (let i = from; i <= to; i++) {
        const rowId = ids[i];
        if (rowId === undefined) continue;
        if (select) next.add(rowId);
        else next.delete(rowId);
      }
      anchor.current = index;
      onSelectionChange(next);
    },
    [ids, selection, onSelectionChange],
  );

  /** Shift+arrow: the rows passed over join the selection. */
  const extend = useCallback(
    (fromIndex: number, toIndex: number) => {
      const next = new Set(selection);
      for (const i of [fromIndex, toIndex]) if (ids[i] !== undefined) next.add(ids[i]);
      anchor.current = toIndex;
      onSelectionChange(next);
    },
    [ids, selection, onSelectionChange],
  );

  const selectedLoaded = useMemo(() => ids.reduce((n, id) => n + (selection.has(id) ? 1 : 0), 0), [ids, selection]);
  const allSelected = ids.length > 0 && selectedLoaded === ids.length;

  const toggleAll = useCallback(() => {
    anchor.current = null;
    onSelectionChange(allSelected ? new Set() : new Set([...selection, ...ids]));
  }, [allSelected, ids, selection, onSelectionChange]);

  const clear = useCallback(() => {
    anchor.current = null;
    if (selection.size > 0) onSelectionChange(new Set());
  }, [selection, onSelectionChange]);

  return { toggle, extend, toggleAll, clear, allSelected, someSelected: selectedLoaded > 0 && !allSelected };
}
