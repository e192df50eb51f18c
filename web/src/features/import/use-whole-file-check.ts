import { useMemo } from "react";
import type { ImportFailure } from "./failure-reasons";
import { companyCellFailures, fileOutcomes, rowWrites, unfilledFailures } from "./file-outcomes";
import type { ImportObjectConfig } from "./import-objects";
import type { FileCompanies } from "./parent-links";
import { useAskedInChunks, useAskedSet } from "./use-asked-in-chunks";
import { useFileCheck, type FileCheck, type RowCheck } from "./use-file-check";
import { useParentCheck } from "./use-parent-check";

const writesAll = () => true;

/** The failures of a file, one per line (the first given for a line stands), in the file's order. */
function byLine(...lists: ImportFailure[][]): ImportFailure[] {
  const failures = new Map<number, ImportFailure>();
  for (const list of lists)
    for (const failure of list) if (!failures.has(failure.line)) failures.set(failure.line, failure);
  return [...failures.values()].sort((a, b) => a.line - b.line);
}

/**
 * Everything the import dialog says of a whole file before Import is pressed, in the order the server decides a row:
 * each row's values (useFileCheck), then whether a record here holds its email or domain (importHeldKeys), which says
 * whether it is created and so whether its required properties must be filled, then, for a contacts file, whether
 * its Company cell names one company (importCompanyCells), and for a companies file, whether its parent company will
 * be there (useParentCheck).
 *
 * `fileCheck`: the values alone, as soon as they are read; `checked`: all of it, undefined until the server has
 * answered too; `outcomes`: what the import will do with the rows that are not simply new (fileOutcomes).
 */
export function useWholeFileCheck({
  config,
  rows,
  checkOf,
  companies,
  update,
  create,
}: {
  config: ImportObjectConfig;
  /** The file's rows, once it is mapped. */
  rows: Record<string, string>[] | undefined;
  checkOf: (row: Record<string, string>) => RowCheck;
  companies: FileCompanies | null | undefined;
  update: boolean;
  create: boolean;
}): { fileCheck: FileCheck | undefined; checked: FileCheck | undefined; outcomes: string[] } {
  const fileCheck = useFileCheck(rows, checkOf);
  const held = useAskedSet(
    config.heldKeys,
    useMemo(() => fileCheck && [...fileCheck.keys.keys()], [fileCheck]),
  );
  const refusedCells = useAskedInChunks(config.refusedCompanyCells, fileCheck?.askedCompanyCells);
  const refused = useMemo(() => new Map(refusedCells?.map(({ cell, error }) => [cell, error])), [refusedCells]);
  const cellsAnswered = !config.refusedCompanyCells || refusedCells !== undefined;
  const own = useMemo(
    () =>
      fileCheck && held !== undefined && cellsAnswered
        ? byLine(
            fileCheck.failures,
            unfilledFailures(fileCheck, held, create),
            companyCellFailures(fileCheck, held, refused, { update, create }),
          )
        : undefined,
    [fileCheck, held, cellsAnswered, refused, update, create],
  );
  // Whether the import writes each row of a companies file, by index: a row it skips writes no parent for the rows
  // below it. Assumed where the server could not be asked.
  const writes = useMemo(() => {
    if (!fileCheck || !companies || held === undefined) return writesAll;
    const writesRow = rowWrites(fileCheck, held, { update, create });
    return (row: number) => writesRow(row + 2, companies.domains[row] || null) ?? true;
  }, [fileCheck, companies, held, update, create]);
  const parentFailures = useParentCheck(companies, fileCheck, own, writes, config.parentCells);
  // All at once: the lines then come together, and do not move under the pointer a moment later.
  const checked = useMemo(
    () => (fileCheck && own && parentFailures ? { ...fileCheck, failures: byLine(own, parentFailures) } : undefined),
    [fileCheck, own, parentFailures],
  );
  const outcomes = useMemo(
    () =>
      checked && held !== undefined
        ? fileOutcomes(checked, held, { keyName: config.duplicateKey, noun: config.noun, update, create })
        : [],
    [checked, held, config, update, create],
  );
  return { fileCheck, checked, outcomes };
}
