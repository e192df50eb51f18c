import { FORMULA_CELL } from "../../lib/csv-formulas";
import { dayFromCsv, numberFromCsv } from "../../lib/spreadsheet-values";
import { carriesFields, lookupPatch, parseMulti, readPatch } from "./editing";
import type { CellEditor, CellPatch, DataTableColumn, EditOption } from "./types";

/**
 * Whether pasted text is a table with a header row, as a spreadsheet copies several columns: rows to import, not values
 * for cells (the list's page offers the import; the table leaves such a paste to it).
 */
export function isPastedTable(text: string): boolean {
  const lines = text.replace(/\r?\n$/, "").split(/\r?\n/);
  return lines.length >= 2 && lines[0].includes("\t");
}

/** A list as a cell is copied and pasted: "ann@acme.com, ann@home.net", "vip, renewal". */
const joined = (values: string[]) => values.join(", ");
const split = (text: string) =>
  text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);

const labelOf = (options: EditOption[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/**
 * A cell's value as text to copy, in the terms its editor reads back, so that pasting it into another row gives the
 * same value: a name "Ann Lee", a choice by its label, a list "a, b", a day "2026-05-05". `copyText` where the column
 * has its own; null where only the cell's words can say it (an owner, a time), which the table then copies.
 */
export function copyTextOf<Row>(row: Row, column: DataTableColumn<Row>): string | null {
  if (column.copyText) return column.copyText(row);
  const editor = column.editor;
  if (!editor) return null;
  const values = readPatch(row, editor);
  switch (editor.kind) {
    case "text":
      return editor.fields
        .map(({ key }) => (values[key] ?? "").trim())
        .filter(Boolean)
        .join(" ");
    case "select":
      return values[editor.field] ? labelOf(editor.options, values[editor.field]) : "";
    case "multi":
      return joined(parseMulti(values[editor.field]).map((value) => labelOf(editor.options, value)));
    case "tags":
      return joined(parseMulti(values[editor.field]));
    case "lookup":
      return editor.labelField ? (values[editor.labelField] ?? "") : null;
  }
}

/**
 * What pasting `text` into a cell does: a patch to save (checked as the editor checks what is typed), a search to open
 * the cell's picker on (a company, an owner: picked, not guessed), or why it cannot be pasted.
 */
export type Pasted = { patch: CellPatch } | { search: string } | { error: string };

export function pastedInto<Row>(column: DataTableColumn<Row>, pasted: string): Pasted {
  const editor = column.editor;
  if (!editor) return { error: `${column.header} is not edited here.` };
  // A spreadsheet's copied cell ends with a line break; several cells hold tabs or more lines.
  const text = pasted.replace(/\r?\n$/, "").trim();
  if (/[\t\r\n]/.test(text)) return { error: "Paste one value into a cell: this holds several." };
  const read = readPasted(editor, column.header, text);
  if (!("patch" in read)) return read;
  const problem = editor.validate?.(read.patch);
  return problem ? { error: problem } : read;
}

function readPasted<Row>(editor: CellEditor<Row>, header: string, text: string): Pasted {
  const notAChoice = (part: string, options: EditOption[]) => ({
    error: `“${part}” is not one of ${header}'s choices: ${options.map((o) => o.label).join(", ")}.`,
  });
  switch (editor.kind) {
    case "text": {
      const [first, ...rest] = editor.fields;
      // A name: its first word is the first name, the rest the last name.
      if (rest.length) {
        const [given = "", ...family] = text.split(/\s+/);
        return { patch: { [first.key]: given, [rest[0].key]: family.join(" ") } };
      }
      if (first.inputType === "number" && text) return { patch: { [first.key]: String(numberFromCsv(text) ?? text) } };
      if (first.inputType === "date" && text) return { patch: { [first.key]: dayFromCsv(text) ?? text } };
      return { patch: { [first.key]: text } };
    }
    case "select": {
      if (!text && editor.clearable) return { patch: { [editor.field]: "" } };
      const option = chosen(editor.options, text);
      return option ? { patch: { [editor.field]: option.value } } : notAChoice(text, editor.options);
    }
    case "multi": {
      const picked: string[] = [];
      for (const part of split(text)) {
        const option = chosen(editor.options, part);
        if (!option) return notAChoice(part, editor.options);
        picked.push(option.value);
      }
      // In the options' order, as the menu saves a choice.
      const value = editor.options.map((o) => o.value).filter((v) => picked.includes(v));
      return { patch: { [editor.field]: JSON.stringify(value) } };
    }
    case "tags": {
      // Each tag once, any case, as first written.
      const tags = split(text).filter(
        (tag, i, all) => all.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i,
      );
      return { patch: { [editor.field]: JSON.stringify(tags) } };
    }
    case "lookup":
      if (!text && editor.clearable) return { patch: lookupPatch(editor, "", "") };
      return { search: text };
  }
}

/**
 * Rows as a spreadsheet takes a pasted table: the columns' names, then a line a row, cells apart by tabs, each as
 * copyTextOf says it. A cell holding a tab, a line break or a quote is quoted; one a spreadsheet would run as a formula
 * starts with an apostrophe, as the CSV export writes it (and as the import, pasted back, reads it).
 */
export function rowsAsTable<Row>(rows: Row[], columns: DataTableColumn<Row>[]): string {
  const cell = (text: string) => {
    const safe = FORMULA_CELL.test(text) ? `'${text}` : text;
    return /[\t\r\n"]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const lines = [
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((column) => (carriesFields(row, column) ? (copyTextOf(row, column) ?? "") : ""))),
  ];
  return lines.map((cells) => cells.map(cell).join("\t")).join("\n");
}

/** An option by its label or value, any case: "qualified" is Qualified. */
function chosen(options: EditOption[], text: string): EditOption | undefined {
  const wanted = text.toLowerCase();
  return options.find((o) => o.label.toLowerCase() === wanted) ?? options.find((o) => o.value.toLowerCase() === wanted);
}
