import { and, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { companies, contacts } from "../../../../drizzle";

/**
 * The join condition of the contact or company (`table`) a row links to by its record object and id columns (a task's,
 * a notification's), within the organization.
 */
export function linkedRecordJoin(
  table: typeof contacts | typeof companies,
  organizationId: string,
  { object, id }: { object: SQLiteColumn; id: SQLiteColumn },
): SQL | undefined {
  return and(
    eq(object, table === contacts ? "contact" : "company"),
    eq(table.id, id),
    eq(table.organizationId, organizationId),
  );
}

/** The name of the record joined so: a contact's full name, else its email; a company's name. */
export const linkedRecordName = sql<string | null>`coalesce(
  nullif(trim(${contacts.firstName} || ' ' || ${contacts.lastName}), ''), ${contacts.primaryEmail}, ${companies.name})`;
