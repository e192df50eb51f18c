import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useOptimisticEdits } from "../../web/src/ui/data-table/use-optimistic-edits";
import type { DataTableColumn, EditCell } from "../../web/src/ui/data-table/types";

type Row = { id: string; title: string };
const title: DataTableColumn<Row> = {
  id: "title",
  header: "Title",
  cell: (row) => row.title,
  editor: { kind: "text", fields: [{ key: "title", label: "Title" }] },
};
const getRowId = (row: Row) => row.id;

/** The hook over `rows`, whose saves the server (`onEditCell`) takes and the list then holds, as the app's cache does. */
function editing(rows: Row[]) {
  const saves: { id: string; patch: Record<string, string> }[] = [];
  const onEditCell: EditCell<Row> = vi.fn(async (row, _column, patch) => {
    saves.push({ id: row.id, patch });
  });
  const hook = renderHook((props: { rows: Row[] }) => useOptimisticEdits({ rows: props.rows, getRowId, onEditCell }), {
    initialProps: { rows },
  });
  const show = (next: Row[]) => hook.rerender({ rows: next });
  return { hook, saves, show };
}

describe("useOptimisticEdits' undo", () => {
  it("puts back what the last saved edit replaced, then the one before, and is not itself undone next", async () => {
    const { hook, saves, show } = editing([{ id: "a", title: "CEO" }]);
    act(() => void hook.result.current.commit({ id: "a", title: "CEO" }, title, { title: "CTO" }));
    await waitFor(() => expect(saves).toHaveLength(1));
    show([{ id: "a", title: "CTO" }]);
    act(() => void hook.result.current.commit({ id: "a", title: "CTO" }, title, { title: "CFO" }));
    await waitFor(() => expect(saves).toHaveLength(2));
    show([{ id: "a", title: "CFO" }]);

    let outcome: unknown;
    act(() => void (outcome = hook.result.current.undo()));
    expect(outcome).toMatchObject({ undone: [{ id: "a", title: "CFO" }], changed: [], column: { id: "title" } });
    await waitFor(() => expect(saves.at(-1)).toEqual({ id: "a", patch: { title: "CTO" } }));
    show([{ id: "a", title: "CTO" }]);
    act(() => void (outcome = hook.result.current.undo()));
    await waitFor(() => expect(saves.at(-1)).toEqual({ id: "a", patch: { title: "CEO" } }));
    show([{ id: "a", title: "CEO" }]);
    // Two edits, two undos: the undos' own saves are not undone.
    act(() => void (outcome = hook.result.current.undo()));
    expect(outcome).toBeNull();
    expect(saves).toHaveLength(4);
  });

  it("leaves a value changed since the edit (a teammate's save) as it is", async () => {
    const { hook, saves, show } = editing([{ id: "a", title: "CEO" }]);
    act(() => void hook.result.current.commit({ id: "a", title: "CEO" }, title, { title: "CTO" }));
    await waitFor(() => expect(saves).toHaveLength(1));
    show([{ id: "a", title: "Founder" }]);
    let outcome: unknown;
    act(() => void (outcome = hook.result.current.undo()));
    expect(outcome).toMatchObject({ undone: [], changed: [{ id: "a", title: "Founder" }] });
    expect(saves).toHaveLength(1);
  });

  it("has nothing to undo for an edit refused by the server", async () => {
    const onEditCell: EditCell<Row> = vi.fn(async () => {
      throw new Error("refused");
    });
    const hook = renderHook(() => useOptimisticEdits({ rows: [{ id: "a", title: "CEO" }], getRowId, onEditCell }));
    let outcome: unknown;
    act(
      () =>
        void hook.result.current.commit({ id: "a", title: "CEO" }, title, { title: "CTO" }).then((o) => (outcome = o)),
    );
    await waitFor(() => expect(outcome).toEqual({ saved: false, error: new Error("refused") }));
    await waitFor(() => expect(hook.result.current.displayRows[0].title).toBe("CEO"));
    expect(hook.result.current.undo()).toBeNull();
  });

  it("undoes a paste's rows together, leaving those changed since", async () => {
    const rows = [
      { id: "a", title: "CEO" },
      { id: "b", title: "CTO" },
      { id: "c", title: "CFO" },
    ];
    const { hook, saves, show } = editing(rows);
    act(() => {
      for (const row of rows) void hook.result.current.commit(row, title, { title: "Buyer" }, row, { group: 1 });
    });
    await waitFor(() => expect(saves).toHaveLength(3));
    show([
      { id: "a", title: "Buyer" },
      { id: "b", title: "Founder" },
      { id: "c", title: "Buyer" },
    ]);
    let outcome: unknown;
    act(() => void (outcome = hook.result.current.undo()));
    expect(outcome).toMatchObject({
      undone: [{ id: "a" }, { id: "c" }],
      changed: [{ id: "b", title: "Founder" }],
    });
    await waitFor(() => expect(saves).toHaveLength(5));
    expect(saves.slice(3)).toEqual([
      { id: "a", patch: { title: "CEO" } },
      { id: "c", patch: { title: "CFO" } },
    ]);
    expect(hook.result.current.undo()).toBeNull();
  });
});

