import { File as NodeFile } from "node:buffer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseCsvFile, type ParsedChunk } from "../../web/src/features/import/parse-csv";

/**
 * The parsing worker's module run in this page, as a Worker would run it: what it posts reaches the page's handler
 * one message at a time, each in a task of its own.
 */
async function workerRunningHere() {
  const messages: ParsedChunk[] = [];
  let worker: { onmessage: ((event: MessageEvent<ParsedChunk>) => void) | null } | null = null;
  vi.stubGlobal("postMessage", (chunk: ParsedChunk) => {
    messages.push(chunk);
    setTimeout(() => worker?.onmessage?.({ data: chunk } as MessageEvent<ParsedChunk>));
  });
  await import("../../web/src/features/import/csv-parse.worker");
  const handle = self.onmessage!;
  vi.stubGlobal(
    "Worker",
    class {
      onmessage: ((event: MessageEvent<ParsedChunk>) => void) | null = null;
      onerror = null;
      constructor() {
        // eslint-disable-next-line @typescript-eslint/no-this-alias -- the one worker this test starts
        worker = this;
      }
      postMessage(file: File) {
        void handle.call(self, { data: file } as MessageEvent);
      }
      terminate() {}
    },
  );
  return messages;
}

describe("parseCsvFile: a file parsed in a worker", () => {
  // The worker's module listens on the page it is imported into: this page is shared with other test files.
  afterEach(() => {
    self.onmessage = null;
  });

  it("hands a 25,000-row file over in messages of 10,000 rows, every row once and in order", async () => {
    const messages = await workerRunningHere();
    const lines = Array.from({ length: 25_000 }, (_, i) => `Company ${i};c${i}.example`);
    // Node's File: jsdom's has no arrayBuffer().
    const file = new NodeFile([["Name;Domain", ...lines].join("\n")], "many.csv") as unknown as File;
    const parsed = await parseCsvFile(file);
    expect(messages.map((message) => message.rows.length)).toEqual([10_000, 10_000, 5_000]);
    expect(messages.map((message) => Boolean(message.done))).toEqual([false, false, true]);
    expect(parsed.headers).toEqual(["Name", "Domain"]);
    expect(parsed.decimalComma).toBe(true);
    expect(parsed.rows).toHaveLength(25_000);
    expect(parsed.rows.every((row, i) => row.Name === `Company ${i}` && row.Domain === `c${i}.example`)).toBe(true);

    messages.length = 0;
    const empty = await parseCsvFile(new NodeFile(["Name,Domain\n"], "empty.csv") as unknown as File);
    expect(messages).toHaveLength(1);
    expect(empty).toEqual({ headers: ["Name", "Domain"], rows: [], errors: [], decimalComma: false });
  });
});
