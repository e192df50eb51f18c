import type { ImportBatchInput, ImportBatchResult } from "../../../../worker/src/schemas/imports";
import { isConflict } from "../../lib/trpc-errors";
import { untilAnswered } from "../../lib/until-answered";
import { newWriteKey } from "../../lib/write-key";
import type { PropertyDefinition } from "../records/property-values";
import { failedRowsFile, type ImportFailure } from "./failure-reasons";
import type { ImportObjectConfig } from "./import-objects";
import { mapRow, type Mapping } from "./mapping";
import { inFileTerms, parentsFirst, type FileCompanies } from "./parent-links";

export const IMPORT_BATCH_SIZE = 100;
/** How often one batch is sent when a teammate's write keeps clashing with it (see sendBatch). */
const CONFLICT_ATTEMPTS = 3;

export type ImportProgress = {
  done: number;
  total: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** The connection dropped: the batch on its way is sent again once it is back (or Stop ends the import). */
  waiting: boolean;
};
export type ImportSummary = ImportProgress & {
  /** The file's rows that failed, as they were, with the reason in an "Import error" column. */
  failedRows: Record<string, string>[];
  /** The same rows' lines and reasons, for the summary to say why. */
  failures: ImportFailure[];
  /** The records the import created, which the summary offers to move to the trash. */
  createdIds: string[];
};

/**
 * Sends the mapped rows to the object's import procedure in batches of 100 (each one atomic on the
 * server), reporting progress after each; a batch that fails as a whole marks its rows failed and goes on.
 * Each batch has a key, the same each time it is sent, so one sent again after a dropped connection is
 * never written twice (the server answers it as the first time).
 */
export async function runImport(options: {
  config: ImportObjectConfig;
  rows: Record<string, string>[];
  mapping: Mapping;
  properties: PropertyDefinition[];
  /** The file writes decimals with a comma (ParsedCsv). */
  decimalComma: boolean;
  onDuplicate: "skip" | "update";
  /** "skip": an import that only updates the records already here. */
  onNew?: "create" | "skip";
  /** How a companies file's rows name each other as parent company: they go parents first (parentsFirst). */
  companies?: FileCompanies | null;
  onProgress: (progress: ImportProgress) => void;
  signal: AbortSignal;
}): Promise<ImportSummary> {
  const {
    config,
    rows,
    mapping,
    properties,
    decimalComma,
    onDuplicate,
    onNew = "create",
    companies = null,
    onProgress,
    signal,
  } = options;
  const summary: ImportSummary = {
    done: 0,
    total: rows.length,
    created: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    waiting: false,
    failedRows: [],
    failures: [],
    createdIds: [],
  };
  const run = newWriteKey();
  const onWaiting = (waiting: boolean) => {
    if (summary.waiting === waiting) return;
    summary.waiting = waiting;
    onProgress({ ...summary });
  };
  const order = companies && parentsFirst(companies);
  const mapped = (r: Record<string, string>) => mapRow(r, mapping, config.targets, properties, decimalComma);
  for (let start = 0; start < rows.length; start += IMPORT_BATCH_SIZE) {
    if (signal.aborted) break;
    const end = Math.min(start + IMPORT_BATCH_SIZE, rows.length);
    const indexes = order ? order.slice(start, end) : Array.from({ length: end - start }, (_, i) => start + i);
    // Line numbers as a spreadsheet shows them: the header is line 1.
    const lineNumbers = indexes.map((i) => i + 2);
    let result: ImportBatchResult;
    try {
      result = await sendBatch(
        config,
        {
          rows: indexes.map((i) => mapped(rows[i])),
          lineNumbers,
          onDuplicate,
          onNew,
          key: `${run}-${start}`,
        },
        { signal, onWaiting },
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = lineNumbers.map((line) => ({ line, message }));
      result = { created: 0, updated: 0, skipped: 0, failed, createdIds: [] };
    }
    summary.created += result.created;
    summary.createdIds.push(...result.createdIds);
    summary.updated += result.updated;
    summary.skipped += result.skipped;
    summary.failed += result.failed.length;
    for (const failure of result.failed) summary.failures.push(failure);
    summary.done = Math.min(start + IMPORT_BATCH_SIZE, rows.length);
    onProgress({ ...summary });
  }
  if (companies) {
    // Sent out of the file's order: the failed rows are listed in it again, and a parent nobody had when its row
    // came is said as the file shows it.
    summary.failures = inFileTerms(
      companies,
      summary.failures.sort((a, b) => a.line - b.line),
    );
  }
  summary.failedRows = failedRowsFile(rows, summary.failures);
  return summary;
}

/**
 * Sends one batch until it is answered. A batch refused with CONFLICT wrote nothing: a teammate added
 * one of its records (or a company it names) between the server's reads and its write; sent again, the
 * server sees their record and skips, updates or links it, so the person is not left to import those
 * rows again by hand. A batch that got no answer (offline, the server unreachable) is sent again when
 * the connection is back, with the same key, until it is answered or the import is stopped.
 */
async function sendBatch(
  config: ImportObjectConfig,
  batch: ImportBatchInput,
  options: { signal: AbortSignal; onWaiting: (waiting: boolean) => void },
): Promise<ImportBatchResult> {
  for (let clashes = 1; ; clashes++) {
    try {
      return await untilAnswered(() => config.send(batch), options);
    } catch (error) {
      if (!isConflict(error) || clashes === CONFLICT_ATTEMPTS) throw error;
    }
  }
}

/** What a stopped import wrote (the batch on its way when it was stopped included). */
export function stoppedText(summary: ImportSummary): string {
  const n = (value: number) => value.toLocaleString();
  return `Import stopped after ${n(summary.done)} of ${n(summary.total)} rows: ${n(summary.created)} created, ${n(summary.updated)} updated, ${n(summary.skipped)} skipped, ${n(summary.failed)} failed.`;
}
