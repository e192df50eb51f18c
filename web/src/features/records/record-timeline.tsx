import { useInfiniteQuery } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { noteOutcomeLabels, type ActivityKind, type PropertyType } from "../../../../drizzle/values";
import {
  changedPropertyKey,
  describeActivity,
  fieldChanges,
  sameValue,
  useActorNames,
  writtenKinds,
} from "./activity-words";
import { PropertyValue, propertyText, useCurrency, usePropertyDefinitions } from "./property-columns";
import { formatDateTime } from "../../lib/format";
import { toast, toastError } from "../../lib/toast";
import { RelativeTime } from "../../ui/relative-time";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { ChoiceGroup } from "../../ui/choice-group";
import { Skeleton } from "../../ui/empty-state";
import { NoteText } from "../../ui/note-text";

export type TimelineItem = {
  id: string;
  kind: ActivityKind;
  actorId: string;
  changes: Record<string, [unknown, unknown]> | null;
  summary: string | null;
  createdAt: Date;
};

/** What the timeline shows: everything, what people did (notes, logged calls, meetings, emails, tasks), or what changed. */
type Shown = "all" | "activity" | "changes";
const shownLabels: Record<Shown, string> = { all: "All", activity: "Notes & activities", changes: "Changes" };
const peopleKinds = new Set<ActivityKind>([...writtenKinds, "task"]);
const isShown = (shown: Shown, kind: ActivityKind) =>
  shown === "all" || (shown === "activity") === peopleKinds.has(kind);

/** Names of a logged entry's own fields, which its edits' changes list. */
const loggedFieldLabels: Record<string, string> = { outcome: "Outcome", occurredAt: "When" };

/** Property types whose values the timeline shows as their fields do (a date, an amount, yes or no); others as text. */
const typedShown = new Set<PropertyType>(["number", "currency", "date", "boolean"]);

/** A change's value as a person reads it: a logged entry's time (stored as ISO text) in their time zone. */
const readable = (field: string, value: unknown) =>
  field === "occurredAt" && typeof value === "string" ? formatDateTime(new Date(value)) : value;

function isEmpty(value: unknown): boolean {
  return value == null || value === "" || (Array.isArray(value) && value.length === 0);
}

function show(value: unknown, labels?: Record<string, string>): string {
  if (Array.isArray(value)) return value.map((v) => show(v, labels)).join(", ");
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  const text = String(value);
  return labels?.[text] ?? text;
}

/** Puts a change's earlier value back, saying so (or why it could not). Shown on hover and focus; always on touch. */
function RestoreButton({ label, was, run }: { label: string; was: string; run: () => Promise<unknown> }) {
  const [pending, setPending] = useState(false);
  return (
    <>
      {" "}
      <button
        type="button"
        disabled={pending}
        onClick={() => {
          setPending(true);
          run()
            .then(
              () => toast.success(`Restored ${label}: ${was}.`),
              (error: unknown) => toastError(error, `Could not restore ${label}`),
            )
            .finally(() => setPending(false));
        }}
        aria-label={`Restore ${label}: ${was}`}
        title={`Put back ${was}`}
        className="ml-1 inline-flex items-center gap-0.5 rounded px-1 align-baseline text-xs text-muted underline-offset-2 opacity-0 group-hover/item:opacity-100 hover:text-foreground hover:underline focus-visible:opacity-100 disabled:opacity-50 [@media(hover:none)]:opacity-100"
      >
        <RotateCcw className="size-3" aria-hidden />
        Restore
      </button>
    </>
  );
}

function ChangeValue({ value, labels }: { value: unknown; labels?: Record<string, string> }) {
  return isEmpty(value) ? (
    <span className="text-muted italic">empty</span>
  ) : (
    <span className="font-medium">{show(value, labels)}</span>
  );
}

/** The record whose timeline this is, and whether its get left older activity unread. */
export type OlderActivity = { object: "contact" | "company"; recordId: string; more: boolean };

/**
 * The activity before the get's page, read a page at a time once asked for: the items (without
 * the ones the first page already shows, should new activity have pushed them down), the company
 * names their changes mention, and what the button needs.
 */
