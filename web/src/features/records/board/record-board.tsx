import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from "react";
import { toastError } from "../../../lib/toast";
import { saveAgainLabel } from "../../../lib/trpc-errors";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { KeyboardHints } from "../../../ui/keyboard-hints";
import { Checkbox, useTablePages } from "../../../ui/data-table";
import type { Versioned } from "../list-cache";
import type { RecordListView } from "../use-record-hooks";
import { useRecordStepping, type RecordStepping } from "../use-record-stepping";
import type { BoardGrouping } from "./board-groups";
import { Lane, type BoardLane, type ListQuery } from "./board-lane";
import { laneFilter, laneView, type BoardMove } from "./board-moves";
import {
  boardHints,
  rememberMove,
  useBoardKeys,
  type MoveCard,
  type MoveHistory,
  type MoveKind,
} from "./use-board-keys";
import { useCardSelection } from "./use-card-selection";

export type { BoardLane };

/** What a dragged card carries: only this board's cards drop on its lanes. */
const CARD_TYPE = "application/x-crm-card";

export type RecordBoardProps<Row extends Versioned> = {
  /** What the board shows, for assistive technology: "Contacts by lead status". */
  label: string;
  noun: [singular: string, plural: string];
  /** The field the lanes are the values of (a lead status, a select property's options). */
  grouping: BoardGrouping<Row>;
  /** The list's view (search, filter, sort); each lane adds "<field> is <its value>" to the filter. */
  view: RecordListView;
  /** The fields a card shows (the list reads only these, and what the grouping reads). */
  fields: string[];
  useList: (input: RecordListView) => ListQuery<Row>;
  /** Every cached list of the object (`useList`'s), marked stale after a move. */
  listKey: QueryKey;
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
  /** The list page's selection, which its bulk bar acts on; without it, cards are not selected. */
  selection?: ReadonlySet<string>;
  onSelectionChange?: (next: Set<string>) => void;
};

/**
 * Records as cards in a lane per value of one field (a contact's lead status; a deal's stage next), each lane read
 * as the list is, with the view's search, filter and sort. A card dragged to another lane, or moved with Shift+← →,
 * takes that value at once; the save is an edit like any other (version-checked; offline it waits), and a refusal
 * puts the card back and says why, offering to move it again.
 */
