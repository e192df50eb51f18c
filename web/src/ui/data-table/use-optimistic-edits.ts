import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast, toastError, type ToastAction } from "../../lib/toast";
import { saveAgainLabel } from "../../lib/trpc-errors";
import { applyPatch, carriesFields, readPatch, samePatch } from "./editing";
import type { CellPatch, DataTableColumn, EditCell } from "./types";

type PendingEdit<Row> = { seq: number; rowId: string; patch: CellPatch; column: DataTableColumn<Row> };
/** A saved edit, to undo: the values it replaced and those it saved; `group` ties the rows of one paste together. */
type SavedEdit<Row> = {
  rowId: string;
  column: DataTableColumn<Row>;
  before: CellPatch;
  after: CellPatch;
  group?: number;
};

/** How a save went: made (or nothing to make), or refused with why. */
export type SaveOutcome = { saved: true } | { saved: false; error: unknown };

export type CommitOptions = {
  /** False for a save Ctrl+Z is not to go back to (an undo's own). */
  undoable?: boolean;
  /** The edits of one paste, undone together. */
  group?: number;
  /** The caller tells of a refusal itself (a paste into many rows, once for all). */
  quiet?: boolean;
};

/**
 * What Ctrl+Z (or Ctrl+Shift+Z, redoing) did, to the last edit or paste: the rows whose values it put back, and those
 * it left because their value changed since (a teammate's save, another edit); null with nothing to undo.
 */
export type UndoOutcome<Row> = { column: DataTableColumn<Row>; undone: Row[]; changed: Row[] } | null;

/** How many saved edits Ctrl+Z can go back through (and Ctrl+Shift+Z forward again). */
const UNDO_DEPTH = 20;

type Options<Row> = {
  rows: Row[];
  getRowId: (row: Row) => string;
  onEditCell?: EditCell<Row>;
};

/**
 * Inline edits show at once: pending patches are laid over the rows until the save settles.
 * On success the caller's cache already holds the saved record; on failure the patch is dropped
 * (the old value comes back) and the error is toasted. When a teammate saved first (CONFLICT; the
 * row is re-read meanwhile) or the request got no answer, the toast offers to save the same value
 * again, so the edit is not lost, and a teammate's change is only overwritten by choice.
 *
 * `commit` takes the row the edit started from (`base`) when it has it: a value the person left as it
 * was is not saved (it would put back what was there before a teammate's change), and the save is told
 * where the edit started (CellEditStart), so a value that changed while the editor was open is refused
 * by the server with who changed it, rather than the edit silently replacing theirs.
 */
