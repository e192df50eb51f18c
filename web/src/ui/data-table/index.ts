export { DataTable } from "./table";
export { Checkbox } from "./checkbox";
export { bulkActionLabel, SelectionBar } from "./selection-bar";
export { SearchBox } from "./search-box";
export { FilterBuilder, type FilterBuilderHandle } from "./filter-builder";
export { useListState } from "./use-list-state";
export { formatTotal, useTablePages, type ListPage } from "./pages";
export type { FilterField, FilterState } from "./filters";
export type {
  CellEditStart,
  CellEditor,
  CellPatch,
  DataTableColumn,
  DataTableProps,
  EditCell,
  EditOption,
  SortState,
  TablePages,
  TableTotal,
} from "./types";
// The table's editors also edit a record's fields in its side panel.
export { CellEditorView } from "./cell-editor";
export { carriesFields, parseMulti, readPatch } from "./editing";
export { sayUndone, useOptimisticEdits } from "./use-optimistic-edits";
export { useVisibleFields } from "./use-column-state";
export { copyValue } from "./use-cell-clipboard";
export { historyKey } from "./use-keyboard";
