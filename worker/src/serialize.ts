import superjson from "superjson";

type DatePaths = Record<string, ["Date"]>;

/**
 * How one array of records in a response travels packed: each record as an array of values in
 * `keys` order, the names once (a list row's keys were half its bytes, and JSON work on both ends
 * grows with bytes). `dates`: positions of timestamps, sent as epoch milliseconds. `repeats`:
 * [position, array position] pairs where a 0 stands for the first element of that array (a
 * contact's primary email is nearly always its first email: a tenth of the row's bytes).
 */
export type Packing = { keys: string[]; dates: number[]; repeats?: [number, number][] };
type PackedValue = { key: string; packing: Packing; rows: string };

const packed = new WeakMap<object, PackedValue>();

/**
 * Marks `value[key]` (an array of records) to travel as `rows`: the JSON text of the packed records
 * (see Packing), as SQLite wrote it, which travels as a string (the Worker never parses it, the
 * client does once). serializeResponse then writes `rows` and never reads `value[key]`, so a caller
 * may make it a lazy getter. Every other property of `value` must be plain JSON.
 */
export function withPackedRows<T extends object>(value: T, key: keyof T & string, packing: Packing, rows: string): T {
  packed.set(value, { key, packing, rows });
  return value;
}

/** A packed row as the record it stands for (the server's in-process callers and the client agree on it). */
export function recordFromValues(packing: Packing, values: unknown[]): Record<string, unknown> {
  const { keys, dates, repeats = [] } = packing;
  const record: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) record[keys[i]] = values[i];
  for (const i of dates)
    if (values[i] !== null && values[i] !== undefined) record[keys[i]] = new Date(values[i] as number);
  for (const [i, array] of repeats)
    if (values[i] === 0) record[keys[i]] = (values[array] as unknown[] | null)?.[0] ?? null;
  return record;
}

/** The client side of the response format: packed arrays back to records, then superjson. */
export function deserializeResponse(payload: unknown): unknown {
  const { columns, ...rest } = payload as {
    json: Record<string, unknown>;
    meta?: unknown;
    columns?: Record<string, Packing>;
  };
  if (columns)
    for (const [key, packing] of Object.entries(columns))
      rest.json[key] = (JSON.parse(rest.json[key] as string) as unknown[][]).map((values) =>
        recordFromValues(packing, values),
      );
  return superjson.deserialize(rest as never);
}

const BAIL = Symbol("not plain data");

/**
 * superjson's wire format, written about 5× faster for what responses nearly always are: plain
 * objects, arrays, strings, finite numbers, booleans, null and valid Dates. superjson walks every
 * value building paths (about 3 ms of CPU for a 50-row list page, more than its D1 work); this walk
 * only records where the Dates are, and JSON.stringify writes them as ISO strings as superjson does.
 * Anything else (undefined, Map, NaN, a shared reference, a key with "." …) goes to superjson.
 */
export function serializeResponse(value: unknown): unknown {
  const packing = typeof value === "object" && value !== null ? packed.get(value) : undefined;
  if (packing) {
    const json: Record<string, unknown> = {};
    for (const key of Object.keys(value as object))
      if (key !== packing.key) json[key] = (value as Record<string, unknown>)[key];
    json[packing.key] = packing.rows;
    return { json, columns: { [packing.key]: packing.packing } };
  }
  const dates: DatePaths = {};
  const path: (string | number)[] = [];
  const seen = new Set<object>();
  let found = 0;
  const walk = (item: unknown): void => {
    if (item === null || typeof item === "string" || typeof item === "boolean") return;
    if (typeof item === "number") {
      if (Number.isFinite(item) && !Object.is(item, -0)) return;
      throw BAIL;
    }
    if (typeof item !== "object" || seen.has(item)) throw BAIL;
    seen.add(item);
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        path.push(i);
        walk(item[i]);
        path.pop();
      }
      return;
    }
    if (item instanceof Date) {
      if (Number.isNaN(item.getTime())) throw BAIL;
      dates[path.join(".")] = ["Date"];
      found += 1;
      return;
    }
    const proto: unknown = Object.getPrototypeOf(item);
    if (proto !== Object.prototype && proto !== null) throw BAIL;
    for (const key in item) {
      const child = (item as Record<string, unknown>)[key];
      if (child === undefined || key.includes(".") || key.includes("\\")) throw BAIL;
      path.push(key);
      walk(child);
      path.pop();
    }
  };
  try {
    walk(value);
  } catch (error) {
    if (error === BAIL) return superjson.serialize(value);
    throw error;
  }
  if (found === 0) return { json: value };
  return { json: value, meta: { values: value instanceof Date ? ["Date"] : dates, v: 1 } };
}
