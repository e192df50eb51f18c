import type { QueryClient } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { mentionsLeftIn } from "./parse-quick-add";
import { type LinkableRecord } from "./task-types";
import { foundRecords } from "../../app/found-records";

export type MentionResolution =
  | { kind: "none" }
  | { kind: "linked"; record: LinkableRecord; name: string }
  | { kind: "ambiguous"; name: string; records: LinkableRecord[] };

const startsWith = (record: LinkableRecord, name: string) => record.name.toLowerCase().startsWith(name.toLowerCase());

/**
 * What an "@name" left in a task being added stands for, when no record was picked from the list (it closes once
 * typing goes on past the name, "@Yuki tomorrow 3pm"): the one contact or company whose name starts with the longest run of words after the "@" that any does. Several: which to pick is asked. None: the text
 * stays as written (a handle, say). A mention left as text with Escape (`keptAt`, where its "@" is) is not read.
 */
export async function resolveMention(
  queryClient: QueryClient,
  text: string,
  keptAt: number | null,
): Promise<MentionResolution> {
  const mention = mentionsLeftIn(text).find((m) => m.start !== keptAt);
  if (!mention) return { kind: "none" };
  const found = await Promise.all(
    mention.names.map((query) =>
      // Read afresh: what the list found a while ago may miss a record added since.
      queryClient.fetchQuery({ ...trpc.search.records.queryOptions({ query, limit: 5 }), staleTime: 0 }),
    ),
  );
  for (const [index, name] of mention.names.entries()) {
    const records = foundRecords(found[index]).filter((record) => startsWith(record, name));
    if (records.length === 1) return { kind: "linked", record: records[0]!, name };
    if (records.length > 1) return { kind: "ambiguous", name, records };
  }
  return { kind: "none" };
}
