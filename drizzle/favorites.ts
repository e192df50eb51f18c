import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { tenant } from "./organizations";
import { taggedObjects } from "./values";

/**
 * A member's favorite contacts and companies, in the order they keep them: the sidebar lists them, a click from
 * anywhere. Each member's own; a record in the trash is left out until it is restored, and a merge hands its
 * favorites to the record it went into.
 */
export const favorites = sqliteTable(
  "favorites",
  {
    id: text("id").primaryKey(),
    organizationId: tenant(),
    userId: text("user_id").notNull(),
    recordObject: text("record_object", { enum: taggedObjects }).notNull(),
    recordId: text("record_id").notNull(),
    /** Lower first; a new favorite goes last. */
    position: integer("position").notNull(),
    ...timestamps,
  },
  (t) => [
    // A record is a member's favorite once; a merge finds a record's favorites by this too.
    uniqueIndex("favorites_record_user_uq").on(t.organizationId, t.recordId, t.userId),
    index("favorites_org_user_idx").on(t.organizationId, t.userId, t.position),
  ],
);
