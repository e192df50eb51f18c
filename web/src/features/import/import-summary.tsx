import { Trash2 } from "lucide-react";
import { useMemo } from "react";
import { Button } from "../../ui/button";
import { countOf } from "../../lib/format";
import { downloadCsv } from "./csv-download";
import { failedRowsFile, failureReasons, linesOf, rowsOf, type ImportFailure } from "./failure-reasons";
import type { ImportSummary } from "./run-import";
import type { FileCheck } from "./use-file-check";

const COUNTS = [
  ["Created", "created"],
  ["Updated", "updated"],
  ["Skipped", "skipped"],
  ["Failed", "failed"],
] as const;

/**
 * Why rows fail, the most frequent reason first, each with its count and first lines; then how many reasons more,
 * which `file` (the rows' file the person can download) gives.
 */
function FailureReasonsList({
  failures,
  file,
  testIds,
}: {
  failures: readonly ImportFailure[];
  file: string;
  testIds: { list: string; more: string };
}) {
  const { reasons, more } = useMemo(() => failureReasons(failures), [failures]);
  return (
    <>
      <ul className="divide-y divide-border rounded-md border border-border text-sm" data-testid={testIds.list}>
        {reasons.map((reason) => (
          <li
            key={reason.message}
            className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
          >
            <span className="min-w-0 break-words text-foreground">{reason.message}</span>
            <span className="text-muted sm:shrink-0 sm:text-right">
              {rowsOf(reason.count)} · {linesOf(reason.lines, reason.count)}
            </span>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="mt-2 text-sm text-muted" data-testid={testIds.more}>
          And {more.toLocaleString()} more {more === 1 ? "reason" : "reasons"}: {file} gives each row&rsquo;s.
        </p>
      )}
    </>
  );
}

/**
 * Below the import's preview: the whole file checked as the server will check each row's values. One line says how
 * many rows will fail, with a button to see why in the preview's place (`reasonsShown`: the dialog keeps its height)
 * and their file to mend first.
 */
export function FileCheckView({
  check,
  total,
  reasonsShown,
  onShowReasons,
  outcomes,
}: {
  check: FileCheck | undefined;
  total: number;
  reasonsShown: boolean;
  onShowReasons: (shown: boolean) => void;
  /** What the import will do with the rows that are not simply new, said below the check (fileOutcomes). */
  outcomes: string[];
}) {
  if (!check)
    return (
      <p className="mt-2 text-xs text-muted" data-testid="import-file-check">
        Checking all {rowsOf(total)}…
      </p>
    );
  const { failures } = check;
  if (failures.length === 0)
    return (
      <>
        <p className="mt-2 text-xs text-muted" data-testid="import-file-check">
          {total === 1 ? "The row's values are valid." : `Every row's values are valid, all ${rowsOf(total)}.`}
        </p>
        <FileOutcomes sentences={outcomes} />
      </>
    );
  return (
    <>
      <FileCheckFailures check={check} total={total} reasonsShown={reasonsShown} onShowReasons={onShowReasons} />
      <FileOutcomes sentences={outcomes} />
    </>
  );
}

/** What the import will do with the rows that are not simply new (fileOutcomes), one line each. */
function FileOutcomes({ sentences }: { sentences: string[] }) {
  return sentences.map((sentence) => (
    <p key={sentence} className="mt-1 text-xs text-muted" data-testid="import-file-outcome">
      {sentence}
    </p>
  ));
}

function FileCheckFailures({
  check,
  total,
  reasonsShown,
  onShowReasons,
}: {
  check: FileCheck;
  total: number;
  reasonsShown: boolean;
  onShowReasons: (shown: boolean) => void;
}) {
  const { failures } = check;
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-3 text-sm" data-testid="import-file-check">
      <span className="font-medium text-danger">
        {failures.length.toLocaleString()} of {rowsOf(total)} will not import as they are
      </span>
      <button
        type="button"
        aria-pressed={reasonsShown}
        onClick={() => onShowReasons(!reasonsShown)}
        className="text-xs font-medium text-primary hover:underline"
      >
        {reasonsShown ? "Back to the preview" : "See why"}
      </button>
      <Button
        variant="ghost"
        className="ml-auto h-7 px-2 text-xs"
        onClick={() => downloadCsv("rows-to-mend.csv", failedRowsFile(check.rows, failures))}
      >
        Download them
      </Button>
    </div>
  );
}

/** Why the file's rows will not import, in the preview's place and height. */
export function FileCheckReasons({ check }: { check: FileCheck }) {
  return (
    <div className="max-h-44 overflow-y-auto">
      <FailureReasonsList
        failures={check.failures}
        file="their file"
        testIds={{ list: "import-check-reasons", more: "import-check-more-reasons" }}
      />
    </div>
  );
}

type ImportSummaryProps = {
  summary: ImportSummary;
  noun: [singular: string, plural: string];
  onDone: () => void;
  /** Moves the records the import created to the trash (the list page's delete, which asks first past 50). */
  onTrashCreated?: (ids: string[]) => void;
};

/**
 * What an import did: its four counts, why rows failed (the most frequent reasons), the failed rows' file, and
 * a way back from an import gone wrong: the records it created to the trash (what it updated stays updated).
 */
export function ImportSummaryView({ summary, noun, onDone, onTrashCreated }: ImportSummaryProps) {
  const created = summary.createdIds;
  return (
    <div className="flex flex-col gap-4" data-testid="import-summary">
      <dl className="grid grid-cols-4 gap-3 text-center">
        {COUNTS.map(([label, key]) => (
          <div key={label} className="rounded-md border border-border bg-surface py-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd
              className={`text-xl font-semibold ${key === "failed" && summary.failed > 0 ? "text-danger" : ""}`}
              data-testid={`import-${key}`}
            >
              {summary[key].toLocaleString()}
            </dd>
          </div>
        ))}
      </dl>
      {summary.failures.length > 0 && (
        <section aria-labelledby="import-failure-reasons">
          <h3 id="import-failure-reasons" className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
            Why rows failed
          </h3>
          <FailureReasonsList
            failures={summary.failures}
            file="the failed rows’ file"
            testIds={{ list: "import-reasons", more: "import-more-reasons" }}
          />
        </section>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onTrashCreated && created.length > 0 && (
          <Button variant="ghost" className="mr-auto" onClick={() => onTrashCreated(created)}>
            <Trash2 className="size-4" aria-hidden />
            Trash the {countOf(created.length, noun)} it created
          </Button>
        )}
        {summary.failedRows.length > 0 && (
          <Button variant="secondary" onClick={() => downloadCsv("failed-rows.csv", summary.failedRows)}>
            Download failed rows
          </Button>
        )}
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
