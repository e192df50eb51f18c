import type { ReactNode } from "react";
import { cn } from "./cn";

/** One suggestion: what tells it apart (`key`), its icon or avatar, its name and a hint after it. */
export type SuggestionItem = { key: string; icon: ReactNode; label: string; hint?: string | null };

/**
 * The list an "@" opens under a field (a teammate to mention, a record to link): `current` is highlighted, each is
 * picked on a press that leaves the field its focus. The field owns the keys (↑ ↓, Enter, Tab, Escape) and points at
 * the highlighted one with aria-activedescendant (`${id}-${index}`).
 */
export function SuggestionList({
  id,
  label,
  items,
  current,
  onPick,
  className,
  scrollIntoView = false,
}: {
  id: string;
  label: string;
  items: SuggestionItem[];
  current: number;
  onPick: (index: number) => void;
  className: string;
  /** In view as it opens, for a field at the bottom edge of a scrolled panel. */
  scrollIntoView?: boolean;
}) {
  return (
    <ul
      id={id}
      ref={scrollIntoView ? (list) => list?.scrollIntoView({ block: "nearest" }) : undefined}
      role="listbox"
      aria-label={label}
      className={cn("overflow-hidden rounded-lg border border-border bg-background p-1", className)}
    >
      {items.map((item, index) => (
        <li
          key={item.key}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === current}
          // Not a click: the field must keep focus (a mousedown would take it).
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(index);
          }}
          className={cn(
            "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-[13px] text-foreground",
            index === current && "bg-surface-2",
          )}
        >
          {item.icon}
          <span className="min-w-0 flex-1 truncate">{item.label}</span>
          {item.hint && <span className="max-w-40 shrink-0 truncate text-xs text-muted">{item.hint}</span>}
        </li>
      ))}
    </ul>
  );
}
