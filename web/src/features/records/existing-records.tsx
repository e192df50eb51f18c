import { useQuery } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { trpc } from "../../lib/trpc";
import { useSettledValue } from "../../lib/use-settled-value";
import { Button } from "../../ui/button";
import type { RecordObject } from "./use-record-actions";

/** A record that already holds what a new record's form holds, and the sentence that says so. */
export type ExistingRecord = { id: string; name: string; text: string };

type Found = inferOutput<typeof trpc.search.records>;

/** The palette's search for `query`, one kind of record: what a new record's form checks as it is typed. */
function useLookup(object: RecordObject, query: string) {
  return useQuery({
    ...trpc.search.records.queryOptions({ query, limit: 8, objects: [object] }),
    enabled: query !== "",
    staleTime: 10_000,
  }).data;
}

type Lookup<Hit> = {
  object: RecordObject;
  hitsOf: (found: Found) => Hit[];
  /**
   * The record's unique key as typed and normalised (an email, a domain); "" until it is one.
   * `useHolders` finds the records holding it (a hook, the same one every render); by default the
   * search's hits that `holds` says hold it.
   */
  key: {
    typed: string;
    holds: (hit: Hit, key: string) => boolean;
    sentence: (hit: Hit, key: string) => string;
    useHolders?: (key: string) => Hit[] | undefined;
  };
  /**
   * The name as typed; "" while it says too little to look up. `useHolders` finds the records it
   * belongs to (a hook, the same one every render); by default the search's hits of the same whole
   * name, any case.
   */
  name: { typed: string; sentence: (hit: Hit) => string; useHolders?: (name: string) => Hit[] | undefined };
};

/**
 * Records already holding the key or the name (whole, any case) typed into a new record's form,
 * 300 ms after typing pauses: the key's holder first, as the server would refuse that create.
 */
export function useExistingRecords<Hit extends { id: string; name: string }>({
  object,
  hitsOf,
  key,
  name,
}: Lookup<Hit>): ExistingRecord[] {
  const settledKey = useSettledValue(key.typed, 300);
  const settledName = useSettledValue(name.typed, 300);
  const withKey = useLookup(object, key.useHolders ? "" : settledKey);
  const keyHolders = key.useHolders?.(settledKey);
  const withName = useLookup(object, name.useHolders ? "" : settledName);
  const holders = name.useHolders?.(settledName);
  // Only for what the form holds now: a hit for what was typed before is no longer news.
  const holder =
    settledKey && settledKey === key.typed
      ? ((key.useHolders ? (keyHolders ?? []) : withKey ? hitsOf(withKey) : []).find((hit) =>
          key.holds(hit, settledKey),
        ) ?? null)
      : null;
  const named =
    settledName && settledName === name.typed
      ? (name.useHolders
          ? (holders ?? [])
          : (withName ? hitsOf(withName) : []).filter((hit) => hit.name.toLowerCase() === settledName.toLowerCase())
        )
          .filter((hit) => hit.id !== holder?.id)
          .slice(0, 3)
      : [];
  return [
    ...(holder ? [{ id: holder.id, name: holder.name, text: key.sentence(holder, settledKey) }] : []),
    ...named.map((hit) => ({ id: hit.id, name: hit.name, text: name.sentence(hit) })),
  ];
}

/**
 * Under a new record's identifying fields: who already holds them, each a click from opening instead
 * of creating a duplicate. Nothing when nobody does.
 */
export function ExistingRecords({
  label,
  records,
  onOpen,
}: {
  label: string;
  records: ExistingRecord[];
  onOpen: (id: string) => void;
}) {
  if (records.length === 0) return null;
  return (
    <ul
      aria-label={label}
      className="space-y-1.5 rounded-lg border border-amber-300/70 bg-amber-50 px-3 py-2 text-[13px] dark:border-amber-500/30 dark:bg-amber-500/10"
    >
      {records.map((record) => (
        <li key={record.id} className="flex min-w-0 items-center gap-2">
          <span className="min-w-0 flex-1">{record.text}</span>
          <Button size="sm" variant="secondary" className="shrink-0" onClick={() => onOpen(record.id)}>
            Open {record.name}
          </Button>
        </li>
      ))}
    </ul>
  );
}
