import { useQuery } from "@tanstack/react-query";
import { trpc } from "../lib/trpc";
import { useSettledValue } from "../lib/use-settled-value";

type SearchOptions = {
  limit?: number;
  /** The kinds asked for; both by default. */
  objects?: ("contact" | "company")[];
  /** The shortest text searched for. */
  minLength?: number;
};

/** Whether `text` was typed on from `from` ("anne" from "ann"), in any case. */
export const typedOn = (text: string, from: string) => text.toLowerCase().startsWith(from.toLowerCase());

/**
 * A search's placeholderData: the previous results stay in view while the new ones are read only when `query` was
 * typed on from the text they were found for ("ann" → "anne"), so that no record found for another word stands under
 * the new one, where a click or Enter would take it. The text is read from the previous query's key (tRPC's
 * `[path, { input }]`).
 */
export const keptWhileTypedOn =
  (query: string) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined => {
    const input = (previousQuery?.queryKey[1] as { input?: { query?: unknown } } | undefined)?.input;
    return typeof input?.query === "string" && typedOn(query, input.query) ? previous : undefined;
  };

/**
 * Contacts and companies matching what is typed, 150 ms after typing stops: the palette's search, and
 * the pickers that link to a record. `query` is the text the results are for.
 */
export function useRecordSearch(text: string, { limit = 6, objects, minLength = 2 }: SearchOptions = {}) {
  const query = useSettledValue(text.trim(), 150, "");
  const found = useQuery({
    ...trpc.search.records.queryOptions({ query, limit, ...(objects && { objects }) }),
    enabled: query.length >= minLength,
    placeholderData: keptWhileTypedOn(query),
    staleTime: 10_000,
  });
  return { query, found };
}
