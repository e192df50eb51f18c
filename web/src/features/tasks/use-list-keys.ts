import { useEffect, useRef } from "react";
import { isDownFromListSearch, isShownPageKey } from "../../lib/typing";

export type ListKeyHandlers = {
  move: (delta: 1 | -1) => void;
  toggle: () => void;
  edit: () => void;
  remove: () => void;
  focusQuickAdd: () => void;
  reschedule: () => void;
  assign: () => void;
  link: () => void;
  open: () => void;
  /** The trash's: put the active task back. */
  restore: () => void;
  /** Select or unselect the active task (s). */
  select: () => void;
  /** Shift+j/k or Shift+↓/↑: select the active task and the one moved to. */
  extend: (delta: 1 | -1) => void;
  /** ⌘A / Ctrl+A: every task shown, or none when all are. */
  selectAll: () => void;
  /** Escape: no task selected. */
  clearSelection: () => void;
  /** q: work through the selected tasks, or every one shown, one by one. */
  start: () => void;
  /** t and p: the active task's type or priority (with tasks selected, theirs). */
  type: () => void;
  priority: () => void;
};

/**
 * Linear-style list keys, active while no field, dialog or menu has the keyboard:
 * j/k or ↑/↓ move, x or Space toggles, Enter edits, o opens the details, d reschedules, a reassigns, l links to a record,
 * Delete/Backspace deletes, c adds, r restores (the trash); s selects, Shift+j/k (or Shift+↓/↑) selects on, ⌘A/Ctrl+A
 * selects all, Escape selects none, q works through them one by one, t sets the type and p the priority. They go on while the details panel is open beside the list.
 * A list answers only the keys it has handlers for.
 */
export function useListKeys(handlers: Partial<ListKeyHandlers>, enabled: boolean) {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      const on = ref.current;
      if (event.defaultPrevented) return;
      // ↓ in the search box hands the keyboard to the tasks found, the active one where it was.
      if (isDownFromListSearch(event)) {
        event.preventDefault();
        (event.target as HTMLElement).blur();
        return;
      }
      if (on.selectAll && (event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "a") {
        if (!isShownPageKey(event, { chord: true })) return;
        event.preventDefault();
        return on.selectAll();
      }
      if (!isShownPageKey(event)) return;
      if (event.shiftKey && on.extend && ["J", "K", "ArrowDown", "ArrowUp"].includes(event.key)) {
        event.preventDefault();
        return on.extend(event.key === "J" || event.key === "ArrowDown" ? 1 : -1);
      }
      const actions: Record<string, (() => void) | undefined> = {
        j: on.move && (() => on.move!(1)),
        ArrowDown: on.move && (() => on.move!(1)),
        k: on.move && (() => on.move!(-1)),
        ArrowUp: on.move && (() => on.move!(-1)),
        x: on.toggle,
        " ": on.toggle,
        Enter: on.edit,
        Delete: on.remove,
        Backspace: on.remove,
        c: on.focusQuickAdd,
        d: on.reschedule,
        a: on.assign,
        l: on.link,
        o: on.open,
        r: on.restore,
        s: on.select,
        q: on.start,
        t: on.type,
        p: on.priority,
        Escape: on.clearSelection,
      };
      // Buttons and links keep their own Enter and Space.
      const onControl = event.target instanceof HTMLElement && event.target.closest("button, a");
      if (onControl && (event.key === "Enter" || event.key === " ")) return;
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, [enabled]);
}
