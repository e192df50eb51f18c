import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizationId, timestamp, timestamps } from "./columns";
import { tenant } from "./organizations";
import { propertyTypes, recordObjects } from "./values";

/** A custom property definition; values live in each record's `properties` JSON by `key`. */
export const propertyDefinitions = sqliteTable(
  "property_definitions",
  {
    id: text("id").primaryKey(),
    organizationId: tenant(),
    object: text("object", { enum: recordObjects }).notNull(),
    key: text("key").notNull(),
    label: text("label").notNull(),
    type: text("type", { enum: propertyTypes }).notNull(),
    options: text("options", { mode: "json" }).$type<string[]>(),
    required: integer("required", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull(),
    archivedAt: timestamp("archived_at"),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("property_definitions_org_object_key_uq").on(t.organizationId, t.object, t.key)],
);

export type ViewFilter = { field: string; operator: string; value?: unknown };
export type ViewDefinition = {
  filters: { combinator: "and" | "or"; conditions: ViewFilter[] };
  sort: { field: string; direction: "asc" | "desc" } | null;
  columns: string[];
  search?: string;
  /** Rows (also when absent: views saved before boards) or a board of cards. */
  layout?: "table" | "board";
  /** A board's lanes: a select field's values (`leadStatus`, `prop:<key>`); absent, the object's first. */
  groupBy?: string;
};

export const savedViews = sqliteTable(
  "saved_views",
  {
    id: text("id").primaryKey(),
    organizationId: tenant(),
    object: text("object", { enum: recordObjects }).notNull(),
    name: text("name").notNull(),
    definition: text("definition", { mode: "json" }).$type<ViewDefinition>().notNull(),
    shared: integer("shared", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").notNull(),
    /** Who saved it last (a stale save is CONFLICT naming them); version: as on records. */
    updatedBy: text("updated_by"),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [index("saved_views_org_object_idx").on(t.organizationId, t.object)],
);

/**
 * The view each member's list of an object opens on (HubSpot's "default view"): one per member and object, a shared
 * view or their own. Gone with the view (the foreign key cascades).
 */
export const viewDefaults = sqliteTable(
  "view_defaults",
  {
    organizationId: tenant(),
    userId: text("user_id").notNull(),
    object: text("object", { enum: recordObjects }).notNull(),
    viewId: text("view_id")
      .notNull()
      .references(() => savedViews.id, { onDelete: "cascade" }),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.object] }),
    // A view's defaults, found by the cascade when it is deleted.
    index("view_defaults_view_idx").on(t.viewId),
  ],
);

/** Live (not deleted) record counts, kept in the same batch as every create/delete. */
export const recordCounts = sqliteTable(
  "record_counts",
  {
    organizationId: tenant(),
    object: text("object").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [uniqueIndex("record_counts_org_object_uq").on(t.organizationId, t.object)],
);

/**
 * Live contacts per lead status: the exact count of a list filtered on one status alone (a board's lane), where
 * another filter's count stops at 1,000. Kept by triggers on contacts (migrations/0044), so that every write that
 * adds, trashes, restores, removes or moves a contact between statuses (an edit, a bulk edit, an import, a merge)
 * counts without a line of its own.
 */
export const contactStatusCounts = sqliteTable(
  "contact_status_counts",
  {
    organizationId: tenant(),
    leadStatus: text("lead_status").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.leadStatus] })],
);

/**
 * Live records per value of each select property (lower-cased, as a filter compares them), kept by triggers on
 * `record_values` (migrations/0045): a board's lane of one option, and of none (the object's count less the
 * property's), says its exact count at any size.
 */
export const propertyValueCounts = sqliteTable(
  "property_value_counts",
  {
    organizationId: tenant(),
    object: text("object", { enum: recordObjects }).notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.object, t.key, t.value] })],
);

/**
 * Each organization's number in the full-text indexes, given when the organization is created (a
 * trigger, migrations/0007) and never reused. An FTS row's rowid is (partition × 2 + trashed) × 2³²
 * + the record's seq, so one organization's live (or trashed) rows are one rowid range of the index
 * and a search reads only that range (`ftsSearch`). No foreign key on purpose: when an organization's
 * deletion cascades to its records, their FTS triggers still need the number to remove their rows.
 */
export const searchPartitions = sqliteTable("search_partitions", {
  partition: integer("partition").primaryKey({ autoIncrement: true }),
  organizationId: organizationId().unique("search_partitions_org_uq"),
});
