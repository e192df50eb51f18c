import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, getTableName, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import {
  contactStatusCounts,
  propertyDefinitions,
  propertyValueCounts,
  recordCounts,
  recordValues,
} from "../../../../drizzle";
import { inValues, toStatement, type Database, type Statement } from "../../db";
import { isRelativeDayOperator, VIEWER, type RecordList } from "../../schemas/records";
import { dayIn } from "./relative-days";
import type { FieldKind, ObjectConfig } from "./fields";
import {
  anchorName,
  decodeCursor,
  decodeSortCursor,
  encodeCursor,
  filterSql,
  ftsSearch,
  inOrganization,
  liveOrTrash,
  propertyKeyOf,
  valueDriver,
  sortPlan,
  tagCountSql,
  tagDriver,
  type Calendar,
  type PropertyKinds,
} from "./list-query";
import { withPackedRows } from "../../serialize";
import { bestMatchOrder, bestMatchPicks, bestMatchPosition } from "./best-match";
import { listRowCodec, type ListRowOf, type RowCodec } from "./row-json";

/**
 * A filtered or searched list counts its matches up to here, then says "1,000+": counting reads one
 * index entry per match, and at 10,000 that was a millisecond of D1 on every first page (a third of
 * a list's cost under load). The unfiltered total is exact at any size (record_counts).
 */
export const COUNT_CAP = 1_000;

/** count(*) over at most COUNT_CAP + 1 rows of `rows` (a select of 1 per row). */
const capped = (rows: SQL) => sql`(SELECT count(*) FROM (${rows} LIMIT ${COUNT_CAP + 1}))`;

/**
 * The LIMIT of one of two ways into a page written in one statement: `limit` for the way `condition`
 * picks (`when` true: when it holds), 0 for the other. SQLite skips a loop whose LIMIT is 0, where a
 * WHERE on a subquery's value would still walk it.
 */
const eitherWay = (condition: SQL, limit: number, when: boolean) =>
  sql`CASE WHEN ${condition} THEN ${when ? limit : 0} ELSE ${when ? 0 : limit} END`;

const kindOfType: Record<string, FieldKind> = {
  number: "number",
  currency: "number",
  date: "date",
  boolean: "number",
  "multi-select": "array",
};

/**
 * What a list needs from its procedure (memberReadProcedure's context): the caller's organization id
 * as SQL, and the read that checks the membership together with the list's statements (their rows
 * as arrays). `overHttp`: the page goes to serializeResponse, which sends its rows packed and never
 * reads `items`.
 */
export type ListReader = {
  uid: string;
  /** The organization of `uid`'s membership, as SQL binding `uid` only: plans are reused by uid (memoizedPlan). */
  orgScope: SQL;
  readRowsAsMember: (statements: Statement[]) => Promise<unknown[][][]>;
  /** The same without the membership check: an answer read so must wait for a readRowsAsMember. */
  readRowsUnchecked: (statements: Statement[]) => Promise<unknown[][][]>;
  overHttp?: boolean;
};

/**
 * A tag filter reads the tag's records and sorts them when few records carry the tag, else walks the
 * sort order probing each record: reading a tag's records costs about five probes each (measured at
 * 100,000 contacts: 4.3 µs a record read by id, 0.8 µs a probe), and a walk probes about
 * page × records ÷ tagged records of them. So the tag's side wins while tagged² ≤ this × page × records.
 */
const TAG_SIDE_FACTOR = 0.15;

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

/** Statements run on D1 directly (see Statement) and how to read their rows (arrays, in select order). */
export type Plan<Item> = {
  statements: Statement[];
  shape: (results: unknown[][][]) => ListPage<Item>;
  /** The value of the page's `check` column (planList's option), read before `shape`; undefined without rows. */
  checked?: (results: unknown[][][]) => unknown;
};
export type ListPage<Item> = { items: Item[]; nextCursor: string | null; total: ListTotal };

/**
 * One page of records in one D1 round trip: keyset pagination over any sortable field (custom
 * properties through `record_values`), filters, full-text search, and (on the first page, unless
 * `count` is false) a total that is exact up to COUNT_CAP, in one statement. The page proves the
 * membership when it has rows (its scope is the caller's organization); a custom property's kind
 * comes from the caller's last list and is checked on the page (see kindGuesses).
 */
