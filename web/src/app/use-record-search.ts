import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { trpc } from "../lib/trpc";
import { useSettledValue } from "../lib/use-settled-value";

/** Contacts and companies matching what is typed in the palette, 150 ms after typing stops. */
export function useRecordSearch(text: string) {
  const query = useSettledValue(text.trim(), 150, "");
  return useQuery({
    ...trpc.search.records.queryOptions({ query, limit: 6 }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
