import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { trpc } from "../lib/trpc";
import { useSettledValue } from "../lib/use-settled-value";

type SearchOptions = {
  limit?: number;
  /** The kinds asked for; both by default. */
  objects?: ("contact" | "company")[];
  /** The shortest text searched for. */
  minLength?: number;
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
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return { query, found };
}
