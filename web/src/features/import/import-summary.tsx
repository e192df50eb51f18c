import { Trash2 } from "lucide-react";
import { useMemo } from "react";
import { Button } from "../../ui/button";
import { countOf } from "../../lib/format";
import { downloadCsv } from "./csv-download";
import { failedRowsFile, failureReasons, type ImportFailure } from "./failure-reasons";
import type { ImportSummary } from "./run-import";
import type { FileCheck } from "./use-file-check";

const COUNTS = [
  ["Created", "created"],
  ["Updated", "updated"],
  ["Skipped", "skipped"],
  ["Failed", "failed"],
] as const;

/** "1 row", "1,000 rows". */
export const rowsOf = (count: number) => `${count.toLocaleString()} ${count === 1 ? "row" : "rows"}`;

/** "line 4", "lines 4, 99, 352 and 2 more": numbered as a spreadsheet numbers them, without separators. */
function linesOf(lines: number[], count: number) {
  const shown = lines.join(", ");
  const more = count - lines.length;
  return `${lines.length === 1 && more === 0 ? "line" : "lines"} ${shown}${more > 0 ? ` and ${more.toLocaleString()} more` : ""}`;
}

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
  repeats,
}: {
  check: FileCheck | undefined;
  total: number;
  reasonsShown: boolean;
  onShowReasons: (shown: boolean) => void;
  /** How the file's repeated rows are said: the key ("email"), the record ("contact"), and the choices made. */
  repeats: RepeatsSaid;
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
        <FileRepeats lines={check.repeats} said={repeats} />
      </>
    );
  return (
    <>
      <FileCheckFailures check={check} total={total} reasonsShown={reasonsShown} onShowReasons={onShowReasons} />
      <FileRepeats lines={check.repeats} said={repeats} />
    </>
  );
}

type RepeatsSaid = { keyName: string; noun: string; update: boolean; create: boolean };

/**
 * The rows repeating the email or domain of a valid row above them, and what the import will do with them: skip them,
 * or fill in the record that row makes. Nothing with "Only update": both rows find the record here, or neither does.
 */
function FileRepeats({ lines, said }: { lines: Map<number, number>; said: RepeatsSaid }) {
  if (lines.size === 0 || (said.update && !said.create)) return null;
  const first = [...lines.keys()].slice(0, 3).join(", ");
  const which = `(line${lines.size > 1 ? "s" : ""} ${first}${lines.size > 3 ? "…" : ""})`;
  const count =
    lines.size === 1
      ? `1 row repeats the ${said.keyName} of a row above it ${which}`
      : `${lines.size.toLocaleString()} rows repeat the ${said.keyName} of a row above them ${which}`;
  const outcome = said.update
    ? `: ${lines.size === 1 ? "it fills" : "each fills"} in the ${said.noun} that row makes.`
    : `, so ${lines.size === 1 ? "it" : "they"} will be skipped.`;
  return (
    <p className="mt-1 text-xs text-muted" data-testid="import-file-repeats">
      {count}
      {outcome}
    </p>
  );
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
