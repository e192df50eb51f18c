import { TRPCError } from "@trpc/server";
import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { recordFromValues, type Packing } from "../../serialize";
import type { ListColumnValues, ObjectConfig } from "./fields";

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
  fromArray: (values: unknown[]) => Row;
  /**
   * The packed record (`packing`) as one JSON text that SQLite writes (`json_array`, in `keys`
   * order), a `repeats` column as 0 when it holds the first element of its array (see rowCodec). A
   * page's texts, joined into one array, travel as they are (withPackedRows): D1's reply carries one
   * value a row rather than one a column, and the Worker neither parses the rows nor writes them
   * again (measured per process at c=16: a 200-row page's CPU beyond the D1 floor fell by a sixth).
   */
  packedSelect: SQL<string>;
  /** The column names and where the timestamps are (epoch ms in JSON, Date in the row). */
  packing: Packing;
};

const codecs = new Map<string, RowCodec<unknown>>();
/** Codecs kept (one per table and field set asked for): beyond it the cache starts again. */
const MAX_CODECS = 500;

/**
 * Columns that triggers keep (migrations/0013–0017, 0021) for a sort, list pages or look-alikes, never returned as
 * the row's own: a write's RETURNING reads the row before its triggers ran, so it would hand out the
 * old value.
 */
export const DERIVED_COLUMNS = [
  "companySortName",
  "ownerSortName",
  "listedCompanyName",
  "listedPeopleCount",
  "matchName",
] as const;
export type WithoutDerived<Row> = Omit<Row, (typeof DERIVED_COLUMNS)[number]>;

/**
 * What a list row leaves out: the integer key, the name's sort form, the tenant and the creator are
 * the server's business (a quarter of each row's bytes, paid for in D1's reply, JSON and the wire).
 */
export const LIST_OMITTED = ["seq", "sortName", "organizationId", "createdBy", ...DERIVED_COLUMNS] as const;
export type ListRow<Row> = Omit<Row, (typeof LIST_OMITTED)[number]>;

/** Columns JSON cannot carry as the row has them: decoded by the column itself (e.g. ms → Date). */
const DECODED = new Set(["SQLiteTimestamp", "SQLiteBoolean", "SQLiteBigInt"]);

/**
 * The codec of `table`'s rows, without the columns named in `omit`, and with the values of
 * `extra` (name → SQL text, see ListColumn) after them.
 */
export function rowCodec<Row>(
  table: SQLiteTable,
  omit: readonly string[] = [],
  extra: Record<string, string> = {},
  repeats: Record<string, string> = {},
): RowCodec<Row> {
  const cacheKey = `${getTableName(table)}|${omit.join()}|${JSON.stringify(extra)}|${JSON.stringify(repeats)}`;
  const cached = codecs.get(cacheKey);
  if (cached) return cached as RowCodec<Row>;
  const tableName = getTableName(table).replaceAll('"', '""');
  const keys: string[] = [];
  const values: string[] = [];
  const refs = new Map<string, string>();
  const jsonKeys: string[] = [];
  const decoded: [number, SQLiteColumn][] = [];
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (omit.includes(key)) continue;
    const ref = `"${tableName}"."${column.name.replaceAll('"', '""')}"`;
    if (DECODED.has(column.columnType)) decoded.push([keys.length, column]);
    keys.push(key);
    refs.set(key, ref);
    if (column.columnType === "SQLiteTextJson") jsonKeys.push(key);
    // A JSON column goes in as JSON (json() also checks it), not as a string holding JSON.
    values.push(column.columnType === "SQLiteTextJson" ? `json(${ref})` : ref);
  }
  for (const [key, text] of Object.entries(extra)) {
    if (keys.includes(key)) throw new Error(`${tableName}: the list column "${key}" is a column of the table`);
    keys.push(key);
    values.push(text);
  }
  // Packed: repeats as 0 when they repeat (recordFromValues fills them in).
  const packedParts = keys.map((key, i) => {
    const array = repeats[key];
    if (array === undefined) return values[i];
    if (!jsonKeys.includes(array) || !refs.has(key)) throw new Error(`${tableName}: "${key}" cannot repeat "${array}"`);
    // Text equal to text only: SQLite's comparison would take the text '5' for the number 5.
    const [ref, first] = [refs.get(key), `${refs.get(array)}, '$[0]'`];
    return `CASE WHEN json_type(${first}) = 'text' AND ${ref} = json_extract(${first}) THEN 0 ELSE ${ref} END`;
  });
  const packing: Packing = {
    keys,
    dates: decoded.filter(([, column]) => column.columnType === "SQLiteTimestamp").map(([i]) => i),
    ...(Object.keys(repeats).length > 0 && {
      repeats: Object.entries(repeats).map(([key, array]) => [keys.indexOf(key), keys.indexOf(array)]),
    }),
  };
  const codec: RowCodec<Row> = {
    packing,
    // Built once per table as text: drizzle then has nothing to escape or walk per request.
    select: sql<string>`${sql.raw(`json_object(${keys.map((key, i) => `'${key}', ${values[i]}`).join(", ")})`)}`,
    packedSelect: sql<string>`${sql.raw(`json_array(${packedParts.join(", ")})`)}`,
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
  if (codecs.size >= MAX_CODECS) codecs.clear();
  codecs.set(cacheKey, codec as RowCodec<unknown>);
  return codec;
}

