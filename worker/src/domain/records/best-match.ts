import { sql, type SQL } from "drizzle-orm";
import type { ObjectConfig } from "./fields";
import { invalidPageLink, type FullTextSearch } from "./list-query";

/** The smallest string above every string that starts with `prefix` (SQLite compares text bytewise). */
function pastPrefix(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop()!.codePointAt(0)!;
  // Past U+D7FF comes U+E000: surrogate code points are not characters.
  return chars.join("") + String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : last + 1);
}

/** Where a best-match page stopped: in the names part (by name and id) or in the rest (by seq). */
export type BestMatchPosition = [part: 0, name: string] | [part: 1, seq: number];

export function bestMatchPosition(value: unknown): BestMatchPosition {
  if (Array.isArray(value) && value.length === 2) {
    const [part, at] = value as unknown[];
    if ((part === 0 && typeof at === "string") || (part === 1 && typeof at === "number"))
      return value as BestMatchPosition;
  }
  throw invalidPageLink();
}

/**
 * A search's results when the user has not chosen a sort: records whose name starts with the text
 * first, by name (one range of the name index), then every other full-text match, newest first (the
 * FTS index read backwards, so only as many matches as the page needs are read). A UNION ALL under
 * one LIMIT: the full-text part runs only when the names leave room. Sorting every match by name
 * instead costs a walk of the name index probing each entry (a few ms at 100,000 records, and a
 * walk of the whole organization for a word nobody has).
 *
 * `scope`: the organization, live or trash, and any filter. `match`: the full-text search (ftsSearch;
 * null when the text has no words: names only).
 * Selects `hit` (the record's seq), `part`, and `position` (a BestMatchPosition as JSON) per row.
 */
export function bestMatchPicks(
  config: ObjectConfig,
  text: string,
  scope: SQL | undefined,
  match: FullTextSearch | null,
  limit: number,
  after: { position: BestMatchPosition; id: string } | null,
): SQL {
  const table = config.table;
  const name = config.fields.name.sql;
  const fts = sql.raw(config.fts.table);
  const prefix = text.trim().toLowerCase().replace(/\s+/g, " ");
  const inName = sql`${name} >= ${prefix} AND ${name} < ${pastPrefix(prefix)}`;
  const [part, at] = after?.position ?? [0, null];

  const byName = sql`SELECT * FROM (SELECT 0 AS part, ${table.seq} AS hit, json_array(0, ${name}) AS position
    FROM ${table} WHERE ${scope} AND ${inName}
    ${after && part === 0 ? sql`AND (${name}, ${table.id}) > (${at}, ${after.id})` : sql``}
    ORDER BY ${name}, ${table.id} LIMIT ${limit})`;
  if (!match) return sql`(${byName})`;
  const others = sql`SELECT * FROM (SELECT 1 AS part, ${table.seq} AS hit, json_array(1, ${table.seq}) AS position
    FROM ${fts} CROSS JOIN ${table} ON ${table.seq} = ${match.seq}
    WHERE ${match.where(part === 1 ? (at as number) : undefined)} AND ${scope} AND NOT (${inName})
    ORDER BY ${fts}.rowid DESC LIMIT ${limit})`;
  return part === 1 ? sql`(${others})` : sql`(${byName} UNION ALL ${others} LIMIT ${limit})`;
}

/** The order of the picks (selected `AS picked`, joined to their records): as `bestMatchPicks` reads them. */
export const bestMatchOrder = (config: ObjectConfig) => [
  sql`picked.part`,
  sql`CASE picked.part WHEN 0 THEN json_extract(picked.position, '$[1]') END`,
  sql`CASE picked.part WHEN 0 THEN ${config.table.id} END`,
  sql`picked.hit DESC`,
];
