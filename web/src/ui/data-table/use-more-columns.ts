import { useEffect, useLayoutEffect, useState, type RefObject } from "react";

/**
 * Whether columns go on past the grid's right edge: a column cut there under the sticky column picker (a number
 * aligned right, say) reads as an empty one, so the table shades that edge while there is more to scroll to.
 * `columnsLayout` changes when the columns do (shown, hidden, resized), which moves that edge without a resize.
 */
export function useMoreColumns(scrollRef: RefObject<HTMLElement | null>, columnsLayout: unknown): boolean {
  const [more, setMore] = useState(false);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (scroller) setMore(scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1);
  }, [scrollRef, columnsLayout]);
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const update = () => setMore(scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1);
    scroller.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [scrollRef]);
  return more;
}
