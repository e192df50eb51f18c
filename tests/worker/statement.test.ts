import { env } from "cloudflare:test";
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { companies, contacts, recordTags } from "../../drizzle";
import { databaseFor, toStatement, type Statement } from "../../worker/src/db";
import { bestMatchPicks } from "../../worker/src/domain/records/best-match";
import { companyConfig, contactConfig } from "../../worker/src/domain/records/fields";
import {
  encodeCursor,
  filterSql,
  ftsSearch,
  sortPlan,
  tagCountSql,
  type PropertyKinds,
} from "../../worker/src/domain/records/list-query";
import { listRowCodec, rowCodec } from "../../worker/src/domain/records/row-json";
import type { RecordFilter } from "../../worker/src/schemas/records";

const dialect = new SQLiteSyncDialect();
const orgScope = sql`(SELECT organization_id FROM users WHERE id = ${"usr_1"})`;
const properties: PropertyKinds = {
  "prop:tier": "text",
  "prop:arr": "number",
  "prop:renewal": "date",
  "prop:langs": "array",
};

/**
 * A statement with numbered parameters (`?2`) written with one anonymous `?` per occurrence instead
 * (what drizzle writes); an anonymous one (drizzle's own text, see toStatement) stays as it is.
 */
function anonymous({ sql: text, params }: Statement): Statement {
  const expanded: unknown[] = [];
  let next = 0;
  const written = text.replace(/\?(\d+)?/g, (_, n: string | undefined) => {
    expanded.push(n === undefined ? params[next++] : params[Number(n) - 1]);
    return "?";
  });
  return { sql: written, params: expanded };
}

/**
 * toStatement must write what drizzle's dialect writes: the same text and the same values in the
 * same places. What it writes itself binds each distinct value once, numbered in order of first use.
 */
function expectSameAsDrizzle(query: SQL, label: string) {
  const drizzle = dialect.sqlToQuery(query);
  const statement = toStatement(query);
  expect(anonymous(statement), label).toEqual({ sql: drizzle.sql, params: drizzle.params });
  const numbers = [...statement.sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1]));
  if (numbers.length === 0) return;
  expect(new Set(statement.params).size, `${label}: each value bound once`).toBe(statement.params.length);
  expect(Math.max(...numbers), `${label}: numbered 1 to ${statement.params.length}`).toBe(statement.params.length);
}

const filter = (conditions: RecordFilter["conditions"], combinator: "and" | "or" = "and"): RecordFilter => ({
  combinator,
  conditions,
});