function useOlderActivity(older: OlderActivity | undefined, shown: TimelineItem[] | undefined) {
  const recordId = older?.recordId ?? "";
  // Asked for this record: another record's panel starts without its older pages.
  const [requestedFor, setRequestedFor] = useState<string | null>(null);
  const requested = requestedFor === recordId;
  const oldestShown = shown?.at(-1)?.id ?? "";
  const query = useInfiniteQuery({
    ...trpc.timeline.older.infiniteQueryOptions(
      { object: older?.object ?? "contact", recordId },
      {
        initialCursor: oldestShown,
        getNextPageParam: (page) => (page.more ? page.items.at(-1)?.id : undefined),
      },
    ),
    enabled: requested && Boolean(older?.more && oldestShown),
  });
  const pages = requested ? (query.data?.pages ?? []) : [];
  const seen = new Set(shown?.map((item) => item.id));
  const items = pages.flatMap((page) => page.items).filter((item) => !seen.has(item.id) && seen.add(item.id));
  const companyNames = Object.assign({}, ...pages.map((page) => page.companyNames)) as Record<string, string>;
  // After a failure the button stays, to try again: the next page, or the first one if none came.
  const more = requested ? query.hasNextPage || query.isFetching || query.isError : Boolean(older?.more);
  const showOlder = () => {
    if (!requested) setRequestedFor(recordId);
    else if (query.data) void query.fetchNextPage();
    else void query.refetch();
  };
  return { items, companyNames, more, loading: query.isFetching, failed: query.isError, showOlder };
}

type RecordTimelineProps = {
  items: TimelineItem[] | undefined;
  /** Set when the record's get says older activity follows its page. */
  older?: OlderActivity;
  noun: string;
  /** Human names for the record's fields: { leadStatus: "Lead status" }. */
  fieldLabels: Record<string, string>;
  /** Human names for enum values, per field: { leadStatus: { new: "New" } }. */
  valueLabels?: Record<string, Record<string, string>>;
  /** Putting a field's earlier value back from a change (HubSpot's "Restore" in a property's history). */
  restore?: TimelineRestore;
};

/**
 * The record as the panel shows it, the fields an edit may set, and the edit: a change offers its earlier value back
 * while the field still holds what the change set, and an edit may set it.
 */
export type TimelineRestore = {
  current: { properties?: Record<string, unknown> } & object;
  fields: readonly string[];
  run: (field: string, value: unknown) => Promise<unknown>;
};

