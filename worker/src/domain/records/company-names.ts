import type { SQL } from "drizzle-orm";
import { companies } from "../../../../drizzle";
import { organizationRowsById, type Database } from "../../db";

/**
 * The names of an organization's companies by id (deleted ones too: a filter or a timeline may still
 * name them); ids of other organizations or of nothing are left out. One statement, the ids bound as
 * one JSON parameter.
 */
export function companyNamesQuery(db: Database, organization: string | SQL, ids: string[]) {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(organizationRowsById(companies, organization, ids));
}

/**
 * The names of the companies a timeline's "Company: from → to" (a contact's) and "Parent company: from → to" (a
 * company's) changes name by id, so the panel
 * shows names (a deleted company's too). A second round trip only when the timeline has such a change.
 */
export async function companyNamesIn(
  db: Database,
  organization: SQL,
  timeline: { changes: Record<string, [unknown, unknown]> | null }[],
): Promise<Record<string, string>> {
  const ids = new Set<string>();
  for (const item of timeline)
    for (const field of ["companyId", "parentCompanyId"])
      for (const value of item.changes?.[field] ?? []) if (typeof value === "string") ids.add(value);
  if (ids.size === 0) return {};
  const rows = await companyNamesQuery(db, organization, [...ids]);
  return Object.fromEntries(rows.map((company) => [company.id, company.name]));
}
