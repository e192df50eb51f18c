import { integer, text } from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch, surfaced as Date (superjson carries it to the web intact). */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/** createdAt/updatedAt every row carries. */
export const timestamps = {
  createdAt: timestamp("created_at").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
};

/** The tenant column: every organization-owned row has it, and every query filters on it. */
export const organizationId = () => text("organization_id").notNull();
