import { useEffect, useRef } from "react";
import { isShownPageKey } from "../../lib/typing";

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
};

/**
 * Linear-style list keys, active while no field, dialog or menu has the keyboard:
 * j/k or ↑/↓ move, x or Space toggles, Enter edits, o opens the details, d reschedules, a reassigns, l links to a record,
 * Delete/Backspace deletes, c adds, r restores (the trash). They go on while the details panel is open beside the list.
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
      if (event.defaultPrevented || !isShownPageKey(event)) return;
      const on = ref.current;
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
