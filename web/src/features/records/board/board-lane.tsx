import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useEffect, useMemo, type HTMLAttributes, type ReactNode } from "react";
import { getTimeLocale } from "../../../lib/time-locale";
import { cn } from "../../../ui/cn";
import { ErrorState, Skeleton } from "../../../ui/empty-state";
import { NextPageButton } from "../../../ui/next-page-button";
import { useTablePages, type ListPage } from "../../../ui/data-table";
import type { Versioned } from "../list-cache";
import type { RecordListView } from "../use-record-hooks";
import { laneView, outdates, type BoardMove } from "./board-moves";

export type BoardLane = { value: string; label: string; dot: string };

export type ListQuery<Row> = UseInfiniteQueryResult<InfiniteData<ListPage<Row>, unknown>, { message: string }>;

type LaneProps<Row extends Versioned> = {
  lane: BoardLane;
  laneIndex: number;
  input: RecordListView;
  useList: (input: RecordListView) => ListQuery<Row>;
  moves: ReadonlyMap<string, BoardMove<Row>>;
  valueOf: (row: Row) => string;
  onOutdated: (ids: string[]) => void;
  noun: [singular: string, plural: string];
  onAdd?: (value: string) => void;
  dropping: boolean;
  drag: Pick<HTMLAttributes<HTMLElement>, "onDragOver" | "onDragLeave" | "onDrop">;
  renderCard: (row: Row, first: boolean) => ReactNode;
};

/** One lane of a board: its count, its cards a page at a time (the next read as the lane scrolls near its end). */
export function Lane<Row extends Versioned>({
  lane,
  laneIndex,
  input,
  useList,
  moves,
  valueOf,
  ...props
}: LaneProps<Row>) {
  const query = useList(input);
  const pages = useTablePages(query);
  const { rows, total } = useMemo(
    () => laneView(lane.value, pages.rows, pages.total, moves, valueOf),
    [lane.value, pages.rows, pages.total, moves, valueOf],
  );
  const { onOutdated } = props;
  useEffect(() => {
    const outdated = pages.rows.filter((row) => {
      const move = moves.get(row.id);
      return move && outdates(row, move);
    });
    if (outdated.length) onOutdated(outdated.map((row) => row.id));
  }, [pages.rows, moves, onOutdated]);
  const count = total && `${total.count.toLocaleString(getTimeLocale())}${total.exact ? "" : "+"}`;
  // By place: a value may hold spaces, which would make it several ids to aria-labelledby.
  const headingId = `board-lane-${laneIndex}`;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  return (
    <section
      aria-labelledby={headingId}
      data-lane-index={laneIndex}
      data-lane={lane.value}
      {...props.drag}
      className={cn(
        "flex max-w-80 min-w-48 flex-1 basis-0 snap-start flex-col rounded-xl border bg-surface-2/60 transition-colors",
        props.dropping ? "border-primary bg-primary-soft/40" : "border-border",
      )}
    >
      <header className="flex items-center gap-2 px-3 pt-3 pb-2">
        <span className={cn("size-2 rounded-full", lane.dot)} aria-hidden />
        <h2 id={headingId} className="text-sm font-semibold text-foreground">
          {lane.label}
        </h2>
        <span className="ml-auto text-xs text-muted tabular-nums" data-testid="lane-count">
          {count ?? ""}
        </span>
        {props.onAdd && (
          <button
            type="button"
            onClick={() => props.onAdd?.(lane.value)}
            aria-label={`New ${props.noun[0]} in ${lane.label}`}
            title={`New ${props.noun[0]} in ${lane.label}`}
            className="-my-1 inline-flex size-6 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-foreground"
          >
            <Plus className="size-3.5" aria-hidden />
          </button>
        )}
      </header>
      <div
        // While a new search or filter is read, the cards of the one before stay, dimmed.
        aria-busy={pages.isRefreshing || undefined}
        className={cn(
          "flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-2 transition-opacity",
          pages.isRefreshing && "opacity-60",
        )}
        onScroll={(event) => {
          const { scrollTop, clientHeight, scrollHeight } = event.currentTarget;
          if (hasNextPage && !isFetchingNextPage && scrollTop + clientHeight > scrollHeight - 300) fetchNextPage();
        }}
      >
        {pages.status === "pending" ? (
          <div aria-busy="true" aria-label={`Loading ${lane.label}`} className="flex flex-col gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : pages.status === "error" && rows.length === 0 ? (
          <ErrorState message={pages.error?.message ?? "The lane could not be read."} onRetry={pages.refetch} />
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-xs text-muted">
            No {props.noun[1]}
          </p>
        ) : (
          rows.map((row, index) => props.renderCard(row, index === 0))
        )}
        <NextPageButton pages={query} label="Show more" failed="More could not be read" variant="ghost" />
      </div>
    </section>
  );
}
