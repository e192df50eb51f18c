import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useRecordStepping } from "../../web/src/features/records/use-record-stepping";
import type { TablePages } from "../../web/src/ui/data-table";

type Row = { id: string };
const rowsOf = (...ids: string[]): Row[] => ids.map((id) => ({ id }));

function pagesOf(rows: Row[], more: Partial<TablePages<Row>> = {}): TablePages<Row> {
  return {
    rows,
    total: { count: 3, exact: true },
    status: "success",
    error: null,
    hasNextPage: false,
    isFetchingNextPage: false,
    isFetching: false,
    isRefreshing: false,
    fetchNextPage: vi.fn(),
    refetch: vi.fn(),
    ...more,
  };
}

function render(pages: TablePages<Row>, openId: string | null) {
  const open = vi.fn();
  const hook = renderHook(
    (props: { pages: TablePages<Row>; openId: string | null }) => useRecordStepping(props.pages, props.openId, open),
    { initialProps: { pages, openId } },
  );
  return { ...hook, open };
}

describe("useRecordStepping", () => {
  it("says where the open record is and opens the records around it", () => {
    const { result, open } = render(pagesOf(rowsOf("a", "b", "c")), "b");
    expect(result.current).toMatchObject({ position: 2, total: 3 });
    result.current!.next!();
    expect(open).toHaveBeenLastCalledWith("c");
    result.current!.previous!();
    expect(open).toHaveBeenLastCalledWith("a");
  });

  it("has no step before the first record or after the last when the list has no more", () => {
    const first = render(pagesOf(rowsOf("a", "b")), "a");
    expect(first.result.current!.previous).toBeNull();
    const last = render(pagesOf(rowsOf("a", "b")), "b");
    expect(last.result.current!.next).toBeNull();
  });

  it("is null for a record the list does not hold (opened from the palette), or with none open", () => {
    expect(render(pagesOf(rowsOf("a")), "elsewhere").result.current).toBeNull();
    expect(render(pagesOf(rowsOf("a")), null).result.current).toBeNull();
  });

  it("from the last row loaded, reads the next page and then opens its first record", () => {
    const pages = pagesOf(rowsOf("a", "b"), { hasNextPage: true });
    const { result, rerender, open } = render(pages, "b");
    act(() => result.current!.next!());
    expect(pages.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
    rerender({ pages: { ...pages, rows: rowsOf("a", "b", "c", "d"), hasNextPage: false }, openId: "b" });
    expect(open).toHaveBeenCalledWith("c");
  });

  it("asks for the next page only once the list's read on its way is done, which would drop it", () => {
    const reading = pagesOf(rowsOf("a", "b"), { hasNextPage: true, isFetching: true });
    const { result, rerender, open } = render(reading, "b");
    act(() => result.current!.next!());
    expect(reading.fetchNextPage).not.toHaveBeenCalled();
    const read = { ...reading, isFetching: false };
    rerender({ pages: read, openId: "b" });
    expect(read.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender({ pages: { ...read, rows: rowsOf("a", "b", "c") }, openId: "b" });
    expect(open).toHaveBeenCalledWith("c");
  });

  it("forgets the step once the person opens another record meanwhile", () => {
    const pages = pagesOf(rowsOf("a", "b"), { hasNextPage: true });
    const { result, rerender, open } = render(pages, "b");
    act(() => result.current!.next!());
    rerender({ pages, openId: "a" });
    rerender({ pages: { ...pages, rows: rowsOf("a", "b", "c") }, openId: "a" });
    expect(open).not.toHaveBeenCalled();
  });
});
