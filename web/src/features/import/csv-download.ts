import Papa from "papaparse";
import { FORMULA_CELL } from "../../lib/csv-formulas";

/** `rows` as CSV text, a cell that a spreadsheet would run as a formula written as text (csv-formulas.ts). */
export const csvText = (rows: Record<string, unknown>[], columns?: string[]) =>
  Papa.unparse(rows, { columns, escapeFormulae: FORMULA_CELL });

/**
 * Offers `rows` as a CSV file download, UTF-8 with its byte-order mark: without it, Excel reads the file as its
 * system's code page and "Müller" opens as "MÃ¼ller". Spreadsheets and this app's import drop the mark.
 */
export function downloadCsv(fileName: string, rows: Record<string, unknown>[], columns?: string[]) {
  const csv = "\uFEFF" + csvText(rows, columns);
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
