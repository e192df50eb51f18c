import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { recordTags, searchPartitions, tags } from "../../../../drizzle";
import { inValues } from "../../db";
import { calendarDayOf } from "../../schemas/calendar-day";
import {
  isRelativeDayOperator,
  MAX_RELATIVE_DAYS,
  type FilterCondition,
  type RecordFilter,
  type RecordSort,
  type RelativeDayOperator,
} from "../../schemas/records";
import { addDays, startOfDay } from "./relative-days";
import { customPropertyField, type FieldKind, type ListField, type ObjectConfig } from "./fields";

/** Field kinds of the organization's custom properties, by `prop:<key>`. */
export type PropertyKinds = Record<string, FieldKind>;

function resolveField(config: ObjectConfig, name: string, properties: PropertyKinds): ListField {
  const builtIn = config.fields[name];
  if (builtIn) return builtIn;
  const kind = properties[name];
  const custom = kind ? customPropertyField(config, name, kind) : null;
  if (!custom)
    throw new TRPCError({ code: "BAD_REQUEST", message: `There is no field "${name}" to filter or sort on.` });
  return custom;
}

function comparable(field: ListField, value: unknown): unknown {
  if (value === undefined || value === null || Array.isArray(value))
    throw new TRPCError({ code: "BAD_REQUEST", message: "Choose one value to compare with." });
  if (field.kind === "date") {
    // A text is an ISO day or instant that exists (Date.parse rolls "2026-02-30" into March, reads "1" as 2001).
    // Through a Date: it also refuses a number past its range (±8.64e15 ms), which toISOString would throw on.
    const time =
      typeof value === "number"
        ? new Date(value).getTime()
        : calendarDayOf(String(value))
          ? Date.parse(String(value))
          : NaN;
    if (Number.isNaN(time)) throw new TRPCError({ code: "BAD_REQUEST", message: `"${String(value)}" is not a date.` });
    // Custom date properties hold "YYYY-MM-DD" text, which compares as text, not as a number.
    return field.isoDate ? new Date(time).toISOString().slice(0, 10) : time;
  }
  if (field.kind === "number") {
    const number = Number(value);
    if (!Number.isFinite(number))
      throw new TRPCError({ code: "BAD_REQUEST", message: `"${String(value)}" is not a number.` });
    return number;
  }
  return field.kind === "text" && typeof value === "string" ? value.toLowerCase() : value;
}

/**
 * Where a filter runs: the caller's organization (as SQL, see memberReadProcedure), live or trash,
 * and the caller's today, which filters counting days from it start from (see relativeDaysSql).
 */
export type FilterScope = { orgScope: SQL; trash: boolean; calendar: () => Calendar };
/** A calendar day ("2026-12-05") in a time zone. */
export type Calendar = { today: string; timeZone: string };

/**
 * A date within, or past, a number of days from today, as a range of days: "in the last 7 days" is
 * from the day a week ago to today (both whole), "more than 7 days ago" before that day, so the two
 * split the past between them; "in the next 7 days" is from today to the day a week on. A built-in
 * date is an instant, compared with the days' starts in the caller's time zone; a custom date is
 * its day, compared as text.
 */
function relativeDaysSql(field: ListField, operator: RelativeDayOperator, value: unknown, calendar: Calendar): SQL {
  if (field.kind !== "date")
    throw new TRPCError({ code: "BAD_REQUEST", message: "Only a date can be compared with a number of days." });
  const days = typeof value === "number" || typeof value === "string" ? Number(value) : NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_RELATIVE_DAYS)
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: `Enter a whole number of days from 1 to ${MAX_RELATIVE_DAYS.toLocaleString("en-US")}.`,
    });
  const { today, timeZone } = calendar;
  // The first day in the range (none: every day before) and the day after its last.
  const [first, next] =
    operator === "inLastDays"
      ? [addDays(today, -days), addDays(today, 1)]
      : operator === "inNextDays"
        ? [today, addDays(today, days + 1)]
        : [null, addDays(today, -days)];
  const start = (day: string) => (field.isoDate ? day : startOfDay(day, timeZone));
  const beforeNext = sql`${field.sql} < ${start(next)}`;
  return first === null ? beforeNext : sql`(${field.sql} >= ${start(first)} AND ${beforeNext})`;
}

