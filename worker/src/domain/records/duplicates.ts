import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { companies, contacts } from "../../../../drizzle";
import type { Database } from "../../db";
import { notFound } from "./conflict";

/** How a record looks like another: the same email, or the same name (see contactDuplicates). */
export type DuplicateReason = "email" | "name";

/** A live record of the organization that may be the same person or company as the one asked about. */
export type PossibleDuplicate = {
  id: string;
  name: string;
  /** What tells them apart at a glance: a contact's email and company, a company's domain. */
  detail: string | null;
  reason: DuplicateReason;
};

/** What the panel offers: a handful, the likeliest (the same email) first. */
export const MAX_DUPLICATES = 5;
/** Same-name candidates read before the company rule sifts them (a common name recurs in 100,000). */
const NAME_CANDIDATES = 50;

type Reader = {
  db: Database;
  orgScope: SQL;
  readAsMember: (statements: BatchItem<"sqlite">[]) => Promise<{ results: unknown[] }>;
};

/**
 * Reads the record (`statements[0]`) and its candidates in one batch: the record's row, then each
 * candidate statement's rows. NOT_FOUND unless the record is live in the organization.
 */
async function readWithRecord<Asked, Candidates extends unknown[][]>(
  reader: Reader,
  object: "contact" | "company",
  statements: BatchItem<"sqlite">[],
): Promise<[Asked, ...Candidates]> {
  const { results } = await reader.readAsMember(statements);
  const [asked] = results[0] as Asked[];
  if (!asked) throw notFound(object);
  return [asked, ...(results.slice(1) as Candidates)];
}

/** `column` of the record `asked` picks, as a value (a subquery): the candidates' table alone is read, by its index. */
const valueOf = (db: Database, table: SQLiteTable, column: SQLiteColumn | SQL, asked: SQL | undefined) =>
  sql`(${db.select({ value: column }).from(table).where(asked)})`;

type ContactShown = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  companyId: string | null;
  companyName: string | null;
};

/**
 * A contact's likely duplicates: live contacts whose primary email is one of its emails, then those
 * with the same full name, unless both work at companies and those differ (two Jane Smiths at two
 * companies are two people; one without a company may be the other captured twice). Index reads
 * only: contacts_org_email_uq per email, contacts_org_name_idx for the name.
 */
export async function contactDuplicates(reader: Reader, id: string): Promise<PossibleDuplicate[]> {
  const { db, orgScope } = reader;
  const r = alias(contacts, "r");
  const d = alias(contacts, "d");
  const asked = and(eq(r.id, id), eq(r.organizationId, orgScope), isNull(r.deletedAt));
  const others = and(eq(d.organizationId, orgScope), isNull(d.deletedAt), ne(d.id, id));
  const shown = {
    id: d.id,
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.primaryEmail,
    companyId: d.companyId,
    companyName: d.listedCompanyName,
  };
  const [record, byEmail, byName] = await readWithRecord<
    { companyId: string | null },
    [ContactShown[], ContactShown[]]
  >(reader, "contact", [
    db.select({ companyId: r.companyId }).from(r).where(asked),
    // From its emails to the contacts holding one as their primary email: one contacts_org_email_uq
    // lookup each. A CROSS JOIN keeps that order: SQLite, without statistics, otherwise walked every
    // live contact and compared each with the emails (so it did with an IN on d).
    db
      .select(shown)
      .from(sql`json_each(${valueOf(db, r, r.emails, asked)}) AS asked_email`)
      .crossJoin(d)
      .where(and(others, eq(d.primaryEmail, sql`lower(trim(asked_email.value))`)))
      .limit(MAX_DUPLICATES),
    db
      .select(shown)
      .from(d)
      .where(and(others, eq(d.sortName, valueOf(db, r, r.sortName, and(asked, ne(r.sortName, ""))))))
      .limit(NAME_CANDIDATES),
  ]);

  const describe = (row: ContactShown, reason: DuplicateReason): PossibleDuplicate => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim() || row.email || "Unnamed contact",
    detail: [row.email, row.companyName].filter(Boolean).join(" · ") || null,
    reason,
  });
  const found = new Map(byEmail.map((row) => [row.id, describe(row, "email")]));
  for (const row of byName) {
    const elsewhere = row.companyId !== null && record.companyId !== null && row.companyId !== record.companyId;
    if (!elsewhere && !found.has(row.id)) found.set(row.id, describe(row, "name"));
  }
  return [...found.values()].slice(0, MAX_DUPLICATES);
}

/**
 * A company's likely duplicates: live companies with the same name, any case (domains are unique
 * already). One range of companies_org_name_idx.
 */
export async function companyDuplicates(reader: Reader, id: string): Promise<PossibleDuplicate[]> {
  const { db, orgScope } = reader;
  const r = alias(companies, "r");
  const d = alias(companies, "d");
  const asked = and(eq(r.id, id), eq(r.organizationId, orgScope), isNull(r.deletedAt));
  const [, byName] = await readWithRecord<{ id: string }, [{ id: string; name: string; domain: string | null }[]]>(
    reader,
    "company",
    [
      db.select({ id: r.id }).from(r).where(asked),
      db
        .select({ id: d.id, name: d.name, domain: d.domain })
        .from(d)
        .where(
          and(
            eq(d.organizationId, orgScope),
            isNull(d.deletedAt),
            eq(sql`lower(${d.name})`, valueOf(db, r, sql`lower(${r.name})`, asked)),
            ne(d.id, id),
          ),
        )
        .limit(MAX_DUPLICATES),
    ],
  );
  return byName.map((row) => ({ id: row.id, name: row.name, detail: row.domain, reason: "name" }));
}
