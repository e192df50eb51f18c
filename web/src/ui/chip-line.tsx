import { useLayoutEffect, useRef, useState, type ReactNode } from "react";

/**
 * Chips (a record's tags, a multi-select's choices) on one line, as a table row has room for: those that fit, then
 * "+N" for the rest, all of them named in the tooltip. Measured after layout and again when the column is resized.
 */
export function ChipLine({ items, chip }: { items: string[]; chip: (item: string) => ReactNode }) {
  const line = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(items.length);
  const key = items.join("\u0000");

  useLayoutEffect(() => {
    const element = line.current;
    if (!element) return;
    const measure = () => {
      // Laid out whole, each chip's right edge says whether it fits beside a "+N" that would follow it.
      const chips = Array.from(element.querySelectorAll<HTMLElement>("[data-chip]"));
      const room = element.clientWidth;
      const more = 28; // "+N" and its gap
      let fit = 0;
      for (const [index, el] of chips.entries()) {
        const right = el.offsetLeft - element.offsetLeft + el.offsetWidth;
        const last = index === chips.length - 1;
        if (right > (last ? room : room - more)) break;
        fit = index + 1;
      }
      // One chip at least, cut short if it must be.
      setShown(Math.max(1, fit));
    };
    setShown(items.length);
    const observer = new ResizeObserver(() => {
      setShown(items.length);
      requestAnimationFrame(measure);
    });
    observer.observe(element);
    return () => observer.disconnect();
    // `key` stands for the items.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const hidden = items.length - shown;
  return (
    <span
      ref={line}
      className="relative flex min-w-0 items-center gap-1 overflow-hidden whitespace-nowrap"
      title={hidden > 0 ? items.join(", ") : undefined}
    >
      {items.map((item, index) => (
        <span
          key={item}
          data-chip
          // At their own width while measured; only a lone first chip shrinks, cut short.
          className={index >= shown ? "invisible absolute" : shown === 1 ? "min-w-0 truncate" : "shrink-0"}
          aria-hidden={index < shown ? undefined : true}
        >
          {chip(item)}
        </span>
      ))}
      {hidden > 0 && <span className="shrink-0 text-xs font-medium text-muted">+{hidden}</span>}
    </span>
  );
}