/**
 * The keys a tag filter value matches in `record_tags.tag_key` (lower(tag), which folds ASCII
 * letters only): the value folded that way, and as JavaScript lower-cases it (what the filter
 * compared with before record_tags, so no record it found is lost).
 */
export function tagKeysOf(values: unknown[]): string[] {
  const keys = values.flatMap((v) => {
    const text = String(v ?? "");
    return [text.replace(/[A-Z]+/g, (c) => c.toLowerCase()), text.toLowerCase()];
  });
  return [...new Set(keys)];
}

/**
 * "Has one of these tags", read from the tag's side: the record ids of one record_tags_filter_idx
 * range per key (organization, object, key, live or trash). Fast when few records carry the tag;
 * a walk of a sort index probing each record (withTagProbeSql) is fast when many do. See tagDriver.
 */
function withTagDrivenSql(config: ObjectConfig, { orgScope, trash }: FilterScope, keys: string[]): SQL {
  const t = recordTags;
  return sql`${config.table.id} IN (SELECT ${t.recordId} FROM ${t} WHERE ${and(
    eq(t.organizationId, orgScope),
    eq(t.object, config.object),
    inValues(t.tagKey, keys),
    trash ? isNotNull(t.deletedAt) : isNull(t.deletedAt),
  )})`;
}

/**
 * "Has one of these tags" for the record in hand: one lookup per key in record_tags_filter_idx
 * (organization, object, key, deleted_at, record id: the whole key, so one seek, and the tag's
 * range stays in cache). record_tags.deleted_at is the record's own (kept by the triggers of
 * migrations/0005), so `IS` the record's matches live and trashed records alike.
 */
function withTagProbeSql(config: ObjectConfig, keys: string[]): SQL {
  const t = recordTags;
  const table = config.table;
  return sql`EXISTS (SELECT 1 FROM ${t} WHERE ${t.organizationId} = ${table.organizationId} AND ${t.object} = ${
    config.object
  } AND ${inValues(t.tagKey, keys)} AND ${t.deletedAt} IS ${table.deletedAt} AND ${t.recordId} = ${table.id})`;
}

/** How a list reads a filter's "has tag" conditions (see tagDriver). */
export type FilterPlan = { driver?: number };

/** A filter condition that keeps only records carrying one of some tags ("has tag"), with those tags' keys. */
function hasTagKeys(config: ObjectConfig, condition: FilterCondition): string[] | null {
  if (!config.fields[condition.field]?.recordTags) return null;
  switch (condition.operator) {
    case "eq":
    case "contains":
      return tagKeysOf([condition.value]);
    case "in":
      return tagKeysOf(asList(condition.value));
    default:
      return null;
  }
}

/**
 * The condition a list may read from its tag's side instead of walking its sort order: the first
 * "has tag" condition of a filter whose conditions must all hold, with its tag keys. Which way is
 * faster depends on how many records carry the tag (the `tags` counts), so the list statement holds
 * both and picks by that count in SQL (see planList).
 */
export function tagDriver(
  config: ObjectConfig,
  filter: RecordFilter | undefined,
): { index: number; keys: string[] } | null {
  if (!filter?.conditions.length) return null;
  if (filter.combinator === "or" && filter.conditions.length > 1) return null;
  for (const [index, condition] of filter.conditions.entries()) {
    const keys = hasTagKeys(config, condition);
    if (keys) return { index, keys };
  }
  return null;
}

/**
 * A filter's "<property> is <value>" condition, which can drive a page sorted by name from `record_values` (a
 * property's records of one value are in its index by name): its place, key and value. Null when there is none, or
 * when any of several conditions ("or") may match. The planner reads that way only when the value is one of a select
 * property's options (see planList), which its records hold as written.
 */
export function valueDriver(filter: RecordFilter | undefined): { index: number; key: string; value: string } | null {
  if (!filter?.conditions.length) return null;
  if (filter.combinator === "or" && filter.conditions.length > 1) return null;
  for (const [index, condition] of filter.conditions.entries()) {
    const key = propertyKeyOf(condition.field);
    if (key !== null && condition.operator === "eq" && typeof condition.value === "string")
      return { index, key, value: condition.value };
  }
  return null;
}

