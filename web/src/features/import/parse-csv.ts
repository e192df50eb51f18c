export type ParsedCsv = {
  headers: string[];
  rows: Record<string, string>[];
  errors: string[];
  /** Columns separated by ";": Excel writes them so where the decimal mark is a comma ("1.234,50"). */
  decimalComma: boolean;
};

/** Runs papaparse in a Web Worker and resolves with the header row and the data rows. */
export function parseCsvFile(file: File): Promise<ParsedCsv> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./csv-parse.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<ParsedCsv>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || "Could not read the file"));
    };
    worker.postMessage(file);
  });
}
