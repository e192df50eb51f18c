import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, ChevronDown, EyeOff, ListFilter } from "lucide-react";
import { useRef } from "react";
import { cn } from "../cn";
import { menuContent, menuItem, menuSeparator } from "../menu";
import type { SortDirection } from "./types";

export type ColumnMenuActions = {
  /** Present when the column sorts. */
  onSort?: (direction: SortDirection) => void;
  /** Present when the list filters on the column: opens a new filter on it. */
  onFilter?: () => void;
  /** Present when the column can go that way (not past the first column, not past the last). */
  onMoveLeft?: () => void;
  onMoveRight?: () => void;
  /** Present when the column can be hidden. */
  onHide?: () => void;
};

/**
 * A header's menu, as in the CRMs people know: sort either way, filter by it, move the column a place, hide it. Its button shows
 * on hover and on focus, so the keyboard reaches it too; it lies over the header's end rather than beside it, so a
 * header keeps its whole width for its name ("Lead status" read "Lead sta…" in its 130 px). On a touch screen, where
 * it always shows, it takes its own room.
 */
export function ColumnMenu({ header, actions }: { header: string; actions: ColumnMenuActions }) {
  const { onSort, onFilter, onMoveLeft, onMoveRight, onHide } = actions;
  // The filter form that "Filter by …" opens keeps the keyboard: the menu does not hand it back to its button.
  const filtering = useRef(false);
  if (!onSort && !onFilter && !onMoveLeft && !onMoveRight && !onHide) return null;
  return (
    <Dropdown.Root>
      <Dropdown.Trigger
        aria-label={`${header} column options`}
        className={cn(
          "absolute top-1/2 right-1.5 flex size-5 shrink-0 -translate-y-1/2 items-center justify-center rounded bg-surface text-muted opacity-0 shadow-[-6px_0_6px_-2px_var(--color-surface)] hover:bg-surface-2 hover:text-foreground",
          // Over the sort button's own hover colour while that is hovered (header.tsx marks it peer/sort).
          "peer-hover/sort:bg-surface-2 peer-hover/sort:shadow-[-6px_0_6px_-2px_var(--color-surface-2)]",
          "group-hover/header:opacity-100 focus-visible:opacity-100 data-[state=open]:bg-surface-2 data-[state=open]:opacity-100",
          "pointer-coarse:static pointer-coarse:mr-1 pointer-coarse:translate-y-0 pointer-coarse:opacity-100 pointer-coarse:shadow-none",
        )}
      >
        <ChevronDown className="size-3.5" aria-hidden />
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          align="start"
          sideOffset={4}
          className={`${menuContent} min-w-44`}
          onCloseAutoFocus={(event) => {
            if (filtering.current) event.preventDefault();
            filtering.current = false;
          }}
        >
          {onSort && (
            <>
              <Dropdown.Item className={menuItem} onSelect={() => onSort("asc")}>
                <ArrowUp className="size-3.5 text-muted" aria-hidden />
                Sort ascending
              </Dropdown.Item>
              <Dropdown.Item className={menuItem} onSelect={() => onSort("desc")}>
                <ArrowDown className="size-3.5 text-muted" aria-hidden />
                Sort descending
              </Dropdown.Item>
            </>
          )}
          {onFilter && (
            <Dropdown.Item
              className={menuItem}
              onSelect={() => {
                filtering.current = true;
                onFilter();
              }}
            >
              <ListFilter className="size-3.5 text-muted" aria-hidden />
              Filter by {header}
            </Dropdown.Item>
          )}
          {(onSort || onFilter) && (onMoveLeft || onMoveRight || onHide) && (
            <Dropdown.Separator className={menuSeparator} />
          )}
          {(onMoveLeft || onMoveRight) && (
            <>
              <Dropdown.Item className={menuItem} disabled={!onMoveLeft} onSelect={onMoveLeft}>
                <ArrowLeft className="size-3.5 text-muted" aria-hidden />
                Move left
              </Dropdown.Item>
              <Dropdown.Item className={menuItem} disabled={!onMoveRight} onSelect={onMoveRight}>
                <ArrowRight className="size-3.5 text-muted" aria-hidden />
                Move right
              </Dropdown.Item>
            </>
          )}
          {onHide && (
            <Dropdown.Item className={menuItem} onSelect={onHide}>
              <EyeOff className="size-3.5 text-muted" aria-hidden />
              Hide column
            </Dropdown.Item>
          )}
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}