describe("toStatement", () => {
  it("writes every filter, sort and search of the list engine as drizzle does", () => {
    const conditions: RecordFilter["conditions"] = [
      { field: "name", operator: "contains", value: "a_n%" },
      { field: "email", operator: "eq", value: "Ann@X.com" },
      { field: "title", operator: "neq", value: "CEO" },
      { field: "leadStatus", operator: "in", value: ["new", "qualified"] },
      { field: "leadScore", operator: "gt", value: 50 },
      { field: "leadScore", operator: "lt", value: "7" },
      { field: "createdAt", operator: "after", value: "2026-01-02" },
      { field: "lastActivityAt", operator: "empty" },
      { field: "source", operator: "notEmpty" },
      { field: "companyId", operator: "eq", value: "cmp_1" },
      { field: "tags", operator: "contains", value: "VIP" },
      { field: "tags", operator: "neq", value: "ünï" },
      { field: "tags", operator: "in", value: ["a", "B"] },
      { field: "prop:tier", operator: "eq", value: "Gold" },
      { field: "prop:arr", operator: "gt", value: 10 },
      { field: "prop:renewal", operator: "before", value: "2026-05-01" },
      { field: "prop:langs", operator: "contains", value: "fr" },
      { field: "prop:langs", operator: "empty" },
      { field: "lastActivityAt", operator: "inLastDays", value: 7 },
      { field: "createdAt", operator: "moreThanDaysAgo", value: 30 },
      { field: "prop:renewal", operator: "inNextDays", value: 90 },
    ];
    for (const trash of [false, true]) {
      const scope = { orgScope, trash, calendar: () => ({ today: "2026-03-29", timeZone: "Europe/Paris" }) };
      for (const condition of conditions)
        expectSameAsDrizzle(
          filterSql(contactConfig, filter([condition]), properties, scope)!,
          JSON.stringify(condition),
        );
      expectSameAsDrizzle(filterSql(contactConfig, filter(conditions), properties, scope)!, "and");
      expectSameAsDrizzle(filterSql(contactConfig, filter(conditions, "or"), properties, scope)!, "or");
      expectSameAsDrizzle(filterSql(contactConfig, filter(conditions), properties, scope, { driver: 10 })!, "driven");
      const search = ftsSearch(contactConfig, orgScope, "Ann O'Brien", trash)!;
      expectSameAsDrizzle(search.where(), "fts");
      expectSameAsDrizzle(search.where(42), "fts below a record");
      expectSameAsDrizzle(search.seq, "fts seq");
    }
    for (const field of ["name", "leadScore", "title", "lastActivityAt", "createdAt", "prop:tier"])
      for (const direction of ["asc", "desc"] as const)
        for (const cursor of [
          undefined,
          encodeCursor({ v: "x", id: "con_1" }),
          encodeCursor({ v: null, id: "con_1" }),
        ]) {
          const plan = sortPlan(contactConfig, { field, direction }, properties, orgScope, cursor);
          const label = `${field} ${direction} ${cursor}`;
          expectSameAsDrizzle(sql`${plan.sortValue} ${and(plan.after)} ${sql.join(plan.orderBy, sql`, `)}`, label);
        }
    const live = and(eq(contacts.organizationId, orgScope), isNull(contacts.deletedAt));
    const match = ftsSearch(contactConfig, orgScope, "ann", false);
    expectSameAsDrizzle(bestMatchPicks(contactConfig, "ann", live, match, 51, null), "best match");
    expectSameAsDrizzle(
      bestMatchPicks(contactConfig, "ann", live, match, 51, { position: [1, 42], id: "con_1" }),
      "best match, second part",
    );
    expectSameAsDrizzle(tagCountSql(companyConfig, orgScope, ["vip", "VIP"]), "tag count");
  });

  it("writes row selects, aliased tables, encoded parameters, lists and identifiers as drizzle does", () => {
    expectSameAsDrizzle(sql`select ${listRowCodec(contactConfig).packedSelect} from ${contacts}`, "list row");
    expectSameAsDrizzle(sql`select ${rowCodec(companies).select} from ${companies}`, "row object");
    const other = alias(companies, "other_company");
    expectSameAsDrizzle(
      sql`select ${other.name} from ${companies} AS ${sql.identifier("other_company")} where ${and(
        eq(other.id, contacts.companyId),
        or(isNull(other.deletedAt), eq(other.name, "Acme")),
      )}`,
      "alias",
    );
    // A timestamp column's encoder turns a Date into epoch milliseconds; a JSON column's into text.
    expectSameAsDrizzle(sql`${eq(contacts.createdAt, new Date(5))} ${eq(contacts.tags, ["a"])}`, "encoders");
    expectSameAsDrizzle(sql`${inArray(recordTags.tagKey, ["a", "b", "c"])} ${[1, "x", null]}`, "lists");
    expectSameAsDrizzle(sql`${sql.raw("raw")} ${sql.identifier('we"ird')} ${undefined} ${true} ${0}`, "raw");
  });

  it("leaves to drizzle what it does not write itself (query builders, placeholders)", () => {
    const db = databaseFor(env);
    const builder = db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, "con_1"));
    expectSameAsDrizzle(sql`select 1 where exists ${builder}`, "builder");
    const placeholder = dialect.sqlToQuery(sql`select ${sql.placeholder("p")}`);
    expect(toStatement(sql`select ${sql.placeholder("p")}`)).toEqual({
      sql: placeholder.sql,
      params: placeholder.params,
    });
  });
});
