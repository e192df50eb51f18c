import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { companies, companySortName, contacts, countThenName, textThenName, thenName } from "../../../../drizzle";
import { companyGroupFilter } from "./parent-company";

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
  /**
   * What a sort by the field reads in order, when not the field itself: the field, then the record's
   * name, as one value (see byThenName). NULL exactly when the field is.
   */
  sortSql?: SQL;
  /**
   * A field that may be empty whose sort index holds the record's name after the field (and its
   * sortSql): records of one value, and the empty ones, are listed by name.
   */
  tiesByName?: true;
  isoDate?: boolean;
  recordTags?: true;
  /**
   * A condition on the field (`column`, its `sql`) as SQL of its own, where comparing the column cannot say it (a
   * contact's company with its subsidiaries); `orgScope` is the caller's organization (FilterScope). Such a field
   * filters and does not sort.
   */
  filterBy?: (column: SQL | SQLiteColumn, operator: string, value: unknown, orgScope: SQL) => SQL;
};

export type RecordTable = typeof contacts | typeof companies;

/**
 * A value a list row carries besides its table's columns, computed per row by SQL that may name the
 * row's table (e.g. the name of a related record). The SQL must bind no parameters: it is written
 * into the row's json_array once, as text. `T` is the value's type in the row (what JSON carries: text,
 * numbers or null).
 */
export type ListColumn<T> = {
  sql: SQL;
  /**
   * The same value as a trigger keeps it on the row, for list pages to read instead of `sql` (a
   * lookup per row). Writes return `sql`: their RETURNING reads the row before its triggers ran.
   */
  listed?: SQL;
  readonly type?: T;
};
export type ListColumns = Record<string, ListColumn<unknown>>;
export const listColumn = <T>(sql: SQL): ListColumn<T> => ({ sql });

/** A contact as a short list of people shows it (a company's people, who holds an email): name, email, title. */
export const contactCardColumns = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.primaryEmail,
  title: contacts.title,
};
/** The row fields that `columns` add, typed. */
export type ListColumnValues<Columns extends ListColumns> = {
  [Key in keyof Columns]: Columns[Key] extends ListColumn<infer T> ? T : never;
};

export type ObjectConfig<Table extends RecordTable = RecordTable, Columns extends ListColumns = ListColumns> = {
  object: "contact" | "company";
  table: Table;
  fields: Record<string, ListField>;
  defaultSort: string;
  /**
   * A record's name as lists sort names, read from `table` (the object's table or an alias of it):
   * what ties of every other sort are listed by.
   */
  sortNameOf(table: Table): SQL;
  /** Its full-text index (migrations/0007): rowids by organization, see ftsSearch. */
  fts: { table: "contacts_fts" | "companies_fts" };
  /** What every list row (every page kind, the trash too) carries besides the table's columns. */
  listColumns: Columns;
  /**
   * Columns that nearly always hold the first element of a JSON array column (the row's key → the
   * array's key): a list page carries them as 0 when they do, and whoever unpacks the page fills them
   * in (recordFromValues, on the client too). Bytes cost CPU at every hop (D1's reply, the Worker,
   * the wire); a contact's primary email is a tenth of its row.
   */
  listRepeats?: Record<string, string>;
};

const f = (column: SQL | SQLiteColumn, kind: FieldKind, nullable = true): ListField => ({
  sql: column,
  kind,
  nullable,
});

/**
 * A field whose sort lists each group's records by name (people at one company, of one status or
 * score): `key` (drizzle/sort-keys.ts) makes the one text value read in order, which an index on that
 * very expression serves (migrations/0027, 0028).
 */
const byThenName = (
  field: ListField,
  key: (value: SQL | SQLiteColumn, name: SQL | SQLiteColumn) => SQL,
  name: SQL | SQLiteColumn,
): ListField => ({
  ...field,
  sortSql: key(field.sql, name),
});

/** A field whose empty records (and its ties) are listed by name: its index holds the name (see tiesByName). */
const tiedByName = (field: ListField): ListField => ({ ...field, tiesByName: true });

/** A company as the related record of another row: its own alias, so it never reads as the row's table. */
const relatedCompany = alias(companies, "related_company");

/**
 * The name of the row's company when that is a live company of the same organization, else null:
 * one lookup by companies_id_uq per row of the page.
 */
const companyNameOf = (companyId: SQLiteColumn, organizationId: SQLiteColumn) =>
  listColumn<string | null>(
    sql`(SELECT ${relatedCompany.name} FROM ${companies} AS ${sql.identifier("related_company")} WHERE ${and(
      eq(relatedCompany.id, companyId),
      eq(relatedCompany.organizationId, organizationId),
      isNull(relatedCompany.deletedAt),
    )})`,
  );

