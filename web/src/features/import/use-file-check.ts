import { useEffect, useState } from "react";
import { forEachInSlices } from "../../lib/main-thread";
import type { ImportFailure } from "./failure-reasons";

/**
 * The whole file checked: the rows that will not import as they are, each with its line and why, and the rows whose
 * email or domain a valid row above them already has (`repeats`: each row's line to that row's line), which the
 * import skips or lets fill that row's record in.
 */
export type FileCheck = {
  rows: Record<string, string>[];
  failures: ImportFailure[];
  /** Each email or domain of the file's valid rows, with the line of the first row holding it. */
  keys: Map<string, number>;
  repeats: Map<number, number>;
};

/** A row as the check reads it: why it fails (null for none), and its email or domain, as a duplicate is found by. */
export type RowCheck = { problem: string | null; key: string | null };

/**
 * Every row of the file checked as the server will check its values (`checkOf`), in slices, so a 100,000-row file
 * never holds the tab: undefined until the whole file is read. Read again when the mapping or what a check needs
 * changes (`checkOf` is another function).
 */
export function useFileCheck(
  rows: Record<string, string>[] | undefined,
  checkOf: (row: Record<string, string>) => RowCheck,
): FileCheck | undefined {
  const [check, setCheck] = useState<{ of: typeof checkOf; result: FileCheck } | undefined>(undefined);
  useEffect(() => {
    if (!rows) return;
    let wanted = true;
    const failures: ImportFailure[] = [];
    const repeats = new Map<number, number>();
    // The first valid row holding each key: the one a later row's record is.
    const firstWith = new Map<string, number>();
    void forEachInSlices(
      rows.length,
      (i) => {
        const { problem, key } = checkOf(rows[i]);
        // Line numbers as a spreadsheet shows them: the header is line 1.
        const line = i + 2;
        if (problem) failures.push({ line, message: problem });
        else if (key) {
          const first = firstWith.get(key);
          if (first === undefined) firstWith.set(key, line);
          else repeats.set(line, first);
        }
      },
      () => !wanted,
    ).then(() => wanted && setCheck({ of: checkOf, result: { rows, failures, keys: firstWith, repeats } }));
    return () => {
      wanted = false;
    };
  }, [rows, checkOf]);
  return check?.of === checkOf && check.result.rows === rows ? check.result : undefined;
}
