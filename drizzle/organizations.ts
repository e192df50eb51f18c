import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizationId, timestamp, timestamps } from "./columns";
import { roles } from "./values";

export const organizations = sqliteTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    domain: text("domain"),
    currency: text("currency").notNull().default("USD"),
    timezone: text("timezone").notNull().default("UTC"),
    plan: text("plan", { enum: ["free", "pro", "business"] })
      .notNull()
      .default("free"),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("organizations_slug_uq").on(t.slug)],
);

/** The tenant column of a table whose rows go with their organization. */
export const tenant = () => organizationId().references(() => organizations.id, { onDelete: "cascade" });

export const memberships = sqliteTable(
  "memberships",
  {
    id: text("id").primaryKey(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    role: text("role", { enum: roles }).notNull(),
    joinedAt: timestamp("joined_at").notNull(),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("memberships_org_user_uq").on(t.organizationId, t.userId),
    index("memberships_user_idx").on(t.userId),
  ],
);

/** An invitation: the raw token lives only in the link; we keep its SHA-256. */
export const invites = sqliteTable(
  "invites",
  {
    id: text("id").primaryKey(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: roles }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    acceptedAt: timestamp("accepted_at"),
    acceptedBy: text("accepted_by"),
    revokedAt: timestamp("revoked_at"),
    invitedBy: text("invited_by").notNull(),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invites_token_hash_uq").on(t.tokenHash),
    index("invites_org_email_idx").on(t.organizationId, t.email),
  ],
);