/** What happened to a record, newest first: who, what, when, and each field's before → after. */
export function RecordTimeline({ items: newest, older, noun, fieldLabels, valueLabels, restore }: RecordTimelineProps) {
  const olderActivity = useOlderActivity(older, newest);
  // A custom property's change is named and shown as its field is (an archived one's, by its key).
  const properties = usePropertyDefinitions(older?.object ?? "contact", Boolean(older)).data;
  const currency = useCurrency();
  const definitionOf = (field: string) => {
    const key = changedPropertyKey(field);
    return key === null ? undefined : (properties?.find((definition) => definition.key === key) ?? null);
  };
  /** Whether a change's earlier value can go back: the field still holds what the change set, and an edit sets it. */
  const restorable = (field: string, to: unknown) => {
    if (!restore) return false;
    const key = changedPropertyKey(field);
    if (key !== null) return Boolean(definitionOf(field)) && sameValue(restore.current.properties?.[key], to);
    return restore.fields.includes(field) && sameValue((restore.current as Record<string, unknown>)[field], to);
  };
  const items = newest && [...newest, ...olderActivity.items];
  const { names, who, mentionable } = useActorNames();
  // Owners are stored as user ids; the timeline shows whose name they are.
  const ownerLabels = Object.fromEntries(names);
  const labelsOf = (field: string) =>
    field === "ownerId"
      ? ownerLabels
      : field === "companyId" || field === "parentCompanyId"
        ? { ...olderActivity.companyNames, ...valueLabels?.[field] }
        : field === "outcome"
          ? noteOutcomeLabels
          : valueLabels?.[field];
  const [shown, setShown] = useState<Shown>("all");

  if (!items)
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading timeline">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-4 w-3/4" />
        ))}
      </div>
    );
  if (items.length === 0) return <p className="text-[13px] text-muted">Nothing has happened here yet.</p>;

  const shownItems = items.filter((item) => isShown(shown, item.kind));
  return (
    <div className="space-y-3">
      <ChoiceGroup
        label="Show in the timeline"
        options={Object.keys(shownLabels) as Shown[]}
        value={shown}
        onChange={setShown}
        labelOf={(option) => shownLabels[option]}
      />
      {shownItems.length === 0 && (
        <p className="text-[13px] text-muted">
          {shown === "activity" ? "No notes or logged activities" : "No changes"}
          {olderActivity.more ? " among the newest entries." : " yet."}
        </p>
      )}
      <ol className="relative space-y-4" data-testid="record-timeline">
        {shownItems.length > 0 && <span aria-hidden className="absolute top-2 bottom-2 left-[11px] w-px bg-border" />}
        {shownItems.map((item) => {
          const { icon: Icon, verb, summary, hidden } = describeActivity(item, noun);
          const changes = fieldChanges(item.changes).filter(([field]) => !hidden.includes(field));
          return (
            <li key={item.id} className="group/item relative flex gap-3" data-testid="timeline-item">
              <span className="z-10 flex size-6 shrink-0 items-center justify-center rounded-full border border-border bg-background text-muted">
                <Icon className="size-3" aria-hidden />
              </span>
              <div className="min-w-0 flex-1 pt-0.5 text-[13px]">
                <p className="text-foreground">
                  <span className="font-medium" title={item.actorId}>
                    {who(item.actorId)}
                  </span>{" "}
                  <span className="text-muted">{verb}</span>
                  <span className="text-muted" aria-hidden>
                    {" · "}
                  </span>
                  <RelativeTime date={item.createdAt} className="text-muted" />
                </p>
                {summary &&
                  (writtenKinds.has(item.kind) ? (
                    <NoteText
                      text={summary}
                      mentions={mentionable}
                      className="mt-1 border-l-2 border-border pl-2 text-foreground"
                    />
                  ) : (
                    <p className="mt-1 text-muted">{summary}</p>
                  ))}
                {changes.length > 0 && (
                  <ul className="mt-1 space-y-0.5">
                    {changes.map(([field, [from, to]]) => {
                      const definition = definitionOf(field);
                      const value = (shown: unknown) =>
                        definition && typedShown.has(definition.type) && !isEmpty(shown) ? (
                          <span className="font-medium">
                            <PropertyValue definition={definition} value={shown} currency={currency} inPanel />
                          </span>
                        ) : (
                          <ChangeValue value={readable(field, shown)} labels={labelsOf(field)} />
                        );
                      const label =
                        definition?.label ??
                        changedPropertyKey(field) ??
                        fieldLabels[field] ??
                        loggedFieldLabels[field] ??
                        field;
                      return (
                        <li key={field} className="break-words text-foreground">
                          <span data-testid="timeline-change">
                            <span className="text-muted">{label}: </span>
                            {value(from)}
                            <span className="text-muted"> → </span>
                            {value(to)}
                          </span>
                          {item.kind === "updated" && restore && restorable(field, to) && !sameValue(from, to) && (
                            <RestoreButton
                              label={label}
                              was={
                                isEmpty(from)
                                  ? "empty"
                                  : definition
                                    ? propertyText(definition, from, currency)
                                    : show(readable(field, from), labelsOf(field))
                              }
                              run={() => restore.run(field, from)}
                            />
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {olderActivity.more && (
        <Button variant="secondary" size="sm" pending={olderActivity.loading} onClick={olderActivity.showOlder}>
          Show older activity
        </Button>
      )}
      {olderActivity.failed && (
        <p className="text-[13px] text-danger" role="alert">
          Could not load older activity. Try again.
        </p>
      )}
    </div>
  );
}
