import { sql } from "drizzle-orm";
import { blob, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizationId, timestamp, timestamps } from "./columns";
import { organizations } from "./organizations";
import { companySortName, countThenName, textThenName, thenName } from "./sort-keys";
import { leadStatuses, recordObjects } from "./values";

/**
 * The integer key of a record table: an alias of SQLite's rowid, so VACUUM can never renumber it.
 * The FTS5 indexes (migrations/0003) are keyed on it; the app names records by their text `id`.
 */
const seq = () => integer("seq").primaryKey();

/** Columns every CRM record has: tenant, owner, tags, custom values, optimistic version, trash. */
const recordColumns = () => ({
  organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
  ownerId: text("owner_id"),
  /**
   * The owner's name (else email), lower-cased: what a sort by owner reads in order. Kept by triggers
   * (migrations/0014) whatever writes the record or renames the user.
   */
  ownerSortName: text("owner_sort_name"),
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
    seq: seq(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    /** Lower-cased, without scheme, "www." or path: unique per organization among live rows. */
    domain: text("domain"),
    industry: text("industry"),
    size: text("size"),
    address: text("address"),
    linkedinUrl: text("linkedin_url"),
    /**
     * The company this one belongs to (a subsidiary's group, a branch's head office), as HubSpot's parent company: one
     * of the organization's companies, never itself or one of its own subsidiaries. Shown only while it is live.
     */
    parentCompanyId: text("parent_company_id"),
    /** The newest entry logged on the company or its live contacts' last activity (companyActivityRefresh). */
    lastActivityAt: timestamp("last_activity_at"),
    /** When its next open task is due: the earliest due date of its live open tasks. Kept by triggers (migrations/0033). */
    nextTaskAt: timestamp("next_task_at"),
    /**
     * Its live contacts, kept by triggers that add or take one whenever a contact joins, leaves, is
     * deleted or restored (migrations/0016, 0017): what the People column sorts and filters by and
     * list pages show.
     * Writes return the counted value instead (see ListColumn).
     */
    listedPeopleCount: integer("people_count").notNull().default(0),
    /**
     * The name as look-alikes share it: lower-cased, without punctuation or a legal form at its end
     * ("Acme, Inc." and "ACME Corp" are both "acme"). Kept by triggers (migrations/0021): what the
     * duplicates of a company are found by.
     */
    matchName: text("match_name"),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex("companies_id_uq").on(t.id),
    uniqueIndex("companies_org_domain_uq")
      .on(t.organizationId, t.domain)
      .where(sql`deleted_at IS NULL AND domain IS NOT NULL`),
    // The list sorts companies by lower(name): the index holds that expression, or it could not serve the sort.
    index("companies_org_name_idx").on(t.organizationId, t.deletedAt, companySortName(t), t.id),
    index("companies_org_updated_idx").on(t.organizationId, t.deletedAt, t.updatedAt, t.id),
    index("companies_org_owner_idx").on(t.organizationId, t.deletedAt, t.ownerId, t.id),
    // The Domain sort: domains in order, then the companies without one by name (see contacts_org_email_idx).
    index("companies_org_domain_idx").on(t.organizationId, t.deletedAt, t.domain, companySortName(t), t.id),
    // Sorts by a column read its index in order (a value's records, then the empty ones, by name).
    // Sorts by industry, size and people: that value, then the name (fields.ts, byThenName).
    index("companies_org_industry_key_idx").on(
      t.organizationId,
      t.deletedAt,
      textThenName(t.industry, companySortName(t)),
      companySortName(t),
      t.id,
    ),
    index("companies_org_size_key_idx").on(
      t.organizationId,
      t.deletedAt,
      textThenName(t.size, companySortName(t)),
      companySortName(t),
      t.id,
    ),
    index("companies_org_created_idx").on(t.organizationId, t.deletedAt, t.createdAt, t.id),
    index("companies_org_activity_idx").on(t.organizationId, t.deletedAt, t.lastActivityAt, companySortName(t), t.id),
    index("companies_org_next_task_idx").on(t.organizationId, t.deletedAt, t.nextTaskAt, companySortName(t), t.id),
    // Sorts by owner: the owner's name, then the company's (fields.ts, byThenName).
    index("companies_org_owner_key_idx").on(
      t.organizationId,
      t.deletedAt,
      thenName(t.ownerSortName, companySortName(t)),
      t.id,
    ),
    // The People filter; its sort reads the key below.
    index("companies_org_people_idx").on(t.organizationId, t.deletedAt, t.listedPeopleCount, t.id),
    index("companies_org_people_key_idx").on(
      t.organizationId,
      t.deletedAt,
      countThenName(t.listedPeopleCount, companySortName(t)),
      t.id,
    ),
    index("companies_org_match_idx").on(t.organizationId, t.deletedAt, t.matchName, t.id),
    // A company's subsidiaries by name, and the "Parent company is …" filter.
    index("companies_org_parent_idx").on(t.organizationId, t.parentCompanyId, t.deletedAt, companySortName(t), t.id),
  ],
);

export const contacts = sqliteTable(
  "contacts",
  {
    seq: seq(),
    id: text("id").notNull(),
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
    /**
     * Its company's name, lower-cased, while that company is live (else null): what a sort by company
     * reads in order. Kept by triggers (migrations/0013) whatever writes the contact or the company.
     */
    companySortName: text("company_sort_name"),
    /**
     * Its company's name as written, while that company is live (else null): what list pages show
     * in the Company column, read here rather than looked up in companies row by row. Kept by the
     * same triggers (migrations/0015). Writes return the looked-up name instead (see ListColumn).
     */
    listedCompanyName: text("company_name"),
    linkedinUrl: text("linkedin_url"),
    leadStatus: text("lead_status", { enum: leadStatuses }).notNull().default("new"),
    source: text("source"),
    leadScore: integer("lead_score").notNull().default(0),
    lastActivityAt: timestamp("last_activity_at"),
    /** When its next open task is due: the earliest due date of its live open tasks. Kept by triggers (migrations/0033). */
    nextTaskAt: timestamp("next_task_at"),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex("contacts_id_uq").on(t.id),
    uniqueIndex("contacts_org_email_uq")
      .on(t.organizationId, t.primaryEmail)
      .where(sql`deleted_at IS NULL AND primary_email IS NOT NULL`),
    // company_id after the unique id changes no order: it lets look-alikes (same name, same or no
    // company) be found from the index alone, without reading each row (a third of the time at 100k).
    index("contacts_org_name_idx").on(t.organizationId, t.deletedAt, t.sortName, t.id, t.companyId),
    index("contacts_org_updated_idx").on(t.organizationId, t.deletedAt, t.updatedAt, t.id),
    // deleted_at last: a company's live contacts are counted from the index alone (the People count).
    // A company's people in name order (its panel) walk only them: sort_name and id after deleted_at.
    index("contacts_org_company_idx").on(t.organizationId, t.companyId, t.deletedAt, t.sortName, t.id),
    index("contacts_org_owner_idx").on(t.organizationId, t.deletedAt, t.ownerId, t.id),
    // One index for a status filter's page (in name order) and its capped count, both from the index
    // alone even with a score condition. A separate (status, score) index made the count a range, but
    // then the planner (bound parameters, no statistics) served the page from it and sorted every match.
    index("contacts_org_status_idx").on(t.organizationId, t.deletedAt, t.leadStatus, t.sortName, t.id, t.leadScore),
    index("contacts_org_score_idx").on(t.organizationId, t.deletedAt, t.leadScore, t.id),
    // Sorts by status, score, title and source: that value, then the name (fields.ts, byThenName).
    index("contacts_org_status_key_idx").on(t.organizationId, t.deletedAt, thenName(t.leadStatus, t.sortName), t.id),
    index("contacts_org_score_key_idx").on(t.organizationId, t.deletedAt, countThenName(t.leadScore, t.sortName), t.id),
    // Sorts by a column read its index in order (a value's records, then the empty ones, by name):
    // without one, each page of a title sort sorted every contact (330 ms at 100,000).
    index("contacts_org_title_key_idx").on(
      t.organizationId,
      t.deletedAt,
      textThenName(t.title, t.sortName),
      t.sortName,
      t.id,
    ),
    index("contacts_org_source_key_idx").on(
      t.organizationId,
      t.deletedAt,
      textThenName(t.source, t.sortName),
      t.sortName,
      t.id,
    ),
    index("contacts_org_activity_idx").on(t.organizationId, t.deletedAt, t.lastActivityAt, t.sortName, t.id),
    index("contacts_org_next_task_idx").on(t.organizationId, t.deletedAt, t.nextTaskAt, t.sortName, t.id),
    // The Email sort: addresses in order, then the contacts without one by name (the unique index
    // above holds neither those nor the trash).
    index("contacts_org_email_idx").on(t.organizationId, t.deletedAt, t.primaryEmail, t.sortName, t.id),
    index("contacts_org_created_idx").on(t.organizationId, t.deletedAt, t.createdAt, t.id),
    // The "Company name" filter.
    index("contacts_org_company_name_idx").on(t.organizationId, t.deletedAt, t.companySortName, t.id),
    // Sorts by company and by owner: that name, then the contact's (fields.ts, byThenName).
    index("contacts_org_company_key_idx").on(
      t.organizationId,
      t.deletedAt,
      thenName(t.companySortName, t.sortName),
      t.sortName,
      t.id,
    ),
    index("contacts_org_owner_key_idx").on(t.organizationId, t.deletedAt, thenName(t.ownerSortName, t.sortName), t.id),
  ],
);

/**
 * Custom property values, one row per record and key: a copy of each record's `properties` JSON
 * that triggers keep (migrations/0003; the app never writes it), so a sort by a custom property
 * reads `record_values_sort_idx` in order instead of sorting every record's JSON. One table and two
 * indexes for every property of every organization, however many are defined.
 */
export const recordValues = sqliteTable(
  "record_values",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    object: text("object", { enum: recordObjects }).notNull(),
    recordId: text("record_id").notNull(),
    key: text("key").notNull(),
    /** BLOB affinity keeps the JSON value's own type (a number stays a number, "007" stays text). */
    value: blob("value"),
    /** The record's deleted_at, so the live list and the trash each read one index range. */
    deletedAt: timestamp("deleted_at"),
    /**
     * The record's name as its list sorts names (contacts.sort_name, lower(companies.name)): records
     * of one value are listed by name (migrations/0029).
     */
    sortName: text("sort_name"),
  },
  (t) => [
    uniqueIndex("record_values_record_key_uq").on(t.organizationId, t.object, t.recordId, t.key),
    index("record_values_sort_idx").on(t.organizationId, t.object, t.key, t.deletedAt, t.value, t.sortName, t.recordId),
  ],
);
