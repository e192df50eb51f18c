import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RecordListInput } from "../../worker/src/schemas/records";
import { pageStatements } from "./counting-database";
import { ownerOfNewOrganization } from "./helpers";
import { allPages, ids, importContacts } from "./records-helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];
type Contact = Awaited<ReturnType<Caller["contacts"]["list"]>>["items"][number];

const TIERS = ["Gold", "Silver", "Bronze"];
type Condition = NonNullable<NonNullable<RecordListInput["filter"]>["conditions"]>[number];
const tierIs = (value: string, ...more: Condition[]) => ({
  filter: {
    combinator: "and" as const,
    conditions: [{ field: "prop:tier", operator: "eq" as const, value }, ...more],
  },
});

/**
 * 300 contacts, names in an order unrelated to their tier: Gold on one in ten, Silver on a third, the rest none; a
 * text property "region" beside it; a few of each tier in the trash.
 */
async function tieredOrganization() {
  const { caller, identity } = await ownerOfNewOrganization();
  await caller.properties.create({ object: "contact", key: "tier", label: "Tier", type: "select", options: TIERS });
  await caller.properties.create({ object: "contact", key: "region", label: "Region", type: "text" });
  await importContacts(caller, 300, (i) => ({
    firstName: `P${(i * 37) % 300}`,
    lastName: `L${i % 7}`,
    leadScore: i % 50,
    properties: {
      ...(i % 10 === 3 ? { tier: "Gold" } : i % 3 === 1 ? { tier: "Silver" } : {}),
      region: i % 2 ? "EU" : "US",
    },
  }));
  const everyone = await allPages((input) => caller.contacts.list(input), {}, 200);
  const tierOf = (c: Contact) => c.properties.tier as string | undefined;
  const binned = [
    ...everyone.filter((c) => tierOf(c) === "Gold").slice(0, 2),
    ...everyone.filter((c) => tierOf(c) === "Silver").slice(0, 2),
  ];
  await caller.contacts.delete({ ids: binned.map((c) => c.id) });
  const pageOf = await pageStatements(identity);
  return { caller, pageOf, tierOf };
}

describe("a select property's lane by name: read from record_values' index", () => {
  it("lists the same rows as the whole list filtered by hand, page by page, both directions, with other conditions and in the trash", async () => {
    const { caller, tierOf } = await tieredOrganization();
    const inEu = { field: "prop:region", operator: "eq" as const, value: "EU" };
    for (const trash of [false, true])
      for (const sort of [undefined, { field: "name", direction: "desc" as const }]) {
        const all = await allPages((input) => caller.contacts.list(input), { trash, sort }, 200);
        const cases = [
          ["Gold", tierIs("Gold"), (c: Contact) => tierOf(c) === "Gold"],
          [
            "Silver in EU",
            tierIs("Silver", inEu),
            (c: Contact) => tierOf(c) === "Silver" && c.properties.region === "EU",
          ],
          // Not an option as written: read along the names, compared without case as any filter is.
          ["gold (no option)", tierIs("gold"), (c: Contact) => tierOf(c) === "Gold"],
          ["Bronze (nobody)", tierIs("Bronze"), () => false],
        ] as const;
        for (const [name, input, keep] of cases) {
          const label = `${name} ${JSON.stringify(sort)} trash=${trash}`;
          const expected = ids(all.filter(keep));
          if (!trash && name === "Gold") expect(expected.length, "the case has rows").toBeGreaterThan(20);
          expect(ids(await allPages((i) => caller.contacts.list(i), { ...input, trash, sort }, 7)), label).toEqual(
            expected,
          );
          const first = await caller.contacts.list({ ...input, trash, sort, limit: 1 });
          expect(first.total, label).toEqual({ count: expected.length, exact: true });
        }
      }
  }, 60_000);

  it("reads the option's index entries, not every name: rows read, and the plan", async () => {
    const { pageOf } = await tieredOrganization();
    const rowsRead = async (input: RecordListInput) => {
      const page = await pageOf(input);
      return (
        await env.DB.prepare(page.sql)
          .bind(...page.values)
          .all()
      ).meta.rows_read;
    };
    // 28 live Gold of 296 live contacts, 5 a page: the index's entries and their records (with the statement's fixed
    // lookups), where the names' walk would read about 55 names to find 5 Gold.
    const byIndex = await rowsRead({ ...tierIs("Gold"), limit: 5 });
    const walked = await rowsRead({ ...tierIs("gold"), limit: 5 });
    expect(byIndex).toBeLessThan(walked / 3);
    expect(byIndex).toBeLessThan(40);

    const page = await pageOf({ ...tierIs("Gold", { field: "leadScore", operator: "gt", value: 10 }), limit: 5 });
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${page.sql}`)
        .bind(...page.values)
        .all<{ detail: string }>()
    ).results
      .map((row) => row.detail)
      .join("\n");
    // One value's range of the index, which holds its records by name (the page's few rows are sorted at the end).
    expect(plan).toMatch(
      /SEARCH record_values USING COVERING INDEX record_values_sort_idx \(organization_id=\? AND object=\? AND key=\? AND deleted_at=\? AND value=\?\)/,
    );
  });

  it("finds the records without a value, and those with one, of a select, a text and a number property, as the JSON says", async () => {
    const { caller, tierOf } = await tieredOrganization();
    await caller.properties.create({ object: "contact", key: "seats", label: "Seats", type: "number" });
    const some = await allPages((input) => caller.contacts.list(input), {}, 200);
    // A few with seats, one of them 0 (a value, not none); a few whose region is taken away (none).
    for (const [i, contact] of some.slice(0, 12).entries())
      await caller.contacts.update({
        id: contact.id,
        version: contact.version,
        patch: { properties: i < 6 ? { seats: i } : { region: null } },
      });
    for (const trash of [false, true]) {
      const all = await allPages((input) => caller.contacts.list(input), { trash }, 200);
      const cases = [
        ["no tier", "tier", "empty", (c: Contact) => tierOf(c) === undefined],
        ["a tier", "tier", "notEmpty", (c: Contact) => tierOf(c) !== undefined],
        ["no region", "region", "empty", (c: Contact) => c.properties.region == null],
        ["no seats", "seats", "empty", (c: Contact) => c.properties.seats == null],
        ["seats", "seats", "notEmpty", (c: Contact) => c.properties.seats != null],
      ] as const;
      for (const [name, key, operator, keep] of cases) {
        const label = `${name} trash=${trash}`;
        const expected = ids(all.filter(keep));
        if (!trash) expect(expected.length, `${label}: the case has rows`).toBeGreaterThan(0);
        const input = {
          trash,
          filter: { combinator: "and" as const, conditions: [{ field: `prop:${key}`, operator }] },
        };
        expect(ids(await allPages((i) => caller.contacts.list(i), input, 9)), label).toEqual(expected);
      }
    }
  }, 60_000);
});