export function useOptimisticEdits<Row>({ rows, getRowId, onEditCell }: Options<Row>) {
  const [pending, setPending] = useState<PendingEdit<Row>[]>([]);
  const seq = useRef(0);
  const saved = useRef<SavedEdit<Row>[]>([]);
  // The edits undone, the last one last: what Ctrl+Shift+Z makes again, until a new edit is saved.
  const undone = useRef<SavedEdit<Row>[]>([]);
  const latestRows = useRef(rows);
  useEffect(() => {
    latestRows.current = rows;
  }, [rows]);

  const displayRows = useMemo(() => {
    if (pending.length === 0) return rows;
    const byRow = new Map<string, PendingEdit<Row>[]>();
    for (const edit of pending) byRow.set(edit.rowId, [...(byRow.get(edit.rowId) ?? []), edit]);
    return rows.map((row) => {
      const edits = byRow.get(getRowId(row));
      return edits
        ? edits.reduce((acc, e) => (e.column.editor ? applyPatch(acc, e.column.editor, e.patch) : acc), row)
        : row;
    });
  }, [rows, pending, getRowId]);
  // The rows as shown, edits on their way included: what Ctrl+Z and Ctrl+Shift+Z check a value against, so that a
  // redo made while the undo's save is still on its way finds the value the person sees, not the one before it.
  const shownRows = useRef(displayRows);
  useEffect(() => {
    shownRows.current = displayRows;
  }, [displayRows]);

  const commit = useCallback(
    function save(
      row: Row,
      column: DataTableColumn<Row>,
      patch: CellPatch,
      base?: Row,
      options: CommitOptions = {},
    ): Promise<SaveOutcome> {
      const { undoable = true, group, quiet = false } = options;
      const editor = column.editor;
      const unchanged: Promise<SaveOutcome> = Promise.resolve({ saved: true });
      if (!onEditCell || !editor || samePatch(readPatch(row, editor), patch)) return unchanged;
      const started = base && readPatch(base, editor);
      if (started && samePatch(started, patch)) return unchanged;
      const start = started && {
        row: base,
        holds: (copy: Row) => carriesFields(copy, column) && samePatch(readPatch(copy, editor), started),
      };
      const edit = { seq: ++seq.current, rowId: getRowId(row), patch, column };
      const before = readPatch(row, editor);
      const settle = () => setPending((list) => list.filter((e) => e.seq !== edit.seq));
      setPending((list) => [...list, edit]);
      return onEditCell(row, column.id, patch, start).then(
        (): SaveOutcome => {
          settle();
          if (undoable) {
            saved.current = [...saved.current, { rowId: edit.rowId, column, before, after: patch, group }].slice(
              -UNDO_DEPTH,
            );
            undone.current = [];
          }
          return { saved: true };
        },
        (error: unknown): SaveOutcome => {
          settle();
          if (quiet) return { saved: false, error };
          const label = saveAgainLabel(error);
          const again: ToastAction | undefined = label && {
            label,
            onClick: () => {
              const current = latestRows.current.find((r) => getRowId(r) === edit.rowId);
              if (current) void save(current, column, patch);
            },
          };
          toastError(error, `Could not save ${column.header.toLowerCase()}`, again);
          return { saved: false, error };
        },
      );
    },
    [onEditCell, getRowId],
  );

  /**
   * Moves the last edit (or every row of the last paste) from one history to the other, and saves each row's value
   * from the other side of it (version-checked, as an edit of its own) while the cell still holds this side's; a cell
   * changed since (a teammate's save, another edit) is left as it is. Undo goes from `after` back to `before`; redo
   * the other way.
   */
  const travel = useCallback(
    (from: typeof saved, to: typeof saved, holds: "after" | "before"): UndoOutcome<Row> => {
      const last = from.current.at(-1);
      if (!last) return null;
      const moving = last.group === undefined ? [last] : from.current.filter((edit) => edit.group === last.group);
      from.current = from.current.filter((edit) => !moving.includes(edit));
      to.current = [...to.current, ...moving].slice(-UNDO_DEPTH);
      const outcome: NonNullable<UndoOutcome<Row>> = { column: last.column, undone: [], changed: [] };
      for (const edit of moving) {
        const current = shownRows.current.find((r) => getRowId(r) === edit.rowId);
        if (!current || !edit.column.editor) continue;
        if (!samePatch(readPatch(current, edit.column.editor), edit[holds])) {
          outcome.changed.push(current);
          continue;
        }
        const value = holds === "after" ? edit.before : edit.after;
        // Its own save is not a new edit: Ctrl+Z goes on back through the edits before it, Ctrl+Shift+Z forward.
        void commit(current, edit.column, value, current, { undoable: false });
        outcome.undone.push(current);
      }
      return outcome.undone.length || outcome.changed.length ? outcome : null;
    },
    [commit, getRowId],
  );
  const undo = useCallback(() => travel(saved, undone, "after"), [travel]);
  const redo = useCallback(() => travel(undone, saved, "before"), [travel]);

  return { displayRows, commit, undo, redo };
}

/**
 * Tells what Ctrl+Z did (UndoOutcome), or Ctrl+Shift+Z (`redone`); `nameOf` names a row ("on Bo Baker"), where a list
 * holds several.
 */
export function sayUndone<Row>(outcome: UndoOutcome<Row>, nameOf?: (row: Row) => string, redone = false): void {
  if (!outcome) return void toast(redone ? "No undone edit to redo here." : "No edit to undo here.");
  const { column, undone, changed } = outcome;
  const did = redone ? "Redid" : "Undid";
  const on = (row: Row) => (nameOf ? ` on ${nameOf(row)}` : "");
  if (undone.length + changed.length === 1)
    return void toast(
      undone.length
        ? `${did} the edit of ${column.header}${on(undone[0])}.`
        : `${column.header}${on(changed[0])} has changed since: nothing was ${redone ? "redone" : "undone"}.`,
    );
  const left = changed.length ? ` ${changed.length.toLocaleString()} changed since were left as they are.` : "";
  toast(`${did} the paste into ${column.header} on ${undone.length.toLocaleString()} rows.${left}`);
}
