import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ownerOfNewOrganization } from "./helpers";
import { importContacts } from "./records-helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];
type Lane = string | null;

const TIERS = ["Gold", "Silver", "Bronze"];

/** A board lane's list: the option's records, or (null) those with none. */
const laneOf = (key: string, option: Lane) => ({
  filter: {
    combinator: "and" as const,
    conditions: [
      option === null
        ? { field: `prop:${key}`, operator: "empty" as const }
        : { field: `prop:${key}`, operator: "eq" as const, value: option },
    ],
  },
  limit: 1,
});

/**
 * Each tier's total, and the no-tier lane's, as a contacts board reads them, checked against a count of the live
 * contacts' values there and then: the lanes read the counts the triggers keep (migrations/0045).
 */
async function tierTotals(caller: Caller, organizationId: string) {
  const { results } = await env.DB.prepare(
    `SELECT coalesce(json_extract(properties, '$.tier'), '-') AS tier, count(*) AS n FROM contacts
     WHERE organization_id = ? AND deleted_at IS NULL GROUP BY 1`,
  )
    .bind(organizationId)
    .all<{ tier: string; n: number }>();
  const counted = Object.fromEntries(results.map((row) => [row.tier, row.n]));
  const shown: Record<string, number> = {};
  for (const tier of [...TIERS, null]) {
    const { total } = await caller.contacts.list(laneOf("tier", tier));
    const name = tier ?? "-";
    expect(total, `${name}: exact, and as counted`).toEqual({ count: counted[name] ?? 0, exact: true });
    if (total?.count) shown[name] = total.count;
  }
  return shown;
}

async function withTiers(name?: string) {
  const owner = await ownerOfNewOrganization(name);
  const tier = await owner.caller.properties.create({
    object: "contact",
    key: "tier",
    label: "Tier",
    type: "select",
    options: TIERS,
  });
  return { ...owner, tier };
}