describe("useOptimisticEdits' redo", () => {
  it("makes an undone edit again, and undoes it again, until a new edit is saved", async () => {
    const { hook, saves, show } = editing([{ id: "a", title: "CEO" }]);
    act(() => void hook.result.current.commit({ id: "a", title: "CEO" }, title, { title: "CTO" }));
    await waitFor(() => expect(saves).toHaveLength(1));
    show([{ id: "a", title: "CTO" }]);
    expect(hook.result.current.redo()).toBeNull();

    act(() => void hook.result.current.undo());
    await waitFor(() => expect(saves.at(-1)).toEqual({ id: "a", patch: { title: "CEO" } }));
    show([{ id: "a", title: "CEO" }]);
    let outcome: unknown;
    act(() => void (outcome = hook.result.current.redo()));
    expect(outcome).toMatchObject({ undone: [{ id: "a", title: "CEO" }], changed: [] });
    await waitFor(() => expect(saves.at(-1)).toEqual({ id: "a", patch: { title: "CTO" } }));
    show([{ id: "a", title: "CTO" }]);
    expect(hook.result.current.redo()).toBeNull();
    // Redone, it is the last edit again: Ctrl+Z takes it back once more.
    act(() => void hook.result.current.undo());
    await waitFor(() => expect(saves.at(-1)).toEqual({ id: "a", patch: { title: "CEO" } }));
    show([{ id: "a", title: "CEO" }]);

    // A new edit: what was undone is no longer there to redo.
    act(() => void hook.result.current.commit({ id: "a", title: "CEO" }, title, { title: "COO" }));
    await waitFor(() => expect(saves.at(-1)).toEqual({ id: "a", patch: { title: "COO" } }));
    show([{ id: "a", title: "COO" }]);
    expect(hook.result.current.redo()).toBeNull();
    expect(saves).toHaveLength(5);
  });

  it("leaves a value changed since the undo as it is", async () => {
    const { hook, saves, show } = editing([{ id: "a", title: "CEO" }]);
    act(() => void hook.result.current.commit({ id: "a", title: "CEO" }, title, { title: "CTO" }));
    await waitFor(() => expect(saves).toHaveLength(1));
    show([{ id: "a", title: "CTO" }]);
    act(() => void hook.result.current.undo());
    await waitFor(() => expect(saves).toHaveLength(2));
    show([{ id: "a", title: "Founder" }]);
    let outcome: unknown;
    act(() => void (outcome = hook.result.current.redo()));
    expect(outcome).toMatchObject({ undone: [], changed: [{ id: "a", title: "Founder" }] });
    expect(saves).toHaveLength(2);
  });
});
