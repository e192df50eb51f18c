import { linesOf, type ImportFailure } from "./failure-reasons";
import type { FileCheck } from "./use-file-check";

/** How the outcomes are said: the duplicates' key ("email"), the record, and the choices made in the dialog. */
export type OutcomeWords = {
  keyName: string;
  noun: [singular: string, plural: string];
  update: boolean;
  create: boolean;
};

/** The lines of a sentence's rows named before "and N more". */
const SHOWN_LINES = 3;

const which = (lines: number[]) => `(${linesOf(lines.slice(0, SHOWN_LINES), lines.length)})`;

/**
 * What the import will do with the file's valid rows that are not simply new, one sentence each: those whose email or
 * domain a record here holds (`held`: null when it could not be asked), and those repeating
 * the email or domain of a row above them. With "Only update", the rows naming no record here instead.
 */
export function fileOutcomes(check: FileCheck, held: Set<string> | null, words: OutcomeWords): string[] {
  const {
    keyName,
    noun: [singular, plural],
    update,
    create,
  } = words;
  const heldFirst = new Set<number>();
  if (held) for (const [key, line] of check.keys) if (held.has(key)) heldFirst.add(line);
  const heldLines = [...heldFirst];
  const repeatLines: number[] = [];
  for (const [line, first] of check.repeats) (heldFirst.has(first) ? heldLines : repeatLines).push(line);
  heldLines.sort((a, b) => a - b);

  const sentences: string[] = [];
  const one = (lines: number[]) => lines.length === 1;
  if (heldLines.length > 0) {
    const subject = one(heldLines)
      ? `1 row is a ${singular} here already`
      : `${heldLines.length.toLocaleString()} rows are ${plural} here already`;
    sentences.push(
      update
        ? `${subject} ${which(heldLines)}: ${one(heldLines) ? "it updates" : "each updates"} that ${singular}.`
        : `${subject} ${which(heldLines)}, so ${one(heldLines) ? "it" : "they"} will be skipped.`,
    );
  }
  if (update && !create) {
    // Every valid row no record here holds, repeats and rows without a key included: none is imported.
    const unheld = check.rows.length - check.failures.length - heldLines.length;
    if (held && unheld > 0)
      sentences.push(
        `${unheld === 1 ? "1 row names" : `${unheld.toLocaleString()} rows name`} no ${singular} here, so ${
          unheld === 1 ? "it" : "they"
        } will be skipped.`,
      );
    return sentences;
  }
  if (repeatLines.length > 0) {
    const subject = one(repeatLines)
      ? `1 row repeats the ${keyName} of a row above it`
      : `${repeatLines.length.toLocaleString()} rows repeat the ${keyName} of a row above them`;
    sentences.push(
      update
        ? `${subject} ${which(repeatLines)}: ${one(repeatLines) ? "it updates" : "each updates"} the ${singular} that row makes.`
        : `${subject} ${which(repeatLines)}, so ${one(repeatLines) ? "it" : "they"} will be skipped.`,
    );
  }
  return sentences;
}

/**
 * The rows the import will refuse for a required property they leave empty: those it creates (`create`: new records
 * are added), neither found here (`held`: the emails or domains a record here holds) nor repeating a row above, which
 * makes their record. Unknown where the server could not be asked (`held` null): only rows without a key are sure to
 * be created.
 */
export function unfilledFailures(check: FileCheck, held: Set<string> | null, create: boolean): ImportFailure[] {
  if (!create) return [];
  const failures: ImportFailure[] = [];
  for (const [line, { message, key }] of check.unfilled)
    if (!key || (held && check.keys.get(key) === line && !held.has(key))) failures.push({ line, message });
  return failures;
}

/**
 * Whether the import writes a valid row (by its line and its email or domain): it creates the record (`create`: new
 * records are added) or updates one (`update`): the record here holding its key (`held`), or the one a row above
 * makes; else it skips the row. Null where the server could not be asked which records are here (`held` null): only
 * a row without a key is sure to be created.
 */
export function rowWrites(
  check: FileCheck,
  held: Set<string> | null,
  { update, create }: { update: boolean; create: boolean },
) {
  return (line: number, key: string | null): boolean | null => {
    if (!key) return create;
    if (!held) return null;
    // A repeat updates the record its first row makes, which exists only if new records are added.
    return held.has(key) || (create && check.repeats.has(line)) ? update : create;
  };
}

/**
 * The rows the import will refuse for their Company cell (`refused`: why, by cell, as the server said it: a name
 * several companies here have): those it writes (rowWrites), as a row it skips links nothing.
 */
export function companyCellFailures(
  check: FileCheck,
  held: Set<string> | null,
  refused: Map<string, string>,
  choices: { update: boolean; create: boolean },
): ImportFailure[] {
  const writes = rowWrites(check, held, choices);
  const failures: ImportFailure[] = [];
  for (const [line, { cell, key }] of check.companyCells) {
    const message = refused.get(cell);
    if (message && writes(line, key)) failures.push({ line, message });
  }
  return failures;
}
