import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { Check } from "lucide-react";
import { useState, type ReactNode } from "react";
import { mergedParentId } from "../../../../worker/src/domain/records/merged-parent";
import { contactDisplayName } from "../../../../worker/src/domain/records/normalize";
import { NOTES_LISTED } from "../../../../worker/src/schemas/notes-views";
import { formatDate } from "../../lib/format";
import { toast, toastError } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { errorMessage, isConflict } from "../../lib/trpc-errors";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/dialog";
import { leadStatusLabels } from "../contacts/lead-status";
import { memberName, useMembers, type Member } from "../members/use-members";
import { LoadingLines } from "./record-panel";
import { ScrollRegion } from "../../ui/scroll-region";
import { countOf } from "../../lib/format";
import { useMergeRecords, type RecordObject } from "./use-record-actions";

type Contact = inferOutput<typeof trpc.contacts.list>["items"][number];
type Company = inferOutput<typeof trpc.companies.list>["items"][number];
export type MergeRow = Contact | Company;

type Value = string | string[] | null;
/**
 * One row of the comparison; `rule` is how the worker's merge combines the two values, or `after` where a rule of
 * values cannot say it (it needs the records themselves).
 */
type MergeField = {
  label: string;
  get: (row: MergeRow, members: Member[] | undefined) => Value;
  rule: Rule;
  after?: (survivor: MergeRow, other: MergeRow) => Value;
};
type Rule = "survivor" | "fill" | "union" | "max";

const contactName = (c: Contact) => contactDisplayName(c.firstName, c.lastName, c.primaryEmail);
const ownerOf = (row: MergeRow, members: Member[] | undefined) => {
  const member = members?.find((m) => m.userId === row.ownerId);
  return member ? memberName(member) : row.ownerId;
};

// Mirrors worker/src/domain/records/merge.ts: the survivor's values win, its empty fields take
// the other record's, lists are united and the higher lead score stays.
const fieldsByObject: Record<RecordObject, MergeField[]> = {
  contact: [
    { label: "First name", get: (r) => (r as Contact).firstName || null, rule: "fill" },
    { label: "Last name", get: (r) => (r as Contact).lastName || null, rule: "fill" },
    { label: "Emails", get: (r) => (r as Contact).emails, rule: "union" },
    { label: "Phones", get: (r) => (r as Contact).phones, rule: "union" },
    { label: "Title", get: (r) => (r as Contact).title, rule: "fill" },
    { label: "Lead status", get: (r) => leadStatusLabels[(r as Contact).leadStatus] ?? null, rule: "survivor" },
    { label: "Lead score", get: (r) => String((r as Contact).leadScore), rule: "max" },
    { label: "Source", get: (r) => (r as Contact).source, rule: "fill" },
    { label: "Owner", get: ownerOf, rule: "fill" },
    { label: "Tags", get: (r) => r.tags, rule: "union" },
    { label: "Created", get: (r) => formatDate(r.createdAt), rule: "survivor" },
  ],
  company: [
    { label: "Name", get: (r) => (r as Company).name, rule: "survivor" },
    { label: "Domain", get: (r) => (r as Company).domain, rule: "fill" },
    { label: "Industry", get: (r) => (r as Company).industry, rule: "fill" },
    { label: "Size", get: (r) => (r as Company).size, rule: "fill" },
    { label: "Address", get: (r) => (r as Company).address, rule: "fill" },
    { label: "LinkedIn", get: (r) => (r as Company).linkedinUrl, rule: "fill" },
    {
      label: "Parent company",
      get: (r) => (r as Company).parentCompanyName,
      rule: "fill",
      after: (survivor, other) => mergedParent(survivor as Company, other as Company),
    },
    { label: "Owner", get: ownerOf, rule: "fill" },
    { label: "Tags", get: (r) => r.tags, rule: "union" },
    { label: "Created", get: (r) => formatDate(r.createdAt), rule: "survivor" },
  ],
};

/** The survivor's parent company after the merge (mergedParentId, as the worker sets it), by name. */
function mergedParent(survivor: Company, other: Company): Value {
  const id = mergedParentId(survivor, other);
  if (id === null) return null;
  return id === survivor.parentCompanyId ? survivor.parentCompanyName : other.parentCompanyName;
}

function propertyText(value: unknown): Value {
  if (value === null || value === undefined || value === "") return null;
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return value.toLocaleString();
  return String(value);
}

