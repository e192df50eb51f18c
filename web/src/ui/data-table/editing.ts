import type { CellEditor, CellPatch } from "./types";

function keysOf<Row>(editor: CellEditor<Row>): string[] {
  return editor.kind === "text" ? editor.fields.map((f) => f.key) : [editor.field];
}

/** The editor's current values for a row: `get`, or the row's fields as strings. */
export function readPatch<Row>(row: Row, editor: CellEditor<Row>): CellPatch {
  if (editor.get) return editor.get(row);
  const record = row as Record<string, unknown>;
  return Object.fromEntries(keysOf(editor).map((key) => [key, record[key] == null ? "" : String(record[key])]));
}

export function applyPatch<Row>(row: Row, editor: CellEditor<Row>, patch: CellPatch): Row {
  return editor.apply ? editor.apply(row, patch) : { ...row, ...patch };
}

export function samePatch(a: CellPatch, b: CellPatch): boolean {
  return Object.keys(b).every((key) => (a[key] ?? "") === (b[key] ?? ""));
}

/** A `multi` editor's value: a JSON array of strings ("" or anything else reads as none). */
export function parseMulti(value: string | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(value || "[]");
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
