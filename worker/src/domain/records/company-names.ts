import { and, eq, type SQL } from "drizzle-orm";
import { companies } from "../../../../drizzle";
import { inValues, type Database } from "../../db";

/**
 * The names of an organization's companies by id (deleted ones too: a filter or a timeline may still
 * name them); ids of other organizations or of nothing are left out. One statement, the ids bound as
 * one JSON parameter.
 */
export function companyNamesQuery(db: Database, organization: string | SQL, ids: string[]) {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.organizationId, organization), inValues(companies.id, ids)));
}