export async function listRecords<Config extends ObjectConfig>(
  reader: ListReader,
  config: Config,
  listInput: RecordList,
  { count = true }: { count?: boolean } = {},
): Promise<ListPage<ListRowOf<Config>>> {
  const input = withToday(forViewer(listInput, reader.uid));
  const propertyFields = [input.sort?.field, ...(input.filter?.conditions.map((c) => c.field) ?? [])].filter(
    (f): f is string => propertyKeyOf(f) !== null,
  );
  if (propertyFields.length === 0) {
    const plan = memoizedPlan(reader, config, input, {}, count);
    return plan.shape(await reader.readRowsAsMember(plan.statements));
  }

  const guessKey = `${reader.uid}:${config.object}`;
  const keys = [...new Set(propertyFields.map((f) => propertyKeyOf(f)!))];
  const guess = kindGuesses.get(guessKey);
  if (guess && propertyFields.every((f) => f in guess)) {
    // The guess's plan alone, its page carrying the definitions of the keys it uses (one column, run
    // once): one statement when the guess holds, as a list without custom properties.
    let plan: Plan<ListRowOf<Config>> | null = null;
    try {
      plan = memoizedPlan(reader, config, input, guess, count, keys);
    } catch (error) {
      // Built from a guess: the definitions read below decide whether such an error stands.
      if (!(error instanceof TRPCError)) throw error;
    }
    if (plan) {
      const results = await reader.readRowsUnchecked(plan.statements);
      const checked = plan.checked!(results);
      // Rows prove the membership (they are the organization's) and carry the definitions of the
      // keys used; an empty page reads them (and so checks the membership) in a second trip.
      const kinds =
        checked === undefined ? await definitionKinds(reader, config) : kindsOf(JSON.parse(checked as string));
      if (propertyFields.every((f) => kinds[f] === guess[f])) return plan.shape(results);
      if (checked === undefined) {
        rememberKinds(guessKey, kinds);
        return await exactPage(kinds);
      }
    }
  }
  const kinds = await definitionKinds(reader, config);
  rememberKinds(guessKey, kinds);
  return await exactPage(kinds);

  async function exactPage(kinds: PropertyKinds) {
    const exact = memoizedPlan(reader, config, input, kinds, count);
    return exact.shape(await reader.readRowsAsMember(exact.statements));
  }
}

/** The owner conditions' "Me" (VIEWER) as the reader's own id. */
function forViewer(input: RecordList, uid: string): RecordList {
  const me = (value: unknown) => (value === VIEWER ? uid : value);
  const conditions = input.filter?.conditions;
  if (!conditions?.some((c) => c.field === "ownerId" && [c.value].flat().includes(VIEWER))) return input;
  return {
    ...input,
    filter: {
      ...input.filter!,
      conditions: conditions.map((c) =>
        c.field !== "ownerId" ? c : { ...c, value: Array.isArray(c.value) ? c.value.map(me) : me(c.value) },
      ) as typeof conditions,
    },
  };
}

/** A list as planned: `today`, in its time zone, when a filter counts days from it (part of its plan's key). */
type PlannedList = RecordList & { today?: string };

function withToday(input: RecordList): PlannedList {
  const counted = input.filter?.conditions.some((c) => isRelativeDayOperator(c.operator));
  return counted ? { ...input, today: dayIn(input.timeZone ?? "UTC", Date.now()) } : input;
}

/** The today a list's filters count days from: the one it was planned for, else the present one. */
const calendarOf = (input: PlannedList) => (): Calendar => {
  const timeZone = input.timeZone ?? "UTC";
  return { timeZone, today: input.today ?? dayIn(timeZone, Date.now()) };
};

/**
 * Plans by everything they are built from, the caller's uid included (their statements bind it):
 * a list's first page is asked for again and again (every refetch, Back, another tab), and building
 * its statement was a tenth of the Worker's CPU for the request. Plans are pure (text, values and
 * how to read the rows); nothing read from the database is kept.
 */
const plans = new Map<string, Plan<unknown>>();
const MAX_PLANS = 500;

function memoizedPlan<Config extends ObjectConfig>(
  reader: ListReader,
  config: Config,
  input: PlannedList,
  properties: PropertyKinds,
  count: boolean,
  checkKeys?: string[],
): Plan<ListRowOf<Config>> {
  const key = JSON.stringify([
    config.object,
    reader.uid,
    reader.overHttp === true,
    count,
    checkKeys,
    properties,
    input,
  ]);
  let plan = plans.get(key) as Plan<ListRowOf<Config>> | undefined;
  if (!plan) {
    const check = checkKeys ? definitionsOf(reader, config, checkKeys) : undefined;
    plan = planList(reader, config, input, properties, count, { check });
    if (plans.size >= MAX_PLANS) plans.clear();
    plans.set(key, plan);
  }
  return plan;
}

/** The kinds of the object's custom properties, by field (`prop:<key>`); FORBIDDEN unless a member. */
async function definitionKinds(reader: ListReader, config: ObjectConfig): Promise<PropertyKinds> {
  const d = propertyDefinitions;
  const definitions = toStatement(
    sql`select ${d.key} AS k, ${d.type} AS y from ${d} where ${and(
      eq(d.organizationId, reader.orgScope),
      eq(d.object, config.object),
    )}`,
  );
  const [rows] = (await reader.readRowsAsMember([definitions])) as [key: string, type: string][][];
  return kindsOf(Object.fromEntries(rows));
}

/** Property kinds by field (`prop:<key>`) from definitions' types by key. */
const kindsOf = (types: Record<string, string>): PropertyKinds =>
  Object.fromEntries(Object.entries(types).map(([key, type]) => [`prop:${key}`, kindOfType[type] ?? "text"]));

/** JSON text of `{ key: type }` for the object's definitions of `keys` ('{}' when none). */
function definitionsOf(reader: ListReader, config: ObjectConfig, keys: string[]): SQL {
  const d = propertyDefinitions;
  return sql`(SELECT json_group_object(${d.key}, ${d.type}) FROM ${d} WHERE ${and(
    eq(d.organizationId, reader.orgScope),
    eq(d.object, config.object),
    inValues(d.key, keys),
  )})`;
}

