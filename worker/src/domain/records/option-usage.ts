import { TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import { recordValues } from "../../../../drizzle";
import type { RecordObject } from "../../../../drizzle/values";
import type { Database } from "../../db";
import { recordPlural } from "./properties";

/**
 * Refuses taking options off a select or multi-select while records hold them (in the trash too, which a restore
 * brings back): their value would no longer be one the property allows, and the next save of the record would be
 * refused for it. Says which option, how many records, and what to do.
 */
export async function assertOptionsUnused(
  db: Database,
  scope: { organizationId: string; object: RecordObject; key: string },
  removed: string[],
): Promise<void> {
  if (removed.length === 0) return;
  const v = recordValues;
  // A select's value is the option; a multi-select's, a JSON array of them.
  const usage = await db
    .select({
      option: sql<string>`o.value`,
      count: sql<number>`count(*)`,
      trashed: sql<number>`sum(${v.deletedAt} IS NOT NULL)`,
    })
    .from(sql`json_each(${JSON.stringify(removed)}) AS o`)
    .innerJoin(
      v,
      and(
        eq(v.organizationId, scope.organizationId),
        eq(v.object, scope.object),
        eq(v.key, scope.key),
        sql`(${v.value} = o.value OR (json_valid(${v.value}) AND json_type(${v.value}) = 'array'
          AND EXISTS (SELECT 1 FROM json_each(${v.value}) AS chosen WHERE chosen.value = o.value)))`,
      ),
    )
    .groupBy(sql`o.value`)
    .orderBy(sql`min(o.key)`)
    .limit(1);
  const [first] = usage;
  if (!first) return;
  const records = `${first.count} ${first.count === 1 ? scope.object : recordPlural[scope.object]}`;
  const inTrash = first.trashed ? ` (${first.trashed} in the trash)` : "";
  throw new TRPCError({
    code: "BAD_REQUEST",
    message: `${records}${inTrash} ${first.count === 1 ? "has" : "have"} “${first.option}”. Change ${first.count === 1 ? "it" : "them"} to another option first, keep it, or rename it.`,
  });
}
