import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { leadStatuses } from "../../drizzle/values";
import { ownerOfNewOrganization } from "./helpers";
import { importContacts } from "./records-helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];

const onlyStatus = (value: string) => ({
  filter: { combinator: "and" as const, conditions: [{ field: "leadStatus", operator: "eq" as const, value }] },
  limit: 1,
});

/**
 * Each status's total as a board's lane reads it, checked against a count of the organization's live contacts there
 * and then: the lane reads the count the triggers keep (migrations/0044), which must agree after every kind of write.
 */
async function laneTotals(caller: Caller, organizationId: string) {
  const { results } = await env.DB.prepare(
    "SELECT lead_status AS status, count(*) AS n FROM contacts WHERE organization_id = ? AND deleted_at IS NULL GROUP BY 1",
  )
    .bind(organizationId)
    .all<{ status: string; n: number }>();
  const counted = Object.fromEntries(results.map((row) => [row.status, row.n]));
  const shown: Record<string, number> = {};
  for (const status of leadStatuses) {
    const { total } = await caller.contacts.list(onlyStatus(status));
    expect(total, `${status}: exact, and as counted`).toEqual({ count: counted[status] ?? 0, exact: true });
    if (total?.count) shown[status] = total.count;
  }
  return shown;
}

describe("a lead status's count (a board lane's)", () => {
  it("is exact past the 1,000 other filters stop at", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await importContacts(caller, 1_100, (i) => ({ firstName: `P${i}`, leadStatus: i < 1_050 ? "contacted" : "new" }));
    expect(await laneTotals(caller, org.id)).toEqual({ contacted: 1_050, new: 50 });
    // Another filter beside the status counts as before: up to 1,000.
    const withTitle = await caller.contacts.list({
      filter: {
        combinator: "and",
        conditions: [
          { field: "leadStatus", operator: "eq", value: "contacted" },
          { field: "firstName", operator: "notEmpty" },
        ],
      },
      limit: 1,
    });
    expect(withTitle.total).toEqual({ count: 1_000, exact: false });
  });

  it("follows every write: create, edit, bulk edit, trash, restore, merge, import's update, another organization's", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const other = await ownerOfNewOrganization("Other");
    await other.caller.contacts.create({ firstName: "Elsewhere", leadStatus: "qualified" });

    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.example"] });
    const bob = await caller.contacts.create({ firstName: "Bob", leadStatus: "contacted" });
    const cy = await caller.contacts.create({ firstName: "Cy", leadStatus: "contacted" });
    expect(await laneTotals(caller, org.id)).toEqual({ new: 1, contacted: 2 });

    const annQualified = await caller.contacts.update({
      id: ann.id,
      version: ann.version,
      patch: { leadStatus: "qualified" },
    });
    // An edit of another field leaves the counts.
    await caller.contacts.update({ id: ann.id, version: annQualified.version, patch: { title: "CTO" } });
    expect(await laneTotals(caller, org.id)).toEqual({ contacted: 2, qualified: 1 });

    await caller.contacts.bulkUpdate({
      ids: [bob.id, cy.id],
      action: { type: "setField", field: "leadStatus", value: "customer" },
    });
    expect(await laneTotals(caller, org.id)).toEqual({ qualified: 1, customer: 2 });

    await caller.contacts.delete({ ids: [bob.id] });
    expect(await laneTotals(caller, org.id)).toEqual({ qualified: 1, customer: 1 });
    await caller.contacts.restore({ id: bob.id });
    expect(await laneTotals(caller, org.id)).toEqual({ qualified: 1, customer: 2 });

    const cyNow = (await caller.contacts.get({ id: cy.id })).contact;
    await caller.contacts.merge({ survivorId: cy.id, survivorVersion: cyNow.version, mergedId: bob.id });
    expect(await laneTotals(caller, org.id)).toEqual({ qualified: 1, customer: 1 });

    // An import that updates Ann (matched by email) to another status, and adds one.
    await caller.contacts.import({
      rows: [
        { emails: ["ann@acme.example"], leadStatus: "unqualified" },
        { firstName: "Di", leadStatus: "new" },
      ],
      lineNumbers: [2, 3],
      onDuplicate: "update",
    });
    expect(await laneTotals(caller, org.id)).toEqual({ unqualified: 1, customer: 1, new: 1 });
    expect(await laneTotals(other.caller, other.org.id)).toEqual({ qualified: 1 });
  });

  it("counts the trash apart: a lane of the trash counts as any other filter", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.contacts.delete({ ids: [ann.id] });
    const trashed = await caller.contacts.list({ ...onlyStatus("new"), trash: true });
    expect(trashed.total).toEqual({ count: 1, exact: true });
    expect((await caller.contacts.list(onlyStatus("new"))).total).toEqual({ count: 0, exact: true });
  });
});