/**
 * The statements of one list page and how to read their results, for a caller that batches several
 * lists (the palette). `properties`: the kinds of the custom properties the input uses.
 */
export function planList<Config extends ObjectConfig>(
  reader: ListReader,
  config: Config,
  input: PlannedList,
  properties: PropertyKinds,
  count: boolean,
  { check }: { check?: SQL } = {},
): Plan<ListRowOf<Config>> {
  const { orgScope } = reader;
  const table = config.table;
  const match = input.search ? ftsSearch(config, orgScope, input.search, input.trash) : null;
  const fts = sql.raw(config.fts.table);
  const filterScope = { orgScope, trash: input.trash, calendar: calendarOf(input) };
  const filter = filterSql(config, input.filter, properties, filterScope);
  const base = and(inOrganization(config, orgScope), liveOrTrash(config, input.trash), filter);
  // A walk of a sort's index probes each record for the search (`+`: the matches must not drive the
  // walk, or SQLite loops over every match for each index entry: 0.7 s a page for "a" by a property).
  const scope = and(
    base,
    match ? sql`+${table.seq} IN (SELECT ${match.seq} FROM ${fts} WHERE ${match.where()})` : undefined,
  );
  /**
   * A sorted search reads its matches and sorts them while they are at most COUNT_CAP (about 1 ms
   * for 1,000 at 100,000 contacts); with more, walking the sort's index finds a page within about
   * page × records ÷ matches probes. `matches`: the FTS hits joined to their records, for the first way.
   */
  const matchCount = match ? capped(sql`SELECT 1 FROM ${fts} WHERE ${match.where()}`) : null;
  const matches = match
    ? sql`(SELECT ${match.seq} AS m FROM ${fts} WHERE ${match.where()}) AS found CROSS JOIN ${table} ON ${table.seq} = found.m`
    : null;
  const fewMatches = matchCount ? sql`(${matchCount} <= ${COUNT_CAP})` : null;
  const sortKey = propertyKeyOf(input.sort?.field);
  // A search without a chosen sort lists its best matches first (bestMatchPicks), its cursor a position in them.
  const bestMatch = Boolean(match && input.search && !input.sort);
  // A "has tag" filter on a plain sort: read from the tag's side or walk the sort, by the tag's count (tagDriver).
  const driver = !match && sortKey === null ? tagDriver(config, input.filter) : null;
  const tagCount = driver ? tagCountSql(config, orgScope, driver.keys) : null;
  const driven = driver
    ? and(
        inOrganization(config, orgScope),
        liveOrTrash(config, input.trash),
        filterSql(config, input.filter, properties, filterScope, { driver: driver.index }),
      )
    : undefined;
  // "<select property> is <option>" on a name sort: read that option's records by name from record_values (see
  // valueRows), when the value is one of its options; the walk of the names otherwise.
  const byName = (input.sort?.field ?? config.defaultSort) === config.defaultSort;
  const valued = !match && sortKey === null && !driver && byName ? valueDriver(input.filter) : null;
  const valueHolds = valued ? isSelect(config, orgScope, valued.key, valued.value) : null;
  const recordCount = sql`coalesce((SELECT ${recordCounts.count} FROM ${recordCounts}
        WHERE ${recordCounts.organizationId} = ${orgScope} AND ${recordCounts.object} = ${config.object}), 0)`;

  const unfiltered = !input.filter?.conditions.length && !match && !input.trash;
  let counting: SQL | null = null;
  let statusCount: SQL | null;
  let valueCount: ReturnType<typeof keptValueCount>;
  /**
   * Whether `counting` is exact however large (a stored count), rather than capped at COUNT_CAP; "whenKept": a kept
   * count when its property is a select, which says so by being negative (KEPT_ABOVE less it), capped otherwise.
   */
  let exactAtAnySize: boolean | "whenKept" = unfiltered;
  if (count && !input.cursor) {
    if (unfiltered) counting = recordCount;
    // Live contacts of one lead status (a board's lane): counted as they change (migrations/0044).
    else if (!match && (statusCount = keptStatusCount(config, orgScope, input))) {
      counting = statusCount;
      exactAtAnySize = true;
    }
    // Live records of one option of a select property, or of none (a board's lane): kept too (migrations/0045).
    else if (!match && (valueCount = keptValueCount(config, orgScope, input, recordCount))) {
      counting = sql`(CASE WHEN ${valueCount.kept} THEN ${KEPT_ABOVE} - ${valueCount.count}
        ELSE ${capped(sql`SELECT 1 FROM ${table} WHERE ${scope}`)} END)`;
      exactAtAnySize = "whenKept";
    }
    // A search alone counts inside the FTS index: the organization's live or trashed rows are a rowid range.
    else if (matchCount && !input.filter?.conditions.length) counting = matchCount;
    // With filters too, start from the FTS matches rather than probe them for every record.
    else if (match)
      counting = capped(
        sql`SELECT 1 FROM ${fts} CROSS JOIN ${table} ON ${table.seq} = ${match.seq} WHERE ${match.where()} AND ${base}`,
      );
    // One "has tag" of one key among live records: the vocabulary counts exactly those (migrations/0005).
    else if (driver && tagCount && input.filter?.conditions.length === 1 && driver.keys.length === 1 && !input.trash) {
      counting = tagCount;
      exactAtAnySize = true;
    }
    // Counting from the tag's side reads a record per tagged record (up to the cap); walking probes
    // records per match, which pays only when the tag is on a good part of the list.
    else if (driver && tagCount && driven)
      counting = sql`(CASE WHEN 4 * ${tagCount} <= ${recordCount}
        THEN ${capped(sql`SELECT 1 FROM ${table} INDEXED BY ${idIndex(config)} WHERE ${driven}`)}
        ELSE ${capped(sql`SELECT 1 FROM ${table} WHERE ${scope}`)} END)`;
    else if (valued && valueHolds)
      counting = sql`(CASE WHEN ${valueHolds}
        THEN ${capped(valueRows(config, orgScope, input.trash, valued, sql`${table.seq}`, scope))}
        ELSE ${capped(sql`SELECT 1 FROM ${table} WHERE ${scope}`)} END)`;
    else counting = capped(sql`SELECT 1 FROM ${table} WHERE ${scope}`);
  }
  // The count rides on the page as a column (an uncorrelated subquery: SQLite runs it once): every
  // statement in a D1 batch has a cost of its own. No rows on a first page means a count of 0.
  // The count, then `check` (a value the caller reads from the first row, see Plan.checked).
  const tail = sql`${counting ?? sql`NULL`} AS t${check ? sql`, ${check} AS k` : sql``}`;

  const codec = listRowCodec(config, input.fields);
  const limit = input.limit + 1;
  let page: SQL;
  if (bestMatch) {
    const cursor = input.cursor ? decodeCursor(input.cursor) : null;
    const after = cursor ? { position: bestMatchPosition(cursor.v), id: cursor.id } : null;
    const picked = bestMatchPicks(config, input.search!, base, match, limit, after);
    page = sql`select ${codec.packedSelect} AS j, picked.position AS s, ${tail}
      from ${picked} AS picked inner join ${table} on ${table.seq} = picked.hit
      order by ${sql.join(bestMatchOrder(config), sql`, `)}`;
  } else if (sortKey !== null) {
    const picked =
      matches && fewMatches
        ? sql`${propertySortPicks(config, input, orgScope, scope, sortKey, properties, eitherWay(fewMatches, limit, false))}
          UNION ALL ${propertyMatchPicks(config, input, orgScope, base, matches, sortKey, eitherWay(fewMatches, limit, true))}`
        : propertySortPicks(config, input, orgScope, scope, sortKey, properties, limit);
    page = propertySortPage(config, input, picked, sql`${codec.packedSelect} AS j`, tail);
  } else if (driver && tagCount && driven) {
    // Both ways in one statement, each under a LIMIT of 0 unless the tag's count picks it (SQLite
    // skips a loop whose LIMIT is 0; a WHERE on a subquery's value would still walk it). Each way
    // picks its rows' seq, sort value and id; the page's records are read for those rows only.
    const plan = sortPlan(config, input.sort, properties, orgScope, input.cursor);
    const tagSide = sql`(${tagCount} * ${tagCount} <= ${TAG_SIDE_FACTOR * limit} * ${recordCount})`;
    const way = (where: SQL | undefined, indexed: boolean, take: SQL) =>
      // The walk of a field that may be empty reads its index in order (nullsLastPicks).
      !indexed && plan.nullable
        ? sql`SELECT * FROM (${nullsLastPicks(config, where, plan, take)})`
        : sql`SELECT * FROM (SELECT ${table.seq} AS q, ${plan.sortValue} AS s, ${table.id} AS i
        FROM ${table}${indexed ? sql` INDEXED BY ${idIndex(config)}` : sql``} WHERE ${and(where, plan.after)}
        ORDER BY ${sql.join(plan.orderBy, sql`, `)} LIMIT ${take})`;
    page = sql`select ${codec.packedSelect} AS j, picked.s AS s, ${tail} from (${way(
      driven,
      true,
      sql`CASE WHEN ${tagSide} THEN ${limit} ELSE 0 END`,
    )} UNION ALL ${way(scope, false, sql`CASE WHEN ${tagSide} THEN 0 ELSE ${limit} END`)}) AS picked
      inner join ${table} on ${table.seq} = picked.q
      order by ${pickedOrder(config, plan)}`;
  } else if (valued && valueHolds) {
    // Both ways in one statement, as for a tag: the option's records by name, or (LIMIT 0 unless the value is no
    // option) the walk of the names.
    const plan = sortPlan(config, input.sort, properties, orgScope, input.cursor);
    const direction = sql.raw(plan.direction === "asc" ? "ASC" : "DESC");
    const v = recordValues;
    const seek = plan.cursor
      ? sql` AND (${v.sortName}, ${v.recordId}) ${plan.direction === "asc" ? sql`>` : sql`<`} (${plan.cursor.v}, ${plan.cursor.id})`
      : sql``;
    const picks = sql`${table.seq} AS q, ${plan.sortValue} AS s, ${table.id} AS i`;
    const byValue = valueRows(config, orgScope, input.trash, valued, picks, and(scope, plan.after), seek);
    page = sql`select ${codec.packedSelect} AS j, picked.s AS s, ${tail} from (
        SELECT * FROM (${byValue} ORDER BY ${v.sortName} ${direction}, ${v.recordId} ${direction}
          LIMIT CASE WHEN ${valueHolds} THEN ${limit} ELSE 0 END)
        UNION ALL SELECT * FROM (SELECT ${picks} FROM ${table} WHERE ${and(scope, plan.after)}
          ORDER BY ${sql.join(plan.orderBy, sql`, `)} LIMIT CASE WHEN ${valueHolds} THEN 0 ELSE ${limit} END)
      ) AS picked
      inner join ${table} on ${table.seq} = picked.q
      order by ${pickedOrder(config, plan)}`;
  } else {
    const plan = sortPlan(config, input.sort, properties, orgScope, input.cursor);
    const orderBy = sql.join(plan.orderBy, sql`, `);
    // The rows (q: seq, s: sort value, i: id) of a walk of the sort's index; a field that may be
    // empty walks its index in order, then its empty ones (nullsLastPicks).
    const walk = (take: SQL | number) =>
      plan.nullable
        ? nullsLastPicks(config, scope, plan, take)
        : sql`SELECT ${table.seq} AS q, ${plan.sortValue} AS s, ${table.id} AS i FROM ${table}
          WHERE ${and(scope, plan.after)} ORDER BY ${orderBy} LIMIT ${take}`;
    if (!matches || !fewMatches) {
      page = plan.nullable
        ? sql`select ${codec.packedSelect} AS j, picked.s AS s, ${tail}
            from (${walk(limit)}) AS picked
            inner join ${table} on ${table.seq} = picked.q
            order by ${pickedOrder(config, plan)}`
        : sql`select ${codec.packedSelect} AS j, ${plan.sortValue} AS s, ${tail} from ${table}
            where ${and(scope, plan.after)} order by ${orderBy} limit ${limit}`;
    } else {
      // A sorted search: its matches sorted, or the walk, by their number (see fewMatches).
      const sorted = sql`SELECT ${table.seq} AS q, ${plan.sortValue} AS s, ${table.id} AS i FROM ${matches}
        WHERE ${and(base, plan.after)} ORDER BY ${orderBy} LIMIT ${eitherWay(fewMatches, limit, true)}`;
      page = sql`select ${codec.packedSelect} AS j, picked.s AS s, ${tail}
        from (SELECT * FROM (${walk(eitherWay(fewMatches, limit, false))}) UNION ALL SELECT * FROM (${sorted})) AS picked
        inner join ${table} on ${table.seq} = picked.q
        order by ${pickedOrder(config, plan)}`;
    }
  }

  return {
    statements: [toStatement(page)],
    // Each row: the packed record (its JSON text), its sort value, the total, then `check`.
    checked: (results) => (results[0].length ? results[0][0][3] : undefined),
    shape(results) {
      const rows = results[0] as [record: string, sortValue: unknown, total: unknown][];
      // A best-match position comes as JSON text ([part, name or seq]).
      const cursorValue = (value: unknown) => (bestMatch ? (JSON.parse(value as string) as unknown) : (value ?? null));
      const more = rows.length > input.limit;
      const page = more ? rows.slice(0, input.limit) : rows;
      const last = page.length ? page[page.length - 1] : null;
      let total: ListTotal = null;
      if (counting) {
        const counted = Number(rows[0]?.[2] ?? 0);
        total =
          exactAtAnySize === true || (exactAtAnySize === "whenKept" && rows.length > 0 && counted < 0)
            ? { count: exactAtAnySize === true ? counted : KEPT_ABOVE - counted, exact: true }
            : { count: Math.min(counted, COUNT_CAP), exact: counted <= COUNT_CAP };
      }
      // The cursor needs the last one's id.
      const lastId = last ? ((JSON.parse(last[0]) as unknown[])[codec.packing.keys.indexOf("id")] as string) : null;
      return withPackedItems(reader, codec, page, {
        nextCursor: more && last && lastId !== null ? encodeCursor({ v: cursorValue(last[1]), id: lastId }) : null,
        total,
      });
    },
  };
}

