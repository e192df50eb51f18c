import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, getTableName, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { propertyDefinitions, recordCounts, recordValues } from "../../../../drizzle";
import type { Database } from "../../db";
import type { RecordList } from "../../schemas/records";
import type { FieldKind, ObjectConfig } from "./fields";
import {
  decodeCursor,
  encodeCursor,
  filterSql,
  ftsMatch,
  inOrganization,
  liveOrTrash,
  propertyKeyOf,
  sortPlan,
  type PropertyKinds,
} from "./list-query";
import { withPackedRows } from "../../serialize";
import { bestMatchOrder, bestMatchPicks, bestMatchPosition } from "./best-match";
import { LIST_OMITTED, listRowCodec, rowCodec, type ListRow, type ListRowOf } from "./row-json";

/**
 * A filtered or searched list counts its matches up to here, then says "1,000+": counting reads one
 * index entry per match, and at 10,000 that was a millisecond of D1 on every first page (a third of
 * a list's cost under load). The unfiltered total is exact at any size (record_counts).
 */
export const COUNT_CAP = 1_000;

const kindOfType: Record<string, FieldKind> = {
  number: "number",
  currency: "number",
  date: "date",
  boolean: "number",
  "multi-select": "array",
};

/**
 * What a list needs from its procedure (memberReadProcedure's context): the database, the caller's
 * organization id as SQL, and the batch that checks the membership together with the list's reads.
 */
export type ListReader = {
  db: Database;
  uid: string;
  orgScope: SQL;
  readAsMember: (statements: BatchItem<"sqlite">[]) => Promise<{ results: unknown[] }>;
};

export type ListTotal = { count: number; exact: boolean } | null;

/**
 * Property kinds a caller's last list of an object found, by `uid:object`: only a guess to build the
 * SQL with before the definitions arrive in the same batch. A wrong or missing guess costs a second
 * round trip, never a wrong answer; the tenant scope never comes from here.
 */
const kindGuesses = new Map<string, PropertyKinds>();
const MAX_GUESSES = 1_000;

function rememberKinds(key: string, kinds: PropertyKinds) {
  if (kindGuesses.size >= MAX_GUESSES && !kindGuesses.has(key)) kindGuesses.clear();
  kindGuesses.set(key, kinds);
}

export type Plan<Item> = { statements: BatchItem<"sqlite">[]; shape: (results: unknown[]) => ListPage<Item> };
export type ListPage<Item> = { items: Item[]; nextCursor: string | null; total: ListTotal };

/**
 * One page of records in one D1 round trip: keyset pagination over any sortable field (custom
 * properties through `record_values`), filters, full-text search, and (on the first page, unless
 * `count` is false) a total that is exact up to COUNT_CAP. The membership check, the property
 * definitions (when a custom property is used), the page and the count share one batch.
 */
export async function listRecords<Config extends ObjectConfig>(
  reader: ListReader,
  config: Config,
  input: RecordList,
  { count = true }: { count?: boolean } = {},
): Promise<ListPage<ListRowOf<Config>>> {
  const propertyFields = [input.sort?.field, ...(input.filter?.conditions.map((c) => c.field) ?? [])].filter(
    (f): f is string => propertyKeyOf(f) !== null,
  );
  if (propertyFields.length === 0) {
    const plan = planList(reader, config, input, {}, count);
    const { results } = await reader.readAsMember(plan.statements);
    return plan.shape(results);
  }

  const guessKey = `${reader.uid}:${config.object}`;
  const definitions = reader.db
    .select({ key: propertyDefinitions.key, type: propertyDefinitions.type })
    .from(propertyDefinitions)
    .where(and(eq(propertyDefinitions.organizationId, reader.orgScope), eq(propertyDefinitions.object, config.object)));
  const guess = kindGuesses.get(guessKey);
  let plan: Plan<ListRowOf<Config>> | null = null;
  if (guess && propertyFields.every((f) => f in guess)) {
    try {
      plan = planList(reader, config, input, guess, count);
    } catch (error) {
      // Built from a guess: the definitions read below decide whether such an error stands.
      if (!(error instanceof TRPCError)) throw error;
    }
  }
  const { results } = await reader.readAsMember([definitions, ...(plan?.statements ?? [])]);
  const rows = results[0] as { key: string; type: string }[];
  const kinds: PropertyKinds = Object.fromEntries(rows.map((d) => [`prop:${d.key}`, kindOfType[d.type] ?? "text"]));
  rememberKinds(guessKey, kinds);
  if (plan && propertyFields.every((f) => kinds[f] === guess?.[f])) return plan.shape(results.slice(1));
  // No guess, or a wrong one: a second round trip, now with the kinds just read.
  const exact = planList(reader, config, input, kinds, count);
  return exact.shape((await reader.readAsMember(exact.statements)).results);
}

