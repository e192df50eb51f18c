import { env } from "cloudflare:test";
import { expect } from "vitest";
import { databaseFor, type Database } from "../../worker/src/db";
import type { RecordListInput } from "../../worker/src/schemas/records";

type PropertyType = "text" | "number" | "currency" | "date" | "boolean" | "select" | "multi-select" | "url" | "email";

/** A custom property definition written straight to D1 (the properties router is not under test here). */
export async function defineProperty(
  organizationId: string,
  object: "contact" | "company",
  definition: { key: string; label: string; type: PropertyType; options?: string[]; required?: boolean },
) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO property_definitions
       (id, organization_id, object, key, label, type, options, required, position, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 'test', ?, ?)`,
  )
    .bind(
      `prp_${crypto.randomUUID().slice(0, 16)}`,
      organizationId,
      object,
      definition.key,
      definition.label,
      definition.type,
      definition.options ? JSON.stringify(definition.options) : null,
      definition.required ? 1 : 0,
      now,
      now,
    )
    .run();
}

type Page<T> = { items: T[]; nextCursor: string | null; total: { count: number; exact: boolean } | null };

/**
 * Every page of a list, following nextCursor: checks that only the first page carries a total
 * and that no page is longer than `limit`. Returns the rows in page order.
 */
export async function allPages<T extends { id: string }>(
  list: (input: RecordListInput) => Promise<Page<T>>,
  input: RecordListInput,
  limit: number,
): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const result = await list({ ...input, limit, cursor });
    expect(result.items.length).toBeLessThanOrEqual(limit);
    if (page === 0) expect(result.total).not.toBeNull();
    else expect(result.total).toBeNull();
    seen.push(...result.items);
    if (!result.nextCursor) return seen;
    expect(result.items).toHaveLength(limit);
    cursor = result.nextCursor;
  }
  throw new Error("the list never ended");
}

export const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/** An import's `createdIds` for `count` new records: as many ids, all different, each a contact's or a company's. */
export const newRecordIds = (count: number) => ({
  asymmetricMatch: (actual: unknown) =>
    Array.isArray(actual) &&
    actual.length === count &&
    new Set(actual).size === count &&
    actual.every((id) => typeof id === "string" && /^(con|cmp)_[a-z0-9]{16}$/.test(id)),
  toString: () => `newRecordIds(${count})`,
  toAsymmetricMatcher: () => `${count} new record ids`,
});

/** Sets created_at (ms) on records directly, so date filters and sorts have known values. */
export async function setCreatedAt(table: "contacts" | "companies", id: string, iso: string) {
  await env.DB.prepare(`UPDATE ${table} SET created_at = ? WHERE id = ?`).bind(Date.parse(iso), id).run();
}

/**
 * `target` (a database or a D1 binding), except that `meanwhile` runs just before its next `batch`: what
 * another request writing between a domain function's reads and its batch looks like (a lost race).
 */
export function raceBeforeBatch<T extends { batch: (statements: never) => Promise<unknown> }>(
  target: T,
  meanwhile: () => Promise<unknown>,
): T {
  let raced = false;
  return new Proxy(target, {
    get(inner, property) {
      if (property === "batch")
        return async (statements: never) => {
          if (!raced) {
            raced = true;
            await meanwhile();
          }
          return inner.batch(statements);
        };
      const value: unknown = Reflect.get(inner, property);
      return typeof value === "function" ? value.bind(inner) : value;
    },
  });
}

/** The Worker's database, racing (raceBeforeBatch). */
export const racingDatabase = (meanwhile: () => Promise<unknown>): Database =>
  raceBeforeBatch(databaseFor(env), meanwhile);

/**
 * `count` contacts made by `row(i)`, through contacts.import in batches of 100 (far quicker than
 * one create each).
 */
export async function importContacts(
  caller: {
    contacts: { import: (input: { rows: Record<string, unknown>[]; lineNumbers: number[] }) => Promise<unknown> };
  },
  count: number,
  row: (i: number) => Record<string, unknown>,
) {
  for (let start = 0; start < count; start += 100) {
    const size = Math.min(100, count - start);
    await caller.contacts.import({
      rows: Array.from({ length: size }, (_, j) => row(start + j)),
      lineNumbers: Array.from({ length: size }, (_, j) => start + j + 2),
    });
  }
}

/** A contact written straight to D1 (its triggers still run): the columns given, by SQL name; the rest default. */
export function contactInsert(organizationId: string, columns: Record<string, unknown>): D1PreparedStatement {
  const row = { organization_id: organizationId, created_by: "seed", created_at: 0, updated_at: 0, ...columns };
  const names = Object.keys(row);
  return env.DB.prepare(`INSERT INTO contacts (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`).bind(
    ...Object.values(row),
  );
}

/** A sort key of a field then the record's name, as the list reads it (drizzle/sort-keys.ts); NULL with the field. */
export const byThenName = (field: string | null, sortName: string) =>
  field === null ? null : `${field}\u0001${sortName}`;

/** Text as SQLite's lower() folds it: ASCII letters only. */
export const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (c) => c.toLowerCase());

/**
 * What a list of contacts sorts by, for each field whose groups are listed by name: the company (its
 * name lower-cased while live), title (ASCII case folded), status and score (as text in numeric order).
 */
export const contactSortKeys = (c: {
  sortName: string;
  companySort: string | null;
  title: string | null;
  leadScore: number;
  leadStatus?: string;
}) => ({
  companySortKey: byThenName(c.companySort, c.sortName),
  titleSortKey: byThenName(c.title && asciiLower(c.title), c.sortName),
  statusSortKey: byThenName(c.leadStatus ?? "new", c.sortName)!,
  scoreSortKey: byThenName(String(10_000_000_000 + c.leadScore), c.sortName)!,
});

/**
 * `rows` as a list sorts them by `key`: empty values last both ways, ties by id in the same direction
 * (`tiesByName`: by name, then id, as a custom property's sort lists them).
 */

export function sortedLikeAList<T extends { id: string; sortName?: string }>(
  rows: T[],
  key: keyof T,
  direction: "asc" | "desc",
  { tiesByName = false }: { tiesByName?: boolean } = {},
): T[] {
  const sign = direction === "asc" ? 1 : -1;
  const tie = (a: T, b: T) =>
    sign * (tiesByName && a.sortName !== b.sortName ? (a.sortName! < b.sortName! ? -1 : 1) : a.id < b.id ? -1 : 1);
  return [...rows].sort((a, b) => {
    const x = a[key] as string | number | null;
    const y = b[key] as string | number | null;
    if (x === null || y === null) return x === y ? tie(a, b) : x === null ? 1 : -1;
    if (x !== y) return sign * (x < y ? -1 : 1);
    return tie(a, b);
  });
}

/**
 * Waits, when a midnight at `offsetHours` from UTC is less than a minute away, until just past it:
 * for a test that works out today and has the server work it out too, a moment later.
 */
export async function clearOfMidnight(offsetHours: number) {
  const day = 86_400_000;
  const untilMidnight = day - ((Date.now() + offsetHours * 3_600_000) % day);
  if (untilMidnight < 60_000) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
}
