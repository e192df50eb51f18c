import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../cn";
import { Kbd } from "../kbd";

/**
 * A bulk action's label, which gives way to its icon (and tooltip) when the table is narrower than the bar's widest
 * set of actions (two rows selected, or "Select all N" beside them: about 830 px).
 */
export const bulkActionLabel = "@max-[52rem]:sr-only";

/** Over the table's bottom edge (the table is its positioned parent). */
const overTable = "absolute bottom-4 left-1/2 -translate-x-1/2";
/** Under a list in the page's flow, held at the window's bottom while the list goes on below it. */
export const underList = "sticky bottom-4 mx-auto mt-3";

/** Floats over the table's bottom edge (or `placement`) while rows are selected: the count and bulk actions. */
export function SelectionBar({
  count,
  onClear,
  children,
  placement = overTable,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
  placement?: string;
}) {
  if (count === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      data-testid="selection-bar"
      data-selection-bar
      // Escape in the bar clears the selection, as in the list; not an Escape that closes one of its menus.
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !event.currentTarget.contains(event.target as Node)) return;
        event.preventDefault();
        onClear();
      }}
      // On a phone, where even the icons do not fit one row, the actions wrap to a second.
      className={cn(
        "z-30 flex w-max max-w-[calc(100%-1rem)] flex-wrap items-center justify-center gap-1 rounded-lg border border-border bg-background py-1 pr-1 pl-3 shadow-xl",
        placement,
      )}
    >
      <span
        className="mr-2 text-[13px] font-medium whitespace-nowrap text-foreground tabular-nums"
        data-testid="selection-count"
      >
        {count.toLocaleString()} selected
      </span>
      {children}
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <button
        type="button"
        onClick={onClear}
        // Its name ends with the key it shows, as a person using voice control reads it off the screen.
        aria-label="Clear selection: Esc"
        className="flex h-7 items-center gap-1.5 rounded-md px-2 text-xs text-muted hover:bg-surface-2 hover:text-foreground"
      >
        <X className="size-3.5" aria-hidden />
        <Kbd>Esc</Kbd>
      </button>
    </div>
  );
}
