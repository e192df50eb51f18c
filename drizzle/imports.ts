import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ImportBatchResult } from "../worker/src/schemas/imports";
import { timestamp } from "./columns";
import { tenant } from "./organizations";

/**
 * The import batches the server has written, by the key the web gave each: a batch sent again
 * because its answer never came back is answered from here instead of being written twice. Kept a day.
 */
export const importBatches = sqliteTable(
  "import_batches",
  {
    organizationId: tenant(),
    key: text("key").notNull(),
    result: text("result", { mode: "json" }).$type<ImportBatchResult>().notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.key] }),
    index("import_batches_org_created_idx").on(t.organizationId, t.createdAt),
  ],
);
