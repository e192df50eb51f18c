import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import type { RecordObject } from "./use-record-actions";

/** A record that already holds what a new record's form holds, and the sentence that says so. */
export type ExistingRecord = { id: string; name: string; text: string };

/** The palette's search for `query`, one kind of record: what a new record's form checks as it is typed. */
export function useLookup(object: RecordObject, query: string, enabled: boolean) {
  return useQuery({
    ...trpc.search.records.queryOptions({ query, limit: 8, objects: [object] }),
    enabled,
    staleTime: 10_000,
  }).data;
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
