import { describe, expect, it } from "vitest";
import { expectTRPCError, ownerOfNewOrganization } from "./helpers";
import { allPages, ids, importContacts } from "./records-helpers";

/** The owner of a new organization with 2,100 contacts, P0000 to P2099, each with the tags `tags` gives it. */
async function ownerWith2100Contacts(tags: (i: number) => string[]) {
  const { caller } = await ownerOfNewOrganization();
  await importContacts(caller, 2100, (i) => ({
    firstName: `P${String(i).padStart(4, "0")}`,
    emails: [`p${i}@bulk.test`],
    tags: tags(i),
  }));
  return caller;
}

describe("contacts.bulkPage", () => {
  it(
    "reads a view's every match 2,000 at a time, in the list's order, without a total",
    { timeout: 30_000 },
    async () => {
      const caller = await ownerWith2100Contacts((i) => (i % 20 === 0 ? ["rare"] : []));
      const view = { sort: { field: "name", direction: "desc" as const } };
      const first = await caller.contacts.bulkPage({ ...view, fields: [] });
      expect(first.items).toHaveLength(2000);
      expect(first.total).toBeNull();
      // Ids only, when asked for no field: what "select all" reads.
      expect(Object.keys(first.items[0]!).sort()).toEqual(["id", "version"]);
      const rest = await caller.contacts.bulkPage({ ...view, fields: [], cursor: first.nextCursor! });
      expect(rest.items).toHaveLength(100);
      expect(rest.nextCursor).toBeNull();
      const listed = await allPages((input) => caller.contacts.list(input), view, 200);
      expect([...ids(first.items), ...ids(rest.items)]).toEqual(ids(listed));

      // Every field without `fields` (an export), and the view's filter.
      const rare = await caller.contacts.bulkPage({
        filter: { combinator: "and", conditions: [{ field: "tags", operator: "contains", value: "rare" }] },
      });
      expect(rare.items).toHaveLength(105);
      expect(rare.items[0]).toMatchObject({ firstName: "P0000", emails: ["p0@bulk.test"], tags: ["rare"] });
    },
  );

  it("refuses more than 2,000 a page, and the table's list stays at 200", async () => {
    const { caller } = await ownerOfNewOrganization();
    await expectTRPCError(caller.contacts.bulkPage({ limit: 2001 }), "BAD_REQUEST", /2000/);
    await expectTRPCError(caller.contacts.list({ limit: 201 }), "BAD_REQUEST", /200/);
    expect((await caller.companies.bulkPage({ limit: 2000 })).items).toEqual([]);
  });
});

describe("contacts.byIds", () => {
  it(
    "reads up to 2,000 records whole, in the order asked, leaving out those in the trash",
    { timeout: 30_000 },
    async () => {
      const caller = await ownerWith2100Contacts((i) => (i % 2 ? ["odd"] : []));
      const listed = await allPages((input) => caller.contacts.list(input), { sort: { field: "name" } }, 200);
      // The last 2,000, from the end: not the list's order.
      const wanted = ids(listed).slice(100).reverse();
      await caller.contacts.delete({ ids: [wanted[1]!] });
      const { items } = await caller.contacts.byIds({ ids: wanted });
      expect(ids(items)).toEqual(wanted.filter((_, i) => i !== 1));
      expect(items[0]).toMatchObject({ firstName: "P2099", emails: ["p2099@bulk.test"], tags: ["odd"] });
      expect(Object.keys(items[0]!)).toEqual(
        expect.arrayContaining(["ownerId", "properties", "createdAt", "companyName"]),
      );
    },
  );

  it("refuses no ids and more than 2,000", async () => {
    const { caller } = await ownerOfNewOrganization();
    await expectTRPCError(caller.contacts.byIds({ ids: [] }), "BAD_REQUEST");
    const many = Array.from({ length: 2001 }, (_, i) => `con_${String(i).padStart(16, "0")}`);
    await expectTRPCError(caller.contacts.byIds({ ids: many }), "BAD_REQUEST", /2000/);
    expect((await caller.companies.byIds({ ids: ["cmp_0000000000000000"] })).items).toEqual([]);
  });
});

describe("companies.byIds", () => {
  it("reads companies whole, with their people and parent company as a list row has them", async () => {
    const { caller } = await ownerOfNewOrganization();
    const group = await caller.companies.create({ name: "Acme Group", domain: "acme.test" });
    const labs = await caller.companies.create({ name: "Acme Labs", parentCompanyId: group.id, tags: ["r&d"] });
    await caller.contacts.create({ firstName: "Ann", companyId: labs.id });
    const { items } = await caller.companies.byIds({ ids: [labs.id, group.id] });
    expect(items).toMatchObject([
      { id: labs.id, name: "Acme Labs", parentCompanyName: "Acme Group", peopleCount: 1, tags: ["r&d"] },
      { id: group.id, name: "Acme Group", domain: "acme.test", parentCompanyName: null, peopleCount: 0 },
    ]);
  });
});
