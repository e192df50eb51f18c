import { TRPCError } from "@trpc/server";
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { companies } from "../../../../drizzle";
import { companySortName } from "../../../../drizzle/sort-keys";
import type { Database } from "../../db";
import { assertLiveRecord } from "./live-record";

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
  // The new parent's own parents, up the chain: the company among them means the parent is one of its subsidiaries.
  const [loop] = await db.all<{ name: string }>(sql`
    WITH RECURSIVE up(id, depth) AS (
      SELECT ${parentId}, 0
      UNION ALL
      SELECT ${companies.parentCompanyId}, up.depth + 1 FROM ${companies} JOIN up
        ON ${companies.id} = up.id AND ${companies.organizationId} = ${organizationId}
      WHERE ${companies.parentCompanyId} IS NOT NULL AND up.depth < ${MAX_DEPTH}
    )
    SELECT ${companies.name} AS name FROM ${companies}
    WHERE ${companies.id} = ${parentId} AND ${companies.organizationId} = ${organizationId}
      AND EXISTS (SELECT 1 FROM up WHERE up.id = ${companyId})`);
  if (loop)
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: `${loop.name} belongs to this company, so it cannot be its parent company.`,
    });
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