/**
 * `result` with `items` the records of `rows` (each a packed record's JSON text first). They travel as SQLite wrote
 * them, joined into one JSON array (withPackedRows), and become records only for callers that read `items`.
 */
function withPackedItems<Row, Result extends object>(
  reader: ListReader,
  codec: RowCodec<Row>,
  rows: [record: string, ...unknown[]][],
  result: Result,
): Result & { items: Row[] } {
  const values = `[${rows.map((row) => row[0]).join(",")}]`;
  let items: Row[] | undefined;
  // Over HTTP nothing reads `items` (serializeResponse sends `values`); tRPC does look at every
  // enumerable value of a result (for streams), which would build every record for nothing.
  Object.defineProperty(result, "items", {
    enumerable: !reader.overHttp,
    get: () => (items ??= (JSON.parse(values) as unknown[][]).map(codec.fromArray)),
  });
  return withPackedRows(result as Result & { items: Row[] }, "items", codec.packing, values);
}

/**
 * The live records among `ids`, every field, in the order of `ids`: what an export of a selection reads, in one
 * statement that looks each id up through the table's id index. An id of another organization's record, or of one
 * in the trash, finds nothing.
 */
export async function recordsById<Config extends ObjectConfig>(
  reader: ListReader,
  config: Config,
  ids: readonly string[],
): Promise<{ items: ListRowOf<Config>[] }> {
  const table = config.table;
  const codec = listRowCodec(config);
  // The ids drive (CROSS JOIN keeps them the outer loop), each looked up by the id index and its organization then
  // checked (`+`: no index for it, see organizationRowsById), never a walk of the organization.
  const rows = sql`select ${codec.packedSelect} AS j from json_each(${JSON.stringify(ids)}) AS k
    cross join ${table} on ${table.id} = k.value
    where +${table.organizationId} = ${reader.orgScope} and ${isNull(table.deletedAt)}
    order by k.key`;
  const [found] = (await reader.readRowsAsMember([toStatement(rows)])) as [record: string][][];
  return withPackedItems(reader, codec, found, {});
}

