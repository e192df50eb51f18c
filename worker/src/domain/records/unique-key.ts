import { TRPCError } from "@trpc/server";
import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { companies, contacts } from "../../../../drizzle";
import type { Database } from "../../db";
import { isUniqueViolation } from "../constraint-error";

/**
 * A normalised value that at most one live record of an organization holds (a unique index over the
 * live rows, migrations/0001): a contact's primary email, a company's domain. A clash names the holder.
 */
export type UniqueKey = {
  table: typeof contacts | typeof companies;
  column: SQLiteColumn;
  /** How SQLite names the column in a UNIQUE constraint's error. */
  constraint: string;
  noun: string;
  /** The values, as a message names them. */
  valueNoun: string;
  holderName: SQL<string>;
};

export const contactEmailKey: UniqueKey = {
  table: contacts,
  column: contacts.primaryEmail,
  constraint: "contacts.primary_email",
  noun: "contact",
  valueNoun: "emails",
  holderName: sql<string>`trim(${contacts.firstName} || ' ' || ${contacts.lastName})`,
};

export const companyDomainKey: UniqueKey = {
  table: companies,
  column: companies.domain,
  constraint: "companies.domain",
  noun: "company",
  valueNoun: "domains",
  holderName: sql<string>`${companies.name}`,
};

/** "ann@acme.com already belongs to Ann Lee.": `value` is held by the record named `holderName`. */
export const keyTakenMessage = (key: UniqueKey, value: string, holderName: string) =>
  `${value} already belongs to ${holderName || `another ${key.noun}`}.`;

/** CONFLICT "ann@acme.com already belongs to Ann Lee." when another live record holds `value`. */
export async function assertKeyFree(
  db: Database,
  key: UniqueKey,
  organizationId: string,
  value: string | null,
  exceptId?: string,
): Promise<void> {
  if (!value) return;
  // Both tables have these columns; drizzle builds no query over a union of tables.
  const table = key.table as typeof contacts;
  const [holder] = await db
    .select({ id: table.id, name: key.holderName })
    .from(table)
    .where(
      and(
        eq(table.organizationId, organizationId),
        eq(key.column, value),
        isNull(table.deletedAt),
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (holder)
    throw new TRPCError({
      code: "CONFLICT",
      message: keyTakenMessage(key, value, holder.name),
      cause: { holderId: holder.id },
    });
}

/** A write that lost the race for `value` to another request: answered as if we had seen it first. */
export async function rethrowKeyClash(
  error: unknown,
  db: Database,
  key: UniqueKey,
  organizationId: string,
  value: string | null,
  exceptId?: string,
): Promise<never> {
  if (isUniqueViolation(error, key.constraint)) await assertKeyFree(db, key, organizationId, value, exceptId);
  throw error;
}
