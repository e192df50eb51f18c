import type { CellEditor, CellPatch, DataTableColumn, LookupEditor } from "./types";

/** Whether `row` carries every field `column` shows: a list reads only its visible columns' (DataTableColumn.fields). */
export function carriesFields<Row>(row: Row, column: DataTableColumn<Row>): boolean {
  return column.fields?.every((field) => field in (row as object)) ?? true;
}

function keysOf<Row>(editor: CellEditor<Row>): string[] {
  if (editor.kind === "text") return editor.fields.map((f) => f.key);
  if (editor.kind === "lookup" && editor.labelField) return [editor.field, editor.labelField];
  return [editor.field];
}

/** A field's value as an editor holds it: text, or JSON for a list (tags). */
const asText = (value: unknown) =>
  value == null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

/** The editor's current values for a row: `get`, or the row's fields as strings. */
export function readPatch<Row>(row: Row, editor: CellEditor<Row>): CellPatch {
  if (editor.get) return editor.get(row);
  const record = row as Record<string, unknown>;
  return Object.fromEntries(keysOf(editor).map((key) => [key, asText(record[key])]));
}

export function applyPatch<Row>(row: Row, editor: CellEditor<Row>, patch: CellPatch): Row {
  if (editor.apply) return editor.apply(row, patch);
  // A list goes back to being a list, a cleared choice to null, as the saved record will have them.
  if (editor.kind === "tags") return { ...row, [editor.field]: parseMulti(patch[editor.field]) };
  if (editor.kind === "lookup")
    return {
      ...row,
      ...Object.fromEntries(Object.entries(patch).map(([key, value]) => [key, value === "" ? null : value])),
    };
  return { ...row, ...patch };
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

/** What picking `value` (named `label`) in a lookup saves: the value, and its name where the row shows one. */
export function lookupPatch(editor: LookupEditor, value: string, label: string): CellPatch {
  return { [editor.field]: value, ...(editor.labelField ? { [editor.labelField]: label } : {}) };
}
