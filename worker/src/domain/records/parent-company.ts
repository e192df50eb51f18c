import { TRPCError } from "@trpc/server";
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { companies } from "../../../../drizzle";
import { companySortName } from "../../../../drizzle/sort-keys";
import { inValues, type Database } from "../../db";
import { assertLiveRecord } from "./live-record";
import { loopMessage } from "./parent-messages";

/** How far up a company's parents are followed to refuse a loop: deeper groups than this are not real. */
const MAX_DEPTH = 50;

/** How many of a company's subsidiaries its panel lists, by name. */
export const SUBSIDIARIES_LIMIT = 100;

/**
 * Checks a company's new parent: a live company of the organization (else NOT_FOUND, as any link to a record), not
 * the company itself, and not one of its own subsidiaries however far down (BAD_REQUEST, naming it): a group whose
 * head belongs to one of its members has no head. Trashed companies on the way up count, as a restore brings them back.
 */
export async function assertParentCompany(
  db: Database,
  organizationId: string,
  companyId: string | null,
  parentId: string | null | undefined,
): Promise<void> {
  if (!parentId) return;
  if (parentId === companyId)
    throw new TRPCError({ code: "BAD_REQUEST", message: "A company cannot be its own parent company." });
  await assertLiveRecord(db, organizationId, "company", parentId);
  if (!companyId) return;
  // The company among the new parent's own parents, up the chain, means the parent is one of its subsidiaries.
  if (!(await companiesAbove(db, organizationId, [parentId])).get(parentId)?.has(companyId)) return;
  const [parent] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, parentId));
  throw new TRPCError({ code: "BAD_REQUEST", message: loopMessage(parent.name) });
}

/**
 * Each of `ids` (companies of the organization) with the companies above it, however far up (MAX_DEPTH): its parent,
 * its parent's parent… Trashed ones count, as a restore brings them back. One read for them all.
 */
export async function companiesAbove(
  db: Database,
  organizationId: string,
  ids: string[],
): Promise<Map<string, Set<string>>> {
  const above = new Map(ids.map((id) => [id, new Set<string>()]));
  if (ids.length === 0) return above;
  const rows = await db.all<{ start: string; id: string }>(sql`
    WITH RECURSIVE up(start, id, depth) AS (
      SELECT k.value, k.value, 0 FROM json_each(${JSON.stringify(ids)}) AS k
      UNION ALL
      SELECT up.start, ${companies.parentCompanyId}, up.depth + 1 FROM ${companies} JOIN up
        ON ${companies.id} = up.id AND ${companies.organizationId} = ${organizationId}
      WHERE ${companies.parentCompanyId} IS NOT NULL AND up.depth < ${MAX_DEPTH}
    )
    SELECT start, id FROM up WHERE depth > 0`);
  for (const row of rows) above.get(row.start)?.add(row.id);
  return above;
}

/** A company's live subsidiaries, by name (companies_org_parent_idx), SUBSIDIARIES_LIMIT + 1 to tell there are more. */
export function subsidiariesQuery(db: Database, organizationId: SQL, companyId: string) {
  return db
    .select({ id: companies.id, name: companies.name, domain: companies.domain })
    .from(companies)
    .where(
      and(
        eq(companies.organizationId, organizationId),
        eq(companies.parentCompanyId, companyId),
        isNull(companies.deletedAt),
      ),
    )
    .orderBy(asc(companySortName(companies)), asc(companies.id))
    .limit(SUBSIDIARIES_LIMIT + 1);
}

/** How many of a company's group (itself and every company below it) groupIdsQuery lists. */
export const GROUP_IDS_LIMIT = 1000;

/**
 * A company and its subsidiaries however far down, the company first, with whether each is live: what cannot be its
 * parent. Another organization's company has no group (no rows).
 */
export function groupIdsQuery(db: Database, organizationId: SQL, companyId: string) {
  return db
    .select({ id: companies.id, live: sql<number>`${companies.deletedAt} IS NULL` })
    .from(companies)
    .where(
      and(
        eq(companies.organizationId, organizationId),
        sql`${companies.id} IN ${groupOf(organizationId, [companyId])}`,
      ),
    )
    .orderBy(sql`${companies.id} <> ${companyId}`)
    .limit(GROUP_IDS_LIMIT);
}

/** A company and its subsidiaries however far down (MAX_DEPTH), as a subquery of ids: its group. */
function groupOf(orgScope: SQL, ids: string[]): SQL {
  return sql`(WITH RECURSIVE company_group(id, depth) AS (
      SELECT ${companies.id}, 0 FROM ${companies}
      WHERE ${companies.organizationId} = ${orgScope} AND ${inValues(companies.id, ids)}
      UNION
      SELECT child.id, company_group.depth + 1 FROM ${companies} AS child JOIN company_group
        ON child.parent_company_id = company_group.id AND child.organization_id = ${orgScope}
      WHERE company_group.depth < ${MAX_DEPTH}
    ) SELECT id FROM company_group)`;
}

/**
 * A record's company (`company`: its column) with its subsidiaries (the `companyGroup` filter): "is" Acme Group lists
 * the people of Acme Group and of every company below it (contacts: their company column), or Acme Group and every
 * company below it (companies: their id). A company in the trash is in its group still, as its people keep the link.
 */
export function companyGroupFilter(company: SQL | SQLiteColumn, operator: string, value: unknown, orgScope: SQL): SQL {
  const ids = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string" && v !== "");
  switch (operator) {
    case "empty":
      return sql`${company} IS NULL`;
    case "notEmpty":
      return sql`${company} IS NOT NULL`;
  }
  if (ids.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: "Choose a company." });
  switch (operator) {
    case "eq":
    case "in":
      return sql`${company} IN ${groupOf(orgScope, ids)}`;
    case "neq":
      return sql`(${company} IS NULL OR ${company} NOT IN ${groupOf(orgScope, ids)})`;
  }
  throw new TRPCError({ code: "BAD_REQUEST", message: `A company's group cannot be compared with "${operator}".` });
}