/** The table's unique index on id (`<table>_id_uq`), for INDEXED BY. */
const idIndex = (config: ObjectConfig) => sql.raw(`${getTableName(config.table)}_id_uq`);

/** A quick search's hit: the record's `fields`, and whether its own name starts with what was typed. */
export type QuickSearchHit<Config extends ObjectConfig, Field extends keyof ListRowOf<Config>> = Pick<
  ListRowOf<Config>,
  Field | "id"
> & { nameMatch: boolean };

/**
 * The palette's as-you-type search, never counted: the best matches (see bestMatchPicks), live
 * records of the caller's organization only, each with `fields` (the row's own columns, or list
 * columns kept on it such as a contact's company name: no lookups) and whether it matched by name,
 * which puts a company named as typed before the people who merely work there.
 */
export function planQuickSearch<Config extends ObjectConfig, Field extends keyof ListRowOf<Config> & string>(
  reader: ListReader,
  config: Config,
  text: string,
  limit: number,
  fields: readonly Field[],
): Plan<QuickSearchHit<Config, Field>> {
  const { orgScope } = reader;
  const live = and(inOrganization(config, orgScope), isNull(config.table.deletedAt));
  const picked = bestMatchPicks(config, text, live, ftsSearch(config, orgScope, text, false), limit, null);
  const codec = listRowCodec(config, fields);
  const page = sql`select ${codec.select} AS r, picked.part from ${picked} AS picked
    inner join ${config.table} on ${config.table.seq} = picked.hit
    order by ${sql.join(bestMatchOrder(config), sql`, `)}`;
  return {
    statements: [toStatement(page)],
    shape: (results) => ({
      items: (results[0] as [record: string, part: number][]).map(([record, part]) => ({
        ...(codec.decode(record) as Pick<ListRowOf<Config>, Field | "id">),
        nameMatch: part === 0,
      })),
      nextCursor: null,
      total: null,
    }),
  };
}

