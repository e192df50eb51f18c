import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ownerOfNewOrganization } from "./helpers";
import { allPages, contactInsert } from "./records-helpers";

type Owner = Awaited<ReturnType<typeof ownerOfNewOrganization>>;
type Caller = Owner["caller"];

/**
 * Each company's People count as a list page shows it (name → count), checked against the company's
 * own read, which counts its contacts there and then: the page reads the count triggers keep.
 */
async function shownCounts(caller: Caller) {
  const rows = await allPages(
    (input) => caller.companies.list(input),
    { sort: { field: "name", direction: "asc" } },
    50,
  );
  for (const row of rows) {
    const { company } = await caller.companies.get({ id: row.id });
    expect(row.peopleCount, `${row.name}'s page row and own read agree`).toBe(company.peopleCount);
  }
  return Object.fromEntries(rows.map((row) => [row.name, row.peopleCount]));
}

/** The companies' names in the order a sort by people lists them, walked page by page. */
async function byPeople(caller: Caller, direction: "asc" | "desc", limit = 1) {
  const rows = await allPages(
    (input) => caller.companies.list(input),
    { sort: { field: "peopleCount", direction } },
    limit,
  );
  return rows.map((row) => row.name);
}

/** Three companies: Globex with three people, Acme with one, Zeta with none; and Nia at none. */
async function team() {
  const owner = await ownerOfNewOrganization();
  const { caller } = owner;
  const globex = await caller.companies.create({ name: "Globex" });
  const acme = await caller.companies.create({ name: "Acme" });
  const zeta = await caller.companies.create({ name: "Zeta" });
  const contacts = {
    gil: await caller.contacts.create({ firstName: "Gil", companyId: globex.id }),
    gus: await caller.contacts.create({ firstName: "Gus", companyId: globex.id }),
    gia: await caller.contacts.create({ firstName: "Gia", companyId: globex.id }),
    ann: await caller.contacts.create({ firstName: "Ann", companyId: acme.id }),
    nia: await caller.contacts.create({ firstName: "Nia" }),
  };
  return { ...owner, globex, acme, zeta, contacts };
}

describe("companies by their number of people", () => {
  it("sorts both ways across pages, ties by id, and filters by the count", async () => {
    const { caller } = await team();
    expect(await shownCounts(caller)).toEqual({ Acme: 1, Globex: 3, Zeta: 0 });
    expect(await byPeople(caller, "desc")).toEqual(["Globex", "Acme", "Zeta"]);
    expect(await byPeople(caller, "asc", 2)).toEqual(["Zeta", "Acme", "Globex"]);

    const filtered = (operator: "gt" | "lt" | "eq", value: string) =>
      caller.companies
        .list({ filter: { combinator: "and", conditions: [{ field: "peopleCount", operator, value }] } })
        .then((page) => page.items.map((c) => c.name).sort());
    expect(await filtered("gt", "0")).toEqual(["Acme", "Globex"]);
    expect(await filtered("lt", "2")).toEqual(["Acme", "Zeta"]);
    expect(await filtered("eq", "3")).toEqual(["Globex"]);
  });

  it("follows contacts moved, deleted in bulk, restored, merged and removed for good", async () => {
    const { caller, contacts, zeta, acme } = await team();
    const { gil, gus, gia, ann, nia } = contacts;
    await caller.contacts.update({ id: gil.id, version: gil.version, patch: { companyId: zeta.id } });
    await caller.contacts.update({ id: nia.id, version: nia.version, patch: { companyId: acme.id } });
    expect(await shownCounts(caller)).toEqual({ Acme: 2, Globex: 2, Zeta: 1 });

    await caller.contacts.delete({ ids: [gus.id, ann.id] });
    expect(await shownCounts(caller), "trashed contacts are not counted").toEqual({ Acme: 1, Globex: 1, Zeta: 1 });
    await caller.contacts.restore({ id: ann.id });
    expect(await shownCounts(caller)).toEqual({ Acme: 2, Globex: 1, Zeta: 1 });
    await caller.contacts.delete({ ids: [ann.id] });
    await caller.contacts.restoreMany({ ids: [gus.id, ann.id] });
    expect(await shownCounts(caller), "restored in bulk").toEqual({ Acme: 2, Globex: 2, Zeta: 1 });
    await caller.contacts.delete({ ids: [gus.id] });

    // Gia (Globex) folded into Gil (Zeta): the merged contact is deleted, so Globex loses her.
    const survivor = (await caller.contacts.get({ id: gil.id })).contact;
    await caller.contacts.merge({ survivorId: gil.id, survivorVersion: survivor.version, mergedId: gia.id });
    expect(await shownCounts(caller)).toEqual({ Acme: 2, Globex: 0, Zeta: 1 });
    expect(await byPeople(caller, "desc")).toEqual(["Acme", "Zeta", "Globex"]);

    // No procedure removes a row for good; a purge written straight to D1 is counted all the same.
    await env.DB.prepare("DELETE FROM contacts WHERE id = ?").bind(nia.id).run();
    expect(await shownCounts(caller)).toEqual({ Acme: 1, Globex: 0, Zeta: 1 });
  });

  it("follows companies merged, trashed and restored, and contacts imported", async () => {
    const { caller, globex, acme } = await team();
    await caller.companies.merge({ survivorId: acme.id, survivorVersion: acme.version, mergedId: globex.id });
    expect(await shownCounts(caller), "the merged company's people count at the survivor").toEqual({
      Acme: 4,
      Zeta: 0,
    });

    await caller.companies.delete({ ids: [acme.id] });
    const trash = await caller.companies.list({ trash: true });
    expect(Object.fromEntries(trash.items.map((c) => [c.name, c.peopleCount])), "the trash shows them too").toEqual({
      Acme: 4,
      Globex: 0,
    });
    await caller.companies.restore({ id: acme.id });

    await caller.contacts.import({
      rows: [
        { firstName: "Bea", company: "Zeta" },
        { firstName: "Max", company: "Mango Inc" },
        { firstName: "Mo", company: "Mango Inc" },
      ],
      lineNumbers: [2, 3, 4],
    });
    expect(await shownCounts(caller)).toEqual({ Acme: 4, "Mango Inc": 2, Zeta: 1 });
    expect(await byPeople(caller, "desc")).toEqual(["Acme", "Mango Inc", "Zeta"]);
  });

  it("counts only the company's organization, and a company written after its people", async () => {
    const { caller, org, acme } = await team();
    const stranger = await ownerOfNewOrganization("Strangers");
    // A contact of another organization that names Acme's id (never written by the app).
    await contactInsert(stranger.org.id, { id: "con_stranger", first_name: "Stranger", company_id: acme.id }).run();
    expect(await shownCounts(caller)).toEqual({ Acme: 1, Globex: 3, Zeta: 0 });

    // Contacts naming a company id before the company exists (as a seed may write them).
    await contactInsert(org.id, { id: "con_early1", first_name: "Early", company_id: "cmp_later" }).run();
    await contactInsert(org.id, { id: "con_early2", first_name: "Early", company_id: "cmp_later" }).run();
    await env.DB.prepare(
      "INSERT INTO companies (id, organization_id, name, created_by, created_at, updated_at) VALUES ('cmp_later', ?, 'Later', 'seed', 0, 0)",
    )
      .bind(org.id)
      .run();
    expect(await shownCounts(caller)).toMatchObject({ Later: 2 });
  });
});