export const contactConfig: ObjectConfig<typeof contacts, { companyName: ListColumn<string | null> }> = {
  object: "contact",
  table: contacts,
  defaultSort: "name",
  sortNameOf: (t) => sql`${t.sortName}`,
  fts: { table: "contacts_fts" },
  listColumns: {
    companyName: {
      ...companyNameOf(contacts.companyId, contacts.organizationId),
      listed: sql`${contacts.listedCompanyName}`,
    },
  },
  listRepeats: { primaryEmail: "emails" },
  fields: {
    // Filtering by id ("in"): an export of the rows selected in a table.
    id: f(contacts.id, "reference", false),
    name: f(contacts.sortName, "text", false),
    firstName: f(contacts.firstName, "text", false),
    lastName: f(contacts.lastName, "text", false),
    email: tiedByName(f(contacts.primaryEmail, "text")),
    title: tiedByName(byThenName(f(contacts.title, "text"), textThenName, contacts.sortName)),
    companyId: f(contacts.companyId, "reference"),
    // "Company (with subsidiaries) is Acme Group": the people of the group, its subsidiaries however far down.
    companyGroup: { ...f(contacts.companyId, "reference"), filterBy: companyGroupFilter },
    // The company's name (lower-cased, empty unless the company is live): the Company column's sort.
    company: tiedByName(byThenName(f(contacts.companySortName, "text"), thenName, contacts.sortName)),
    ownerId: f(contacts.ownerId, "reference"),
    // The owner's name (else email, lower-cased; empty without an owner): the Owner column's sort.
    owner: byThenName(f(contacts.ownerSortName, "text"), thenName, contacts.sortName),
    leadStatus: byThenName(f(contacts.leadStatus, "enum", false), thenName, contacts.sortName),
    source: tiedByName(byThenName(f(contacts.source, "text"), textThenName, contacts.sortName)),
    leadScore: byThenName(f(contacts.leadScore, "number", false), countThenName, contacts.sortName),
    lastActivityAt: tiedByName(f(contacts.lastActivityAt, "date")),
    nextTaskAt: tiedByName(f(contacts.nextTaskAt, "date")),
    tags: { ...f(contacts.tags, "array", false), recordTags: true },
    createdAt: f(contacts.createdAt, "date", false),
    updatedAt: f(contacts.updatedAt, "date", false),
    // The trash's sort (newest first); never null there, so keyset pages seek (deleted_at, id).
    deletedAt: f(contacts.deletedAt, "date", false),
  },
};

/** A contact of the company row being read: its own alias, so it never reads as a contacts row of the statement. */
const person = alias(contacts, "person");

/** What companies sort and tie by (companies_org_name_idx). */
const companyName = companySortName(companies);

export const companyConfig: ObjectConfig<
  typeof companies,
  { peopleCount: ListColumn<number>; parentCompanyName: ListColumn<string | null> }
> = {
  object: "company",
  table: companies,
  defaultSort: "name",
  sortNameOf: companySortName,
  fts: { table: "companies_fts" },
  listColumns: {
    // Its live contacts: a count over contacts_org_company_idx; list pages read the one triggers keep.
    peopleCount: {
      ...listColumn<number>(
        sql`(SELECT count(*) FROM ${contacts} AS ${sql.identifier("person")} WHERE ${and(
          eq(person.organizationId, companies.organizationId),
          eq(person.companyId, companies.id),
          isNull(person.deletedAt),
        )})`,
      ),
      listed: sql`${companies.listedPeopleCount}`,
    },
    // Its parent's name while the parent is live: a lookup by id, only for a list showing the column.
    parentCompanyName: companyNameOf(companies.parentCompanyId, companies.organizationId),
  },
  fields: {
    id: f(companies.id, "reference", false),
    name: f(companyName, "text", false),
    domain: tiedByName(f(companies.domain, "text")),
    industry: tiedByName(byThenName(f(companies.industry, "text"), textThenName, companyName)),
    size: tiedByName(byThenName(f(companies.size, "text"), textThenName, companyName)),
    ownerId: f(companies.ownerId, "reference"),
    owner: byThenName(f(companies.ownerSortName, "text"), thenName, companyName),
    parentCompanyId: f(companies.parentCompanyId, "reference"),
    // "Company with subsidiaries is Acme Group": Acme Group and every company below it, however far down.
    companyGroup: { ...f(companies.id, "reference"), filterBy: companyGroupFilter },
    lastActivityAt: tiedByName(f(companies.lastActivityAt, "date")),
    nextTaskAt: tiedByName(f(companies.nextTaskAt, "date")),
    // The People column: its live contacts (kept by triggers, migrations/0016–0017).
    peopleCount: byThenName(f(companies.listedPeopleCount, "number", false), countThenName, companyName),
    tags: { ...f(companies.tags, "array", false), recordTags: true },
    createdAt: f(companies.createdAt, "date", false),
    updatedAt: f(companies.updatedAt, "date", false),
    // The trash's sort (newest first); never null there, so keyset pages seek (deleted_at, id).
    deletedAt: f(companies.deletedAt, "date", false),
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
