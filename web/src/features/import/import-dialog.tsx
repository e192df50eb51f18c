import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, FileUp, Upload, WifiOff } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { markCompanyActivityStale, markContactCompaniesStale } from "../records/list-cache";
import { holdPageWhile } from "../../lib/unsaved-edits";
import { Button } from "../../ui/button";
import { Dialog, type CloseQuestion } from "../../ui/dialog";
import { Select } from "../../ui/input";
import { useMoreToScroll } from "../../ui/use-more-to-scroll";
import { usePropertyDefinitions } from "../records/property-columns";
import type { ImportMatch } from "../../../../worker/src/schemas/imports";
import { useMembers } from "../members/use-members";
import type { ImportObjectConfig } from "./import-objects";
import { autoMap, mapRow, type Mapping } from "./mapping";
import { parentInFile, type ParentLink } from "./parent-links";
import { parseCsvFile, type ParsedCsv } from "./parse-csv";
import { rowsOf } from "./failure-reasons";
import { FileCheckReasons, FileCheckView, ImportSummaryView } from "./import-summary";
import { runImport, stoppedText, type ImportProgress, type ImportSummary } from "./run-import";
import { ownerProblem, propertyProblem, requiredProblem } from "./row-problems";
import { useFileCompanies } from "./use-file-companies";
import { useWholeFileCheck } from "./use-whole-file-check";

type Step = "choose" | "map" | "importing" | "done";

/** How long a stopped import's toast stays, long enough to read it and press its button. */
const STOPPED_TOAST_MS = 20_000;

function ProgressBar({ progress }: { progress: ImportProgress }) {
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div>
      <div
        className="h-2 overflow-hidden rounded-full bg-surface-2"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="Import progress"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-muted" data-testid="import-progress">
        {progress.done.toLocaleString()} of {progress.total.toLocaleString()} rows · {progress.created.toLocaleString()}{" "}
        created · {progress.updated.toLocaleString()} updated · {progress.skipped.toLocaleString()} skipped ·{" "}
        {progress.failed.toLocaleString()} failed
      </p>
      {progress.waiting && (
        <p role="status" className="mt-2 flex items-start gap-1.5 text-sm text-foreground" data-testid="import-waiting">
          <WifiOff className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
          The connection dropped. The import goes on by itself once it is back, and no row is imported twice.
        </p>
      )}
    </div>
  );
}

/**
 * What importing a preview row will do: fail (and why), skip or fill in the record it matches, or create it; and link
 * it to the company holding its email's domain, when it names none, or a company row to its parent.
 */
function PreviewStatus({
  error,
  match,
  parent,
  update,
  create,
  noun,
  repeatOf,
  keyName,
}: {
  error: string | null;
  match: ImportMatch | null;
  /** The line of the valid row above with this row's email or domain, if any. */
  repeatOf: number | null;
  keyName: string;
  parent: ParentLink | null;
  update: boolean;
  /** False for an import that only updates. */
  create: boolean;
  noun: string;
}) {
  const problem = error ?? (parent && "error" in parent ? parent.error : null);
  // Wrapped, not pushing the row's name out: a reason may name several companies.
  if (problem) return <span className="max-w-[75%] text-right text-xs text-danger">{problem}</span>;
  const parentName = parent && "name" in parent ? parent.name : null;
  const skipped = match?.match && !update;
  const company = !skipped && (match?.company || parentName) && (
    <>
      {match?.company && (
        <span title="From the email's domain">
          {" · at "}
          <span className="font-medium text-foreground">{match.company.name}</span>
        </span>
      )}
      {parentName && (
        <span title="Its parent company">
          {" · under "}
          <span className="font-medium text-foreground">{parentName}</span>
        </span>
      )}
    </>
  );
  if (!match?.match && !create)
    return <span className="shrink-0 text-xs text-muted">Skipped: no {noun} here has it</span>;
  // A row above makes the record this row's email or domain names: as one here already would be.
  if (!match?.match && repeatOf)
    return (
      <span className="shrink-0 text-xs text-muted">
        {update ? (
          <>
            Updates the {noun} of line {repeatOf}
            {company}
          </>
        ) : (
          <>
            Skipped: same {keyName} as line {repeatOf}
          </>
        )}
      </span>
    );
  if (!match?.match)
    return (
      <span className="shrink-0 text-xs text-muted">
        <span className="text-success">Ready</span>
        {company}
      </span>
    );
  return (
    <span className="shrink-0 text-xs text-muted">
      {update ? (
        <>
          Updates <span className="font-medium text-foreground">{match.match.name}</span>
          {company}
        </>
      ) : (
        <>
          Skipped: <span className="font-medium text-foreground">{match.match.name}</span> is here already
        </>
      )}
    </span>
  );
}

