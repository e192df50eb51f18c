import {
  Column,
  eq,
  exists,
  getTableColumns,
  Name,
  Param,
  SQL,
  sql,
  StringChunk,
  Table,
  type SQLWrapper,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { SQLiteSyncDialect, type SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../drizzle";
import type { Env } from "./env";

export type Database = DrizzleD1Database<typeof schema>;

/** One drizzle instance per D1 binding: building one reads the whole schema (a tenth of a list's CPU). */
const instances = new WeakMap<D1Database, Database>();

/**
 * The one place that picks a database. Today every organization shares `DB`; when the largest
 * customers move to databases of their own, this is where an organization id maps to a binding.
 */
export function databaseFor(env: Env, _organizationId?: string): Database {
  let db = instances.get(env.DB);
  if (!db) {
    db = drizzle(env.DB, { schema });
    instances.set(env.DB, db);
  }
  return db;
}

/** `EXISTS (SELECT 1 FROM table WHERE condition)`: a statement's guard that a row is still as it was read. */
export function rowExists(db: Database, table: SQLiteTable, condition: SQL | undefined): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(condition),
  );
}

/**
 * One atomic D1 batch of `statements`, built as a list (drizzle's batch wants a tuple with a first item): each
 * statement's result, in order. Nothing to write is no call.
 */
export async function runBatch(db: Database, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  const [head, ...rest] = statements;
  return head ? db.batch([head, ...rest]) : [];
}

/**
 * An insert of `row` into `table` written only if `condition` (e.g. an EXISTS on a record's expected version)
 * holds when the statement runs: inside a batch, the row and the write it goes with succeed or no-op together.
 */
export function insertWhere<T extends SQLiteTable>(db: Database, table: T, row: T["$inferInsert"], condition: SQL) {
  const values = Object.entries(getTableColumns(table)).map(([key, column]) =>
    sql.param((row as Record<string, unknown>)[key], column),
  );
  return db.insert(table).select(sql`SELECT ${sql.join(values, sql`, `)} WHERE ${condition}`);
}

/**
 * `column IN values` with ONE bound parameter whatever the number of values (D1 binds at most 100
 * per statement): the values as a JSON array, read by json_each. One value is a plain `=`.
 */
