import { ChevronDown, Pencil } from "lucide-react";
import { memo, type MouseEvent } from "react";
import { cn } from "../cn";
import { Skeleton } from "../empty-state";
import { CellEditorView } from "./cell-editor";
import { Checkbox } from "./checkbox";
import { carriesFields, readPatch } from "./editing";
import { CHECKBOX_WIDTH, ROW_HEIGHT, TRAILING_WIDTH, widthVar } from "./layout";
import type { CellPatch, DataTableColumn } from "./types";

export type RowHandlers<Row> = {
  onRowClick: (index: number, event: MouseEvent) => void;
  onToggle: (index: number, event: MouseEvent) => void;
  onStartEdit: (index: number, columnId: string) => void;
  onSaveEdit: (row: Row, column: DataTableColumn<Row>, patch: CellPatch, refocus: boolean) => void;
  onCancelEdit: () => void;
};

type DataRowProps<Row> = {
  row: Row;
  rowId: string;
  domId: string;
  index: number;
  start: number;
  columns: DataTableColumn<Row>[];
  selected: boolean;
  active: boolean;
  /** The cell cursor's column, on the active row. */
  activeColumnId: string | null;
  open: boolean;
  editingColumnId: string | null;
  /** What a paste into the cell being edited searches its picker for (a company's name). */
  editingSearch: string | null;
  /** The cell under the pointer: the only one that shows its edit button. */
  hoveredColumnId: string | null;
  handlers: RowHandlers<Row>;
};

function DataRowView<Row>(props: DataRowProps<Row>) {
  const { row, rowId, domId, index, start, columns, selected, active, activeColumnId, open, editingColumnId } = props;
  const { hoveredColumnId, editingSearch } = props;
  const { handlers } = props;
  return (
    <div
      role="row"
      id={domId}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid="record-row"
      data-row-id={rowId}
      data-active={active || undefined}
      data-selected={selected || undefined}
      data-open={open || undefined}
      onClick={(event) => handlers.onRowClick(index, event)}
      // Shift-click selects a range of rows, not the text between them.
      onMouseDown={(event) => event.shiftKey && event.preventDefault()}
      className={cn(
        "group/row absolute top-0 left-0 flex w-full cursor-default border-b border-border text-[13px] text-foreground",
        selected ? "bg-primary-soft" : open ? "bg-surface-2" : "bg-background hover:bg-surface",
      )}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <div
        role="gridcell"
        className="sticky left-0 z-10 flex shrink-0 items-center justify-center bg-inherit"
        style={{ width: CHECKBOX_WIDTH }}
      >
        <Checkbox label="Select row" checked={selected} onToggle={(event) => handlers.onToggle(index, event)} />
      </div>
      {columns.map((column, columnIndex) => (
        <DataCell
          key={column.id}
          row={row}
          index={index}
          column={column}
          first={columnIndex === 0}
          active={activeColumnId === column.id}
          editing={editingColumnId === column.id}
          search={editingColumnId === column.id ? editingSearch : null}
          hovered={hoveredColumnId === column.id}
          handlers={handlers}
        />
      ))}
      <div className="flex-1" />
      <div role="gridcell" className="shrink-0" style={{ width: TRAILING_WIDTH }} />
      {active && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 z-20 hidden rounded-[3px] ring-2 ring-primary ring-inset group-focus-within/grid:block"
        />
      )}
    </div>
  );
}

/** One record row; memoised so scrolling and typing elsewhere leave it alone. */
export const DataRow = memo(DataRowView) as typeof DataRowView;

type DataCellProps<Row> = {
  row: Row;
  index: number;
  column: DataTableColumn<Row>;
  /** The first column stays in sight as the table scrolls sideways. */
  first: boolean;
  /** The cell cursor is here. */
  active: boolean;
  editing: boolean;
  search: string | null;
  hovered: boolean;
  handlers: RowHandlers<Row>;
};

function DataCellView<Row>(props: DataCellProps<Row>) {
  const { row, index, column, first, active, editing, search, hovered, handlers } = props;
  // A column just shown: its fields arrive with the list's next read (DataTableColumn.fields).
  const carried = carriesFields(row, column);
  const editor = carried ? column.editor : undefined;
  const EditIcon = editor && editor.kind !== "text" ? ChevronDown : Pencil;
  return (
    <div
      role="gridcell"
      data-column-id={column.id}
      data-active-cell={active || undefined}
      data-editable={editor ? true : undefined}
      onDoubleClick={
        editor
          ? (event) => {
              event.stopPropagation();
              handlers.onStartEdit(index, column.id);
            }
          : undefined
      }
      className={cn(
        "relative flex shrink-0 items-center border-r border-border/60",
        first && "sticky z-10 bg-inherit",
        column.align === "end" && "justify-end",
      )}
      style={{ width: widthVar(column.id), left: first ? CHECKBOX_WIDTH : undefined }}
    >
      <div className={cn("min-w-0 flex-1 truncate px-3", column.align === "end" && "text-right tabular-nums")}>
        {carried ? column.cell(row) : <Skeleton className="h-3 w-1/2" />}
      </div>
      {editor && !editing && hovered && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Edit ${column.header}`}
          onClick={(event) => {
            event.stopPropagation();
            handlers.onStartEdit(index, column.id);
          }}
          className="absolute right-1 flex size-6 items-center justify-center rounded-md border border-border bg-background text-muted shadow-xs hover:text-foreground"
        >
          <EditIcon className="size-3.5" aria-hidden />
        </button>
      )}
      {active && !editing && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0.5 z-20 hidden rounded-[3px] bg-primary/5 ring-2 ring-primary/70 ring-inset group-focus-within/grid:block"
        />
      )}
      {editing && editor && (
        <CellEditorView
          editor={editor}
          row={row}
          initial={readPatch(row, editor)}
          search={search ?? undefined}
          onSave={(patch, refocus) => handlers.onSaveEdit(row, column, patch, refocus)}
          onCancel={handlers.onCancelEdit}
        />
      )}
    </div>
  );
}

/** One cell, memoised so the pointer or the cell cursor moving re-renders only the cells it leaves and enters. */
const DataCell = memo(DataCellView) as typeof DataCellView;
