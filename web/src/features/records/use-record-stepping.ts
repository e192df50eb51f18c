import { useEffect, useState } from "react";
import type { TablePages } from "../../ui/data-table";

/** The open record's place in the list, and the steps to the records around it: the panel's ↑ ↓, j and k. */
export type RecordStepping = {
  /** 1 for the first row of the list. */
  position: number;
  /** How many the list holds (a search's count may be an estimate); null until counted. */
  total: number | null;
  previous: (() => void) | null;
  next: (() => void) | null;
};

/**
 * Steps through the list from the open record, as a person works a call list: the next record once its row is loaded,
 * or, from the last row loaded, the list's next page first. Null while the open record is not in the list (opened
 * from the palette, or in the trash view).
 */
export function useRecordStepping<Row extends { id: string }>(
  pages: TablePages<Row>,
  openId: string | null,
  open: (id: string) => void,
): RecordStepping | null {
  const { rows, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, status } = pages;
  // The record whose next one waits for the list's next page.
  const [waitingAfter, setWaitingAfter] = useState<string | null>(null);
  useEffect(() => {
    if (waitingAfter === null) return;
    const at = rows.findIndex((row) => row.id === waitingAfter);
    if (openId !== waitingAfter || at < 0) return setWaitingAfter(null);
    if (at + 1 < rows.length) {
      setWaitingAfter(null);
      open(rows[at + 1].id);
    } else if (!hasNextPage || status === "error") setWaitingAfter(null);
    // Not while the list is read (a refetch, the next page already on its way): TanStack would drop or restart it.
    else if (!isFetching && !isFetchingNextPage) fetchNextPage();
  }, [waitingAfter, rows, openId, open, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, status]);

  const index = openId === null ? -1 : rows.findIndex((row) => row.id === openId);
  if (index < 0) return null;
  const before = rows[index - 1];
  const after = rows[index + 1];
  return {
    position: index + 1,
    total: pages.total?.count ?? null,
    previous: before ? () => open(before.id) : null,
    next: after ? () => open(after.id) : hasNextPage ? () => setWaitingAfter(openId) : null,
  };
}