describe("a select property's counts (a board lane's)", () => {
  it("are exact past the 1,000 other filters stop at, for an option and for none", async () => {
    const { caller, org } = await withTiers();
    await importContacts(caller, 1_200, (i) => ({
      firstName: `P${i}`,
      properties: i < 1_050 ? { tier: "Gold" } : i < 1_080 ? { tier: "Silver" } : {},
    }));
    expect(await tierTotals(caller, org.id)).toEqual({ Gold: 1_050, Silver: 30, "-": 120 });
    // The filter compares without case, and so does the count.
    expect((await caller.contacts.list(laneOf("tier", "gold"))).total).toEqual({ count: 1_050, exact: true });
    // Another condition beside it counts as before: up to 1,000.
    const withName = await caller.contacts.list({
      filter: {
        combinator: "and",
        conditions: [
          { field: "prop:tier", operator: "eq", value: "Gold" },
          { field: "firstName", operator: "notEmpty" },
        ],
      },
      limit: 1,
    });
    expect(withName.total).toEqual({ count: 1_000, exact: false });
  });

  it("are not kept for a text property: its filter counts up to 1,000, as any other", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.properties.create({ object: "contact", key: "region", label: "Region", type: "text" });
    await importContacts(caller, 1_010, (i) => ({ firstName: `R${i}`, properties: { region: "EU" } }));
    expect((await caller.contacts.list(laneOf("region", "EU"))).total).toEqual({ count: 1_000, exact: false });
    const few = await caller.contacts.list({ ...laneOf("region", "eu"), limit: 5 });
    expect(few.items).toHaveLength(5);
    expect((await caller.contacts.list(laneOf("region", null))).total).toEqual({ count: 0, exact: true });
  });

  it("follow every write: create, edit, bulk edit, trash, restore, merge, import, a renamed option; not another organization's", async () => {
    const { caller, org, tier } = await withTiers();
    const other = await withTiers("Other");
    await other.caller.contacts.create({ firstName: "Elsewhere", properties: { tier: "Gold" } });

    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.example"] });
    const bob = await caller.contacts.create({ firstName: "Bob", properties: { tier: "Gold" } });
    const cy = await caller.contacts.create({ firstName: "Cy", properties: { tier: "Silver" } });
    expect(await tierTotals(caller, org.id)).toEqual({ Gold: 1, Silver: 1, "-": 1 });

    const annGold = await caller.contacts.update({
      id: ann.id,
      version: ann.version,
      patch: { properties: { tier: "Gold" } },
    });
    // An edit of another field leaves the counts.
    const annTitled = await caller.contacts.update({ id: ann.id, version: annGold.version, patch: { title: "CTO" } });
    expect(await tierTotals(caller, org.id)).toEqual({ Gold: 2, Silver: 1 });
    await caller.contacts.update({ id: ann.id, version: annTitled.version, patch: { properties: { tier: null } } });
    expect(await tierTotals(caller, org.id)).toEqual({ Gold: 1, Silver: 1, "-": 1 });

    await caller.contacts.bulkUpdate({
      ids: [bob.id, cy.id],
      action: { type: "setProperty", key: "tier", value: "Bronze" },
    });
    expect(await tierTotals(caller, org.id)).toEqual({ Bronze: 2, "-": 1 });

    await caller.contacts.delete({ ids: [bob.id] });
    expect(await tierTotals(caller, org.id)).toEqual({ Bronze: 1, "-": 1 });
    await caller.contacts.restore({ id: bob.id });
    expect(await tierTotals(caller, org.id)).toEqual({ Bronze: 2, "-": 1 });

    const cyNow = (await caller.contacts.get({ id: cy.id })).contact;
    await caller.contacts.merge({ survivorId: cy.id, survivorVersion: cyNow.version, mergedId: bob.id });
    expect(await tierTotals(caller, org.id)).toEqual({ Bronze: 1, "-": 1 });

    // An import that updates Ann (matched by email) to a tier, and adds one without.
    await caller.contacts.import({
      rows: [{ emails: ["ann@acme.example"], properties: { tier: "Silver" } }, { firstName: "Di" }],
      lineNumbers: [2, 3],
      onDuplicate: "update",
    });
    expect(await tierTotals(caller, org.id)).toEqual({ Silver: 1, Bronze: 1, "-": 1 });

    // An option renamed in place: its records, and their count, move to the new name.
    await caller.properties.update({
      id: tier.id,
      options: ["Gold", "Argent", "Bronze"],
      renamedOptions: [{ from: "Silver", to: "Argent" }],
    });
    expect((await caller.contacts.list(laneOf("tier", "Argent"))).total).toEqual({ count: 1, exact: true });
    expect((await caller.contacts.list(laneOf("tier", "Silver"))).total).toEqual({ count: 0, exact: true });

    expect((await other.caller.contacts.list(laneOf("tier", "Gold"))).total).toEqual({ count: 1, exact: true });
    expect((await other.caller.contacts.list(laneOf("tier", null))).total).toEqual({ count: 0, exact: true });
  });

  it("counts companies' select properties too, and the trash apart", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.properties.create({
      object: "company",
      key: "stage",
      label: "Stage",
      type: "select",
      options: ["Prospect", "Active"],
    });
    const acme = await caller.companies.create({ name: "Acme", properties: { stage: "Active" } });
    await caller.companies.create({ name: "Globex", properties: { stage: "Active" } });
    await caller.companies.create({ name: "Initech" });
    const active = { ...laneOf("stage", "Active"), limit: 50 };
    expect((await caller.companies.list(active)).total).toEqual({ count: 2, exact: true });
    expect((await caller.companies.list(laneOf("stage", null))).total).toEqual({ count: 1, exact: true });
    await caller.companies.delete({ ids: [acme.id] });
    expect((await caller.companies.list(active)).total).toEqual({ count: 1, exact: true });
    expect((await caller.companies.list({ ...active, trash: true })).total).toEqual({ count: 1, exact: true });
  });
});
