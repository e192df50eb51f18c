import { TRPCClientError } from "@trpc/client";
import { describe, expect, it, vi } from "vitest";
import type { ImportBatchInput, ImportBatchResult } from "../../worker/src/schemas/imports";
import { contactImport } from "../../web/src/features/import/import-objects";
import { runImport } from "../../web/src/features/import/run-import";

// The config's own send goes through the tRPC client; each test gives its own.
vi.mock("../../web/src/lib/trpc", () => ({ trpcClient: {} }));

const CLASH =
  "Someone added one of these records while this batch was importing. Run the import again to skip or update them.";
/** The error the tRPC client throws for the server's CONFLICT. */
const conflict = () =>
  new TRPCClientError(CLASH, { result: { error: { message: CLASH, code: -32009, data: { code: "CONFLICT" } } } });

const rows = Array.from({ length: 150 }, (_, i) => ({ Name: `Person ${i}` }));

async function importWith(send: (input: ImportBatchInput) => Promise<ImportBatchResult>) {
  return runImport({
    config: { ...contactImport, send },
    rows,
    mapping: { Name: "firstName" },
    properties: [],
    onDuplicate: "skip",
    onProgress: () => undefined,
    signal: new AbortController().signal,
  });
}

const created = (input: ImportBatchInput): ImportBatchResult => ({
  created: input.rows.length,
  updated: 0,
  skipped: 0,
  failed: [],
});

describe("runImport", () => {
  it("sends a batch refused with CONFLICT (a teammate's write got in between, nothing was written) again", async () => {
    const sent: number[] = [];
    let clashes = 2;
    const summary = await importWith(async (input) => {
      sent.push(input.lineNumbers[0]);
      if (input.lineNumbers[0] === 2 && clashes-- > 0) throw conflict();
      return created(input);
    });
    expect(sent).toEqual([2, 2, 2, 102]);
    expect(summary).toMatchObject({ done: 150, created: 150, failed: 0, failedRows: [] });
  });

  it("after three refusals, marks the batch's rows failed with the server's words and goes on", async () => {
    const sent: number[] = [];
    const summary = await importWith(async (input) => {
      sent.push(input.lineNumbers[0]);
      if (input.lineNumbers[0] === 2) throw conflict();
      return created(input);
    });
    expect(sent).toEqual([2, 2, 2, 102]);
    expect(summary).toMatchObject({ done: 150, created: 50, failed: 100 });
    expect(summary.failedRows[0]).toEqual({ Name: "Person 0", "Import error": CLASH });
  });

  it("does not send again a batch refused for another reason", async () => {
    const sent: number[] = [];
    const summary = await importWith(async (input) => {
      sent.push(input.lineNumbers[0]);
      if (input.lineNumbers[0] === 2) throw new TRPCClientError("You are not a member of this organization.");
      return created(input);
    });
    expect(sent).toEqual([2, 102]);
    expect(summary).toMatchObject({ created: 50, failed: 100 });
  });
});
