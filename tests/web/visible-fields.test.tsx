import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DataTableColumn } from "../../web/src/ui/data-table";
import { useColumnState, useVisibleFields } from "../../web/src/ui/data-table/use-column-state";

// The contact columns' editors name tRPC queries; none runs here.
vi.mock("../../web/src/lib/trpc", () => ({ trpc: {}, trpcClient: {} }));

type Row = { id: string; firstName: string; emails: string[]; phones: string[]; linkedinUrl: string | null };
const columns: DataTableColumn<Row>[] = [
  { id: "name", header: "Name", hideable: false, fields: ["firstName"], cell: () => null },
  { id: "email", header: "Email", fields: ["emails"], cell: () => null },
  { id: "phones", header: "Phone", defaultHidden: true, fields: ["phones"], cell: () => null },
  { id: "linkedinUrl", header: "LinkedIn", defaultHidden: true, fields: ["linkedinUrl"], cell: () => null },
];
const ALWAYS = ["tags"];

describe("useVisibleFields", () => {
  beforeEach(() => localStorage.clear());

  it("asks for the visible columns' fields, before the table mounts and as it changes", () => {
    const fields = renderHook(() => useVisibleFields(columns, "table:people", ALWAYS));
    // Before the table publishes anything: its defaults (hidden columns' fields left out).
    expect(fields.result.current).toEqual(["emails", "firstName", "tags"]);
    const table = renderHook(() => useColumnState(columns, "table:people"));
    act(() => table.result.current.setVisibility((v) => ({ ...v, phones: true, email: false })));
    fields.rerender();
    expect(fields.result.current).toEqual(["firstName", "phones", "tags"]);
  });

  it("opens with the columns the table remembers", () => {
    localStorage.setItem("table:firms", JSON.stringify({ sizing: {}, visibility: { linkedinUrl: true } }));
    const { result } = renderHook(() => useVisibleFields(columns, "table:firms", ALWAYS));
    expect(result.current).toEqual(["emails", "firstName", "linkedinUrl", "tags"]);
  });
});

describe("the bench's list fields", () => {
  beforeEach(() => localStorage.clear());

  it("are what /contacts asks for with its default columns", async () => {
    const { contactColumns } = await import("../../web/src/features/contacts/contact-columns");
    const { LISTED_BESIDE_COLUMNS, tableStorageKey } = await import("../../web/src/features/records/list-fields");
    const bench = (await import("../../bench/default-fields.json")).default;
    const { result } = renderHook(() =>
      useVisibleFields(contactColumns, tableStorageKey(["contact", "contacts"]), LISTED_BESIDE_COLUMNS),
    );
    expect(result.current).toEqual(bench.contacts);
    // Its first lines import the columns' module graph, about 0.9 s alone: vitest's 5 s ran out once, on a machine
    // busy with the browser tests beside it.
  }, 20_000);
});
