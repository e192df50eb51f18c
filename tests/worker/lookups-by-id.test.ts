import { describe, expect, it } from "vitest";
import { countedCaller, planOf, WALKS_THE_ORGANIZATION } from "./counting-database";
import { ownerOfNewOrganization } from "./helpers";

/**
 * What acts on records picked by id (a selection, an import's references, names by id) reads them
 * id by id: at 100,000 contacts, walking the organization's index instead cost more than the work.
 */
describe("records picked by id", () => {
  it("are looked up one by one by every call that takes a list of ids, never by walking the organization", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const [acme, globex] = [
      await caller.companies.create({ name: "Acme" }),
      await caller.companies.create({ name: "Globex" }),
    ];
    const people = [];
    for (let i = 0; i < 6; i++)
      people.push(await caller.contacts.create({ firstName: `P${i}`, companyId: i % 2 ? acme.id : globex.id }));
    const [a, b, c, d, e, f] = people.map((p) => p.id);
    const measure = await countedCaller(identity);
    const calls: [string, Parameters<typeof measure>[0]][] = [
      ["contacts.bulkUpdate", (x) => x.contacts.bulkUpdate({ ids: [a, b], action: { type: "addTag", tag: "vip" } })],
      ["contacts.delete", (x) => x.contacts.delete({ ids: [a, b] })],
      ["companies.names", (x) => x.companies.names({ ids: [acme.id, globex.id] })],
      ["contacts.byIds", (x) => x.contacts.byIds({ ids: [c, d, e] })],
      ["companies.byIds", (x) => x.companies.byIds({ ids: [acme.id, globex.id] })],
      [
        "contacts.import",
        (x) =>
          x.contacts.import({
            rows: [
              { firstName: "New", companyId: acme.id },
              { firstName: "Newer", companyId: globex.id },
            ],
            lineNumbers: [2, 3],
          }),
      ],
      [
        "contacts.import naming companies",
        (x) =>
          x.contacts.import({
            rows: [
              { firstName: "Named", company: "ACME" },
              { firstName: "By domain", company: "globex.com" },
              { firstName: "By its legal form", company: "Globex GmbH" },
            ],
            lineNumbers: [2, 3, 4],
          }),
      ],
      ["contacts.dismissDuplicate", (x) => x.contacts.dismissDuplicate({ ids: [e, f] })],
      ["contacts.merge", async (x) => x.contacts.merge({ survivorId: c, survivorVersion: 1, mergedId: d })],
      ["companies.delete", (x) => x.companies.delete({ ids: [acme.id, globex.id] })],
    ];
    for (const [name, call] of calls) {
      const { bound } = await measure(call);
      expect(bound.length, name).toBeGreaterThan(0);
      for (const statement of bound)
        expect(await planOf(statement), `${name}: ${statement.sql}`).not.toMatch(WALKS_THE_ORGANIZATION);
    }
  });
});
