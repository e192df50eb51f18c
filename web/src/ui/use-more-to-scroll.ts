import { useEffect, useLayoutEffect, useState, type RefObject } from "react";

const moreAlong = (scroller: HTMLElement, axis: "x" | "y") =>
  axis === "x"
    ? scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1
    : scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1;

/**
 * Whether a scroller's content goes on past its right (`x`) or bottom (`y`) edge: what is cut there reads
 * as the end (a grid's column cut under its sticky column picker looks empty, a list's last visible row
 * looks like its last), so the edge is shaded while there is more to scroll to. `layout` changes when the
 * content does (columns shown or resized, rows added), which moves that edge without a resize.
 */
export function useMoreToScroll(scrollRef: RefObject<HTMLElement | null>, axis: "x" | "y", layout: unknown): boolean {
  const [more, setMore] = useState(false);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (scroller) setMore(moreAlong(scroller, axis));
  }, [scrollRef, axis, layout]);
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const update = () => setMore(moreAlong(scroller, axis));
    scroller.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener("scroll", update);
      observer.disconnect();
    };
    // Again when the layout changes: the scroller may have only just been rendered (a dialog's next step).
  }, [scrollRef, axis, layout]);
  return more;
}
