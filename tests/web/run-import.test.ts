import { TRPCClientError } from "@trpc/client";
import { onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImportBatchInput, ImportBatchResult } from "../../worker/src/schemas/imports";
import { contactImport } from "../../web/src/features/import/import-objects";
import { runImport, type ImportProgress } from "../../web/src/features/import/run-import";
import { answered, noAnswer } from "./trpc-fixtures";

// The config's own send goes through the tRPC client; each test gives its own.
vi.mock("../../web/src/lib/trpc", () => ({ trpcClient: {} }));

const CLASH =
  "Someone added one of these records while this batch was importing. Run the import again to skip or update them.";
const conflict = () => answered("CONFLICT", CLASH);

const rows = Array.from({ length: 150 }, (_, i) => ({ Name: `Person ${i}` }));

async function importWith(
  send: (input: ImportBatchInput) => Promise<ImportBatchResult>,
  { onProgress = () => undefined, signal = new AbortController().signal } = {} as {
    onProgress?: (progress: ImportProgress) => void;
    signal?: AbortSignal;
  },
) {
  return runImport({
    config: { ...contactImport, send },
    rows,
    mapping: { Name: "firstName" },
    properties: [],
    decimalComma: false,
    onDuplicate: "skip",
    onProgress,
    signal,
  });
}

const created = (input: ImportBatchInput): ImportBatchResult => ({
  created: input.rows.length,
  updated: 0,
  skipped: 0,
  failed: [],
  createdIds: input.lineNumbers.map((line) => `c_line${line}`),
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
    // Each failed row's line, as a spreadsheet numbers it (the header is line 1), for the summary's reasons.
    expect(summary.failures).toHaveLength(100);
    expect(summary.failures[0]).toEqual({ line: 2, message: CLASH });
    expect(summary.failures[99]).toEqual({ line: 101, message: CLASH });
    // What the import created, every batch's, for the summary to offer to move to the trash.
    expect(summary.createdIds).toEqual(rows.slice(100).map((_, i) => `c_line${i + 102}`));
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

describe("runImport when the connection drops", () => {
  afterEach(() => {
    vi.useRealTimers();
    onlineManager.setOnline(true);
  });

  it("sends a batch that got no answer again with the same key once the browser is back online, saying it waits meanwhile", async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const waiting: boolean[] = [];
    let answered = false;
    const summary = importWith(
      async (input) => {
        sent.push(input.key!);
        if (input.lineNumbers[0] === 102 && !answered) {
          onlineManager.setOnline(false);
          throw noAnswer();
        }
        return created(input);
      },
      { onProgress: (progress) => waiting.push(progress.waiting) },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    // It waits (a second at first), cut short by the browser coming back online.
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toHaveLength(2);
    expect(waiting.at(-1)).toBe(true);
    answered = true;
    onlineManager.setOnline(true);
    expect(await summary).toMatchObject({ done: 150, created: 150, failed: 0, waiting: false });
    expect(sent).toHaveLength(3);
    expect(sent[2]).toBe(sent[1]);
    expect(new Set(sent).size).toBe(2);
    expect(waiting).toEqual([false, true, false, false]);
  });

  it("tries again after a growing wait while online (the server unreachable)", async () => {
    vi.useFakeTimers();
    const times: number[] = [];
    const summary = importWith(async (input) => {
      if (input.lineNumbers[0] === 2) {
        times.push(Date.now());
        if (times.length < 4) throw noAnswer();
      }
      return created(input);
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await summary).toMatchObject({ created: 150, failed: 0 });
    expect(times.slice(1).map((t, i) => t - times[i])).toEqual([1000, 2000, 4000]);
  });

  it("stops waiting when the import is stopped: the batch is not sent again, its rows count as failed", async () => {
    vi.useFakeTimers();
    const stop = new AbortController();
    let sends = 0;
    const summary = importWith(
      async () => {
        sends++;
        throw noAnswer();
      },
      { signal: stop.signal },
    );
    await vi.advanceTimersByTimeAsync(0);
    stop.abort();
    expect(await summary).toMatchObject({ done: 100, created: 0, failed: 100, waiting: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sends).toBe(1);
  });
});
