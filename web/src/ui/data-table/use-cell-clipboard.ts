import type { ClipboardEvent } from "react";
import { toast } from "../../lib/toast";
import { copyTextOf, pastedInto } from "./clipboard";
import { carriesFields } from "./editing";
import type { CellPatch, DataTableColumn } from "./types";

type CellClipboard<Row> = {
  /** The active row, if any. */
  row: Row | undefined;
  /** The cell cursor's column, if it is on one. */
  column: DataTableColumn<Row> | null;
  /** What Ctrl+C copies of a row without a cell cursor: its name. */
  firstColumn: DataTableColumn<Row> | null;
  /** The words a cell of the active row shows, for a value only they say (an owner, a time). */
  cellText: (columnId: string) => string;
  editable: boolean;
  /** An inline edit's save: shown at once, version-checked from `base`, rolled back with a toast on failure. */
  save: (row: Row, column: DataTableColumn<Row>, patch: CellPatch, base?: Row) => void;
  /** Opens the cell's picker searching for what was pasted (a company by name). */
  pick: (columnId: string, search: string) => void;
};

/** What a toast quotes of a value: its start, when it is long. */
const quoted = (text: string) => `“${text.length > 60 ? `${text.slice(0, 59)}…` : text}”`;

/**
 * Copy and paste on the cell cursor, as in a spreadsheet: Ctrl/⌘+C copies the cell (the row's name without a cursor)
 * in the terms its editor reads back, so that Ctrl/⌘+V into the same column of another row sets the same value. A
 * paste is an inline edit like a typed one; into a company or owner it opens the picker searching for the text. Text
 * selected on the page, and the editors' own fields, copy and paste as the browser does.
 */
export function useCellClipboard<Row>(options: CellClipboard<Row>) {
  const { row, column, firstColumn, cellText, editable, save, pick } = options;
  const ownEvent = (event: ClipboardEvent<HTMLElement>) =>
    !(event.target instanceof Element && event.target.closest("[data-cell-editor],input,textarea"));

  const onCopy = (event: ClipboardEvent<HTMLElement>) => {
    const copied = column ?? firstColumn;
    if (!row || !copied || !ownEvent(event) || !window.getSelection()?.isCollapsed) return;
    if (!carriesFields(row, copied)) return;
    const text = copyTextOf(row, copied) ?? cellText(copied.id).replace(/^—$/, "").trim();
    event.preventDefault();
    if (!text) return void toast(`${copied.header} is empty: nothing to copy.`);
    event.clipboardData.setData("text/plain", text);
    toast(`Copied ${quoted(text)}.`);
  };

  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    if (!row || !ownEvent(event)) return;
    event.preventDefault();
    if (!editable) return;
    if (!column) return void toast("Choose a cell to paste into: click it, or reach it with ← →.");
    if (!carriesFields(row, column)) return;
    const pasted = pastedInto(column, event.clipboardData.getData("text/plain"));
    if ("error" in pasted) toast.error(pasted.error);
    else if ("search" in pasted) pick(column.id, pasted.search);
    else save(row, column, pasted.patch, row);
  };

  return { onCopy, onPaste };
}