/**
 * The comparison's columns: the field, each record, the result. On a phone the field's name takes a line of its own
 * above the two records' values, and the result a line below them where it is not the staying record's value (four
 * columns of 300 px broke every word, three broke the records' names).
 */
const comparisonColumns = "grid grid-cols-[7.5rem_1fr_1fr_1fr] gap-2 max-sm:grid-cols-2 max-sm:gap-y-0";

const sameValue = (a: Value, b: Value) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const isEmpty = (v: Value) => v === null || v === "" || (Array.isArray(v) && v.length === 0);

function combine(rule: Rule, survivor: Value, other: Value): Value {
  if (rule === "union" && Array.isArray(survivor) && Array.isArray(other)) {
    const seen = new Map([...survivor, ...other].map((v) => [v.toLowerCase(), v]));
    return [...seen.values()];
  }
  if (rule === "max") return String(Math.max(Number(survivor ?? 0), Number(other ?? 0)));
  if (rule === "fill") return isEmpty(survivor) ? other : survivor;
  return survivor;
}

function Shown({ value }: { value: Value }) {
  if (isEmpty(value)) return <span className="text-muted/60">—</span>;
  return <>{Array.isArray(value) ? value.join(", ") : value}</>;
}

export function recordName(object: RecordObject, row: MergeRow): string {
  return object === "contact" ? contactName(row as Contact) : (row as Company).name;
}

const DAY_RANGE = { dayStart: new Date(0), dayEnd: new Date(0) };
/** A record's tasks are counted up to this many ("200+" beyond). */
const TASKS_COUNTED = 200;

/** Notes, tasks, people (of a company) and timeline entries a record holds: what a merge moves. */
function useHoldings(object: RecordObject, id: string) {
  const notes = useQuery(trpc.notes.list.queryOptions({ recordId: id }));
  const tasks = useQuery(
    trpc.tasks.list.queryOptions({ view: "all", assignee: "anyone", recordId: id, limit: TASKS_COUNTED, ...DAY_RANGE }),
  );
  const contact = useQuery({ ...trpc.contacts.get.queryOptions({ id }), enabled: object === "contact" });
  const company = useQuery({ ...trpc.companies.get.queryOptions({ id }), enabled: object === "company" });
  const details = object === "contact" ? contact.data : company.data;
  const timeline = details?.timeline.length;
  const ready = notes.data !== undefined && tasks.data !== undefined && timeline !== undefined;
  if (!ready) return null;
  return {
    notes: notes.data.length,
    notesMore: notes.data.length >= NOTES_LISTED,
    tasks: tasks.data.length,
    tasksMore: tasks.data.length >= TASKS_COUNTED,
    people: object === "company" ? (company.data?.contacts.length ?? 0) : null,
    subsidiaries: object === "company" ? (company.data?.subsidiaries.length ?? 0) : null,
    timeline,
    /** The get holds the newest page of the timeline: more entries move than it counts. */
    timelineMore: details?.olderActivity ?? false,
  };
}

type Holdings = NonNullable<ReturnType<typeof useHoldings>>;

function holdingParts(h: Holdings, { skipZero = false } = {}): string[] {
  const parts: [number | null, [string, string], boolean?][] = [
    [h.notes, ["note", "notes"], h.notesMore],
    [h.tasks, ["task", "tasks"], h.tasksMore],
    [h.people, ["person", "people"]],
    [h.subsidiaries, ["subsidiary", "subsidiaries"]],
    [h.timeline, ["timeline entry", "timeline entries"], h.timelineMore],
  ];
  return parts.flatMap(([n, noun, more]) =>
    n === null || (skipZero && n === 0) ? [] : [more ? countOf(n, noun).replace(/^[\d,]+/, "$&+") : countOf(n, noun)],
  );
}

const holdingsText = (h: Holdings) => holdingParts(h).join(" · ");