export function RecordBoard<Row extends Versioned>(props: RecordBoardProps<Row>) {
  const { view, save, nameOf } = props;
  const { lanes, field, valueOf, withValue } = props.grouping;
  const fields = useMemo(
    () => [...new Set([...props.fields, ...props.grouping.reads])],
    [props.fields, props.grouping],
  );
  const [moves, setMoves] = useState<ReadonlyMap<string, BoardMove<Row>>>(new Map());
  const seq = useRef(0);
  const board = useRef<HTMLDivElement>(null);
  const [dragged, setDragged] = useState<Row | null>(null);
  const [dropLane, setDropLane] = useState<number | null>(null);
  // The card keyboard focus is on (roving: the only card Tab stops at; before one is, each lane's first).
  const [activeId, setActiveId] = useState<string | null>(null);
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

  // The lanes read before a move hold its card where it was. The lanes on screen keep it where it was put; another
  // view's lanes, read before, are read again as they are shown, and so is every lane once the board is left.
  const movedSinceRead = useRef(false);
  const queryClient = useQueryClient();
  const { listKey } = props;
  useEffect(() => {
    if (!movedSinceRead.current) return;
    movedSinceRead.current = false;
    void queryClient.invalidateQueries({ queryKey: listKey, refetchType: "active" });
  }, [viewKey, queryClient, listKey]);
  useEffect(() => {
    const moved = movedSinceRead;
    return () => {
      if (moved.current) void queryClient.invalidateQueries({ queryKey: listKey, refetchType: "none" });
    };
  }, [queryClient, listKey]);

  const filters = useMemo(
    () => lanes.map((lane) => laneFilter(view.filter, field, lane.value)),
    [lanes, view.filter, field],
  );

  // The lane of the card opened last, which the panel steps through (the same query as the lane's: no read of its own).
  const [openLane, setOpenLane] = useState(0);
  const stepLane = lanes[openLane] ?? lanes[0]!;
  const stepPages = useTablePages(props.useList({ ...view, filter: filters[openLane] ?? view.filter, fields }));
  const stepView = useMemo(
    () => laneView(stepLane.value, stepPages.rows, stepPages.total, moves, valueOf),
    [stepLane.value, stepPages.rows, stepPages.total, moves, valueOf],
  );
  const stepping = useRecordStepping({ ...stepPages, ...stepView }, props.openId, props.onOpen);

  const history = useRef<MoveHistory<Row>>({ done: [], undone: [] });

  const move: MoveCard<Row> = useCallback(
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
      const moved = withValue(row, to);
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
        if (how === "move" || how === "anyway") rememberMove(history.current, { row: saved, from, to });
        movedSinceRead.current = true;
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
    [lanes, valueOf, withValue, save, nameOf],
  );

  const dropOutdated = useCallback((ids: string[]) => {
    setMoves((all) => {
      const next = new Map(all);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);

  const noSelection = useRef(new Set<string>()).current;
  const ignoreSelection = useCallback(() => undefined, []);
  const picking = useCardSelection(board, props.selection ?? noSelection, props.onSelectionChange ?? ignoreSelection);
  const selection = props.onSelectionChange ? picking : null;
  const anySelected = (props.selection?.size ?? 0) > 0;
  const cardKeyDown = useBoardKeys({ board, lanes, activeId, move, history, nameOf, selection });

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
            input={{ ...view, filter: filters[laneIndex]!, fields }}
            useList={props.useList}
            moves={moves}
            valueOf={valueOf}
            onOutdated={dropOutdated}
            noun={props.noun}
            onAdd={props.onAdd}
            dropping={dropLane === laneIndex}
            drag={laneDrag(laneIndex)}
            renderCard={(row, first) => {
              const selected = selection?.selected(row.id) ?? false;
              return (
                <div key={row.id} className="group relative">
                  <button
                    type="button"
                    data-card-id={row.id}
                    data-selected={selected || undefined}
                    draggable
                    tabIndex={row.id === activeId || (activeId === null && first) ? 0 : -1}
                    aria-current={row.id === props.openId || undefined}
                    onFocus={() => setActiveId(row.id)}
                    onClick={(event) => {
                      // As in the table: Ctrl/⌘ picks one card more, Shift the cards from the last picked.
                      if (selection && (event.metaKey || event.ctrlKey || event.shiftKey))
                        return selection.toggle(row.id, laneIndex, { range: event.shiftKey });
                      setOpenLane(laneIndex);
                      props.onOpen(row.id);
                    }}
                    onKeyDown={(event) => cardKeyDown(event, row, laneIndex)}
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
                      selection && "pr-8",
                      selected && "border-primary/60 bg-primary-soft/40",
                      row.id === props.openId && "border-primary ring-1 ring-primary",
                      dragged?.id === row.id && "opacity-50",
                    )}
                  >
                    {props.card(row)}
                  </button>
                  {selection && (
                    // Beside the card, not in it (a button holds no other control); the keyboard's way is x.
                    <span
                      className={cn(
                        "absolute top-2.5 right-2.5 flex",
                        !selected && !anySelected && "opacity-0 group-focus-within:opacity-100 group-hover:opacity-100",
                      )}
                    >
                      <Checkbox
                        label={`Select ${nameOf(row)}`}
                        checked={selected}
                        onToggle={(event) => selection.toggle(row.id, laneIndex, { range: event.shiftKey })}
                      />
                    </span>
                  )}
                </div>
              );
            }}
          />
        ))}
      </div>
      <KeyboardHints hints={boardHints} />
      {props.panel(stepping)}
    </div>
  );
}
