// A spreadsheet runs a cell that starts with = + - or @ as a formula ("=HYPERLINK(…)", "+cmd|…", "@SUM(…)"),
// and a record's name or title comes from whoever filled in a form or a file. An exported cell that would
// start one is written with a leading apostrophe, which Excel, Numbers and LibreOffice read as "text", as
// OWASP advises. Phone numbers and negative amounts ("+33 1 23 45 67 89", "-1200.50") are no formulas that
// could call anything, and stay as they are. A value already starting with an apostrophe before such a
// character gets one more, so that reading the file back gives every value as it was.

/** The pattern papaparse's `escapeFormulae` takes: the cells an export writes with a leading apostrophe. */
export const FORMULA_CELL = /^(?:[=@\t\r]|[+-](?![\d\s().,-]*$)|'+[=+\-@\t\r])/;
const DEFUSED = /^'(?=[=+\-@\t\r]|'+[=+\-@\t\r])/;

/** A cell of a file read in, without the apostrophe an export (this app's, or another's) put before a formula. */
export function withoutFormulaGuard(cell: string): string {
  return DEFUSED.test(cell) ? cell.slice(1) : cell;
}
