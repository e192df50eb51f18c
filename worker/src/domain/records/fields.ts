import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { companies, contacts } from "../../../../drizzle";

export type FieldKind = "text" | "number" | "date" | "enum" | "array" | "reference";

/**
 * A field the list engine can filter and sort on: its SQL and what kind of value it holds.
 * `isoDate`: a date kept as "YYYY-MM-DD" text (custom properties), not as epoch milliseconds.
 * `recordTags`: the record's own tags, whose "has tag" filters read the `record_tags` index.
 */
export type ListField = {
  sql: SQL | SQLiteColumn;
  kind: FieldKind;
  nullable: boolean;
  isoDate?: boolean;
  recordTags?: true;
};

export type RecordTable = typeof contacts | typeof companies;

export type ObjectConfig<Table extends RecordTable = RecordTable> = {
  object: "contact" | "company";
  table: Table;
  fields: Record<string, ListField>;
  defaultSort: string;
  fts: { table: "contacts_fts" | "companies_fts"; columns: string };
};

const f = (column: SQL | SQLiteColumn, kind: FieldKind, nullable = true): ListField => ({
  sql: column,
  kind,
  nullable,
});

export const contactConfig: ObjectConfig<typeof contacts> = {
  object: "contact",
  table: contacts,
  defaultSort: "name",
  fts: { table: "contacts_fts", columns: "first_name last_name emails title" },
  fields: {
    name: f(contacts.sortName, "text", false),
    firstName: f(contacts.firstName, "text", false),
    lastName: f(contacts.lastName, "text", false),
    email: f(contacts.primaryEmail, "text"),
    title: f(contacts.title, "text"),
    companyId: f(contacts.companyId, "reference"),
    ownerId: f(contacts.ownerId, "reference"),
    leadStatus: f(contacts.leadStatus, "enum", false),
    source: f(contacts.source, "text"),
    leadScore: f(contacts.leadScore, "number", false),
    lastActivityAt: f(contacts.lastActivityAt, "date"),
    tags: { ...f(contacts.tags, "array", false), recordTags: true },
    createdAt: f(contacts.createdAt, "date", false),
    updatedAt: f(contacts.updatedAt, "date", false),
  },
};

export const companyConfig: ObjectConfig<typeof companies> = {
  object: "company",
  table: companies,
  defaultSort: "name",
  fts: { table: "companies_fts", columns: "name domain" },
  fields: {
    name: f(sql`lower(${companies.name})`, "text", false),
    domain: f(companies.domain, "text"),
    industry: f(companies.industry, "text"),
    size: f(companies.size, "text"),
    ownerId: f(companies.ownerId, "reference"),
    tags: { ...f(companies.tags, "array", false), recordTags: true },
    createdAt: f(companies.createdAt, "date", false),
    updatedAt: f(companies.updatedAt, "date", false),
  },
};

const PROPERTY_KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** `prop:<key>` names a custom property value inside the record's JSON. */
export function customPropertyField(config: ObjectConfig, name: string, kind: FieldKind): ListField | null {
  const key = name.startsWith("prop:") ? name.slice(5) : null;
  if (!key || !PROPERTY_KEY.test(key)) return null;
  return {
    sql: sql`json_extract(${config.table.properties}, ${`$.${key}`})`,
    kind,
    nullable: true,
    isoDate: kind === "date",
  };
}
