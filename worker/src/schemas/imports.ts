import { z } from "zod";

/** Rows per server batch: each batch is one atomic D1 batch. */
export const IMPORT_BATCH_LIMIT = 100;

/**
 * One server batch of a contacts or companies import: rows already mapped to the create input's
 * field names by the web (custom values under `properties` by key), ≤ 100 at a time.
 */
export const importBatchInput = z
  .object({
    rows: z.array(z.record(z.string(), z.unknown())).min(1).max(IMPORT_BATCH_LIMIT),
    /** Row numbers in the file, for the summary (same length as rows). */
    lineNumbers: z.array(z.number().int().min(1)).min(1).max(IMPORT_BATCH_LIMIT),
    /** A row whose email (contacts) or domain (companies) a live record already has: leave it, or fill it in. */
    onDuplicate: z.enum(["skip", "update"]).default("skip"),
    /**
     * The web's name for this batch, the same each time it is sent: a batch sent again because its
     * answer never came back (the connection dropped) is answered as it was the first time, not
     * written twice. Kept for a day.
     */
    key: z
      .string()
      .regex(/^[\w-]{8,64}$/, "A batch key is 8 to 64 letters, digits, '-' or '_'.")
      .optional(),
  })
  .refine((batch) => batch.lineNumbers.length === batch.rows.length, {
    message: "Give one line number per row.",
    path: ["lineNumbers"],
  });
export type ImportBatchInput = z.input<typeof importBatchInput>;
export type ImportBatch = z.output<typeof importBatchInput>;

/** Each row counts once: created, updated, skipped (a duplicate left alone, or nothing new) or failed. */
export type ImportBatchResult = {
  created: number;
  updated: number;
  skipped: number;
  failed: { line: number; message: string }[];
};
