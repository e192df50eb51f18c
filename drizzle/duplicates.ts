import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { tenant } from "./organizations";
import { taggedObjects } from "./values";

/**
 * Two records someone said are not the same, though they look alike (two Jane Smiths): neither the
 * duplicates list nor a record's panel offers them again. `firstId` is the smaller id, so a pair has
 * one row whichever record it was dismissed from. A merge or a deletion leaves the row; it names a
 * pair that can no longer show.
 */
export const duplicateDismissals = sqliteTable(
  "duplicate_dismissals",
  {
    organizationId: tenant(),
    object: text("object", { enum: taggedObjects }).notNull(),
    firstId: text("first_id").notNull(),
    secondId: text("second_id").notNull(),
    dismissedBy: text("dismissed_by").notNull(),
    dismissedAt: timestamp("dismissed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.object, t.firstId, t.secondId] })],
);

/**
 * Every email of every live contact, normalised (lower-cased, trimmed), one row each: what finds two
 * contacts sharing an address, whichever of their emails it is (only the primary one is unique).
 * Kept by triggers (migrations/0022) whatever writes the contact: created, its emails changed,
 * deleted, restored, merged or purged. Never written by the Worker.
 */
export const contactEmails = sqliteTable(
  "contact_emails",
  {
    organizationId: tenant(),
    email: text("email").notNull(),
    contactId: text("contact_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.email, t.contactId] }),
    index("contact_emails_contact_idx").on(t.organizationId, t.contactId, t.email),
  ],
);
