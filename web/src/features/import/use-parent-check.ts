import { useEffect, useMemo, useState } from "react";
import type { ImportFailure } from "./failure-reasons";
import { parentFailures, type FileCompanies } from "./parent-links";
import type { StoredNamed } from "../../../../worker/src/domain/records/import-parents";
import { useAskedInChunks } from "./use-asked-in-chunks";
import type { FileCheck } from "./use-file-check";

/** The rows of `failures`, by index. */
const failingRows = (failures: ImportFailure[]) => new Set(failures.map((failure) => failure.line - 2));

/**
 * The whole-file check's second part for a companies file naming parents (`file`, readFileCompanies; null when no row
 * names one): the rows the import will refuse for their parent company (parentFailures), given the rows it refuses
 * for their own (`own`) and the rows it writes (`writes`), once the server has said which cells name companies here
 * (`ask`: importParentCells), asked as soon as the values are checked (`check`). Undefined until then; none to say for
 * a file without parents, or when the server could not be asked.
 */
export function useParentCheck(
  file: FileCompanies | null | undefined,
  check: FileCheck | undefined,
  own: ImportFailure[] | undefined,
  writes: (row: number) => boolean,
  ask: ((cells: string[]) => Promise<StoredNamed[]>) | undefined,
): ImportFailure[] | undefined {
  // Asked once the values are checked, and once a file: a row failing for its values asks in vain, but to leave it out
  // took a pass over every row on the main thread (50 ms for 100,000) at each check.
  const cells = check && file ? file.askedCells : undefined;
  const named = useAskedInChunks(ask, cells);
  const stored = useMemo(() => named && new Map(named.map(({ cell, domains }) => [cell, domains])), [named]);
  const [result, setResult] = useState<
    | { of: ImportFailure[]; stored: Map<string, (string | null)[]>; writes: unknown; failures: ImportFailure[] }
    | undefined
  >(undefined);
  useEffect(() => {
    if (!file || !own || !stored) return;
    let wanted = true;
    void parentFailures(file, failingRows(own), stored, writes).then(
      (failures) => wanted && setResult({ of: own, stored, writes, failures }),
    );
    return () => {
      wanted = false;
    };
  }, [file, own, stored, writes]);
  if (file === null || !ask || stored === null) return NONE;
  return result && result.of === own && result.stored === stored && result.writes === writes
    ? result.failures
    : undefined;
}

const NONE: ImportFailure[] = [];
