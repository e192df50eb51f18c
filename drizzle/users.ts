import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp, timestamps } from "./columns";

/** A registered user: the row exists only once they created or joined an organization. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(), // Firebase uid
    email: text("email").notNull(),
    displayName: text("display_name"),
    photoUrl: text("photo_url"),
    organizationId: text("organization_id").notNull(), // the current organization
    ...timestamps,
  },
  (t) => [index("users_organization_idx").on(t.organizationId)],
);

/** Sign-in methods linked to a Firebase user, mirrored from the token's identities. */
export const connectedAccounts = sqliteTable(
  "connected_accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    provider: text("provider").notNull(), // google.com, password, …
    email: text("email"),
    status: text("status", { enum: ["active", "revoked"] })
      .notNull()
      .default("active"),
    linkedAt: timestamp("linked_at").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("connected_accounts_user_provider_uq").on(t.userId, t.provider)],
);
