import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { getTimeLocale } from "../../lib/time-locale";
import type { TablePages, TableTotal } from "./types";

/** The list procedures' page shape (contacts.list, companies.list, …). */
export type ListPage<Row> = { items: Row[]; nextCursor: string | null; total: TableTotal };

type InfiniteListQuery<Row> = UseInfiniteQueryResult<InfiniteData<ListPage<Row>, unknown>, { message: string }>;

/** Adapts a list procedure's useInfiniteQuery result to the table's `pages` prop. */
export function useTablePages<Row>(query: InfiniteListQuery<Row>): TablePages<Row> {
  const {
    data,
    status,
    error,
    hasNextPage,
    isFetching,
    isFetchingNextPage,
    isPlaceholderData,
    fetchNextPage,
    refetch,
  } = query;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  // Repeated calls while a page is in flight are ignored rather than restarting it.
  const fetchNext = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    rows,
    // Only the first page (no cursor) carries the count.
    total: data?.pages[0]?.total ?? null,
    status,
    error: error ?? null,
    hasNextPage,
    isFetchingNextPage,
    isFetching,
    isRefreshing: isPlaceholderData,
    fetchNextPage: fetchNext,
    refetch: retry,
  };
}

/** "1,234 contacts", "1 contact", "1,000+ contacts". */
export function formatTotal(total: TableTotal, singular: string, plural: string): string | null {
  if (!total) return null;
  const number = total.count.toLocaleString(getTimeLocale());
  if (!total.exact) return `${number}+ ${plural}`;
  return `${number} ${total.count === 1 ? singular : plural}`;
}
