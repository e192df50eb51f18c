import { getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { useMemo, type CSSProperties } from "react";
import { moveColumnId, orderedColumnIds, stepColumnId } from "./column-order";
import { CHECKBOX_WIDTH, FIRST_COLUMN_SHARE, TRAILING_WIDTH, widthVarName } from "./layout";
import type { DataTableColumn } from "./types";
import { useColumnState } from "./use-column-state";

// react-table models the columns (sizes, resizing, visibility); rows are virtualised straight
// from the table's `pages`, so it gets none.
const NO_ROWS: never[] = [];

/** The columns as shown: visible ones in order, their widths as CSS variables, the picker's list, moving one. */
export function useColumnModel<Row>(columns: DataTableColumn<Row>[], storageKey?: string) {
  const { sizing, setSizing, visibility, setVisibility, order, setOrder, reset } = useColumnState(columns, storageKey);
  const columnOrder = useMemo(
    () =>
      orderedColumnIds(
        columns.map((c) => c.id),
        order,
      ),
    [columns, order],
  );
  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        size: c.width ?? 160,
        minSize: c.minWidth ?? 72,
        enableHiding: c.hideable !== false,
      })),
    [columns],
  );
  const table = useReactTable<Row>({
    data: NO_ROWS,
    columns: columnDefs,
    state: { columnSizing: sizing, columnVisibility: visibility, columnOrder },
    onColumnSizingChange: setSizing,
    onColumnVisibilityChange: setVisibility,
    getCoreRowModel: getCoreRowModel(),
    columnResizeMode: "onChange",
  });

  const columnsById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const visibleKey = headers.map((h) => h.column.id).join(",");
  // Rows are memoised on this array: it changes only when the visible columns do.
  const visibleColumns = useMemo(
    () =>
      visibleKey
        .split(",")
        .map((id) => columnsById.get(id))
        .filter((c): c is DataTableColumn<Row> => c !== undefined),
    [visibleKey, columnsById],
  );

  const widths: Record<string, string> = {};
  let columnsWidth = 0;
  const firstId = visibleColumns[0]?.id;
  for (const column of table.getAllLeafColumns()) {
    widths[widthVarName(column.id)] = `${column.getSize()}px`;
    if (column.getIsVisible() && column.id !== firstId) columnsWidth += column.getSize();
  }
  // The sticky first column keeps at most FIRST_COLUMN_SHARE of the grid's width (a container), so on a phone the
  // other columns still have room to scroll by.
  const firstWidth = firstId === undefined ? "0px" : `min(${widths[widthVarName(firstId)]}, ${FIRST_COLUMN_SHARE})`;
  if (firstId !== undefined) widths[widthVarName(firstId)] = firstWidth;
  const style = {
    ...widths,
    width: `calc(${columnsWidth + CHECKBOX_WIDTH + TRAILING_WIDTH}px + ${firstWidth})`,
    minWidth: "100%",
  } as CSSProperties;

  const hideable = table
    .getAllLeafColumns()
    .filter((c) => c.getCanHide())
    .sort((a, b) => columnOrder.indexOf(a.id) - columnOrder.indexOf(b.id));
  const hideableIds = hideable.map((c) => c.id);
  const pickerColumns = hideable.map((c) => ({
    id: c.id,
    header: columnsById.get(c.id)?.header ?? c.id,
    visible: c.getIsVisible(),
    onToggle: (visible: boolean) => c.toggleVisibility(visible),
    onStep: (step: -1 | 1) => setOrder(stepColumnId(columnOrder, hideableIds, c.id, step)),
  }));
  const reorderColumn = (id: string, target: string, side: "before" | "after") =>
    setOrder(moveColumnId(columnOrder, id, target, side));

  const picker = { columns: pickerColumns, onReset: reset };

  return { headers, visibleColumns, columnsById, style, picker, reorderColumn };
}
