export type ParsedCsv = {
  headers: string[];
  rows: Record<string, string>[];
  errors: string[];
  /** Columns separated by ";": Excel writes them so where the decimal mark is a comma ("1.234,50"). */
  decimalComma: boolean;
};

/** A message from the parsing worker: rows in the file's order; the last one is `done`, with the rest. */
export type ParsedChunk = { rows: Record<string, string>[]; done?: Omit<ParsedCsv, "rows"> };

/** Runs papaparse in a Web Worker and resolves with the header row and the data rows. */
export function parseCsvFile(file: File): Promise<ParsedCsv> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./csv-parse.worker.ts", import.meta.url), { type: "module" });
    const rows: Record<string, string>[] = [];
    worker.onmessage = (event: MessageEvent<ParsedChunk>) => {
      for (const row of event.data.rows) rows.push(row);
      if (!event.data.done) return;
      worker.terminate();
      resolve({ ...event.data.done, rows });
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || "Could not read the file"));
    };
    worker.postMessage(file);
  });
}
