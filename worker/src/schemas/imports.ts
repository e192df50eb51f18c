import { z } from "zod";

/** One server batch of an import: rows already mapped to field names by the web, ≤ 100 at a time. */
export const importBatchInput = z.object({
  rows: z.array(z.record(z.string(), z.unknown())).min(1).max(100),
  /** Row numbers in the file, for the summary (same length as rows). */
  lineNumbers: z.array(z.number().int().min(1)).min(1).max(100),
  onDuplicate: z.enum(["skip", "update"]).default("skip"),
});
export type ImportBatchInput = z.input<typeof importBatchInput>;

export type ImportBatchResult = {
  created: number;
  updated: number;
  skipped: number;
  failed: { line: number; message: string }[];
};