/**
 * The rows (phase, value, name, record_id) of a page sorted by a custom property, read in index order
 * from `record_values` (one row per record and key with a value; records of one value by name), then
 * the records without a value (last in both directions, by name): up to `take`. A UNION ALL under one
 * LIMIT: SQLite stops before the second part once the first fills the page.
 */
function propertySortPicks(
  config: ObjectConfig,
  input: RecordList,
  orgScope: SQL,
  scope: SQL | undefined,
  key: string,
  properties: PropertyKinds,
  take: SQL | number,
): SQL {
  if (!(`prop:${key}` in properties))
    throw new TRPCError({ code: "BAD_REQUEST", message: `There is no field "prop:${key}" to filter or sort on.` });
  const table = config.table;
  const { beyond, cursor, direction } = propertyOrder(input);
  const v = recordValues;
  const name = config.sortNameOf(table);
  const valueRow = and(
    eq(v.organizationId, table.organizationId),
    eq(v.object, config.object),
    eq(v.recordId, table.id),
    eq(v.key, key),
  );
  const afterValues = cursor !== null && (cursor.v === null || cursor.v === undefined);

  const withValue = sql`SELECT * FROM (SELECT 0 AS phase, ${v.value} AS value, ${v.sortName} AS name, ${v.recordId} AS record_id
    FROM ${v} CROSS JOIN ${table} ON ${table.id} = ${v.recordId}
    WHERE ${v.organizationId} = ${table.organizationId} AND ${v.object} = ${config.object} AND ${v.key} = ${key}
      AND ${input.trash ? isNotNull(v.deletedAt) : isNull(v.deletedAt)} AND ${scope}
      ${cursor ? sql`AND (${v.value}, ${v.sortName}, ${v.recordId}) ${beyond} (${cursor.v}, ${anchorName(config, orgScope, cursor.id)}, ${cursor.id})` : sql``}
    ORDER BY ${v.value} ${direction}, ${v.sortName} ${direction}, ${v.recordId} ${direction}
    LIMIT ${take})`;
  // By the name index: the planner would otherwise sort every record of the organization first.
  const withoutValue = sql`SELECT * FROM (SELECT 1 AS phase, NULL AS value, ${name} AS name, ${table.id} AS record_id
    FROM ${table} INDEXED BY ${nameIndex(config)}
    WHERE ${scope} AND NOT EXISTS (SELECT 1 FROM ${v} WHERE ${valueRow})
      ${afterValues ? sql`AND (${name}, ${table.id}) ${beyond} (${anchorName(config, orgScope, cursor.id)}, ${cursor.id})` : sql``}
    ORDER BY ${name} ${direction}, ${table.id} ${direction}
    LIMIT ${take})`;
  return afterValues ? withoutValue : sql`SELECT * FROM (${withValue} UNION ALL ${withoutValue} LIMIT ${take})`;
}

