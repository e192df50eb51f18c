import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { recordFromValues, type Packing } from "../../serialize";

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
  /** `json_array(...)` of the same columns, in `keys` order: half the bytes of the object. */
  arraySelect: SQL<string>;
  fromArray: (values: unknown[]) => Row;
  /** The column names and where the timestamps are (epoch ms in JSON, Date in the row). */
  packing: Packing;
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
  const keys: string[] = [];
  const values: string[] = [];
  const decoded: [number, SQLiteColumn][] = [];
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (omit.includes(key)) continue;
    const ref = `"${tableName}"."${column.name.replaceAll('"', '""')}"`;
    if (DECODED.has(column.columnType)) decoded.push([keys.length, column]);
    keys.push(key);
    // A JSON column goes in as JSON (json() also checks it), not as a string holding JSON.
    values.push(column.columnType === "SQLiteTextJson" ? `json(${ref})` : ref);
  }
  const packing: Packing = {
    keys,
    dates: decoded.filter(([, column]) => column.columnType === "SQLiteTimestamp").map(([i]) => i),
  };
  const codec: RowCodec<Row> = {
    packing,
    // Built once per table as text: drizzle then has nothing to escape or walk per request.
    select: sql<string>`${sql.raw(`json_object(${keys.map((key, i) => `'${key}', ${values[i]}`).join(", ")})`)}`,
    arraySelect: sql<string>`${sql.raw(`json_array(${values.join(", ")})`)}`,
    decode(text) {
      const row = JSON.parse(text) as Record<string, unknown>;
      for (const [i, column] of decoded) {
        const value = row[keys[i]];
        if (value !== null && value !== undefined) row[keys[i]] = column.mapFromDriverValue(value);
      }
      return row as Row;
    },
    fromArray: (values) => recordFromValues(packing, values) as Row,
  };
  if (decoded.length !== packing.dates.length)
    throw new Error(`${tableName}: only timestamps may need decoding in a row codec (packed pages carry dates only)`);
  codecs.set(cacheKey, codec as RowCodec<unknown>);
  return codec;
}

/** The codec of list rows (see LIST_OMITTED). */
export const listRowCodec = <Row>(table: SQLiteTable) => rowCodec<ListRow<Row>>(table, LIST_OMITTED);
