import { and, eq, sql, type SQL } from "drizzle-orm";
import { propertyDefinitions, recordCounts } from "../../../../drizzle";
import type { Database } from "../../db";
import type { RecordList } from "../../schemas/records";
import type { FieldKind, ObjectConfig } from "./fields";
import {
  encodeCursor,
  filterSql,
  ftsQuery,
  inOrganization,
  liveOrTrash,
  sortPlan,
  type PropertyKinds,
} from "./list-query";

/** Counting stops here: past it the list says "10,000+" instead of reading every row. */
export const COUNT_CAP = 10_000;

const kindOfType: Record<string, FieldKind> = {
  number: "number",
  currency: "number",
  date: "date",
  boolean: "number",
  "multi-select": "array",
};

export async function propertyKinds(
  db: Database,
  organizationId: string,
  object: ObjectConfig["object"],
): Promise<PropertyKinds> {
  const definitions = await db
    .select({ key: propertyDefinitions.key, type: propertyDefinitions.type })
    .from(propertyDefinitions)
    .where(and(eq(propertyDefinitions.organizationId, organizationId), eq(propertyDefinitions.object, object)));
  return Object.fromEntries(definitions.map((d) => [`prop:${d.key}`, kindOfType[d.type] ?? "text"]));
}

/**
 * One page of records: keyset pagination over any sortable field, filters, full-text search,
 * and (on the first page) a total that is exact up to COUNT_CAP.
 */
export async function listRecords<Row>(db: Database, config: ObjectConfig, organizationId: string, input: RecordList) {
  const needsProperties = [input.sort?.field, ...(input.filter?.conditions.map((c) => c.field) ?? [])].some((f) =>
    f?.startsWith("prop:"),
  );
  const properties = needsProperties ? await propertyKinds(db, organizationId, config.object) : {};
  const plan = sortPlan(config, input.sort, properties, input.cursor);
  const match = input.search ? ftsQuery(config, organizationId, input.search) : null;
  const fts = sql.raw(config.fts.table);
  const scope = and(
    inOrganization(config, organizationId),
    liveOrTrash(config, input.trash),
    filterSql(config, input.filter, properties),
    match ? sql`${config.table}.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match})` : undefined,
  );
  const table = config.table;
  const page = db
    .select({ record: table, sortValue: plan.sortValue })
    .from(table)
    .where(and(scope, plan.after))
    .orderBy(...plan.orderBy)
    .limit(input.limit + 1) as unknown as Promise<{ record: Row & { id: string }; sortValue: unknown }[]>;

  const unfiltered = !input.filter?.conditions.length && !match && !input.trash;
  const counting: Promise<{ count: number; exact: boolean } | null> = input.cursor
    ? Promise.resolve(null)
    : unfiltered
      ? db
          .select({ count: recordCounts.count })
          .from(recordCounts)
          .where(and(eq(recordCounts.organizationId, organizationId), eq(recordCounts.object, config.object)))
          .then(([row]) => ({ count: row?.count ?? 0, exact: true }))
      : db
          .get<{ count: number }>(
            sql`SELECT count(*) AS count FROM (SELECT 1 FROM ${table} WHERE ${scope} LIMIT ${COUNT_CAP + 1})`,
          )
          .then((row) => ({ count: Math.min(row.count, COUNT_CAP), exact: row.count <= COUNT_CAP }));

  const [rows, total] = await Promise.all([page, counting]);
  const more = rows.length > input.limit;
  const items = rows.slice(0, input.limit);
  const last = items[items.length - 1];
  return {
    items: items.map((r) => r.record),
    nextCursor: more && last ? encodeCursor({ v: last.sortValue ?? null, id: last.record.id }) : null,
    total,
  };
}

/**
 * Keeps `record_counts` right: a statement to run in the same batch as the write. `delta` may be
 * SQL (e.g. a count of the rows the batch's next statement will change), so it is exact even
 * when another request changed some of those rows a moment earlier.
 */
export function countChange(db: Database, organizationId: string, object: ObjectConfig["object"], delta: number | SQL) {
  return db
    .insert(recordCounts)
    .values({ organizationId, object, count: sql`max((${delta}), 0)` })
    .onConflictDoUpdate({
      target: [recordCounts.organizationId, recordCounts.object],
      set: { count: sql`max(${recordCounts.count} + (${delta}), 0)` },
    });
}

export type { SQL };