/** The organization's name index (`<table>_org_name_idx`, see sortNameOf), for INDEXED BY. */
const nameIndex = (config: ObjectConfig) => sql.raw(`${getTableName(config.table)}_org_name_idx`);

/** The direction and cursor of a page sorted by a custom property. */
function propertyOrder(input: RecordList) {
  const ascending = (input.sort?.direction ?? "asc") === "asc";
  return {
    ascending,
    direction: sql.raw(ascending ? "ASC" : "DESC"),
    beyond: ascending ? sql`>` : sql`<`,
    cursor: input.cursor ? decodeSortCursor(input.cursor) : null,
  };
}

/**
 * The same rows as propertySortPicks, read from a search's matches (`matches`, see planList) and
 * sorted: for a search with few matches, where a walk of the property's values would probe most of them.
 */
function propertyMatchPicks(
  config: ObjectConfig,
  input: RecordList,
  orgScope: SQL,
  base: SQL | undefined,
  matches: SQL,
  key: string,
  take: SQL | number,
): SQL {
  const table = config.table;
  const { beyond, cursor, direction } = propertyOrder(input);
  const v = recordValues;
  const name = config.sortNameOf(table);
  const anchor = cursor ? anchorName(config, orgScope, cursor.id) : null;
  const afterCursor =
    !cursor || !anchor
      ? undefined
      : cursor.v === null || cursor.v === undefined
        ? sql`${v.value} IS NULL AND (${name}, ${table.id}) ${beyond} (${anchor}, ${cursor.id})`
        : sql`(${v.value} IS NULL OR (${v.value}, ${name}, ${table.id}) ${beyond} (${cursor.v}, ${anchor}, ${cursor.id}))`;
  return sql`SELECT * FROM (SELECT (${v.value} IS NULL) AS phase, ${v.value} AS value, ${name} AS name, ${table.id} AS record_id
    FROM ${matches} LEFT JOIN ${v} ON ${and(
      eq(v.organizationId, table.organizationId),
      eq(v.object, config.object),
      eq(v.recordId, table.id),
      eq(v.key, key),
    )}
    WHERE ${and(base, afterCursor)}
    ORDER BY phase, value ${direction}, name ${direction}, record_id ${direction}
    LIMIT ${take})`;
}

/** A page of records sorted by a custom property, from their rows (`picked`, see propertySortPicks). */
function propertySortPage(config: ObjectConfig, input: RecordList, picked: SQL, record: SQL, tail: SQL): SQL {
  const table = config.table;
  const order = propertyOrder(input).ascending ? asc : desc;
  return sql`select ${record}, picked.value AS s, ${tail}
    from (${picked}) AS picked inner join ${table} on ${table.id} = picked.record_id
    order by picked.phase, ${order(sql`picked.value`)}, ${order(sql`picked.name`)}, ${order(sql`picked.record_id`)}`;
}

/**
 * The order of a page's picked rows (q, s, i; the record joined) as `plan` sorts: empty values last
 * when the field may be empty, ties by name (the joined record's) when the plan's are.
 */
function pickedOrder(config: ObjectConfig, plan: SortPlan): SQL {
  const direction = sql.raw(plan.direction === "asc" ? "asc" : "desc");
  const ties = plan.tiesByName ? sql`${config.sortNameOf(config.table)} ${direction}, ` : sql``;
  return sql`${plan.nullable ? sql`(picked.s IS NULL), ` : sql``}picked.s ${direction}, ${ties}picked.i ${direction}`;
}

type SortPlan = ReturnType<typeof sortPlan>;

/**
 * The rows (q: seq, s: sort value, i: id) of up to `take` records matching `where`, sorted by a field
 * that may be empty: those with a value in the field's index order, then those without (last in
 * both directions, by the plan's ties), as propertySortPage does. `ORDER BY (field IS NULL), field, id`
 * is an order no index holds, so SQLite sorted every matching record for each page (330 ms a page at
 * 100,000 contacts); each part here reads one index range, and SQLite stops before the second once
 * the first fills the page. A cursor among the empty ones reads only the second.
 */
