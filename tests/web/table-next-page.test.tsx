import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataTable } from "../../web/src/ui/data-table/table";
import type { TablePages } from "../../web/src/ui/data-table/types";

// What jsdom lacks and the table's virtualiser calls.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

type Row = { id: string; name: string };
const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ id: `con_${i}`, name: `Contact ${i}` }));

function table(pages: Partial<TablePages<Row>>) {
  const all: TablePages<Row> = {
    rows,
    total: { count: 500, exact: true },
    status: "success",
    error: null,
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetching: false,
    isRefreshing: false,
    fetchNextPage: () => {},
    refetch: () => {},
    ...pages,
  };
  // The table looks up a company or owner pasted into several rows through the app's query client.
  return (
    <QueryClientProvider client={client}>
      <DataTable<Row>
        label="Contacts"
        columns={[{ id: "name", fields: ["name"], header: "Name", cell: (row) => row.name }]}
        pages={all}
        getRowId={(row) => row.id}
        sort={null}
        onSortChange={() => {}}
        selection={new Set()}
        onSelectionChange={() => {}}
        onOpenRow={() => {}}
        empty="No contacts"
      />
    </QueryClientProvider>
  );
}

const client = new QueryClient();

afterEach(cleanup);

describe("DataTable's infinite scroll", () => {
  it("asks for the next page at the end of the rows, once a refetch of the list in flight is done", () => {
    const fetchNextPage = vi.fn();
    // A refetch of the loaded pages (after a reload or a write): a next page asked for now would be dropped.
    const { rerender } = render(table({ isFetching: true, fetchNextPage }));
    expect(fetchNextPage).not.toHaveBeenCalled();
    // It is done: the person is still at the end of the rows, and the next page is asked for without a scroll.
    rerender(table({ isFetching: false, fetchNextPage }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it("asks for no next page when the list has none", () => {
    const fetchNextPage = vi.fn();
    render(table({ hasNextPage: false, fetchNextPage }));
    expect(fetchNextPage).not.toHaveBeenCalled();
  });
});
