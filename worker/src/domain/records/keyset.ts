import { asc, desc, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";

/** A table of an organization's rows, each with an id. */
type OwnedTable = SQLiteTable & { id: SQLiteColumn; organizationId: SQLiteColumn };

/**
 * An order of rows as keys of `row` (the listed ones, or the anchor a page goes on after), the id last so that no
 * two rows tie.
 */
export type KeysetOrder<T extends OwnedTable> = { keys: (row: T) => SQL[]; descending: boolean };

export const keysetOrderBy = <T extends OwnedTable>(table: T, { keys, descending }: KeysetOrder<T>) =>
  keys(table).map((key) => (descending ? desc(key) : asc(key)));

/**
 * The rows of `table` after the one whose id is `anchorId`, in `order` (a keyset page). The anchor is read by its id
 * within the organization, deleted or not, as it stands now; an id the organization does not hold gives an empty
 * page. The first key's bound lets an index start at the anchor; the row comparison settles ties.
 */
export function afterAnchor<T extends OwnedTable>(
  table: T,
  { keys, descending }: KeysetOrder<T>,
  organizationId: string,
  anchorId: string,
): SQL {
  // The anchor is the same table under another name: the same columns, so the same keys.
  const anchor = alias(table, "anchor") as unknown as T;
  const anchorKeys = (selected: SQL[]) =>
    sql`(SELECT ${sql.join(selected, sql`, `)} FROM ${table} AS ${sql.identifier("anchor")} WHERE ${anchor.id} = ${anchorId} AND ${anchor.organizationId} = ${organizationId})`;
  const [mine, theirs] = [keys(table), keys(anchor)];
  const [from, beyond] = descending ? [sql.raw("<="), sql.raw("<")] : [sql.raw(">="), sql.raw(">")];
  return sql`${mine[0]} ${from} ${anchorKeys(theirs.slice(0, 1))} AND (${sql.join(mine, sql`, `)}) ${beyond} ${anchorKeys(theirs)}`;
}