/**
 * The statements of one list page and how to read their results, for a caller that batches several
 * lists (the palette). `properties`: the kinds of the custom properties the input uses.
 */
export function planList<Config extends ObjectConfig>(
  reader: ListReader,
  config: Config,
  input: RecordList,
  properties: PropertyKinds,
  count: boolean,
): Plan<ListRowOf<Config>> {
  const { db, orgScope } = reader;
  const table = config.table;
  const match = input.search ? ftsMatch(config, orgScope, input.search, input.trash) : null;
  const fts = sql.raw(config.fts.table);
  const filter = filterSql(config, input.filter, properties, { orgScope, trash: input.trash });
  const base = and(inOrganization(config, orgScope), liveOrTrash(config, input.trash), filter);
  const scope = and(
    base,
    match ? sql`${table.seq} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match})` : undefined,
  );

  const unfiltered = !input.filter?.conditions.length && !match && !input.trash;
  /** count(*) over at most COUNT_CAP + 1 rows of `rows` (a select of 1 per row). */
  const capped = (rows: SQL) => sql`(SELECT count(*) FROM (${rows} LIMIT ${COUNT_CAP + 1}))`;
  let counting: SQL | null = null;
  if (count && !input.cursor) {
    if (unfiltered)
      counting = sql`(SELECT ${recordCounts.count} FROM ${recordCounts}
        WHERE ${recordCounts.organizationId} = ${orgScope} AND ${recordCounts.object} = ${config.object})`;
    // A search alone counts inside the FTS index: its organization_id column holds organization and trash.
    else if (match && !input.filter?.conditions.length)
      counting = capped(sql`SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${match}`);
    // With filters too, start from the FTS matches rather than probe them for every record.
    else if (match)
      counting = capped(
        sql`SELECT 1 FROM ${fts} CROSS JOIN ${table} ON ${table.seq} = ${fts}.rowid WHERE ${fts} MATCH ${match} AND ${base}`,
      );
    else counting = capped(sql`SELECT 1 FROM ${table} WHERE ${scope}`);
  }
  // The count rides on the page as a column (an uncorrelated subquery: SQLite runs it once): every
  // statement in a D1 batch has a cost of its own. No rows on a first page means a count of 0.
  const total: { total?: SQL.Aliased<number> } = counting ? { total: sql<number>`${counting}`.as("total") } : {};

  const codec = listRowCodec(config);
  const sortKey = propertyKeyOf(input.sort?.field);
  // A search without a chosen sort lists its best matches first (bestMatchPicks), its cursor a position in them.
  const bestMatch = Boolean(match && input.search && !input.sort);
  const page = (
    bestMatch
      ? (() => {
          const cursor = input.cursor ? decodeCursor(input.cursor) : null;
          const after = cursor ? { position: bestMatchPosition(cursor.v), id: cursor.id } : null;
          const picked = bestMatchPicks(config, input.search!, base, match, input.limit + 1, after);
          return db
            .select({
              record: codec.arraySelect,
              sortValue: sql`picked.position`,
              ...(total as { total: SQL.Aliased<number> }),
            })
            .from(sql`${picked} AS picked`)
            .innerJoin(table, sql`${table.seq} = picked.hit`)
            .orderBy(...bestMatchOrder(config));
        })()
      : sortKey !== null
        ? propertySortPage(db, config, input, scope, sortKey, properties, total)
        : (() => {
            const plan = sortPlan(config, input.sort, properties, input.cursor);
            return db
              .select({
                record: codec.arraySelect,
                sortValue: plan.sortValue,
                ...(total as { total: SQL.Aliased<number> }),
              })
              .from(table)
              .where(and(scope, plan.after))
              .orderBy(...plan.orderBy)
              .limit(input.limit + 1);
          })()
  ) as BatchItem<"sqlite">;

  return {
    statements: [page],
    shape(results) {
      const rows = results[0] as { record: string; sortValue: unknown; total?: number | null }[];
      // A best-match position comes as JSON text ([part, name or seq]).
      const cursorValue = (value: unknown) => (bestMatch ? (JSON.parse(value as string) as unknown) : (value ?? null));
      const more = rows.length > input.limit;
      const page = rows.slice(0, input.limit);
      // Every row's json_array in one parse; the rows travel packed (withPackedRows), and become
      // records only for in-process callers that read `items`.
      const values = JSON.parse(`[${page.map((r) => r.record).join(",")}]`) as unknown[][];
      const lastId = values.length ? (values[values.length - 1][codec.packing.keys.indexOf("id")] as string) : null;
      let total: ListTotal = null;
      if (counting) {
        const counted = Number(rows[0]?.total ?? 0);
        total = unfiltered
          ? { count: counted, exact: true }
          : { count: Math.min(counted, COUNT_CAP), exact: counted <= COUNT_CAP };
      }
      const result = {
        nextCursor:
          more && lastId !== null
            ? encodeCursor({ v: cursorValue(page[page.length - 1].sortValue), id: lastId })
            : null,
        total,
      } as ListPage<ListRowOf<Config>>;
      let items: ListRowOf<Config>[] | undefined;
      Object.defineProperty(result, "items", { enumerable: true, get: () => (items ??= values.map(codec.fromArray)) });
      return withPackedRows(result, "items", codec.packing, values);
    },
  };
}

