import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { trpc } from "../lib/trpc";

/** Contacts and companies matching what is typed in the palette, 150 ms after typing stops. */
export function useRecordSearch(text: string) {
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 150);
    return () => clearTimeout(timer);
  }, [text]);
  return useQuery({
    ...trpc.search.records.queryOptions({ query, limit: 6 }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
