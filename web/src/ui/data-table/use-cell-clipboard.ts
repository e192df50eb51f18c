import { useQueryClient } from "@tanstack/react-query";
import type { ClipboardEvent } from "react";
import { errorMessage } from "../../lib/trpc-errors";
import { progressToast, toast } from "../../lib/toast";
import { copyTextOf, isPastedTable, pastedInto, rowsAsTable, type Pasted } from "./clipboard";
import { carriesFields, lookupPatch } from "./editing";
import type { CellPatch, DataTableColumn, EditOption } from "./types";
import { sayUndone, type CommitOptions, type SaveOutcome, type UndoOutcome } from "./use-optimistic-edits";

type CellClipboard<Row> = {
  /** The rows shown, in order, and where the active one is among them (-1: none). */
  rows: Row[];
  activeIndex: number;
  selection: ReadonlySet<string>;
  getRowId: (row: Row) => string;
  /** The columns shown, in order: a copy of selected rows holds them. */
  columns: DataTableColumn<Row>[];
  /** The cell cursor's column, if it is on one. */
  column: DataTableColumn<Row> | null;
  /** What Ctrl+C copies of a row without a cell cursor, and how a toast names a row: its name. */
  firstColumn: DataTableColumn<Row> | null;
  /** The words a cell of the active row shows, for a value only they say (an owner, a time). */
  cellText: (columnId: string) => string;
  editable: boolean;
  /** An inline edit's save: shown at once, version-checked from `base`, rolled back on failure. */
  save: (
    row: Row,
    column: DataTableColumn<Row>,
    patch: CellPatch,
    base?: Row,
    options?: CommitOptions,
  ) => Promise<SaveOutcome>;
  /** Opens the active cell's picker searching for what was pasted (a company by name). */
  pick: (columnId: string, search: string) => void;
  /** Puts back the last edit, or the last paste's. */
  undo: () => UndoOutcome<Row>;
  /** Makes the last edit undone again. */
  redo: () => UndoOutcome<Row>;
  /** Every row of the list, read from the server page by page: what a copy of a selection beyond the loaded rows reads. */
  readRows?: () => AsyncIterable<Row[]>;
};

/** What a toast quotes of a value: its start, when it is long. */
const quoted = (text: string) => `“${text.length > 60 ? `${text.slice(0, 59)}…` : text}”`;

/**
 * Puts a cell's or a field's value on the clipboard (copyTextOf; else `shown`, the words it shows, its empty dash
 * aside), and says what was copied.
 */
export function copyValue<Row>(
  event: ClipboardEvent<HTMLElement>,
  row: Row,
  column: DataTableColumn<Row>,
  shown: string,
): void {
  const text = copyTextOf(row, column) ?? shown.replace(/^—$/, "").trim();
  event.preventDefault();
  if (!text) return void toast(`${column.header} is empty: nothing to copy.`);
  event.clipboardData.setData("text/plain", text);
  toast(`Copied ${quoted(text)}.`);
}

/** The most rows a copy holds: past them, a spreadsheet wants the export's file (and the clipboard megabytes). */
export const COPY_ROWS_MAX = 20_000;

/** More rows than this take "Set property" from the selection bar, one write for all. */
const PASTE_ROWS_MAX = 200;
/** The most companies or owners one paste looks up, each its own read. */
const PASTE_NAMES_MAX = 50;

let pasteGroups = 0;

/**
 * Copy, paste and undo on the cell cursor, as in a spreadsheet.
 * - Ctrl/⌘+C copies the selected rows as a table (their columns' names first), else the cell (the row's name without a
 *   cursor) in the terms its editor reads back, so that Ctrl/⌘+V into the same column of another row sets the same
 *   value.
 * - A paste is an inline edit like a typed one: into the active row; into each selected row (one value for all, or a
 *   column of values, one a row in the list's order); or, a column of values with no selection, into the rows from the
 *   active one down. A company or owner pasted into one cell opens its picker searching for the text; into several rows,
 *   each text must name one (by name, email or domain). Nothing is saved when one value will not do. A table with a
 *   header row is left to the page, to import.
 * - Ctrl/⌘+Z puts back the last edit, or every row of the last paste; Ctrl/⌘+Shift+Z (or Ctrl+Y) makes it again.
 * Text selected on the page, and the editors' own fields, copy and paste as the browser does.
 */
