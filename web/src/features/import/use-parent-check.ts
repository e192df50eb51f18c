import { useEffect, useMemo, useState } from "react";
import type { ImportFailure } from "./failure-reasons";
import { parentFailures, type FileCompanies } from "./parent-links";
import { useAskedInChunks } from "./use-asked-in-chunks";
import type { FileCheck } from "./use-file-check";

/** The rows of a file the check refuses for their own values, by index. */
const failingRows = (check: FileCheck) => new Set(check.failures.map((failure) => failure.line - 2));

/**
 * The whole-file check's second part for a companies file naming parents (`file`, readFileCompanies; null when no row
 * names one): the rows the import will refuse for their parent company (parentFailures), once the server has said
 * which cells name a company here (`ask`: importParentCells). Undefined until then; none to say for a file without
 * parents, or when the server could not be asked.
 */
export function useParentCheck(
  file: FileCompanies | null | undefined,
  check: FileCheck | undefined,
  ask: ((cells: string[]) => Promise<string[]>) | undefined,
): ImportFailure[] | undefined {
  // Only the cells of rows the check takes, and of a length a company's name can have (longer ones fail the check).
  const cells = useMemo(() => {
    if (!file || !check) return undefined;
    const failing = failingRows(check);
    return [...new Set(file.cells.filter((cell, row) => cell && cell.length <= 200 && !failing.has(row)))];
  }, [file, check]);
  const stored = useAskedInChunks(ask, cells);
  const [result, setResult] = useState<{ of: Set<string>; failures: ImportFailure[] } | undefined>(undefined);
  useEffect(() => {
    if (!file || !check || !stored) return;
    let wanted = true;
    void parentFailures(file, failingRows(check), stored).then(
      (failures) => wanted && setResult({ of: stored, failures }),
    );
    return () => {
      wanted = false;
    };
  }, [file, check, stored]);
  if (file === null || !ask || stored === null) return NONE;
  return result && result.of === stored ? result.failures : undefined;
}

const NONE: ImportFailure[] = [];
