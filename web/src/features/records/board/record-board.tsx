import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { getTimeLocale } from "../../../lib/time-locale";
import { toast, toastError } from "../../../lib/toast";
import { saveAgainLabel } from "../../../lib/trpc-errors";
import { isShownPageKey } from "../../../lib/typing";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { ErrorState, Skeleton } from "../../../ui/empty-state";
import { KeyboardHints, type KeyHint } from "../../../ui/keyboard-hints";
import { NextPageButton } from "../../../ui/next-page-button";
import { historyKey, useTablePages, type ListPage } from "../../../ui/data-table";
import type { Versioned } from "../list-cache";
import type { RecordListView } from "../use-record-hooks";
import { useRecordStepping, type RecordStepping } from "../use-record-stepping";
import { laneFilter, laneView, outdates, type BoardMove } from "./board-moves";

export type BoardLane = { value: string; label: string; dot: string };

type ListQuery<Row> = UseInfiniteQueryResult<InfiniteData<ListPage<Row>, unknown>, { message: string }>;

export type RecordBoardProps<Row extends Versioned> = {
  /** What the board shows, for assistive technology: "Contacts by lead status". */
  label: string;
  noun: [singular: string, plural: string];
  /** The field the lanes are the values of, as the list's filter names it. */
  field: string;
  lanes: BoardLane[];
  valueOf: (row: Row) => string;
  /** The list's view (search, filter, sort); each lane adds "<field> is <its value>" to the filter. */
  view: RecordListView;
  /** The fields a card shows (the list reads only these). */
  fields: string[];
  useList: (input: RecordListView) => ListQuery<Row>;
  card: (row: Row) => ReactNode;
  nameOf: (row: Row) => string;
  openId: string | null;
  onOpen: (id: string) => void;
  /**
   * The open record's side panel, given the steps to the cards around it in its lane (its ↑ ↓, j and k), as the
   * table's panel steps through its rows.
   */
  panel: (stepping: RecordStepping | null) => ReactNode;
  /** A new record starting at a lane's value (its "+"). */
  onAdd?: (value: string) => void;
  /** A filter matching any of its conditions cannot narrow the lanes: make it match every one. */
  onMatchEvery: () => void;
  onShowTable: () => void;
  /**
   * Saves the card's new value: the record's update, version-checked, queued and kept offline as any edit. `from`, the
   * value the card showed, is checked too: a copy of the record that no longer holds it was changed by someone else.
   */
  save: (row: Row, value: string, from?: string) => Promise<Row>;
};

/** A move as made, to undo: the record as saved, and the values it went from and to. */
type DoneMove<Row> = { row: Row; from: string; to: string };
type MoveKind = "move" | "anyway" | "undo" | "redo";
/** How many moves Ctrl/⌘+Z can go back through, as a list's edits. */
const UNDO_DEPTH = 20;

/** What a dragged card carries: only this board's cards drop on its lanes. */
const CARD_TYPE = "application/x-crm-card";

const hints: KeyHint[] = [
  [["↑", "↓"], "card"],
  [["←", "→"], "lane"],
  [["Shift", "← →"], "move to the next lane"],
  [["Enter"], "open"],
  [["Ctrl", "Z"], "undo a move"],
];

const cardsIn = (board: HTMLElement | null, lane: number) => [
  ...(board?.querySelectorAll<HTMLElement>(`[data-lane-index="${lane}"] [data-card-id]`) ?? []),
];

/**
 * Records as cards in a lane per value of one field (a contact's lead status; a deal's stage next), each lane read
 * as the list is, with the view's search, filter and sort. A card dragged to another lane, or moved with Shift+← →,
 * takes that value at once; the save is an edit like any other (version-checked; offline it waits), and a refusal
 * puts the card back and says why, offering to move it again.
 */
