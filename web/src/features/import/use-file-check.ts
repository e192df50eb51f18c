import { useEffect, useState } from "react";
import { COMPANY_NAME_MAX } from "../../../../worker/src/domain/records/cell-problems";
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
  /** The valid rows leaving a required property empty, by line: why the import refuses one it creates, and its key. */
  unfilled: Map<number, { message: string; key: string | null }>;
  /** The valid rows naming their company in a Company cell (a contacts file), by line: the cell, and the row's key. */
  companyCells: Map<number, { cell: string; key: string | null }>;
  /** Those cells to ask the server about (importCompanyCells): each once (a longer one than a name fails its row). */
  askedCompanyCells: string[];
};

/**
 * A row as the check reads it: why it fails (null for none), its email or domain, as a duplicate is found by, and the
 * required property it leaves empty (null for none), which fails it only if the import creates its record, and the
 * company its Company cell names, if any.
 */
export type RowCheck = { problem: string | null; key: string | null; unfilled: string | null; companyCell?: string };

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
    const unfilled: FileCheck["unfilled"] = new Map();
    const companyCells: FileCheck["companyCells"] = new Map();
    const asked = new Set<string>();
    // The first valid row holding each key: the one a later row's record is.
    const firstWith = new Map<string, number>();
    void forEachInSlices(
      rows.length,
      (i) => {
        const { problem, key, unfilled: empty, companyCell } = checkOf(rows[i]);
        // Line numbers as a spreadsheet shows them: the header is line 1.
        const line = i + 2;
        if (problem) return void failures.push({ line, message: problem });
        if (empty) unfilled.set(line, { message: empty, key });
        if (companyCell) companyCells.set(line, { cell: companyCell, key });
        if (companyCell && companyCell.length <= COMPANY_NAME_MAX) asked.add(companyCell);
        if (!key) return;
        const first = firstWith.get(key);
        if (first === undefined) firstWith.set(key, line);
        else repeats.set(line, first);
      },
      () => !wanted,
    ).then(
      () =>
        wanted &&
        setCheck({
          of: checkOf,
          result: {
            rows,
            failures,
            keys: firstWith,
            repeats,
            unfilled,
            companyCells,
            askedCompanyCells: [...asked],
          },
        }),
    );
    return () => {
      wanted = false;
    };
  }, [rows, checkOf]);
  return check?.of === checkOf && check.result.rows === rows ? check.result : undefined;
}
