import { useCallback, useRef, type RefObject } from "react";

/** The cards of a lane, top to bottom, as shown. */
export const cardsIn = (board: HTMLElement | null, lane: number) => [
  ...(board?.querySelectorAll<HTMLElement>(`[data-lane-index="${lane}"] [data-card-id]`) ?? []),
];

export type CardSelection = {
  selected: (id: string) => boolean;
  /** Selects or unselects one card; with `range`, every card of its lane from the one toggled last there to it. */
  toggle: (id: string, laneIndex: number, options?: { range?: boolean }) => void;
  /** Every card the board shows, in every lane. */
  selectAll: () => void;
  clear: () => void;
};

/**
 * The board's share of the list page's selection, the one its bulk bar acts on: cards picked with x, a click with
 * Ctrl/⌘ or Shift, their checkbox, or all shown with Ctrl/⌘+A, as rows are in the table.
 */
export function useCardSelection(
  board: RefObject<HTMLElement | null>,
  selection: ReadonlySet<string>,
  onChange: (next: Set<string>) => void,
): CardSelection {
  const anchor = useRef<{ id: string; lane: number } | null>(null);
  const toggle = useCallback(
    (id: string, laneIndex: number, { range = false } = {}) => {
      const from = anchor.current;
      const lane = cardsIn(board.current, laneIndex).map((card) => card.dataset.cardId!);
      const [a, b] = [lane.indexOf(from?.id ?? ""), lane.indexOf(id)];
      const next = new Set(selection);
      if (range && from?.lane === laneIndex && a >= 0 && b >= 0) {
        for (const each of lane.slice(Math.min(a, b), Math.max(a, b) + 1)) next.add(each);
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      anchor.current = { id, lane: laneIndex };
      onChange(next);
    },
    [board, selection, onChange],
  );
  const selectAll = useCallback(() => {
    const shown = [...(board.current?.querySelectorAll<HTMLElement>("[data-card-id]") ?? [])];
    onChange(new Set([...selection, ...shown.map((card) => card.dataset.cardId!)]));
  }, [board, selection, onChange]);
  const clear = useCallback(() => {
    anchor.current = null;
    if (selection.size) onChange(new Set());
  }, [selection, onChange]);
  return { selected: (id) => selection.has(id), toggle, selectAll, clear };
}