/** A list row of `Config`'s object: its table's row without LIST_OMITTED, with its listColumns. */
export type ListRowOf<Config extends ObjectConfig> = ListRow<Config["table"]["$inferSelect"]> &
  ListColumnValues<Config["listColumns"]>;

const listCodecs = new WeakMap<ObjectConfig, RowCodec<unknown>>();
const dialect = new SQLiteSyncDialect();

/** What every list row carries whatever fields are asked for: what opens and edits it. */
export const ALWAYS_LISTED = ["id", "version"] as const;

/**
 * The codec of list rows (see LIST_OMITTED and ObjectConfig's listColumns): every field, or only
 * `fields` (and ALWAYS_LISTED) when given. A table asks for its visible columns: a contact's
 * LinkedIn URL, phones, source and dates were a third of a default page's bytes, paid for in D1's
 * reply, the Worker and the wire. An unknown field is BAD_REQUEST.
 */
export function listRowCodec<Config extends ObjectConfig>(
  config: Config,
  fields?: readonly string[],
): RowCodec<ListRowOf<Config>> {
  let full = listCodecs.get(config) as RowCodec<ListRowOf<Config>> | undefined;
  if (!full) {
    full = rowCodec<ListRowOf<Config>>(config.table, LIST_OMITTED, listExtra(config), config.listRepeats);
    listCodecs.set(config, full as RowCodec<unknown>);
  }
  if (!fields) return full;
  const all = full.packing.keys;
  const unknown = fields.find((field) => !all.includes(field));
  if (unknown !== undefined)
    throw new TRPCError({ code: "BAD_REQUEST", message: `There is no field "${unknown}" to list.` });
  const keep = new Set<string>([...ALWAYS_LISTED, ...fields]);
  if (keep.size === all.length) return full;
  // Looked up before anything is built: a table asks for the same fields page after page.
  const key = `${config.object}|${[...keep].sort().join()}`;
  const cached = projectedCodecs.get(key);
  if (cached) return cached as RowCodec<ListRowOf<Config>>;
  const extra = Object.fromEntries(Object.entries(listExtra(config)).filter(([name]) => keep.has(name)));
  const repeats = Object.fromEntries(
    Object.entries(config.listRepeats ?? {}).filter(([name, array]) => keep.has(name) && keep.has(array)),
  );
  const omit = [...LIST_OMITTED, ...Object.keys(getTableColumns(config.table)).filter((name) => !keep.has(name))];
  const codec = rowCodec<ListRowOf<Config>>(config.table, omit, extra, repeats);
  if (projectedCodecs.size >= MAX_CODECS) projectedCodecs.clear();
  projectedCodecs.set(key, codec as RowCodec<unknown>);
  return codec;
}

/** List codecs of a field set, by object and fields (see listRowCodec). */
const projectedCodecs = new Map<string, RowCodec<unknown>>();

/** The object's listColumns as SQL text (they bind no parameters). */
function listExtra(config: ObjectConfig): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const [key, column] of Object.entries(config.listColumns)) {
    const query = dialect.sqlToQuery(column.listed ?? column.sql);
    if (query.params.length > 0) throw new Error(`The list column "${key}" must not bind parameters`);
    extra[key] = query.sql;
  }
  return extra;
}
