import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizationId, timestamp, timestamps } from "./columns";
import { organizations } from "./organizations";
import { leadStatuses } from "./values";

/** Columns every CRM record has: tenant, owner, tags, custom values, optimistic version, trash. */
const recordColumns = () => ({
  organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
  ownerId: text("owner_id"),
  tags: text("tags", { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  /** Custom property values by key; definitions live in `properties`. */
  properties: text("properties", { mode: "json" })
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'`),
  version: integer("version").notNull().default(1),
  deletedAt: timestamp("deleted_at"),
  createdBy: text("created_by").notNull(),
  ...timestamps,
});

export const companies = sqliteTable(
  "companies",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Lower-cased, without scheme, "www." or path: unique per organization among live rows. */
    domain: text("domain"),
    industry: text("industry"),
    size: text("size"),
    address: text("address"),
    linkedinUrl: text("linkedin_url"),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex("companies_org_domain_uq")
      .on(t.organizationId, t.domain)
      .where(sql`deleted_at IS NULL AND domain IS NOT NULL`),
    index("companies_org_name_idx").on(t.organizationId, t.deletedAt, t.name, t.id),
    index("companies_org_updated_idx").on(t.organizationId, t.deletedAt, t.updatedAt, t.id),
    index("companies_org_owner_idx").on(t.organizationId, t.ownerId),
  ],
);

export const contacts = sqliteTable(
  "contacts",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** "first last", lower-cased: what name sorts and prefix search use. */
    sortName: text("sort_name").notNull().default(""),
    emails: text("emails", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The first email, normalised: unique per organization among live rows. */
    primaryEmail: text("primary_email"),
    phones: text("phones", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    title: text("title"),
    companyId: text("company_id"),
    linkedinUrl: text("linkedin_url"),
    leadStatus: text("lead_status", { enum: leadStatuses }).notNull().default("new"),
    source: text("source"),
    leadScore: integer("lead_score").notNull().default(0),
    lastActivityAt: timestamp("last_activity_at"),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex("contacts_org_email_uq")
      .on(t.organizationId, t.primaryEmail)
      .where(sql`deleted_at IS NULL AND primary_email IS NOT NULL`),
    index("contacts_org_name_idx").on(t.organizationId, t.deletedAt, t.sortName, t.id),
    index("contacts_org_updated_idx").on(t.organizationId, t.deletedAt, t.updatedAt, t.id),
    index("contacts_org_company_idx").on(t.organizationId, t.companyId),
    index("contacts_org_owner_idx").on(t.organizationId, t.ownerId),
    index("contacts_org_status_idx").on(t.organizationId, t.deletedAt, t.leadStatus, t.sortName, t.id),
    index("contacts_org_score_idx").on(t.organizationId, t.deletedAt, t.leadScore, t.id),
  ],
);