type ImportDialogProps = {
  config: ImportObjectConfig;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Moves records to the trash as the list page does: the summary's way back from an import gone wrong. */
  onTrashCreated?: (ids: string[]) => void;
  /** A file to start from, as the dialog opens: one dropped on the list page, or a table pasted into it. */
  startFile?: File | null;
};

/**
 * CSV import for any object: choose a file, map its columns (to the object's fields and its custom
 * properties), preview with each row's first problem, import in batches with progress, summary.
 */
export function ImportDialog({ config, open, onOpenChange, onTrashCreated, startFile }: ImportDialogProps) {
  const queryClient = useQueryClient();
  const properties = usePropertyDefinitions(config.object, open);
  const propertyTargets = useMemo(() => properties.data ?? [], [properties.data]);
  const { data: members } = useMembers();
  const [singular, plural] = config.noun;
  const [step, setStep] = useState<Step>("choose");
  const [file, setFile] = useState<{ name: string; csv: ParsedCsv } | null>(null);
  // The columns mapped by hand; the rest are guessed from their names, again as the property list is read again.
  const [mappedByHand, setMappedByHand] = useState<Mapping>({});
  const [onDuplicate, setOnDuplicate] = useState<"skip" | "update">("skip");
  // Update only: rows no record holds are left, as from an enrichment file of the records already here.
  const [updateOnly, setUpdateOnly] = useState(false);
  const onNew = onDuplicate === "update" && updateOnly ? "skip" : "create";
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const abort = useRef<AbortController | null>(null);

  const reset = () => {
    setStep("choose");
    setFile(null);
    setProgress(null);
    setSummary(null);
  };

  const handleFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    try {
      const csv = await parseCsvFile(chosen);
      if (csv.headers.length === 0) throw new Error(csv.errors[0] ?? "The file has no header row.");
      setFile({ name: chosen.name, csv });
      // Adding none is asked again for each file: a file of new records kept from it would import nothing.
      setUpdateOnly(false);
      setMappedByHand({});
      setStep("map");
    } catch (error) {
      toast.error(`Could not read ${chosen.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  // Each file handed in is read once, as its dialog opens on it, its columns mapped to the custom properties too.
  const started = useRef<File | null>(null);
  useEffect(() => {
    if (!open || !startFile || started.current === startFile || (properties.isFetching && !properties.data)) return;
    started.current = startFile;
    void handleFile(startFile);
  });

  // Derived, not kept: a property list painted from the cache copy and then read afresh (a property a teammate just
  // added) maps that property's column without a person doing it.
  const mapping = useMemo(
    () => (file ? autoMap(file.csv.headers, config.targets, propertyTargets, mappedByHand) : {}),
    [file, config.targets, propertyTargets, mappedByHand],
  );
  const decimalComma = file?.csv.decimalComma ?? false;
  const mapped = useCallback(
    (row: Record<string, string>) => mapRow(row, mapping, config.targets, propertyTargets, decimalComma),
    [mapping, config, propertyTargets, decimalComma],
  );
  /** Why a mapped row fails, said as the server says it; null for one it takes. */
  const problemOf = useCallback(
    (row: Record<string, unknown>) =>
      config.check(row) ?? propertyProblem(propertyTargets, row) ?? ownerProblem(members, row),
    [config, propertyTargets, members],
  );
  const preview = useMemo(
    () =>
      (file?.csv.rows.slice(0, 5) ?? []).map((row) => {
        const values = mapped(row);
        return { mapped: values, label: config.describe(values), error: problemOf(values) };
      }),
    [file, mapped, problemOf, config],
  );
  // The whole file, checked the same way: the rows beyond the preview that will fail, before Import is pressed.
  const fileCompanies = useFileCompanies(file?.csv.rows, mapping);
  const { fileCheck, checked, outcomes } = useWholeFileCheck({
    config,
    rows: step === "map" ? file?.csv.rows : undefined,
    checkOf: useCallback(
      (row: Record<string, string>) => {
        const values = mapped(row);
        return {
          problem: problemOf(values),
          key: config.keyOf(values),
          unfilled: requiredProblem(propertyTargets, values),
          companyCell: typeof values.company === "string" ? values.company.trim() : undefined,
        };
      },
      [problemOf, mapped, config, propertyTargets],
    ),
    companies: fileCompanies.read,
    update: onDuplicate === "update",
    create: onNew === "create",
  });
  // Why each failing row fails, the values alone until the server has answered too.
  const failureByLine = useMemo(
    () => new Map((checked ?? fileCheck)?.failures.map((failure) => [failure.line, failure.message])),
    [checked, fileCheck],
  );
  // Why they fail, shown in the preview's place.
  const [reasonsShown, setReasonsShown] = useState(false);
  const failingShown = reasonsShown && checked !== undefined && checked.failures.length > 0;

  // Which preview rows are records already here: the person sees what Skip or Update will do to them.
  const previewRows = useMemo(() => preview.filter((p) => !p.error).map((p) => p.mapped), [preview]);
  const matches = useQuery({
    queryKey: ["import-matches", config.object, previewRows],
    queryFn: () => config.matches(previewRows),
    enabled: step === "map" && previewRows.length > 0,
    staleTime: 30_000,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const matchOf = (row: Record<string, unknown>) => {
    const i = previewRows.indexOf(row);
    return i >= 0 && matches.data?.length === previewRows.length ? matches.data[i] : null;
  };
  // Each preview row's parent company as the import will link it: its name, or why the row fails. A name no company
  // here has is looked for in the file, once it is read.
  const previewParents = useMemo(() => {
    const parents = new Map<Record<string, unknown>, ParentLink>();
    const answers = matches.data;
    if (answers?.length !== previewRows.length) return parents;
    previewRows.forEach((row, i) => {
      const parent = answers[i].parent;
      if (!parent) return;
      if (!("missing" in parent)) return void parents.set(row, parent);
      if (fileCompanies.read === undefined) return;
      const line = preview.findIndex((p) => p.mapped === row);
      parents.set(
        row,
        parentInFile(fileCompanies.read, line, parent.missing, (row) => failureByLine.has(row + 2)),
      );
    });
    return parents;
  }, [matches.data, previewRows, preview, fileCompanies.read, failureByLine]);

  const handleImport = async () => {
    if (!file) return;
    setStep("importing");
    const { signal } = (abort.current = new AbortController());
    // Closing the tab mid-import asks first, as a running import's dialog does.
    const result = await holdPageWhile(
      fileCompanies.reading.then((companies) =>
        runImport({
          config,
          rows: file.csv.rows,
          mapping,
          properties: propertyTargets,
          decimalComma: file.csv.decimalComma,
          onDuplicate,
          onNew,
          // A companies file's parents go first, so that each subsidiary finds its parent written.
          companies,
          onProgress: (progress) => {
            if (!signal.aborted) setProgress(progress);
          },
          signal,
        }),
      ),
    );
    if (signal.aborted) {
      // Stopped and closed: what was written is said once, with the way back a summary offers (a stop is often
      // the moment a wrong mapping is seen); the dialog opens fresh next time.
      const created = result.createdIds;
      toast(
        stoppedText(result),
        onTrashCreated && created.length > 0
          ? {
              duration: STOPPED_TOAST_MS,
              // Short, beside the sentence that says how many were created.
              action: { label: `Trash the ${created.length.toLocaleString()}`, onClick: () => onTrashCreated(created) },
            }
          : undefined,
      );
    } else {
      setSummary(result);
      setStep("done");
    }
    // The other object's rows show what an import changes too (a company's people, a contact's company name).
    if (config.object === "contact") markCompanyActivityStale(queryClient);
    else markContactCompaniesStale(queryClient);
    await queryClient.invalidateQueries({
      queryKey: config.object === "contact" ? trpc.contacts.pathKey() : trpc.companies.pathKey(),
    });
  };

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      abort.current?.abort();
      reset();
    }
    onOpenChange(next);
  };

  const mappedCount = Object.values(mapping).filter(Boolean).length;
  // A file with more columns than the box shows: its last visible row must not read as the last one.
  const mappingRef = useRef<HTMLDivElement>(null);
  const moreMapping = useMoreToScroll(mappingRef, "y", file?.csv.headers.length);
  // A stray Escape must not stop a long import halfway, nor drop a mapping made by hand.
  const closeQuestion: CloseQuestion | null =
    step === "importing"
      ? {
          title: "Stop the import?",
          description: progress
            ? `${progress.done.toLocaleString()} of ${progress.total.toLocaleString()} rows are imported; the rest will not be.`
            : "No row is imported yet.",
          confirmLabel: "Stop import",
          keepLabel: "Keep importing",
        }
      : step === "map"
        ? {
            title: "Discard this import?",
            description: "The file and its column mapping will be lost.",
            confirmLabel: "Discard",
          }
        : null;

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      confirmClose={closeQuestion}
      title={`Import ${plural}`}
      description="From a CSV file, or a table pasted from a spreadsheet, with a header row."
      className="max-w-3xl"
    >
      {step === "choose" && (
        <label
          className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border bg-surface px-6 py-12 text-center hover:border-primary"
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            void handleFile(e.dataTransfer.files[0]);
          }}
        >
          <FileUp className="size-6 text-primary" aria-hidden />
          <span className="text-sm font-medium">Choose a CSV file or drop it here</span>
          <span className="text-xs text-muted">
            Columns are matched to fields by their names; you can change every match.
          </span>
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label="CSV file"
            onChange={(e) => void handleFile(e.target.files?.[0])}
          />
        </label>
      )}

      {step === "map" && file && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted">
            <span className="font-medium text-foreground">{file.name}</span> · {rowsOf(file.csv.rows.length)} ·{" "}
            {mappedCount} of {file.csv.headers.length} columns mapped
          </p>
          <div className="relative">
            <div
              ref={mappingRef}
              className="max-h-64 overflow-y-auto rounded-md border border-border"
              data-testid="import-mapping"
            >
              <table className="w-full text-[13px]">
                <thead className="sticky top-0 bg-surface text-left text-xs text-muted">
                  <tr>
                    <th className="px-3 py-2 font-medium">Column in file</th>
                    <th className="px-3 py-2 font-medium max-sm:hidden">Example</th>
                    <th className="px-3 py-2 font-medium">Import as</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {file.csv.headers.map((header) => (
                    <tr key={header}>
                      <td className="max-w-0 px-3 py-1.5 font-medium sm:max-w-none">
                        {header}
                        {/* On a phone the example goes under the column's name: three columns do not fit. */}
                        <span className="block truncate text-xs font-normal text-muted sm:hidden">
                          {file.csv.rows[0]?.[header]}
                        </span>
                      </td>
                      <td className="max-w-48 truncate px-3 py-1.5 text-muted max-sm:hidden">
                        {file.csv.rows[0]?.[header]}
                      </td>
                      <td className="px-3 py-1.5">
                        <Select
                          aria-label={`Import ${header} as`}
                          value={mapping[header] ?? ""}
                          onChange={(e) => setMappedByHand({ ...mappedByHand, [header]: e.target.value })}
                          className="h-8"
                        >
                          <option value="">Don't import</option>
                          {config.targets.map((t) => (
                            <option key={t.value} value={t.value}>
                              {t.label}
                            </option>
                          ))}
                          {propertyTargets.map((p) => (
                            <option key={p.key} value={`prop:${p.key}`}>
                              {p.label} (custom)
                            </option>
                          ))}
                        </Select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {moreMapping && (
              <div
                aria-hidden
                className="pointer-events-none absolute inset-x-px bottom-px flex h-12 items-end justify-center rounded-b-md bg-gradient-to-t from-background to-transparent pb-1.5"
              >
                <span
                  data-testid="more-mapping"
                  className="flex items-center gap-1 rounded-full border border-border bg-background px-2.5 py-0.5 text-xs text-muted shadow-sm"
                >
                  <ArrowDown className="size-3" aria-hidden /> More columns below
                </span>
              </div>
            )}
          </div>
          <div>
            <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
              {failingShown ? "Why rows will not import" : "Preview"}
            </h3>
            {failingShown ? (
              <FileCheckReasons check={checked} />
            ) : (
              <ul
                className="divide-y divide-border rounded-md border border-border text-[13px]"
                data-testid="import-preview"
              >
                {preview.map((p, i) => (
                  <li key={i} className="flex items-center justify-between gap-3 px-3 py-1.5">
                    <span className="truncate">
                      {p.label[0] || "—"} <span className="text-muted">{p.label[1]}</span>
                    </span>
                    <PreviewStatus
                      error={p.error ?? (checked && failureByLine.get(i + 2)) ?? null}
                      match={matchOf(p.mapped)}
                      parent={previewParents.get(p.mapped) ?? null}
                      update={onDuplicate === "update"}
                      create={onNew === "create"}
                      noun={singular}
                      repeatOf={fileCheck?.repeats.get(i + 2) ?? null}
                      keyName={config.duplicateKey}
                    />
                  </li>
                ))}
              </ul>
            )}
            <FileCheckView
              check={checked}
              total={file.csv.rows.length}
              reasonsShown={failingShown}
              onShowReasons={setReasonsShown}
              outcomes={outcomes}
            />
          </div>
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm">
            <legend className="sr-only">
              When a {singular} with the same {config.duplicateKey} exists
            </legend>
            <span className="text-muted">
              Same {config.duplicateKey} already in the workspace
              {fileCheck?.repeats.size ? " or above in the file" : ""}:
            </span>
            <label className="flex items-center gap-1.5 whitespace-nowrap">
              <input
                type="radio"
                name="duplicates"
                checked={onDuplicate === "skip"}
                onChange={() => setOnDuplicate("skip")}
              />{" "}
              Skip the row
            </label>
            <label className="flex items-center gap-1.5 whitespace-nowrap">
              <input
                type="radio"
                name="duplicates"
                checked={onDuplicate === "update"}
                onChange={() => setOnDuplicate("update")}
              />{" "}
              Update the {singular}
            </label>
            {onDuplicate === "update" && (
              <label className="flex items-center gap-1.5 whitespace-nowrap">
                <input type="checkbox" checked={updateOnly} onChange={(e) => setUpdateOnly(e.target.checked)} /> Only
                update: add no new {plural}
              </label>
            )}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={reset}>
              Choose another file
            </Button>
            <Button onClick={() => void handleImport()} disabled={mappedCount === 0}>
              <Upload className="size-4" aria-hidden /> Import {rowsOf(file.csv.rows.length)}
            </Button>
          </div>
        </div>
      )}

      {step === "importing" && progress && <ProgressBar progress={progress} />}
      {step === "importing" && !progress && <p className="text-sm text-muted">Starting…</p>}

      {step === "done" && summary && (
        <ImportSummaryView
          summary={summary}
          noun={config.noun}
          onDone={() => handleOpenChange(false)}
          onTrashCreated={
            onTrashCreated &&
            ((ids) => {
              handleOpenChange(false);
              onTrashCreated(ids);
            })
          }
        />
      )}
    </Dialog>
  );
}
