import type { ReactNode } from "react";
import type { QueryClient } from "@tanstack/react-query";
import type { OptionSource } from "../option-picker";

export type SortDirection = "asc" | "desc";
/** A server-side sort: the list procedure's `sort` input. */
export type SortState = { field: string; direction: SortDirection };

/** What an inline edit produces: new values by record field, e.g. { title: "CEO" }. */
export type CellPatch = Record<string, string>;

export type EditOption = { value: string; label: string };

/** What a text editor's input holds: the browser's own input for numbers, dates, URLs and emails. */
export type TextInputType = "text" | "number" | "date" | "url" | "email";

/**
 * An inline editor. `text` shows one input per field (a name can be first + last); `select`
 * shows a menu of options (with "Clear" when `clearable`); `multi` a menu of checkboxes, whose
 * field holds a JSON array of the chosen option values. The patch is applied to the row at once
 * (optimistic); `apply` defaults to merging the patch into the row.
 */
export type CellEditor<Row> = (
  | { kind: "text"; fields: { key: string; label: string; inputType?: TextInputType }[] }
  | { kind: "select"; field: string; options: EditOption[]; clearable?: boolean }
  | { kind: "multi"; field: string; options: EditOption[] }
  | LookupEditor
  | TagsEditor
) & {
  get?: (row: Row) => CellPatch;
  /**
   * A hook: a lookup's values the row cannot take, left out of its list (a company and its subsidiaries as its
   * parent). Called on every render of the lookup's editor.
   */
  useExcluded?: (row: Row) => string[];
  apply?: (row: Row, patch: CellPatch) => Row;
  /** Checks the values before they are saved: a message keeps the editor open and shows it. */
  validate?: (patch: CellPatch) => string | null;
};

/**
 * A searchable list to pick one value from (a company, an owner). `labelField` receives the chosen
 * option's label too, so the cell can show the name before the saved record comes back.
 */
export type LookupEditor = {
  kind: "lookup";
  field: string;
  label: string;
  useOptions: OptionSource;
  labelField?: string;
  clearable?: boolean;
  /**
   * The options the text names exactly, any case (a company by its name or domain, a member by name or email): how a
   * paste into several rows finds each one's value without a list to pick from.
   */
  resolve?: (text: string, client: QueryClient) => Promise<EditOption[]>;
};

/** Free tags with suggestions; the field holds a JSON array of the tags. */
export type TagsEditor = { kind: "tags"; field: string; label: string; useOptions: OptionSource };

export type DataTableColumn<Row> = {
  id: string;
  header: string;
  /** Initial width in px (resizable by dragging the header's edge). */
  width?: number;
  minWidth?: number;
  cell: (row: Row) => ReactNode;
  /** The list procedure's field name; present when clicking the header sorts. */
  sortField?: string;
  editor?: CellEditor<Row>;
  align?: "start" | "end";
  /** False keeps the column out of the column picker (the record's name). */
  hideable?: boolean;
  defaultHidden?: boolean;
  /** The cell as text to copy, where its editor's terms do not say it (copyTextOf): a time, a count. */
  copyText?: (row: Row) => string;
  /** The row fields the cell shows and its editor reads: a list asks only for its visible columns' (useVisibleFields). */
  fields?: readonly (keyof Row & string)[];
};

export type TableTotal = { count: number; exact: boolean } | null;

/** One infinite query's state, in the shape the table needs (see `tablePagesOf`). */
export type TablePages<Row> = {
  rows: Row[];
  total: TableTotal;
  status: "pending" | "error" | "success";
  error: { message: string } | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Any read of the list in flight, a refetch of its pages too: a next page asked for meanwhile would be dropped. */
  isFetching: boolean;
  /** Previous results are shown while a new search, filter or sort loads. */
  isRefreshing: boolean;
  fetchNextPage: () => void;
  refetch: () => void;
};

/**
 * Where an inline edit started: the row as the editor opened on it, and whether a copy of the row
 * still holds that value in the edited cell (false when it does not carry the cell's fields).
 */
export type CellEditStart<Row> = { row: Row; holds: (copy: Row) => boolean };

/**
 * Saves `patch` to `row` (the record as shown now). `start` comes with a typed edit: the save must be
 * checked against the newest copy of the record there is, and when the edited value changed under the
 * editor, carry the version it started from, so the server refuses it (CONFLICT) instead of silently
 * overwriting the teammate's value.
 */
export type EditCell<Row> = (
  row: Row,
  columnId: string,
  patch: CellPatch,
  start?: CellEditStart<Row>,
) => Promise<unknown>;

export type DataTableProps<Row> = {
  /** The scroll container's accessible name, e.g. "Contacts". */
  label: string;
  columns: DataTableColumn<Row>[];
  pages: TablePages<Row>;
  getRowId: (row: Row) => string;
  sort: SortState | null;
  onSortChange: (sort: SortState) => void;
  selection: ReadonlySet<string>;
  onSelectionChange: (selection: Set<string>) => void;
  onOpenRow: (row: Row) => void;
  /** Saves an inline edit; the table shows the value at once and rolls back if this rejects. */
  onEditCell?: EditCell<Row>;
  /** Delete or Backspace: the selected rows, or the active one when none is selected (the caller offers Undo). */
  onDeleteRows?: (ids: string[]) => void;
  /**
   * Where Tab from the grid goes before the column headers (the open record's first field, the bulk actions while
   * rows are selected), or null to tab on as usual. Shift+Tab from there comes back to the grid.
   */
  tabTarget?: () => HTMLElement | null;
  /** "Filter by …" in a column's menu: how the list filters on the column, or undefined where it does not. */
  filterByColumn?: (columnId: string) => (() => void) | undefined;
  /** Shown when the query returned nothing. */
  empty: ReactNode;
  /** Column widths and visibility are remembered in localStorage under this key. */
  storageKey?: string;
  /** When this changes (new search, filter or sort) the table scrolls back to the top. */
  resetKey?: string;
  /** Row id to highlight as open (the side panel's record). */
  openRowId?: string | null;
  /**
   * Where the list was scrolled when the user left it (`top`, restored once its rows show, unless a
   * new search, filter or sort came first), and a callback told where it is scrolled now.
   */
  scrollMemory?: { top: number; onChange: (top: number) => void };
  /**
   * Every row of the list as it is searched, filtered and sorted, read from the server page by page: Ctrl/⌘+C on a
   * selection reaching rows not loaded ("Select all 10,000") copies them all.
   */
  readRows?: () => AsyncIterable<Row[]>;
};
