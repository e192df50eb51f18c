import { z } from "zod";

// Control characters arrive with pasted and imported text, not typed: a NUL from a file read in the wrong
// encoding, Excel's and FileMaker's line breaks inside a cell, C1 codes from mis-decoded Windows-1252. Stored,
// they break CSV readers and show as nothing, so a name made only of them looked filled in and was not.
// Unicode's line breaks (a regular expression's class, written once for both patterns below).
const BREAKS = "\\n\\v\\f\\r\\u0085\\u2028\\u2029";
const LINE_BREAK = new RegExp(`\\r\\n|[${BREAKS}]`, "g");
const LINE_BREAKS_AND_TABS_AROUND = new RegExp(`[ \\t]*[\\t${BREAKS}][\\t ${BREAKS}]*`, "g");
const CONTROLS_BUT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g; // eslint-disable-line no-control-regex

/** One line of text as stored: each run of line breaks and tabs (with the spaces around it) one space, no other control character. */
export function asSingleLine(text: string): string {
  return text.replace(LINE_BREAKS_AND_TABS_AROUND, " ").replace(CONTROLS_BUT_TAB_AND_NEWLINE, "");
}

/** Text of several lines as stored: every line break a "\n", tabs kept, no other control character. */
export function asMultiLine(text: string): string {
  return text.replace(LINE_BREAK, "\n").replace(CONTROLS_BUT_TAB_AND_NEWLINE, "");
}

/** A trimmed one-line string (names, titles, labels, tags); chain `.min()` / `.max()` as on `z.string()`. */
export const singleLineText = () => z.string().overwrite(asSingleLine).trim();

/** A trimmed string of several lines (notes, task notes, feedback). */
export const multiLineText = () => z.string().overwrite(asMultiLine).trim();