export function RecordBoard<Row extends Versioned>(props: RecordBoardProps<Row>) {
  const { lanes, field, view, valueOf, save, nameOf } = props;
  const [moves, setMoves] = useState<ReadonlyMap<string, BoardMove<Row>>>(new Map());
  const seq = useRef(0);
  const board = useRef<HTMLDivElement>(null);
  const [dragged, setDragged] = useState<Row | null>(null);
  const [dropLane, setDropLane] = useState<number | null>(null);
  // The card keyboard focus is on (roving: the only card Tab stops at; before one is, each lane's first), and one just
  // moved, to focus where it lands.
  const [activeId, setActiveId] = useState<string | null>(null);
  const followMoved = useRef<string | null>(null);
  const openIdRef = useRef(props.openId);
  useEffect(() => {
    openIdRef.current = props.openId;
  }, [props.openId]);

  // Another search, filter or sort reads every lane anew, which places the cards moved before: only those still on
  // their way stay where they were put.
  const viewKey = JSON.stringify([view.search, view.filter, view.sort]);
  const [movesView, setMovesView] = useState(viewKey);
  if (movesView !== viewKey) {
    setMovesView(viewKey);
    setMoves((all) => new Map([...all].filter(([, move]) => move.saved === undefined)));
  }

  const filters = useMemo(
    () => lanes.map((lane) => laneFilter(view.filter, field, lane.value)),
    [lanes, view.filter, field],
  );

  // The lane of the card opened last, which the panel steps through (the same query as the lane's: no read of its own).
  const [openLane, setOpenLane] = useState(0);
  const stepLane = lanes[openLane] ?? lanes[0]!;
  const stepPages = useTablePages(
    props.useList({ ...view, filter: filters[openLane] ?? view.filter, fields: props.fields }),
  );
  const stepView = useMemo(
    () => laneView(stepLane.value, stepPages.rows, stepPages.total, moves, valueOf),
    [stepLane.value, stepPages.rows, stepPages.total, moves, valueOf],
  );
  const stepping = useRecordStepping({ ...stepPages, ...stepView }, props.openId, props.onOpen);

  // The moves made here, to undo (Ctrl/⌘+Z) the last first, and those undone, to make again (Ctrl/⌘+Shift+Z).
  const done = useRef<DoneMove<Row>[]>([]);
  const undone = useRef<DoneMove<Row>[]>([]);

  const move = useCallback(
    /**
     * Moves the card to `to`; resolves to the record as saved, or null when it stayed. The save is checked against the
     * value the card showed (a teammate's change since is refused, with who), except when moved anyway.
     */
    async function moveCard(row: Row, to: string, how: MoveKind = "move"): Promise<Row | null> {
      const from = valueOf(row);
      if (from === to) return null;
      const mine = ++seq.current;
      if (row.id === openIdRef.current)
        setOpenLane(
          Math.max(
            0,
            lanes.findIndex((lane) => lane.value === to),
          ),
        );
      const moved = { ...row, [field]: to } as Row;
      setMoves((all) => new Map(all).set(row.id, { row: moved, to, seq: mine }));
      const settle = (change: (move: BoardMove<Row>) => BoardMove<Row> | null) =>
        setMoves((all) => {
          const current = all.get(row.id);
          if (current?.seq !== mine) return all;
          const next = new Map(all);
          const changed = change(current);
          if (changed) next.set(row.id, changed);
          else next.delete(row.id);
          return next;
        });
      try {
        const saved = { ...moved, ...(await save(row, to, how === "anyway" ? undefined : from)) };
        settle((current) => ({ ...current, row: saved, saved: saved.version }));
        if (how === "move" || how === "anyway") {
          done.current = [...done.current.slice(1 - UNDO_DEPTH), { row: saved, from, to }];
          undone.current = [];
        }
        return saved;
      } catch (error) {
        settle(() => null);
        const again = saveAgainLabel(error);
        toastError(
          error,
          `${nameOf(row)} was not moved`,
          again && {
            label: again === "Save mine" ? "Move anyway" : again,
            onClick: () => void moveCard(row, to, "anyway"),
          },
        );
        return null;
      }
    },
    [field, lanes, valueOf, save, nameOf],
  );

  // Ctrl/⌘+Z puts the last move back, Ctrl/⌘+Shift+Z makes it again, as in a list; not while the panel has the keys.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const which = event.ctrlKey || event.metaKey ? historyKey(event) : null;
      if (!which || event.altKey || event.defaultPrevented || !isShownPageKey(event, { chord: true })) return;
      const focused = document.activeElement;
      if (focused && focused !== document.body && !board.current?.contains(focused)) return;
      event.preventDefault();
      const [from, into] = which === "undo" ? [done, undone] : [undone, done];
      const last = from.current.at(-1);
      if (!last) return void toast(which === "undo" ? "No move to undo here." : "No undone move to make again.");
      from.current = from.current.slice(0, -1);
      const target = which === "undo" ? last.from : last.to;
      const label = lanes.find((lane) => lane.value === target)?.label ?? target;
      void move(last.row, target, which).then((saved) => {
        if (!saved) return;
        into.current = [...into.current, { ...last, row: saved }];
        toast(
          which === "undo" ? `Moved ${nameOf(saved)} back to ${label}.` : `Moved ${nameOf(saved)} to ${label} again.`,
        );
      });
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [lanes, move, nameOf]);

  const dropOutdated = useCallback((ids: string[]) => {
    setMoves((all) => {
      const next = new Map(all);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);

  // The card just moved by the keyboard is rendered anew in its lane: focus goes with it.
  useEffect(() => {
    const id = followMoved.current;
    if (!id) return;
    const card = board.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(id)}"]`);
    if (card) {
      followMoved.current = null;
      card.focus();
    }
  });

  // ↑ ↓ (j k) reach the board as the page opens, as they reach a list: on the card last used, else the first.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!["ArrowDown", "ArrowUp", "j", "k"].includes(event.key) || event.defaultPrevented) return;
      if (board.current?.contains(document.activeElement) || !isShownPageKey(event)) return;
      const focused = document.activeElement;
      if (focused && focused !== document.body && !board.current?.contains(focused)) return;
      const card =
        (activeId && board.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(activeId)}"]`)) ||
        board.current?.querySelector<HTMLElement>("[data-card-id]");
      if (!card) return;
      event.preventDefault();
      card.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [activeId]);

  const handleCardKey = (event: KeyboardEvent<HTMLElement>, row: Row, laneIndex: number) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const cards = cardsIn(board.current, laneIndex);
    const index = cards.indexOf(event.currentTarget);
    const step = (target: HTMLElement | undefined) => {
      event.preventDefault();
      target?.focus();
    };
    const key = event.key;
    if (event.shiftKey && (key === "ArrowRight" || key === "ArrowLeft")) {
      event.preventDefault();
      const to = lanes[laneIndex + (key === "ArrowRight" ? 1 : -1)];
      if (!to) return;
      followMoved.current = row.id;
      void move(row, to.value);
    } else if (key === "ArrowDown" || key === "j") step(cards[index + 1]);
    else if (key === "ArrowUp" || key === "k") step(cards[index - 1]);
    else if (key === "ArrowRight" || key === "ArrowLeft" || key === "l" || key === "h") {
      const direction = key === "ArrowRight" || key === "l" ? 1 : -1;
      // The nearest lane that way with a card, at the same height or its last.
      for (let lane = laneIndex + direction; lane >= 0 && lane < lanes.length; lane += direction) {
        const there = cardsIn(board.current, lane);
        if (there.length) return step(there[Math.min(index, there.length - 1)]);
      }
      event.preventDefault();
    } else if (key === "Home") step(cards[0]);
    else if (key === "End") step(cards.at(-1));
  };

  const laneDrag = (laneIndex: number) => ({
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes(CARD_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      setDropLane(laneIndex);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropLane(null);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDropLane(null);
      if (dragged) void move(dragged, lanes[laneIndex]!.value);
      setDragged(null);
    },
  });

  if (filters.some((filter) => filter === null)) {
    const anyOf = view.filter?.combinator === "or";
    return (
      <div role="status" className="rounded-lg border border-border bg-surface-2 px-4 py-3 text-sm text-muted">
        <p>
          {anyOf
            ? "The board narrows each lane by the filter, so its conditions must all match; this filter matches any of them."
            : "The board adds a condition to the filter for each lane, and this filter holds the most conditions a filter may."}
        </p>
        <p className="mt-2 flex flex-wrap gap-2">
          {anyOf && (
            <Button size="sm" variant="secondary" onClick={props.onMatchEvery}>
              Match every filter
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={props.onShowTable}>
            Show as a table
          </Button>
        </p>
        {props.panel(null)}
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div
        ref={board}
        role="group"
        aria-label={props.label}
        data-testid="record-board"
        className="flex min-h-0 flex-1 snap-x gap-3 overflow-x-auto pb-2"
      >
        {lanes.map((lane, laneIndex) => (
          <Lane
            key={lane.value}
            lane={lane}
            laneIndex={laneIndex}
            input={{ ...view, filter: filters[laneIndex]!, fields: props.fields }}
            useList={props.useList}
            moves={moves}
            valueOf={valueOf}
            onOutdated={dropOutdated}
            noun={props.noun}
            onAdd={props.onAdd}
            dropping={dropLane === laneIndex}
            drag={laneDrag(laneIndex)}
            renderCard={(row, first) => (
              <button
                type="button"
                key={row.id}
                data-card-id={row.id}
                draggable
                tabIndex={row.id === activeId || (activeId === null && first) ? 0 : -1}
                aria-current={row.id === props.openId || undefined}
                onFocus={() => setActiveId(row.id)}
                onClick={() => {
                  setOpenLane(laneIndex);
                  props.onOpen(row.id);
                }}
                onKeyDown={(event) => handleCardKey(event, row, laneIndex)}
                onDragStart={(event) => {
                  event.dataTransfer.setData(CARD_TYPE, row.id);
                  event.dataTransfer.effectAllowed = "move";
                  setDragged(row);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setDropLane(null);
                }}
                className={cn(
                  "w-full rounded-lg border border-border bg-background p-3 text-left text-sm shadow-xs transition-colors",
                  "hover:border-border-strong focus-visible:outline-2 focus-visible:outline-primary",
                  row.id === props.openId && "border-primary ring-1 ring-primary",
                  dragged?.id === row.id && "opacity-50",
                )}
              >
                {props.card(row)}
              </button>
            )}
          />
        ))}
      </div>
      <KeyboardHints hints={hints} />
      {props.panel(stepping)}
    </div>
  );
}

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

/** One lane: its count, its cards a page at a time (the next read as the lane scrolls near its end). */
function Lane<Row extends Versioned>({ lane, laneIndex, input, useList, moves, valueOf, ...props }: LaneProps<Row>) {
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
  const headingId = `board-lane-${lane.value}`;
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
