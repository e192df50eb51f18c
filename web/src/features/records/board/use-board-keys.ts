import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { toast } from "../../../lib/toast";
import { isShownPageKey } from "../../../lib/typing";
import { historyKey } from "../../../ui/data-table";
import type { KeyHint } from "../../../ui/keyboard-hints";
import type { BoardLane } from "./board-lane";
import { cardsIn, type CardSelection } from "./use-card-selection";

export const boardHints: KeyHint[] = [
  [["↑", "↓"], "card"],
  [["←", "→"], "lane"],
  [["Shift", "← →"], "move to the next lane"],
  [["Enter"], "open"],
  [["x"], "select"],
  [["Ctrl", "Z"], "undo a move"],
];

/** How a card is moved: by hand, over a teammate's change ("Move anyway"), or by Ctrl/⌘+Z and Ctrl/⌘+Shift+Z. */
export type MoveKind = "move" | "anyway" | "undo" | "redo";
/** Moves a card; resolves to the record as saved, or null when it stayed. */
export type MoveCard<Row> = (row: Row, to: string, how?: MoveKind) => Promise<Row | null>;

/** A move as made, to undo: the record as saved, and the values it went from and to. */
type DoneMove<Row> = { row: Row; from: string; to: string };
/** The moves made, to undo the last first, and those undone, to make again; a new move forgets the undone. */
export type MoveHistory<Row> = { done: DoneMove<Row>[]; undone: DoneMove<Row>[] };
/** How many moves Ctrl/⌘+Z can go back through, as a list's edits. */
const UNDO_DEPTH = 20;

export function rememberMove<Row>(history: MoveHistory<Row>, move: DoneMove<Row>) {
  history.done = [...history.done.slice(1 - UNDO_DEPTH), move];
  history.undone = [];
}

/** Whether the keys are the board's: nothing has focus, or a card does (not the open record's panel). */
const boardHasKeys = (board: HTMLElement | null) => {
  const focused = document.activeElement;
  return !focused || focused === document.body || Boolean(board?.contains(focused));
};

type BoardKeys<Row> = {
  board: RefObject<HTMLElement | null>;
  lanes: BoardLane[];
  /** The card keyboard focus was on last. */
  activeId: string | null;
  move: MoveCard<Row>;
  history: RefObject<MoveHistory<Row>>;
  nameOf: (row: Row) => string;
  selection: CardSelection | null;
};

/**
 * The board's keyboard: ↑ ↓ (j k) along a lane, ← → (h l) across lanes, Home and End, Shift+← → moving the card to the
 * next lane (the focus going with it), x selecting a card (Shift+x the cards from the last one selected), Ctrl/⌘+A
 * every card shown and Escape none, Ctrl/⌘+Z and Ctrl/⌘+Shift+Z through the moves made. Returns each card's keydown handler.
 */
export function useBoardKeys<Row extends { id: string }>({
  board,
  lanes,
  activeId,
  move,
  history,
  nameOf,
  selection,
}: BoardKeys<Row>) {
  // The card just moved by the keyboard is rendered anew in its lane: focus goes with it.
  const followMoved = useRef<string | null>(null);
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
      if (!boardHasKeys(board.current)) return;
      const card =
        (activeId && board.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(activeId)}"]`)) ||
        board.current?.querySelector<HTMLElement>("[data-card-id]");
      if (!card) return;
      event.preventDefault();
      card.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [board, activeId]);

  // Ctrl/⌘+Z puts the last move back, Ctrl/⌘+Shift+Z makes it again, as in a list; not while the panel has the keys.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const which = event.ctrlKey || event.metaKey ? historyKey(event) : null;
      if (!which || event.altKey || event.defaultPrevented || !isShownPageKey(event, { chord: true })) return;
      if (!boardHasKeys(board.current)) return;
      event.preventDefault();
      const moves = history.current;
      const last = (which === "undo" ? moves.done : moves.undone).at(-1);
      if (!last) return void toast(which === "undo" ? "No move to undo here." : "No undone move to make again.");
      if (which === "undo") moves.done = moves.done.slice(0, -1);
      else moves.undone = moves.undone.slice(0, -1);
      const target = which === "undo" ? last.from : last.to;
      const label = lanes.find((lane) => lane.value === target)?.label ?? target;
      void move(last.row, target, which).then((saved) => {
        if (!saved) return;
        const again = { ...last, row: saved };
        if (which === "undo") moves.undone = [...moves.undone, again];
        else moves.done = [...moves.done, again];
        toast(
          which === "undo" ? `Moved ${nameOf(saved)} back to ${label}.` : `Moved ${nameOf(saved)} to ${label} again.`,
        );
      });
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [board, lanes, move, history, nameOf]);

  return (event: KeyboardEvent<HTMLElement>, row: Row, laneIndex: number) => {
    if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "a" && selection) {
      event.preventDefault();
      return selection.selectAll();
    }
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
    } else if ((key === "x" || key === "X") && selection) {
      event.preventDefault();
      selection.toggle(row.id, laneIndex, { range: event.shiftKey });
    } else if (key === "Escape" && selection) selection.clear();
    else if (key === "Home") step(cards[0]);
    else if (key === "End") step(cards.at(-1));
  };
}
