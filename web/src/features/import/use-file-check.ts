import { useEffect, useState } from "react";
import { forEachInSlices } from "../../lib/main-thread";
import type { ImportFailure } from "./failure-reasons";

/** The rows of a file that will not import as they are, each with its line and why; `of` the file's rows it read. */
export type FileCheck = { rows: Record<string, string>[]; failures: ImportFailure[] };

/**
 * Every row of the file checked as the server will check its values (`problemOf`: why a row fails, or null), in
 * slices, so a 100,000-row file never holds the tab: undefined until the whole file is read. Read again when the
 * mapping or what a check needs changes (`problemOf` is another function).
 */
export function useFileCheck(
  rows: Record<string, string>[] | undefined,
  problemOf: (row: Record<string, string>) => string | null,
): FileCheck | undefined {
  const [check, setCheck] = useState<{ of: typeof problemOf; result: FileCheck } | undefined>(undefined);
  useEffect(() => {
    if (!rows) return;
    let wanted = true;
    const failures: ImportFailure[] = [];
    void forEachInSlices(
      rows.length,
      (i) => {
        const message = problemOf(rows[i]);
        // Line numbers as a spreadsheet shows them: the header is line 1.
        if (message) failures.push({ line: i + 2, message });
      },
      () => !wanted,
    ).then(() => wanted && setCheck({ of: problemOf, result: { rows, failures } }));
    return () => {
      wanted = false;
    };
  }, [rows, problemOf]);
  return check?.of === problemOf && check.result.rows === rows ? check.result : undefined;
}
