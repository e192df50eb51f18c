import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { tenant } from "./organizations";

/**
 * The writes the server has made under a key the web gave them (an import batch, a new record): a
 * write sent again because its answer never came back is answered from here instead of being made
 * twice. `result` is what the answer needs (a batch's counts, a new record's id). Kept a day.
 */
export const writeKeys = sqliteTable(
  "write_keys",
  {
    organizationId: tenant(),
    key: text("key").notNull(),
    result: text("result", { mode: "json" }).$type<unknown>().notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.key] }),
    index("write_keys_org_created_idx").on(t.organizationId, t.createdAt),
  ],
);