/**
 * The palette's as-you-type search, never counted: the best matches (see bestMatchPicks), live
 * records of the caller's organization only.
 */
export function planQuickSearch<Row extends { id: string }>(
  reader: ListReader,
  config: ObjectConfig,
  text: string,
  limit: number,
): Plan<ListRow<Row>> {
  const { db, orgScope } = reader;
  const live = and(inOrganization(config, orgScope), isNull(config.table.deletedAt));
  const picked = bestMatchPicks(config, text, live, ftsMatch(config, orgScope, text, false), limit, null);
  // The palette shows names only: the list columns (listColumns) would be lookups for nothing.
  const codec = rowCodec<ListRow<Row>>(config.table, LIST_OMITTED);
  const page = db
    .select({ record: codec.select })
    .from(sql`${picked} AS picked`)
    .innerJoin(config.table, sql`${config.table.seq} = picked.hit`)
    .orderBy(...bestMatchOrder(config));
  return {
    statements: [page],
    shape: (results) => ({
      items: (results[0] as { record: string }[]).map((r) => codec.decode(r.record)),
      nextCursor: null,
      total: null,
    }),
  };
}

/**
 * A page sorted by a custom property, read in index order from `record_values` (one row per record
 * and key with a value), then the records without a value (last in both directions, by id). A
 * UNION ALL under one LIMIT: SQLite stops before the second part once the first fills the page.
 */
function propertySortPage(
  db: Database,
  config: ObjectConfig,
  input: RecordList,
  scope: SQL | undefined,
  key: string,
  properties: PropertyKinds,
  total: { total?: SQL.Aliased<number> },
) {
  if (!(`prop:${key}` in properties))
    throw new TRPCError({ code: "BAD_REQUEST", message: `There is no field "prop:${key}" to filter or sort on.` });
  const table = config.table;
  const ascending = (input.sort?.direction ?? "asc") === "asc";
  const order = ascending ? asc : desc;
  const beyond = ascending ? sql`>` : sql`<`;
  const limit = input.limit + 1;
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;
  const v = recordValues;
  const valueRow = and(
    eq(v.organizationId, table.organizationId),
    eq(v.object, config.object),
    eq(v.recordId, table.id),
    eq(v.key, key),
  );

  const withValue = sql`SELECT * FROM (SELECT 0 AS phase, ${v.value} AS value, ${v.recordId} AS record_id
    FROM ${v} CROSS JOIN ${table} ON ${table.id} = ${v.recordId}
    WHERE ${v.organizationId} = ${table.organizationId} AND ${v.object} = ${config.object} AND ${v.key} = ${key}
      AND ${input.trash ? isNotNull(v.deletedAt) : isNull(v.deletedAt)} AND ${scope}
      ${cursor ? sql`AND (${v.value}, ${v.recordId}) ${beyond} (${cursor.v}, ${cursor.id})` : sql``}
    ORDER BY ${v.value} ${sql.raw(ascending ? "ASC" : "DESC")}, ${v.recordId} ${sql.raw(ascending ? "ASC" : "DESC")}
    LIMIT ${limit})`;
  // By the id index: the planner would otherwise sort every record of the organization first.
  const withoutValue = sql`SELECT * FROM (SELECT 1 AS phase, NULL AS value, ${table.id} AS record_id
    FROM ${table} INDEXED BY ${sql.raw(`${getTableName(table)}_id_uq`)}
    WHERE ${scope} AND NOT EXISTS (SELECT 1 FROM ${v} WHERE ${valueRow})
      ${cursor?.v === null || cursor?.v === undefined ? (cursor ? sql`AND ${table.id} ${beyond} ${cursor.id}` : sql``) : sql``}
    ORDER BY ${table.id} ${sql.raw(ascending ? "ASC" : "DESC")}
    LIMIT ${limit})`;
  const afterValues = cursor && (cursor.v === null || cursor.v === undefined);
  const picked = afterValues
    ? sql`(${withoutValue}) AS picked`
    : sql`(${withValue} UNION ALL ${withoutValue} LIMIT ${limit}) AS picked`;
  return db
    .select({
      record: listRowCodec(config).arraySelect,
      sortValue: sql`picked.value`.as("sort_value"),
      ...(total as { total: SQL.Aliased<number> }),
    })
    .from(picked)
    .innerJoin(table, sql`${table.id} = picked.record_id`)
    .orderBy(sql`picked.phase`, order(sql`picked.value`), order(sql`picked.record_id`));
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