export function inValues(column: SQLWrapper, values: readonly (string | number)[]): SQL {
  return values.length === 1
    ? eq(column, values[0])
    : sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

/**
 * The organization's rows among `ids` (a list, or a subquery of ids), looked up id by id through the table's id index. The
 * organization is compared as `+organization_id`, which no index serves: given an equality on it,
 * SQLite (without statistics) walked the organization's whole index rather than look up an IN list
 * of unknown length, every live contact for a handful of ids.
 */
export function organizationRowsById(
  table: { id: SQLWrapper; organizationId: SQLWrapper },
  organization: string | SQL,
  ids: readonly string[] | SQL,
): SQL {
  const among = Array.isArray(ids) ? inValues(table.id, ids) : sql`${table.id} IN ${ids}`;
  return sql`+${table.organizationId} = ${organization} AND ${among}`;
}

/** The D1 binding behind `databaseFor` (same choice), for statements run without drizzle (see Statement). */
export function bindingFor(env: Env, _organizationId?: string): D1Database {
  return env.DB;
}

/**
 * A statement's text and bound values, run on D1 directly: its rows come back as arrays, without
 * drizzle's row mapping (D1's objects → arrays → objects again), for the reads that run on every
 * page view (lists, the palette).
 */
export type Statement = { sql: string; params: unknown[] };

const dialect = new SQLiteSyncDialect();
const IsAlias = Symbol.for("drizzle:IsAlias");
const TableName = Symbol.for("drizzle:Name");
const TableSchema = Symbol.for("drizzle:Schema");
const escapeName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Chunks the renderer leaves to drizzle (views, subquery builders, placeholders, key-cased columns …). */
class Unsupported extends Error {}

/** D1 binds at most this many parameters to one statement (workerd's local D1 too: "too many SQL variables"). */
export const D1_MAX_BOUND_PARAMETERS = 100;

/**
 * `query` as drizzle's SQLite dialect writes it, except that each distinct value is bound once, as
 * a numbered parameter (`?1`, `?2` …, which D1 supports) wherever it recurs: a list statement
 * repeats the organization scope and the filter in its page, its count and its ways in, and with
 * one anonymous `?` per occurrence ten tag conditions bound 113 values, over D1's limit (tests
 * compare the text, parameters expanded, with drizzle's). In a fraction of drizzle's time, too:
 * drizzle tells each chunk's class apart by walking its prototype chain (`is`), several times per
 * chunk, and a list statement has hundreds of chunks. Anything this does not know goes to
 * drizzle's own sqlToQuery. Throws rather than send D1 more parameters than it binds.
 */
export function toStatement(query: SQL): Statement {
  let statement: Statement;
  try {
    const out: Rendering = { sql: "", params: [], numbers: new Map() };
    render(query.queryChunks, out);
    statement = { sql: out.sql, params: out.params };
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    const { sql, params } = dialect.sqlToQuery(query);
    statement = { sql, params };
  }
  if (statement.params.length > D1_MAX_BOUND_PARAMETERS)
    throw new Error(`A statement binds ${statement.params.length} parameters; D1 binds ${D1_MAX_BOUND_PARAMETERS}.`);
  return statement;
}

/** A statement being written, with the number each value already bound has. */
type Rendering = Statement & { numbers: Map<unknown, number> };

function bind(value: unknown, out: Rendering): void {
  let number = out.numbers.get(value);
  if (number === undefined) {
    number = out.params.push(value);
    out.numbers.set(value, number);
  }
  out.sql += `?${number}`;
}

function render(chunks: unknown[], out: Rendering): void {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      out.sql += chunk.value.join("");
    } else if (chunk instanceof SQL) {
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw new Unsupported();
      render(chunk.queryChunks, out);
    } else if (chunk === undefined) {
      continue;
    } else if (chunk instanceof Column) {
      if (chunk.keyAsName) throw new Unsupported();
      const table = chunk.table as unknown as Record<symbol, unknown>;
      const schemaName = table[TableSchema] as string | undefined;
      const tableName = escapeName(table[TableName] as string);
      out.sql +=
        table[IsAlias] || schemaName === undefined
          ? `${tableName}.${escapeName(chunk.name)}`
          : `${escapeName(schemaName)}.${tableName}.${escapeName(chunk.name)}`;
    } else if (chunk instanceof Table) {
      const table = chunk as unknown as Record<symbol, unknown>;
      const schemaName = table[TableSchema] as string | undefined;
      const tableName = escapeName(table[TableName] as string);
      out.sql += schemaName === undefined || table[IsAlias] ? tableName : `${escapeName(schemaName)}.${tableName}`;
    } else if (chunk instanceof Param) {
      const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) render([value], out);
      else if (typeof value === "object" && value !== null && !(value instanceof ArrayBuffer)) throw new Unsupported();
      else bind(value, out);
    } else if (chunk instanceof Name) {
      out.sql += escapeName(chunk.value);
    } else if (Array.isArray(chunk)) {
      out.sql += "(";
      for (let i = 0; i < chunk.length; i++) {
        if (i > 0) out.sql += ", ";
        render([chunk[i]], out);
      }
      out.sql += ")";
    } else if (chunk instanceof SQL.Aliased && chunk.fieldAlias !== undefined) {
      out.sql += escapeName(chunk.fieldAlias);
    } else if (typeof chunk === "object" && chunk !== null) {
      // Views, subqueries, query builders, placeholders, enums: drizzle writes those.
      throw new Unsupported();
    } else {
      bind(chunk, out);
    }
  }
}