/** How many live records of the organization carry one of `keys` (summed per key: an upper bound when several). */
export function tagCountSql(config: ObjectConfig, orgScope: SQL, keys: string[]): SQL {
  return sql`(SELECT coalesce(sum(${tags.count}), 0) FROM ${tags} WHERE ${and(
    eq(tags.organizationId, orgScope),
    eq(tags.object, config.object),
    inValues(tags.tagKey, keys),
  )})`;
}

/** Text compares case-insensitively; arrays (tags) match when any element does. */
function conditionSql(
  config: ObjectConfig,
  scope: FilterScope,
  field: ListField,
  condition: FilterCondition,
  driven: boolean,
): SQL {
  const { operator, value } = condition;
  if (field.filterBy) return field.filterBy(field.sql, operator, value, scope.orgScope);
  if (isRelativeDayOperator(operator)) return relativeDaysSql(field, operator, value, scope.calendar());
  const column = field.kind === "text" ? sql`lower(${field.sql})` : sql`${field.sql}`;
  if (field.recordTags)
    switch (operator) {
      case "eq":
      case "contains":
      case "in": {
        const keys = tagKeysOf(operator === "in" ? asList(value) : [value]);
        return driven ? withTagDrivenSql(config, scope, keys) : withTagProbeSql(config, keys);
      }
      case "neq":
        return sql`NOT ${withTagProbeSql(config, tagKeysOf([value]))}`;
    }
  if (field.kind === "array") {
    const element = sql`(SELECT 1 FROM json_each(${field.sql}) WHERE lower(json_each.value)`;
    switch (operator) {
      case "eq":
      case "contains":
        return sql`EXISTS ${element} = ${String(value ?? "").toLowerCase()})`;
      case "neq":
        return sql`NOT EXISTS ${element} = ${String(value ?? "").toLowerCase()})`;
      case "in":
        return sql`EXISTS (SELECT 1 FROM json_each(${field.sql}) WHERE ${inValues(
          sql`lower(json_each.value)`,
          asList(value).map((v) => String(v).toLowerCase()),
        )})`;
      // A custom multi-select that was never set is NULL: empty too.
      case "empty":
        return sql`coalesce(json_array_length(${field.sql}), 0) = 0`;
      case "notEmpty":
        return sql`coalesce(json_array_length(${field.sql}), 0) > 0`;
      default:
        throw new TRPCError({ code: "BAD_REQUEST", message: `Tags cannot be compared with "${operator}".` });
    }
  }
  switch (operator) {
    case "eq":
      return sql`${column} = ${comparable(field, value)}`;
    case "neq":
      return sql`(${column} IS NULL OR ${column} != ${comparable(field, value)})`;
    // instr, not LIKE: D1 refuses a LIKE pattern over 50 bytes ("pattern too complex"), and the
    // text needs no escaping. Both sides lower-cased, as LIKE folded ASCII case for every kind.
    case "contains": {
      const text = field.kind === "text" ? column : sql`lower(${field.sql})`;
      return sql`instr(${text}, ${String(value ?? "").toLowerCase()}) > 0`;
    }
    case "in":
      return inValues(
        column,
        asList(value).map((v) => comparable(field, v) as string | number),
      );
    case "empty":
      return field.kind === "text" ? sql`coalesce(${field.sql}, '') = ''` : isNull(field.sql);
    case "notEmpty":
      return field.kind === "text" ? sql`coalesce(${field.sql}, '') != ''` : isNotNull(field.sql);
    case "before":
    case "lt":
      return sql`${column} < ${comparable(field, value)}`;
    case "after":
    case "gt":
      return sql`${column} > ${comparable(field, value)}`;
  }
}

function asList(value: unknown): unknown[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: "Choose at least one value." });
  return list;
}

/**
 * The filter as SQL. "Has tag" conditions probe record_tags per record, except the one `plan.driver`
 * names (see tagDriver), which reads the tag's records from record_tags.
 */
export function filterSql(
  config: ObjectConfig,
  filter: RecordFilter | undefined,
  properties: PropertyKinds,
  scope: FilterScope,
  plan: FilterPlan = {},
): SQL | undefined {
  if (!filter?.conditions.length) return undefined;
  const parts = filter.conditions.map((c, i) =>
    conditionSql(config, scope, resolveField(config, c.field, properties), c, i === plan.driver),
  );
  return filter.combinator === "or" ? or(...parts) : and(...parts);
}

