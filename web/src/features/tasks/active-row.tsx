import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * The active row of a list, by id: it stays active when the list sorts it elsewhere (a new priority, a new date), and
 * when it leaves the list (completed, deleted, restored, moved to another tab) the next one takes its place.
 * `step(delta)` is the row a move lands on; moving down from the last row also calls `onEndReached` (read the next page).
 */
export function useActiveRow(
  ids: string[],
  initialId: string | null,
  listRef: RefObject<HTMLElement | null>,
  onEndReached?: () => void,
) {
  const [activeId, setActiveId] = useState<string | null>(initialId);
  const lastIndex = useRef(0);
  const found = activeId === null ? -1 : ids.indexOf(activeId);
  const index = found >= 0 ? found : Math.min(lastIndex.current, ids.length - 1);
  useEffect(() => {
    lastIndex.current = Math.max(index, 0);
    // The rows alone: a list may hold headings between them (a day's, in Upcoming).
    listRef.current?.querySelectorAll(":scope > [data-row]")[index]?.scrollIntoView({ block: "nearest" });
  }, [index, listRef]);
  const step = (delta: 1 | -1) => {
    if (delta === 1 && index === ids.length - 1) onEndReached?.();
    return Math.max(0, Math.min(ids.length - 1, index + delta));
  };
  return { index, setActiveId, step };
}

/** How the active row of a list looks: shaded, with a bar on its left (the row is `relative`). */
export const activeRowClass = (active: boolean) => (active ? "bg-surface-2/70" : "hover:bg-surface");
export function ActiveRowBar({ active }: { active: boolean }) {
  return active ? <span className="absolute inset-y-0 left-0 w-0.5 bg-primary" aria-hidden /> : null;
}
