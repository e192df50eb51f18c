import type { Header } from "@tanstack/react-table";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useState, type DragEvent } from "react";
import { cn } from "../cn";
import { Checkbox } from "./checkbox";
import { ColumnMenu } from "./column-menu";
import { ColumnPicker } from "./column-picker";
import { CHECKBOX_WIDTH, HEADER_HEIGHT, TRAILING_WIDTH, widthVar } from "./layout";
import type { DataTableColumn, SortDirection, SortState } from "./types";

type HeaderRowProps<Row> = {
  headers: Header<Row, unknown>[];
  columnsById: Map<string, DataTableColumn<Row>>;
  sort: SortState | null;
  onSortChange: (sort: SortState) => void;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  picker: Parameters<typeof ColumnPicker>[0];
  onMoveColumn: (id: string, target: string, side: DropSide) => void;
  /** "Filter by …" in a column's menu, for the columns the list filters on. */
  onFilterColumn?: (columnId: string) => (() => void) | undefined;
};

type DropSide = "before" | "after";
/** Where the dragged column would land: beside which header, on which side. */
type DropTarget = { id: string; side: DropSide } | null;

function ariaSort(column: DataTableColumn<unknown>, sort: SortState | null) {
  if (!column.sortField) return undefined;
  if (sort?.field !== column.sortField) return "none" as const;
  return sort.direction === "asc" ? ("ascending" as const) : ("descending" as const);
}

/**
 * Sticky header: select-all-loaded, sortable titles, resize handles, the column picker. A header dragged onto another
 * moves its column there; the first column (the record's name) stays first.
 */
export function HeaderRow<Row>(props: HeaderRowProps<Row>) {
  const { headers, columnsById, sort, onSortChange, allSelected, someSelected, onToggleAll } = props;
  const { picker, onMoveColumn, onFilterColumn } = props;
  const [dragging, setDragging] = useState<string | null>(null);
  const [drop, setDrop] = useState<DropTarget>(null);
  const endDrag = () => {
    setDragging(null);
    setDrop(null);
  };
  const dropSide = (event: DragEvent<HTMLElement>, first: boolean): DropSide => {
    if (first) return "after";
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientX < box.left + box.width / 2 ? "before" : "after";
  };
  return (
    <div
      role="row"
      aria-rowindex={1}
      data-no-grid-keys
      className="sticky top-0 z-20 flex border-b border-border bg-surface"
      style={{ height: HEADER_HEIGHT }}
    >
      <div
        role="columnheader"
        className="sticky left-0 z-10 flex shrink-0 items-center justify-center bg-inherit"
        style={{ width: CHECKBOX_WIDTH }}
      >
        <Checkbox
          label="Select all loaded rows"
          checked={allSelected}
          indeterminate={someSelected}
          onToggle={onToggleAll}
        />
      </div>
      {headers.map((header, index) => {
        const column = columnsById.get(header.column.id);
        if (!column) return null;
        const sorted = column.sortField !== undefined && sort?.field === column.sortField ? sort.direction : null;
        const SortIcon = sorted === "desc" ? ArrowDown : ArrowUp;
        const { sortField } = column;
        const sortBy = sortField
          ? (direction: SortDirection) => onSortChange({ field: sortField, direction })
          : undefined;
        const landing = dragging !== null && drop?.id === column.id && dragging !== column.id ? drop.side : null;
        const left = index > 1 ? headers[index - 1].column.id : null;
        const right = index > 0 && index < headers.length - 1 ? headers[index + 1].column.id : null;
        return (
          <div
            key={header.id}
            role="columnheader"
            aria-sort={ariaSort(column as DataTableColumn<unknown>, sort)}
            data-testid={`column-header-${column.id}`}
            draggable={index > 0}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData("text/plain", column.header);
              setDragging(column.id);
            }}
            onDragOver={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = "move";
              const side = dropSide(event, index === 0);
              if (drop?.id !== column.id || drop.side !== side) setDrop({ id: column.id, side });
            }}
            onDrop={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              onMoveColumn(dragging, column.id, dropSide(event, index === 0));
              endDrag();
            }}
            onDragEnd={endDrag}
            className={cn(
              "group/header relative flex shrink-0 items-center border-r border-border/70",
              index === 0 && "sticky z-10 bg-inherit",
              dragging === column.id && "opacity-50",
            )}
            style={{ width: widthVar(column.id), left: index === 0 ? CHECKBOX_WIDTH : undefined }}
          >
            {landing && (
              <div
                aria-hidden
                data-testid="column-drop-mark"
                className={cn(
                  "pointer-events-none absolute inset-y-1 z-20 w-0.5 rounded-full bg-primary",
                  landing === "before" ? "-left-px" : "-right-px",
                )}
              />
            )}
            {sortBy ? (
              <button
                type="button"
                // Ascending, or the other way when it already sorts the list ascending.
                onClick={() => sortBy(sorted === "asc" ? "desc" : "asc")}
                className={cn(
                  "peer/sort flex h-full min-w-0 flex-1 items-center gap-1 px-3 text-xs font-medium hover:bg-surface-2 hover:text-foreground focus-visible:-outline-offset-2",
                  column.align === "end" && "flex-row-reverse",
                  sorted ? "text-foreground" : "text-muted",
                )}
              >
                <span className="truncate">{column.header}</span>
                <SortIcon className={cn("size-3 shrink-0", !sorted && "invisible")} aria-hidden />
              </button>
            ) : (
              <span
                className={cn(
                  "flex-1 truncate px-3 text-xs font-medium text-muted",
                  column.align === "end" && "text-right",
                )}
              >
                {column.header}
              </span>
            )}
            <ColumnMenu
              header={column.header}
              actions={{
                onSort: sortBy,
                onFilter: onFilterColumn?.(column.id),
                onMoveLeft: left ? () => onMoveColumn(column.id, left, "before") : undefined,
                onMoveRight: right ? () => onMoveColumn(column.id, right, "after") : undefined,
                onHide: header.column.getCanHide() ? () => header.column.toggleVisibility(false) : undefined,
              }}
            />
            <div
              role="separator"
              aria-orientation="vertical"
              aria-label={`Resize ${column.header}`}
              onMouseDown={(event) => {
                // A resize, not a drag of the column (the header is draggable).
                event.preventDefault();
                header.getResizeHandler()(event);
              }}
              onTouchStart={header.getResizeHandler()}
              onDoubleClick={() => header.column.resetSize()}
              className={cn(
                "absolute top-0 -right-0.5 z-10 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-primary/50",
                header.column.getIsResizing() && "bg-primary",
              )}
            />
          </div>
        );
      })}
      <div className="flex-1" />
      {/* A header cell of its own: a row holds cells only (its rows' trailing cell matches it). */}
      <div
        role="columnheader"
        className="sticky right-0 flex shrink-0 items-center justify-center border-l border-border/70 bg-inherit"
        style={{ width: TRAILING_WIDTH }}
      >
        <ColumnPicker {...picker} />
      </div>
    </div>
  );
}
