import { useCallback } from "react";

/** What the grid reads of a key press: React's on the grid, or the window's while nothing else has the keyboard. */
export type GridKeyEvent = Pick<
  KeyboardEvent,
  "key" | "shiftKey" | "altKey" | "metaKey" | "ctrlKey" | "target" | "currentTarget" | "preventDefault"
>;

type GridKeyboard = {
  rowCount: number;
  activeIndex: number;
  /** The first row on screen: where ArrowDown starts when no row is active yet. */
  firstVisibleIndex: () => number;
  moveTo: (index: number) => void;
  open: (index: number) => void;
  toggle: (index: number) => void;
  extend: (from: number, to: number) => void;
  startEdit: (index: number) => void;
  /** ← →: the cell cursor along the active row. */
  moveColumn: (delta: 1 | -1) => void;
  remove: (index: number) => void;
  selectAll: () => void;
  clearSelection: () => void;
  /** Ctrl/⌘+Z: the last inline edit put back. */
  undo: () => void;
  /** Ctrl/⌘+Shift+Z or Ctrl+Y: the last edit undone made again. */
  redo: () => void;
};

const PAGE = 10;

/** The keys below that move, which reach the grid from anywhere on the page (DataTable). */
export const movingKeys = new Set([
  "ArrowDown",
  "ArrowUp",
  "ArrowLeft",
  "ArrowRight",
  "j",
  "k",
  "Home",
  "End",
  "PageDown",
  "PageUp",
]);
/** The keys below that act on the active row. */
export const rowKeys = new Set(["Enter", "x", " ", "e", "F2", "Delete", "Backspace"]);

/**
 * The grid's keys: ↑ ↓ (or j/k) move the active row, ← → a cell cursor along it, shift extends the selection,
 * Enter opens, x or Space toggles selection, e or F2 edits (the cursor's cell, else the row's first editable one),
 * Delete or Backspace deletes, Escape clears the selection, ctrl/cmd+A selects all loaded, ctrl/cmd+Z undoes an edit
 * and ctrl/cmd+shift+Z (or ctrl+Y) makes it again.
 */
export function useGridKeyboard(options: GridKeyboard) {
  const { rowCount, activeIndex, firstVisibleIndex, moveTo, open, toggle, extend, startEdit, moveColumn, remove } =
    options;
  const { selectAll, clearSelection, undo, redo } = options;

  return useCallback(
    (event: GridKeyEvent) => {
      const target = event.target as HTMLElement;
      // Editors, header buttons and menus handle their own keys.
      if (target !== event.currentTarget && target.closest?.("[data-cell-editor],[data-no-grid-keys]")) return;
      if (event.altKey || rowCount === 0) return;
      const mod = event.metaKey || event.ctrlKey;
      if (mod && event.key.toLowerCase() === "a") {
        event.preventDefault();
        selectAll();
        return;
      }
      const history = mod ? historyKey(event) : null;
      if (history) {
        event.preventDefault();
        if (history === "undo") undo();
        else redo();
        return;
      }
      if (mod) return;

      const first = activeIndex < 0 ? firstVisibleIndex() : 0;
      const from = activeIndex < 0 ? first - 1 : activeIndex;
      const clamp = (i: number) => Math.max(0, Math.min(rowCount - 1, i));
      const go = (to: number) => {
        event.preventDefault();
        const next = clamp(to);
        if (event.shiftKey && activeIndex >= 0) extend(activeIndex, next);
        moveTo(next);
      };

      switch (event.key) {
        case "ArrowDown":
        case "j":
          return go(from + 1);
        case "ArrowUp":
        case "k":
          return go(activeIndex < 0 ? first : from - 1);
        case "PageDown":
          return go(from + PAGE);
        case "PageUp":
          return go(from - PAGE);
        case "Home":
          return go(0);
        case "End":
          return go(rowCount - 1);
      }
      if (event.key === "Escape") return clearSelection();
      if (activeIndex < 0) return;
      switch (event.key) {
        case "ArrowRight":
        case "ArrowLeft":
          event.preventDefault();
          return moveColumn(event.key === "ArrowRight" ? 1 : -1);
        case "Enter":
          event.preventDefault();
          return open(activeIndex);
        case "x":
        case " ":
          event.preventDefault();
          return toggle(activeIndex);
        case "e":
        case "F2":
          event.preventDefault();
          return startEdit(activeIndex);
        case "Delete":
        case "Backspace":
          event.preventDefault();
          return remove(activeIndex);
      }
    },
    [
      rowCount,
      activeIndex,
      firstVisibleIndex,
      moveTo,
      open,
      toggle,
      extend,
      startEdit,
      moveColumn,
      remove,
      selectAll,
      clearSelection,
      undo,
      redo,
    ],
  );
}

/** Whether a key with Ctrl/⌘ held undoes (Z) or redoes (Shift+Z, or Y as Windows has it); null for any other key. */
export function historyKey(event: { key: string; shiftKey: boolean }): "undo" | "redo" | null {
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  return key === "y" && !event.shiftKey ? "redo" : null;
}
