import type { ImportBatchResult } from "../../../../worker/src/schemas/imports";

/** "1 row", "1,000 rows". */
export const rowsOf = (count: number) => `${count.toLocaleString()} ${count === 1 ? "row" : "rows"}`;

/** "line 4", "lines 4, 99, 352 and 2 more" (`count` lines in all): numbered as a spreadsheet numbers them. */
export function linesOf(lines: number[], count: number) {
  const shown = lines.join(", ");
  const more = count - lines.length;
  return `${lines.length === 1 && more === 0 ? "line" : "lines"} ${shown}${more > 0 ? ` and ${more.toLocaleString()} more` : ""}`;
}

/** One row the import could not write: its line in the file (the header is line 1) and why. */
export type ImportFailure = ImportBatchResult["failed"][number];

/** One reason rows failed for, with how many did and the first of their lines. */
export type FailureReason = { message: string; count: number; lines: number[] };

/**
 * The import's failures grouped by their message, the most frequent first (then the earliest line), so
 * the summary can say why rows failed without the failed rows' file: "Email: Enter a valid email
 * address." on 5 rows, lines 4, 99, 352… Only the first `maxReasons` reasons and `maxLines` lines of each
 * are kept; the file holds them all.
 */
export function failureReasons(
  failures: readonly ImportFailure[],
  { maxReasons = 5, maxLines = 5 } = {},
): { reasons: FailureReason[]; more: number } {
  const byMessage = new Map<string, FailureReason>();
  for (const { line, message } of failures) {
    let reason = byMessage.get(message);
    if (!reason) byMessage.set(message, (reason = { message, count: 0, lines: [] }));
    reason.count++;
    reason.lines.push(line);
  }
  const all = [...byMessage.values()];
  for (const reason of all) reason.lines.sort((a, b) => a - b);
  all.sort((a, b) => b.count - a.count || a.lines[0] - b.lines[0]);
  return {
    reasons: all.slice(0, maxReasons).map((reason) => ({ ...reason, lines: reason.lines.slice(0, maxLines) })),
    more: Math.max(0, all.length - maxReasons),
  };
}

/** The failed rows of a file as they were, each with why in an "Import error" column: a file to mend and import again. */
export const failedRowsFile = (rows: Record<string, string>[], failures: readonly ImportFailure[]) =>
  failures.map(({ line, message }) => ({ ...rows[line - 2], "Import error": message }));
