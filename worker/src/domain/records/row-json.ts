import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * A whole record as one JSON text that SQLite writes (`json_object`), and its decoding back to the
 * row drizzle would have returned. A list page is read this way because drizzle's generic path costs
 * more CPU than the query: D1 turns every row into an object, drizzle turns it back into an array and
 * maps each of ~25 columns through its decoders. Here it is one native JSON.parse per row, then
 * only the columns that need it (timestamps to Date) are decoded.
 */
export type RowCodec<Row> = {
  /** `json_object(...)` over every column, qualified by the table's name. */
  select: SQL<string>;
  decode: (text: string) => Row;
  /** Keys whose values decode to Date (timestamps), in column order. */
  dateKeys: string[];
};

const codecs = new Map<string, RowCodec<unknown>>();

/**
 * What a list row leaves out: the integer key, the name's sort form, the tenant and the creator are
 * the server's business (a quarter of each row's bytes, paid for in D1's reply, JSON and the wire).
 */
export const LIST_OMITTED = ["seq", "sortName", "organizationId", "createdBy"] as const;
export type ListRow<Row> = Omit<Row, (typeof LIST_OMITTED)[number]>;

/** Columns JSON cannot carry as the row has them: decoded by the column itself (e.g. ms → Date). */
const DECODED = new Set(["SQLiteTimestamp", "SQLiteBoolean", "SQLiteBigInt"]);

/** The codec of `table`'s rows, without the columns named in `omit`. */
export function rowCodec<Row>(table: SQLiteTable, omit: readonly string[] = []): RowCodec<Row> {
  const cacheKey = `${getTableName(table)}|${omit.join()}`;
  const cached = codecs.get(cacheKey);
  if (cached) return cached as RowCodec<Row>;
  const tableName = getTableName(table).replaceAll('"', '""');
  const parts: string[] = [];
  const decoded: [string, SQLiteColumn][] = [];
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (omit.includes(key)) continue;
    const ref = `"${tableName}"."${column.name.replaceAll('"', '""')}"`;
    // A JSON column goes in as JSON (json() also checks it), not as a string holding JSON.
    parts.push(`'${key}', ${column.columnType === "SQLiteTextJson" ? `json(${ref})` : ref}`);
    if (DECODED.has(column.columnType)) decoded.push([key, column]);
  }
  const codec: RowCodec<Row> = {
    dateKeys: decoded.filter(([, column]) => column.columnType === "SQLiteTimestamp").map(([key]) => key),
    // Built once per table as text: drizzle then has nothing to escape or walk per request.
    select: sql<string>`${sql.raw(`json_object(${parts.join(", ")})`)}`,
    decode(text) {
      const row = JSON.parse(text) as Record<string, unknown>;
      for (const [key, column] of decoded) {
        const value = row[key];
        if (value !== null && value !== undefined) row[key] = column.mapFromDriverValue(value);
      }
      return row as Row;
    },
  };
  codecs.set(cacheKey, codec as RowCodec<unknown>);
  return codec;
}

/** The codec of list rows (see LIST_OMITTED). */
export const listRowCodec = <Row>(table: SQLiteTable) => rowCodec<ListRow<Row>>(table, LIST_OMITTED);