export function useCellClipboard<Row>(options: CellClipboard<Row>) {
  const { rows, activeIndex, selection, getRowId, columns, column, firstColumn, cellText, editable, save, pick } =
    options;
  const { readRows } = options;
  const client = useQueryClient();
  const row = rows[activeIndex] as Row | undefined;
  // The selected rows shown, in the list's order: what a copy holds and a paste goes into.
  const selectedShown = () => rows.filter((r) => selection.has(getRowId(r)));
  const nameOf = (of: Row) => (firstColumn && copyTextOf(of, firstColumn)) || "this row";
  const ownEvent = (event: ClipboardEvent<HTMLElement>) =>
    !(event.target instanceof Element && event.target.closest("[data-cell-editor],input,textarea"));

  const onCopy = (event: ClipboardEvent<HTMLElement>) => {
    if (!ownEvent(event) || !window.getSelection()?.isCollapsed) return;
    if (selection.size > 0) return copyRows(event);
    const copied = column ?? firstColumn;
    if (!row || !copied) return;
    if (!carriesFields(row, copied)) return;
    copyValue(event, row, copied, cellText(copied.id));
  };

  const copiedText = (count: number, shown = columns) =>
    `Copied ${count.toLocaleString()} ${count === 1 ? "row" : "rows"} with their ${shown.length} columns`;

  /** The selected rows, as a table to paste into a spreadsheet (rowsAsTable): read whole when some are not loaded. */
  const copyRows = (event: ClipboardEvent<HTMLElement>) => {
    const selected = selectedShown();
    if (selected.length < selection.size && readRows && selection.size <= COPY_ROWS_MAX) return copyRead();
    event.preventDefault();
    event.clipboardData.setData("text/plain", rowsAsTable(selected, columns));
    toast(
      selected.length < selection.size
        ? `${copiedText(selected.length)}: those loaded of the ${selection.size.toLocaleString()} selected. Export takes them all.`
        : `${copiedText(selected.length)}, to paste into a spreadsheet.`,
    );
  };

  /**
   * Reads the list for the selected rows not loaded (readRows), then puts them all on the clipboard, in the list's
   * order, with the columns shown when Ctrl/⌘+C was pressed; a toast counts them as they come.
   */
  const copyRead = () => {
    // The copy event's own clipboard is left alone (nothing is selected on the page, so it copies nothing): what was
    // on the clipboard stays there until the rows are read, or if they cannot be.
    const wanted = new Set(selection);
    const shown = columns;
    const total = wanted.size.toLocaleString();
    const progress = progressToast(true, (done) => `Copying ${done.toLocaleString()} of ${total} rows…`);
    void (async () => {
      const found: Row[] = [];
      for await (const page of readRows!()) {
        for (const row of page) if (wanted.has(getRowId(row))) found.push(row);
        progress.update(found.length);
        if (found.length === wanted.size) break;
      }
      // The async clipboard: the copy event's own is gone by now. It needs the tab focused.
      await navigator.clipboard.writeText(rowsAsTable(found, shown));
      const gone = wanted.size - found.length;
      toast.success(
        `${copiedText(found.length, shown)}, to paste into a spreadsheet.${gone > 0 ? ` ${gone.toLocaleString()} no longer match the list.` : ""}`,
        { id: progress.id },
      );
    })().catch((error: unknown) =>
      toast.error(
        error instanceof DOMException && error.name === "NotAllowedError"
          ? "Nothing copied: the tab lost focus before the rows were read. Copy again, and stay on the tab."
          : `Nothing copied: ${errorMessage(error)}`,
        { id: progress.id },
      ),
    );
  };

  /** The rows a paste of `count` values goes into, or why it cannot. */
  const targetsOf = (count: number): Row[] | string => {
    const selected = selectedShown();
    if (selected.length > 0) {
      if (selected.length < selection.size)
        return `Only the rows shown take a paste: ${(selection.size - selected.length).toLocaleString()} of those selected are not loaded. Use "Set property" in the selection bar for them all.`;
      if (count > 1 && count !== selected.length)
        return `The clipboard holds ${count} values for ${selected.length} selected rows: select as many rows as values, or paste one value.`;
      return selected;
    }
    const below = rows.slice(activeIndex, activeIndex + count);
    return below.length === count
      ? below
      : `The clipboard holds ${count} values, and ${below.length} rows are loaded from this one down.`;
  };

  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    if (!row || !ownEvent(event) || isPastedTable(event.clipboardData.getData("text/plain"))) return;
    event.preventDefault();
    if (!editable) return;
    if (!column) return void toast("Choose a cell to paste into: click it, or reach it with ← →.");
    // A spreadsheet's copied cells end with a line break.
    const values = event.clipboardData
      .getData("text/plain")
      .replace(/\r?\n$/, "")
      .split(/\r?\n/);
    const targets = targetsOf(values.length);
    if (typeof targets === "string") return void toast.error(targets);
    if (targets.length > PASTE_ROWS_MAX)
      return void toast.error(
        `A paste goes into ${PASTE_ROWS_MAX} rows at most. Use "Set property" in the selection bar for more.`,
      );
    if (!targets.every((target) => carriesFields(target, column))) return;
    const pasted = targets.map((_, i) => pastedInto(column, values[values.length === 1 ? 0 : i]));
    const refused = pasted.findIndex((p) => "error" in p);
    if (refused >= 0) {
      const why = (pasted[refused] as { error: string }).error;
      return void toast.error(targets.length > 1 ? `${nameOf(targets[refused])}: ${why}` : why);
    }
    if (pasted.some((p) => "search" in p)) {
      if (targets.length === 1 && targets[0] === row) return pick(column.id, (pasted[0] as { search: string }).search);
      return void pasteNamed(targets, column, pasted);
    }
    saveAll(
      targets,
      column,
      pasted.map((p) => (p as { patch: CellPatch }).patch),
    );
  };

  /**
   * A company or owner pasted into several rows: each text is looked up (the editor's `resolve`) and must name exactly
   * one; else nothing is saved, and the toast says which row's text names none, or several.
   */
  const pasteNamed = async (targets: Row[], column: DataTableColumn<Row>, pasted: Pasted[]) => {
    const editor = column.editor;
    const what = column.header.toLowerCase();
    if (editor?.kind !== "lookup" || !editor.resolve)
      return toast.error(`A ${what} is picked from a list: paste it into the active row's cell alone.`);
    const searched = (p: Pasted) => ("search" in p ? p.search : null);
    const texts = [...new Set(pasted.flatMap((p) => searched(p)?.toLowerCase() ?? []))];
    if (texts.length > PASTE_NAMES_MAX)
      return toast.error(
        `The clipboard holds ${texts.length} different ${what} names: paste ${PASTE_NAMES_MAX} at most at once.`,
      );
    let named: Map<string, EditOption[]>;
    try {
      const { resolve } = editor;
      named = new Map(await Promise.all(texts.map(async (text) => [text, await resolve(text, client)] as const)));
    } catch (error) {
      return toast.error(`Could not look up the pasted ${what} names: ${errorMessage(error)}`);
    }
    const patches: CellPatch[] = [];
    for (const [i, p] of pasted.entries()) {
      const text = searched(p);
      if (text === null) {
        patches.push((p as { patch: CellPatch }).patch);
        continue;
      }
      const found = named.get(text.toLowerCase()) ?? [];
      if (found.length !== 1)
        return toast.error(
          `${nameOf(targets[i])}: ${found.length === 0 ? `no ${what} here is named` : `more than one ${what} is named`} ${quoted(text)}. Paste it into that row's cell alone to pick from a list.`,
        );
      patches.push(lookupPatch(editor, found[0].value, found[0].label));
    }
    saveAll(targets, column, patches);
  };

  /** Saves a paste's values, one a row: as one edit for a row, as one undoable group for several. */
  const saveAll = (targets: Row[], column: DataTableColumn<Row>, patches: CellPatch[]) => {
    if (targets.length === 1) return void save(targets[0], column, patches[0], targets[0]);
    const group = ++pasteGroups;
    const saves = targets.map((target, i) => save(target, column, patches[i], target, { group, quiet: true }));
    void Promise.all(saves).then((outcomes) => {
      const failed = outcomes.filter((o): o is { saved: false; error: unknown } => !o.saved);
      const done = `Pasted into ${column.header} on ${(outcomes.length - failed.length).toLocaleString()} rows.`;
      if (failed.length === 0) toast.success(done);
      else
        toast.error(`${done} ${failed.length.toLocaleString()} could not be saved: ${errorMessage(failed[0].error)}`);
    });
  };

  const undo = () => sayUndone(options.undo(), nameOf);
  const redo = () => sayUndone(options.redo(), nameOf, true);

  return { onCopy, onPaste, undo, redo };
}