function nullsLastPicks(config: ObjectConfig, where: SQL | undefined, plan: SortPlan, take: SQL | number): SQL {
  const table = config.table;
  const field = plan.sortValue;
  const direction = sql.raw(plan.direction === "asc" ? "ASC" : "DESC");
  const { cursor } = plan;
  const amongEmpty = cursor !== null && (cursor.v === null || cursor.v === undefined);
  const ties = (leading: SQL[]) =>
    sql.join(
      [...leading, ...plan.ties].map((key) => sql`${key} ${direction}`),
      sql`, `,
    );
  const part = (value: SQL, condition: SQL | undefined, order: SQL) =>
    sql`SELECT * FROM (SELECT ${table.seq} AS q, ${value} AS s, ${table.id} AS i
      FROM ${table} WHERE ${and(where, condition)} ORDER BY ${order} LIMIT ${take})`;
  const withValue = part(
    field,
    and(plan.hasValue, cursor && !amongEmpty ? plan.pastCursor([field], [cursor.v]) : undefined),
    ties([field]),
  );
  const withoutValue = part(
    sql`NULL`,
    and(sql`${field} IS NULL`, amongEmpty ? plan.pastCursor([], []) : undefined),
    ties([]),
  );
  return amongEmpty ? withoutValue : sql`${withValue} UNION ALL ${withoutValue} LIMIT ${take}`;
}

/** The kept count of live contacts of one lead status, when a list is filtered on that alone; else null. */
function keptStatusCount(config: ObjectConfig, orgScope: SQL, input: RecordList): SQL | null {
  const conditions = input.filter?.conditions ?? [];
  const only = conditions.length === 1 ? conditions[0]! : null;
  if (config.object !== "contact" || input.trash || !only) return null;
  if (only.field !== "leadStatus" || only.operator !== "eq" || typeof only.value !== "string") return null;
  return sql`coalesce((SELECT ${contactStatusCounts.count} FROM ${contactStatusCounts}
        WHERE ${contactStatusCounts.organizationId} = ${orgScope} AND ${contactStatusCounts.leadStatus} = ${only.value}), 0)`;
}

/**
 * Whether the object's property `key` is a select (its values counted, migrations/0045) and, given `option`, whether
 * that is one of its options as written (its records hold it so).
 */
function isSelect(config: ObjectConfig, orgScope: SQL, key: string, option?: string): SQL {
  const d = propertyDefinitions;
  const ofSelect = and(
    eq(d.organizationId, orgScope),
    eq(d.object, config.object),
    eq(d.key, key),
    eq(d.type, "select"),
  );
  return option === undefined
    ? sql`EXISTS (SELECT 1 FROM ${d} WHERE ${ofSelect})`
    : sql`EXISTS (SELECT 1 FROM ${d}, json_each(${d.options}) WHERE ${ofSelect} AND json_each.value = ${option})`;
}

/**
 * `picks` of the records holding `value` in property `key` (live, or in the trash) that match `where`, read from
 * `record_values`' index, where one value's records are in name order (its sort_name is the record's, kept by
 * triggers, migrations/0028); `seek`: past a cursor, on the index's columns. The filter's own condition on the value
 * stays in `where`: the index only finds the candidates.
 */
function valueRows(
  config: ObjectConfig,
  orgScope: SQL,
  trash: boolean,
  { key, value }: { key: string; value: string },
  picks: SQL,
  where: SQL | undefined,
  seek: SQL = sql``,
): SQL {
  const v = recordValues;
  const table = config.table;
  return sql`SELECT ${picks} FROM ${v} CROSS JOIN ${table} ON ${table.id} = ${v.recordId}
    WHERE ${and(
      eq(v.organizationId, orgScope),
      eq(v.object, config.object),
      eq(v.key, key),
      trash ? isNotNull(v.deletedAt) : isNull(v.deletedAt),
      sql`${v.value} = ${value}`,
      where,
    )}${seek}`;
}

/** A kept count `n` comes as KEPT_ABOVE − n, below zero, where a capped count would be: see keptValueCount. */
const KEPT_ABOVE = -1;

/**
 * The kept count of live records holding one option of a property ("is"), or none ("is empty": the object's count
 * less the property's), when a list is filtered on that alone; else null. Kept for select properties only: `kept`
 * says whether the property is one.
 */
function keptValueCount(
  config: ObjectConfig,
  orgScope: SQL,
  input: RecordList,
  recordCount: SQL,
): { count: SQL; kept: SQL } | null {
  const conditions = input.filter?.conditions ?? [];
  const only = conditions.length === 1 ? conditions[0]! : null;
  const key = only ? propertyKeyOf(only.field) : null;
  if (input.trash || !only || key === null) return null;
  const c = propertyValueCounts;
  const ofKey = and(eq(c.organizationId, orgScope), eq(c.object, config.object), eq(c.key, key));
  const kept = isSelect(config, orgScope, key);
  if (only.operator === "eq" && typeof only.value === "string") {
    const count = sql`coalesce((SELECT ${c.count} FROM ${c} WHERE ${and(ofKey, eq(c.value, only.value.toLowerCase()))}), 0)`;
    return { count, kept };
  }
  if (only.operator === "empty") {
    const held = sql`coalesce((SELECT sum(${c.count}) FROM ${c} WHERE ${ofKey} AND ${c.value} != ''), 0)`;
    return { count: sql`max(${recordCount} - ${held}, 0)`, kept };
  }
  return null;
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