/** An FTS rowid's low 32 bits: the record's seq (migrations/0007). */
const FTS_SEQ_MASK = 0xffffffff;

/** A full-text search of one organization's live records (or its trash): see ftsSearch. */
export type FullTextSearch = {
  /**
   * The WHERE of a read of the index: the match, inside the organization's rowid range, below the
   * record `belowSeq` when given (a best-match page's cursor).
   */
  where: (belowSeq?: number) => SQL;
  /** The matched record's seq, from the index's rowid. */
  seq: SQL;
};

/**
 * Free text as a search of the FTS5 index, limited to one organization's live rows (or its trash):
 * an FTS row's rowid is (partition × 2 + trashed) × 2³² + seq (migrations/0007), so those rows are
 * one rowid range, which FTS5 seeks to. The partition comes from `orgScope` (SQL: the caller's
 * membership); without a membership the range is NULL and nothing matches.
 */
export function ftsSearch(config: ObjectConfig, orgScope: SQL, search: string, trash: boolean): FullTextSearch | null {
  const words = search
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    // "_" is a token character in the index (tokenchars '_'), so it stays inside a word here too.
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (words.length === 0) return null;
  // Every word as a prefix.
  const match = words.map((w) => `"${w}"*`).join(" AND ");
  const fts = sql.raw(config.fts.table);
  const p = searchPartitions;
  const first = sql`(((SELECT ${p.partition} FROM ${p} WHERE ${p.organizationId} = ${orgScope}) * 2 + ${sql.raw(
    trash ? "1" : "0",
  )}) << 32)`;
  return {
    // A cursor's seq comes from the client: the range never reaches past the organization's.
    where: (belowSeq) =>
      sql`${fts} MATCH ${match} AND ${fts}.rowid BETWEEN ${first} AND ${first} + ${
        belowSeq === undefined
          ? sql.raw(String(FTS_SEQ_MASK))
          : Math.max(0, Math.min(Math.floor(belowSeq) - 1, FTS_SEQ_MASK))
      }`,
    seq: sql`(${fts}.rowid & ${sql.raw(String(FTS_SEQ_MASK))})`,
  };
}

type Cursor = { v: unknown; id: string };

