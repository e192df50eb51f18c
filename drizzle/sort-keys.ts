import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

type Expression = SQL | SQLiteColumn;

/**
 * A company's name as lists sort names (and break other sorts' ties by): its ASCII case folded. The
 * companies' indexes and the list (worker fields.ts) both write it from here.
 */
export const companySortName = (company: { name: SQLiteColumn }): SQL => sql`lower(${company.name})`;

/**
 * What a sort by a grouping field reads in order: the field, then the record's name, as one text
 * ("acme" ␁ "ann lee"), so the records of one company, owner, status or score are listed by name rather
 * than in the order of their random ids. char(1) sorts below every character of a name. NULL exactly
 * when the value is, so the nulls-last walk still finds the empty ones. The schema's indexes and the
 * list's ORDER BY (worker fields.ts) must write the very same expression, or SQLite sorts every record.
 */
export const thenName = (value: Expression, name: Expression): SQL => sql`(${value} || char(1) || ${name})`;

/** Free text (a title, an industry), its ASCII case folded as the name's is. */
export const textThenName = (text: Expression, name: Expression): SQL => thenName(sql`lower(${text})`, name);

/**
 * A whole number from 0 to 89,999,999,999 (a score, a count of people) as text that sorts in numeric
 * order: offset to eleven digits. (Not printf('%011d', …): drizzle-kit splits an index's expression
 * at its commas.)
 */
export const countThenName = (count: Expression, name: Expression): SQL =>
  thenName(sql`(10000000000 + ${count})`, name);
