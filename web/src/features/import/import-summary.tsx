import { Trash2 } from "lucide-react";
import { useMemo } from "react";
import { Button } from "../../ui/button";
import { countOf } from "../../lib/format";
import { downloadCsv } from "./csv-download";
import { failureReasons } from "./failure-reasons";
import type { ImportSummary } from "./run-import";

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
  const { reasons, more } = useMemo(() => failureReasons(summary.failures), [summary.failures]);
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
      {reasons.length > 0 && (
        <section aria-labelledby="import-failure-reasons">
          <h3 id="import-failure-reasons" className="text-xs font-semibold tracking-wide text-muted uppercase">
            Why rows failed
          </h3>
          <ul
            className="mt-2 divide-y divide-border rounded-md border border-border text-sm"
            data-testid="import-reasons"
          >
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
            <p className="mt-2 text-sm text-muted" data-testid="import-more-reasons">
              And {more.toLocaleString()} more {more === 1 ? "reason" : "reasons"}: the failed rows&rsquo; file gives
              each row&rsquo;s.
            </p>
          )}
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