/** "1 note and 2 tasks" */
function listText(parts: string[]): string {
  const last = parts[parts.length - 1] ?? "";
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${last}` : last;
}

/** What the merge moves, for the dialog and the toast: only what there is. */
function movedText(h: Holdings | null): string {
  if (!h) return "Its notes, tasks and timeline";
  const parts = holdingParts(h, { skipZero: true });
  return parts.length ? listText(parts) : "";
}

type MergeDialogProps = {
  object: RecordObject;
  noun: [singular: string, plural: string];
  /** The two records (the selected rows in the list's order, or a record and its look-alike); read whole here. */
  rows: [{ id: string }, { id: string }] | null;
  onOpenChange: (open: boolean) => void;
  onMerged: (survivorId: string) => void;
};

/**
 * Two records side by side: pick the one that stays, see what the merged record will hold,
 * confirm. The other record's notes, tasks and timeline move over and it goes to the trash.
 */
export function MergeDialog(props: MergeDialogProps) {
  const { noun, rows, onOpenChange } = props;
  return (
    <Dialog
      open={rows !== null}
      onOpenChange={onOpenChange}
      title={`Merge two ${noun[1]}`}
      description={`Choose the ${noun[0]} that stays. Its values win; its empty fields are filled from the other, and lists are combined.`}
      // The shared dialog is max-w-lg; a side-by-side comparison needs the room.
      className="top-[8%]! max-w-4xl!"
    >
      {rows && <MergeRecords key={`${rows[0].id}:${rows[1].id}`} {...props} rows={rows} />}
    </Dialog>
  );
}

/** One record as `get` reads it: every field, where a table's row carries only its visible columns'. */
function useWholeRecord(object: RecordObject, id: string) {
  const contact = useQuery({ ...trpc.contacts.get.queryOptions({ id }), enabled: object === "contact" });
  const company = useQuery({ ...trpc.companies.get.queryOptions({ id }), enabled: object === "company" });
  const query = object === "contact" ? contact : company;
  const record: MergeRow | undefined = object === "contact" ? contact.data?.contact : company.data?.company;
  return { record, error: query.error };
}

/** The comparison, once both records are read whole (the same reads useHoldings makes). */
function MergeRecords(props: MergeDialogProps & { rows: [{ id: string }, { id: string }] }) {
  const a = useWholeRecord(props.object, props.rows[0].id);
  const b = useWholeRecord(props.object, props.rows[1].id);
  const error = a.error ?? b.error;
  if (error) return <p className="text-sm text-danger">{`Could not read both ${props.noun[1]}: ${error.message}`}</p>;
  if (!a.record || !b.record) return <LoadingLines count={6} label={`Loading both ${props.noun[1]}`} />;
  return <MergeContent {...props} rows={[a.record, b.record]} />;
}

function MergeContent({
  object,
  noun,
  rows,
  onOpenChange,
  onMerged,
}: Omit<MergeDialogProps, "rows"> & { rows: [MergeRow, MergeRow] }) {
  const members = useMembers();
  const { merge, pending } = useMergeRecords(object);
  const queryClient = useQueryClient();
  const [a, b] = rows;
  // The older record usually carries the history: it is offered as the one to keep.
  const [survivorIndex, setSurvivorIndex] = useState<0 | 1>(+b.createdAt < +a.createdAt ? 1 : 0);
  const holdingsA = useHoldings(object, a.id);
  const holdingsB = useHoldings(object, b.id);

  const survivor = rows[survivorIndex];
  const other = rows[survivorIndex === 0 ? 1 : 0];
  const otherHoldings = survivorIndex === 0 ? holdingsB : holdingsA;
  const properties = useQuery(trpc.properties.list.queryOptions({ object }));
  const otherName = recordName(object, other);
  const survivorName = recordName(object, survivor);
  // Custom values merge like the other fields: the survivor's win where it has one.
  const fields = [
    ...fieldsByObject[object].slice(0, -1),
    ...(properties.data ?? []).map((p): MergeField => ({
      label: p.label,
      get: (row) => propertyText(row.properties[p.key]),
      rule: "fill",
    })),
    ...fieldsByObject[object].slice(-1),
  ];

  const handleMerge = async () => {
    try {
      await merge({ survivorId: survivor.id, survivorVersion: survivor.version, mergedId: other.id });
      toast.success(
        `Merged “${recordName(object, other)}” into “${recordName(object, survivor)}”. ${
          movedText(otherHoldings) ? `${movedText(otherHoldings)} moved; the` : "The"
        } duplicate is in the trash.`,
      );
      onMerged(survivor.id);
    } catch (error) {
      if (!isConflict(error)) return toastError(error, "Could not merge");
      // A teammate changed one of them since the comparison was read: read both again, then say so.
      const get = object === "contact" ? trpc.contacts.get : trpc.companies.get;
      await Promise.all(rows.map((row) => queryClient.refetchQueries({ queryKey: get.queryKey({ id: row.id }) })));
      toast.error(
        `Could not merge: ${errorMessage(error)} The comparison now shows their change; merge again to go on.`,
      );
    }
  };

  const header = (row: MergeRow, index: 0 | 1, holdings: Holdings | null) => {
    const chosen = survivorIndex === index;
    return (
      <button
        type="button"
        role="radio"
        aria-checked={chosen}
        aria-label={`Keep ${recordName(object, row)}`}
        onClick={() => setSurvivorIndex(index)}
        className={cn(
          "flex w-full flex-col items-start gap-0.5 rounded-lg border px-3 py-2 text-left transition-colors max-sm:px-2",
          chosen ? "border-primary bg-primary-soft" : "border-border hover:bg-surface-2",
        )}
      >
        <span className="flex w-full items-center gap-1.5">
          <span
            className={cn(
              // On a phone the card's colour and "Stays" say it: the name needs the room.
              "flex size-4 shrink-0 items-center justify-center rounded-full border max-sm:hidden",
              chosen ? "border-primary bg-primary text-primary-foreground" : "border-border",
            )}
            aria-hidden
          >
            {chosen && <Check className="size-3" />}
          </span>
          <span className="truncate text-sm font-semibold text-foreground max-sm:text-xs max-sm:break-words max-sm:hyphens-auto max-sm:whitespace-normal">
            {recordName(object, row)}
          </span>
        </span>
        <span className={cn("text-xs", chosen ? "text-primary" : "text-muted")}>
          {chosen ? "Stays" : "Merged in, then trashed"}
        </span>
        <span className="text-[11px] text-muted tabular-nums">{holdings ? holdingsText(holdings) : "…"}</span>
      </button>
    );
  };

  const cell = (children: ReactNode, className?: string) => (
    <div className={cn("min-w-0 px-2 py-1.5 break-words max-sm:text-xs", className)}>{children}</div>
  );

  return (
    <>
      <div role="radiogroup" aria-label={`The ${noun[0]} that stays`} data-testid="merge-dialog">
        <div className={cn(comparisonColumns, "items-end pb-2")}>
          <span className="max-sm:hidden" />
          {header(a, 0, holdingsA)}
          {header(b, 1, holdingsB)}
          <div className="px-2 pb-2 text-xs font-semibold tracking-wide text-muted uppercase max-sm:hidden">
            After merge
          </div>
        </div>
        <ScrollRegion label="Fields side by side" className="max-h-[45vh] rounded-lg border border-border text-[13px]">
          {fields.map((field) => {
            const va = field.get(a, members.data);
            const vb = field.get(b, members.data);
            const kept = survivorIndex === 0 ? va : vb;
            const result = field.after
              ? field.after(survivor, other)
              : combine(field.rule, kept, survivorIndex === 0 ? vb : va);
            return (
              <div key={field.label} className={cn(comparisonColumns, "border-b border-border last:border-b-0")}>
                {cell(field.label, "text-muted max-sm:col-span-2 max-sm:pb-0 max-sm:text-xs")}
                {cell(<Shown value={va} />, survivorIndex === 0 ? "text-foreground" : "text-muted")}
                {cell(<Shown value={vb} />, survivorIndex === 1 ? "text-foreground" : "text-muted")}
                {cell(<Shown value={result} />, "bg-surface font-medium text-foreground max-sm:hidden")}
                {!sameValue(result, kept) &&
                  cell(
                    <>
                      <span className="text-muted">After merge: </span>
                      <Shown value={result} />
                    </>,
                    "col-span-2 bg-surface font-medium text-foreground sm:hidden",
                  )}
              </div>
            );
          })}
        </ScrollRegion>
      </div>
      <p className="mt-4 text-[13px] text-muted">
        {movedText(otherHoldings) ? (
          <>
            {movedText(otherHoldings)} of <span className="font-medium text-foreground">{otherName}</span> move to{" "}
            <span className="font-medium text-foreground">{survivorName}</span>; then {otherName} goes to the trash.
          </>
        ) : (
          <>
            <span className="font-medium text-foreground">{otherName}</span> has nothing else to move; it goes to the
            trash.
          </>
        )}
      </p>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onClick={() => void handleMerge()} pending={pending} autoFocus data-autofocus>
          Merge into “{recordName(object, survivor)}”
        </Button>
      </div>
    </>
  );
}