/** base64url of the JSON, through UTF-8: sort values may hold any character ("Zoë", "李"). */
export function encodeCursor(cursor: Cursor): string {
  const json = JSON.stringify(cursor);
  // Printable ASCII is its own UTF-8 (most cursors; JSON escapes control characters): no need to
  // encode byte by byte.
  let binary = PRINTABLE_ASCII.test(json) ? json : "";
  if (!binary) for (const byte of new TextEncoder().encode(json)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
const PRINTABLE_ASCII = /^[ -~]*$/;

/** A cursor the list cannot continue from: edited by hand, or made for another kind of page. */
export const invalidPageLink = () =>
  new TRPCError({ code: "BAD_REQUEST", message: "That page link is no longer valid. Reload the list." });

export function decodeCursor(raw: string): Cursor {
  try {
    const binary = atob(raw.replace(/-/g, "+").replace(/_/g, "/"));
    const cursor = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as Cursor;
    if (typeof cursor.id !== "string") throw new Error("no id");
    return cursor;
  } catch {
    throw invalidPageLink();
  }
}

/**
 * A sorted page's cursor: its value is one a sort column holds (text, a number or null). Anything
 * else (an array or object, from an edited link or a search's best-match cursor) would be bound
 * into the keyset comparison, where SQLite refuses it ("row value misused") or D1 cannot bind it.
 */
export function decodeSortCursor(raw: string): Cursor {
  const cursor = decodeCursor(raw);
  const { v } = cursor;
  if (v === undefined || v === null || typeof v === "string" || (typeof v === "number" && Number.isFinite(v)))
    return cursor;
  throw invalidPageLink();
}

/**
 * ORDER BY and the keyset condition for a sort. Ties break on id, in the sort's direction (after the
 * name, for a field whose index holds it: `tiesByName`); nulls come last either way (only for nullable
 * fields, so NOT NULL sorts keep using their index). `orgScope`: the caller's organization, whose
 * record a cursor names (anchorName).
 */
export function sortPlan(
  config: ObjectConfig,
  sort: RecordSort | undefined,
  properties: PropertyKinds,
  orgScope: SQL,
  rawCursor?: string,
) {
  const name = sort?.field ?? config.defaultSort;
  const resolved = resolveField(config, name, properties);
  if (resolved.filterBy)
    throw new TRPCError({ code: "BAD_REQUEST", message: `There is no field "${name}" to sort on.` });
  const field = { ...resolved, sql: resolved.sortSql ?? resolved.sql };
  const direction = sort?.direction ?? "asc";
  const id = config.table.id;
  const order = direction === "asc" ? asc : desc;
  const beyond = direction === "asc" ? sql`>` : sql`<`;
  const cursor = rawCursor ? decodeSortCursor(rawCursor) : null;
  const tiesByName = Boolean(field.nullable && resolved.tiesByName);
  /** What orders the rows of one value (and the empty ones): the name then the id, or the id. */
  const ties: SQL[] = tiesByName ? [config.sortNameOf(config.table), sql`${id}`] : [sql`${id}`];
  /** The cursor's record's values of `ties`. */
  const tiesAtCursor: SQL[] = cursor
    ? tiesByName
      ? [anchorName(config, orgScope, cursor.id), sql`${cursor.id}`]
      : [sql`${cursor.id}`]
    : [];
  /** Past the cursor in (`leading`…, ties) order: a row value, which SQLite seeks an index to. */
  const pastCursor = (leading: SQL[], atCursor: unknown[]) =>
    sql`(${sql.join([...leading, ...ties], sql`, `)}) ${beyond} (${sql.join(
      [...atCursor.map((v) => sql`${v}`), ...tiesAtCursor],
      sql`, `,
    )})`;
  const orderBy: SQL[] = [
    ...(field.nullable ? [sql`(${field.sql} IS NULL)`] : []),
    order(field.sql as SQL),
    ...ties.map((tie) => order(tie)),
  ];
  let after: SQL | undefined;
  if (cursor) {
    if (cursor.v === null || cursor.v === undefined) {
      after = sql`(${field.sql} IS NULL AND ${pastCursor([], [])})`;
    } else if (!field.nullable) {
      after = pastCursor([sql`${field.sql}`], [cursor.v]);
    } else {
      after = sql`(${field.sql} IS NULL OR ${pastCursor([sql`${field.sql}`], [cursor.v])})`;
    }
  }
  /** The selected expression that the next cursor is made from. */
  const sortValue = sql`${field.sql}`;
  // A field-then-name key is text holding char(1) when it is not NULL: `>= ''` is a range of its
  // index, where SQLite checks `IS NOT NULL` on an expression entry by entry (every empty one first).
  const hasValue = resolved.sortSql ? sql`${sortValue} >= ''` : sql`${sortValue} IS NOT NULL`;
  return {
    orderBy,
    after,
    sortValue,
    hasValue,
    ties,
    tiesByName,
    pastCursor,
    cursor,
    nullable: field.nullable,
    direction,
  };
}

/**
 * The sort name (ObjectConfig.sortNameOf) of the organization's record `id`, a cursor's last record,
 * as it stands now, deleted or not: a cursor carries that record's value and id, and a sort whose ties
 * go by name reads its name here. NULL (no more ties listed) for an id the organization does not hold.
 */
export function anchorName(config: ObjectConfig, orgScope: SQL, id: string): SQL {
  const anchor = alias(config.table, "anchor") as unknown as typeof config.table;
  return sql`(SELECT ${config.sortNameOf(anchor)} FROM ${config.table} AS ${sql.identifier("anchor")} WHERE ${and(
    eq(anchor.id, id),
    eq(anchor.organizationId, orgScope),
  )})`;
}

export const liveOrTrash = (config: ObjectConfig, trash: boolean) =>
  trash ? isNotNull(config.table.deletedAt) : isNull(config.table.deletedAt);

/** `orgScope`: the organization id as SQL (the caller's membership, see memberReadProcedure). */
export const inOrganization = (config: ObjectConfig, orgScope: SQL) => eq(config.table.organizationId, orgScope);

/** `prop:<key>` → `<key>` for a custom property field name, else null. */
export const propertyKeyOf = (name: string | undefined): string | null =>
  name?.startsWith("prop:") ? name.slice(5) : null;
