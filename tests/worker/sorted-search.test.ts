import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COUNT_CAP } from "../../worker/src/domain/records/list";
import { ownerOfNewOrganization } from "./helpers";
import { allPages, contactInsert, contactSortKeys, defineProperty, ids, sortedLikeAList } from "./records-helpers";

/**
 * A search sorted by a column reads its matches and sorts them while they are at most COUNT_CAP,
 * else walks the column's index probing each record: both ways must list the same rows in the same
 * order as sorting the matches in memory, page after page.
 */
describe("a search sorted by a column, against a reference model", () => {
  type Seeded = {
    id: string;
    firstName: string;
    sortName: string;
    title: string | null;
    leadScore: number;
    tier: string | null;
    companySort: string | null;
  } & Partial<ReturnType<typeof contactSortKeys>>;
  const firstNames = ["Ann", "Anna", "Annika", "Bob", "Cy"];

  /** COUNT_CAP + 300 contacts: most named Ann…, a few Bob or Cy; many ties and empty values. */
  async function seed(organizationId: string): Promise<Seeded[]> {
    await defineProperty(organizationId, "contact", { key: "tier", label: "Tier", type: "text" });
    const companies = [
      { id: `cmp_srt_a_${organizationId}`, name: "Acme" },
      { id: `cmp_srt_b_${organizationId}`, name: "beta" },
    ];
    const random = fc.sample(
      fc.record({
        firstName: fc.constantFrom(...firstNames, "Ann", "Anna", "Ann", "Anna"),
        lastName: fc.constantFrom("Lee", "Stone", ""),
        title: fc.option(fc.constantFrom("CEO", "Buyer", "engineer"), { nil: null }),
        leadScore: fc.integer({ min: 0, max: 5 }),
        tier: fc.option(fc.constantFrom("gold", "silver", "bronze"), { nil: null }),
        company: fc.option(fc.constantFrom(...companies), { nil: null }),
      }),
      { numRuns: COUNT_CAP + 300, seed: 11 },
    );
    const seeded = random
      .map(({ company, lastName, ...r }, i) => ({
        ...r,
        lastName,
        id: `con_srt${String(i).padStart(12, "0")}`,
        sortName: `${r.firstName} ${lastName}`.trim().toLowerCase(),
        companyId: company?.id ?? null,
        companySort: company ? company.name.toLowerCase() : null,
      }))
      .map((c) => ({ ...c, ...contactSortKeys(c) }));
    const statements = [
      ...companies.map((c) =>
        env.DB.prepare(
          `INSERT INTO companies (id, organization_id, name, created_by, created_at, updated_at) VALUES (?, ?, ?, 'seed', 0, 0)`,
        ).bind(c.id, organizationId, c.name),
      ),
      ...seeded.map((c) =>
        contactInsert(organizationId, {
          id: c.id,
          first_name: c.firstName,
          last_name: c.lastName,
          sort_name: c.sortName,
          title: c.title,
          lead_score: c.leadScore,
          company_id: c.companyId,
          properties: JSON.stringify(c.tier ? { tier: c.tier } : {}),
        }),
      ),
    ];
    for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
    return seeded;
  }

  const sortFields = {
    name: "sortName",
    title: "titleSortKey",
    leadScore: "scoreSortKey",
    company: "companySortKey",
    "prop:tier": "tier",
  } as const;

  it("lists the matches in the column's order, empty values last, for few and for many matches, at any page size", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const seeded = await seed(org.id);
    // Names only: each search's text starts a word of the first name (no email, no title starts so).
    const searches = { many: "an", few: "bo" };
    const matching = (text: string) => seeded.filter((c) => c.firstName.toLowerCase().startsWith(text));
    expect(matching(searches.many).length).toBeGreaterThan(COUNT_CAP);
    expect(matching(searches.few).length).toBeLessThan(COUNT_CAP);
    expect(matching(searches.few).length).toBeGreaterThan(50);

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("many" as const, "few" as const),
        fc.constantFrom(...(Object.keys(sortFields) as (keyof typeof sortFields)[])),
        fc.constantFrom("asc" as const, "desc" as const),
        fc.integer({ min: 20, max: 200 }),
        async (size, field, direction, limit) => {
          const key = sortFields[field];
          const expected = sortedLikeAList(matching(searches[size]), key, direction, {
            tiesByName: field === "prop:tier" || field === "title" || field === "company",
          });
          const input = { search: searches[size], sort: { field, direction } };
          // The many-match walks read at most a page's worth past the first pages: enough to cross
          // from the values to the empty ones.
          const walked = await allPages((i) => caller.contacts.list(i), input, limit);
          expect(ids(walked)).toEqual(ids(expected));
          const first = await caller.contacts.list({ ...input, limit });
          expect(first.total).toEqual(
            size === "many" ? { count: COUNT_CAP, exact: false } : { count: expected.length, exact: true },
          );
        },
      ),
      { numRuns: 16 },
    );
  }, 120_000);
});
