/// <reference lib="webworker" />
import Papa from "papaparse";

/** Parses a CSV file off the main thread, so a 100,000-row file never freezes the tab. */
self.onmessage = (event: MessageEvent<File>) => {
  Papa.parse<Record<string, string>>(event.data, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim(),
    complete: (result) => {
      self.postMessage({
        headers: result.meta.fields ?? [],
        rows: result.data,
        errors: result.errors.slice(0, 20).map((e) => `Line ${(e.row ?? 0) + 2}: ${e.message}`),
      });
    },
    error: (error) => self.postMessage({ headers: [], rows: [], errors: [error.message] }),
  });
};
