import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useCardSelection } from "../../web/src/features/records/board/use-card-selection";

/** A board of two lanes, cards a–d in the first and e–f in the second, as the board renders them. */
function boardOf() {
  const board = document.createElement("div");
  board.innerHTML = `
    <section data-lane-index="0"><div><div><button data-card-id="a"></button></div>
      <div><button data-card-id="b"></button></div><div><button data-card-id="c"></button></div>
      <div><button data-card-id="d"></button></div></div></section>
    <section data-lane-index="1"><div><button data-card-id="e"></button><button data-card-id="f"></button></div></section>`;
  return { current: board };
}

/** The selection after `steps`, made one after the other on one board, as a person would. */
function pick(steps: [id: string, lane: number, range?: boolean][], start: string[] = []) {
  const board = boardOf();
  let selection = new Set(start);
  const onChange = (next: Set<string>) => (selection = next);
  const { result, rerender } = renderHook(() => useCardSelection(board, selection, onChange));
  for (const [id, lane, range] of steps) {
    result.current.toggle(id, lane, { range });
    rerender();
  }
  return [...selection].sort();
}

describe("useCardSelection: the board's cards picked as the table's rows are", () => {
  it("toggles one card, and a second toggle lets it go", () => {
    expect(pick([["b", 0]])).toEqual(["b"]);
    expect(
      pick([
        ["b", 0],
        ["b", 0],
      ]),
    ).toEqual([]);
    const { result } = renderHook(() => useCardSelection(boardOf(), new Set(["b"]), () => undefined));
    expect(result.current.selected("b")).toBe(true);
    expect(result.current.selected("a")).toBe(false);
  });

  it("a range takes the cards between the last one toggled in the lane and this one, either way", () => {
    expect(
      pick(
        [
          ["d", 0],
          ["b", 0, true],
        ],
        ["f"],
      ),
    ).toEqual(["b", "c", "d", "f"]);
    expect(
      pick([
        ["a", 0],
        ["c", 0, true],
      ]),
    ).toEqual(["a", "b", "c"]);
  });

  it("a range from another lane, or with nothing toggled before, toggles the one card", () => {
    expect(
      pick([
        ["e", 1],
        ["c", 0, true],
      ]),
    ).toEqual(["c", "e"]);
    expect(pick([["c", 0, true]])).toEqual(["c"]);
  });

  it("selectAll adds every card shown, in every lane, to what was selected", () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useCardSelection(boardOf(), new Set(["gone"]), onChange));
    result.current.selectAll();
    expect([...onChange.mock.calls[0]![0]].sort()).toEqual(["a", "b", "c", "d", "e", "f", "gone"]);
  });

  it("clear empties the selection, and says nothing when it was empty", () => {
    const board = boardOf();
    const onChange = vi.fn();
    const { result, rerender } = renderHook(({ selection }) => useCardSelection(board, selection, onChange), {
      initialProps: { selection: new Set(["a", "e"]) as ReadonlySet<string> },
    });
    result.current.clear();
    expect(onChange).toHaveBeenCalledWith(new Set());
    rerender({ selection: new Set() });
    result.current.clear();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
