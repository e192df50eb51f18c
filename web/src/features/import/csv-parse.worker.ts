/// <reference lib="webworker" />
import Papa from "papaparse";
import { withoutFormulaGuard } from "../../lib/csv-formulas";
import { decodeCsv } from "./decode-csv";

/** Parses a CSV file off the main thread, so a 100,000-row file never freezes the tab. */
self.onmessage = async (event: MessageEvent<File>) => {
  let text: string;
  try {
    text = decodeCsv(new Uint8Array(await event.data.arrayBuffer()));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    self.postMessage({ headers: [], rows: [], errors: [message], decimalComma: false });
    return;
  }
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim(),
    transform: withoutFormulaGuard,
  });
  self.postMessage({
    headers: result.meta.fields ?? [],
    rows: result.data,
    errors: result.errors.slice(0, 20).map((e) => `Line ${(e.row ?? 0) + 2}: ${e.message}`),
    decimalComma: result.meta.delimiter === ";",
  });
};
