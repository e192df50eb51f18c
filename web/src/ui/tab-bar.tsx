import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";

export type TabItem<T extends string> = { value: T; label: ReactNode; testId?: string };

type TabBarProps<T extends string> = {
  label: string;
  tabs: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
};

/**
 * The line under a row of tabs, drawn inside the element's box: the selected tab's underline paints over it, and the
 * row can scroll sideways (a phone fits three or four tabs) with nothing hanging below it to clip.
 */
export const tabBaseline = "shadow-[inset_0_-1px_0_var(--color-border)]";

/** An underlined row of tabs (Linear-style) with arrow-key movement; the panel is the caller's. */
export function TabBar<T extends string>({ label, tabs, value, onChange, className }: TabBarProps<T>) {
  // Where the row scrolls (a phone), the selected tab is brought into sight: a link to the last tab opens on it. Again
  // when a tab changes size (its count arrives) or the row narrows (the page's scrollbar comes as the list fills) and
  // pushes it out; not when a person scrolls the row.
  const barRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const reveal = () => {
      const tab = bar.querySelector<HTMLElement>(`[data-value="${CSS.escape(value)}"]`);
      if (!tab || bar.scrollWidth <= bar.clientWidth) return;
      const barBox = bar.getBoundingClientRect();
      const tabBox = tab.getBoundingClientRect();
      if (tabBox.left < barBox.left) bar.scrollLeft -= barBox.left - tabBox.left;
      else if (tabBox.right > barBox.right) bar.scrollLeft += tabBox.right - barBox.right;
    };
    reveal();
    const resized = new ResizeObserver(reveal);
    resized.observe(bar);
    for (const tab of bar.children) resized.observe(tab);
    return () => resized.disconnect();
  }, [value, tabs.length]);
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.value === value);
    const next = tabs[(index + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    if (next) {
      onChange(next.value);
      event.currentTarget.querySelector<HTMLElement>(`[data-value="${next.value}"]`)?.focus();
    }
  };
  return (
    <div
      ref={barRef}
      role="tablist"
      aria-label={label}
      onKeyDown={handleKeyDown}
      className={cn("flex min-w-0 gap-1 overflow-x-auto [scrollbar-width:none]", tabBaseline, className)}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            data-value={tab.value}
            data-testid={tab.testId}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            className={cn(
              "relative inline-flex h-9 shrink-0 items-center gap-1.5 px-2.5 text-[13px] font-medium whitespace-nowrap transition-colors",
              selected ? "text-foreground" : "text-muted hover:text-foreground",
            )}
          >
            {tab.label}
            {selected && <span className="absolute inset-x-0 bottom-0 h-0.5 bg-primary" aria-hidden />}
          </button>
        );
      })}
    </div>
  );
}
