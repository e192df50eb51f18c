import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FileCheckReasons, FileCheckView, ImportSummaryView } from "../../web/src/features/import/import-summary";
import type { ImportSummary } from "../../web/src/features/import/run-import";

// The summary's record nouns come from the records' actions, which reach the tRPC client; none is called here.
vi.mock("../../web/src/lib/trpc", () => ({ trpc: {}, trpcClient: {} }));

afterEach(cleanup);

function summaryOf(failures: ImportSummary["failures"], createdIds: string[]): ImportSummary {
  return {
    done: failures.length + createdIds.length,
    total: failures.length + createdIds.length,
    created: createdIds.length,
    updated: 0,
    skipped: 0,
    failed: failures.length,
    waiting: false,
    failedRows: failures.map(({ message }) => ({ "Import error": message })),
    failures,
    createdIds,
  };
}

const NOUN: [string, string] = ["contact", "contacts"];

describe("ImportSummaryView", () => {
  it("says why rows failed, the most frequent reason first, with its rows' lines", () => {
    const failures = [
      { line: 9, message: "Owner: “Nobody Here” is not a member of this workspace." },
      ...[4, 99, 352, 603, 1001, 1200].map((line) => ({ line, message: "Email: Enter a valid email address." })),
    ];
    render(<ImportSummaryView summary={summaryOf(failures, [])} noun={NOUN} onDone={() => {}} />);
    const reasons = within(screen.getByTestId("import-reasons")).getAllByRole("listitem");
    expect(reasons.map((li) => li.textContent)).toEqual([
      "Email: Enter a valid email address.6 rows · lines 4, 99, 352, 603, 1001 and 1 more",
      "Owner: “Nobody Here” is not a member of this workspace.1 row · line 9",
    ]);
    expect(screen.queryByTestId("import-more-reasons")).toBeNull();
    expect(screen.getByTestId("import-failed").textContent).toBe("7");
    // Nothing created: nothing to take back.
    expect(screen.queryByRole("button", { name: /^Trash/ })).toBeNull();
  });

  it("shows five reasons and says how many more the file has", () => {
    const failures = Array.from({ length: 8 }, (_, i) => ({ line: i + 2, message: `Reason ${i}` }));
    render(<ImportSummaryView summary={summaryOf(failures, [])} noun={NOUN} onDone={() => {}} />);
    expect(within(screen.getByTestId("import-reasons")).getAllByRole("listitem")).toHaveLength(5);
    expect(screen.getByTestId("import-more-reasons").textContent).toBe(
      "And 3 more reasons: the failed rows’ file gives each row’s.",
    );
  });

  it("offers to trash the records the import created, handing over their ids", () => {
    const onTrashCreated = vi.fn();
    render(
      <ImportSummaryView
        summary={summaryOf([], ["con_a", "con_b"])}
        noun={NOUN}
        onDone={() => {}}
        onTrashCreated={onTrashCreated}
      />,
    );
    expect(screen.queryByTestId("import-reasons")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Trash the 2 contacts it created" }));
    expect(onTrashCreated).toHaveBeenCalledWith(["con_a", "con_b"]);
  });
});

describe("FileCheckView: the whole file checked before Import", () => {
  const rows = Array.from({ length: 1000 }, (_, i) => ({ Email: `row${i}@example.com` }));
  const repeats = new Map<number, number>();
  const keys = new Map<string, number>();
  const unfilled = new Map();

  it("says it is checking, then that every row is valid", () => {
    const view = (check: Parameters<typeof FileCheckView>[0]["check"]) => (
      <FileCheckView check={check} total={1000} reasonsShown={false} onShowReasons={() => {}} outcomes={[]} />
    );
    const { rerender } = render(view(undefined));
    expect(screen.getByTestId("import-file-check").textContent).toBe("Checking all 1,000 rows…");
    rerender(view({ rows, failures: [], keys, repeats, unfilled, companyCells: new Map(), askedCompanyCells: [] }));
    expect(screen.getByTestId("import-file-check").textContent).toBe("Every row's values are valid, all 1,000 rows.");
  });

  it("counts the rows that will fail, shows why on asking, and hands over why each fails", () => {
    const failures = [
      { line: 4, message: "Email: Enter a valid email address." },
      { line: 900, message: "Email: Enter a valid email address." },
      { line: 7, message: "Lead score must be 1,000 at most." },
    ];
    const onShowReasons = vi.fn();
    render(
      <FileCheckView
        check={{ rows, failures, keys, repeats, unfilled, companyCells: new Map(), askedCompanyCells: [] }}
        total={1000}
        reasonsShown={false}
        onShowReasons={onShowReasons}
        outcomes={[]}
      />,
    );
    expect(screen.getByText("3 of 1,000 rows will not import as they are")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "See why" }));
    expect(onShowReasons).toHaveBeenCalledWith(true);
    render(
      <FileCheckReasons
        check={{ rows, failures, keys, repeats, unfilled, companyCells: new Map(), askedCompanyCells: [] }}
      />,
    );
    expect(
      within(screen.getByTestId("import-check-reasons"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Email: Enter a valid email address.2 rows · lines 4, 900",
      "Lead score must be 1,000 at most.1 row · line 7",
    ]);
    expect(screen.queryByTestId("import-file-outcome")).toBeNull();
  });

  it("says below the check what the import will do with the rows that are not simply new", () => {
    const outcomes = ["2 rows are contacts here already (lines 4, 9), so they will be skipped."];
    render(
      <FileCheckView
        check={{ rows, failures: [], keys, repeats, unfilled, companyCells: new Map(), askedCompanyCells: [] }}
        total={1000}
        reasonsShown={false}
        onShowReasons={() => {}}
        outcomes={outcomes}
      />,
    );
    expect(screen.getAllByTestId("import-file-outcome").map((p) => p.textContent)).toEqual(outcomes);
  });
});
