import { describe, expect, it } from "vitest";
import { ownerOfNewOrganization } from "./helpers";
import { allPages } from "./records-helpers";

type Owner = Awaited<ReturnType<typeof ownerOfNewOrganization>>;
type Caller = Owner["caller"];

/** The contacts' first names in the order a sort by company lists them, walked page by page. */
async function byCompany(caller: Caller, direction: "asc" | "desc" = "asc", limit = 2) {
  const rows = await allPages((input) => caller.contacts.list(input), { sort: { field: "company", direction } }, limit);
  return rows.map((row) => row.firstName);
}

/**
 * Each contact's Company column as a list page shows it (first name → company name), beside what the
 * contact's own read says: the page reads the name kept on the row, the read looks it up.
 */
async function shownCompanies(caller: Caller) {
  const rows = await allPages(
    (input) => caller.contacts.list(input),
    { sort: { field: "name", direction: "asc" } },
    50,
  );
  const shown = Object.fromEntries(rows.map((row) => [row.firstName, row.companyName]));
  for (const row of rows) {
    const { contact } = await caller.contacts.get({ id: row.id });
    expect(contact.companyName, `${row.firstName}'s page row and own read agree`).toBe(row.companyName);
  }
  return shown;
}

/** Three companies and five contacts: two at Globex, one at acme (lower-case), one at Zeta, one at none. */
async function team() {
  const owner = await ownerOfNewOrganization();
  const { caller } = owner;
  const globex = await caller.companies.create({ name: "Globex" });
  const acme = await caller.companies.create({ name: "acme" });
  const zeta = await caller.companies.create({ name: "Zeta" });
  const contacts = {
    // Gus first: made earlier, his id is the smaller, yet Gil comes first by name.
    gus: await caller.contacts.create({ firstName: "Gus", companyId: globex.id }),
    gil: await caller.contacts.create({ firstName: "Gil", companyId: globex.id }),
    ann: await caller.contacts.create({ firstName: "Ann", companyId: acme.id }),
    zed: await caller.contacts.create({ firstName: "Zed", companyId: zeta.id }),
    nia: await caller.contacts.create({ firstName: "Nia" }),
  };
  // One company's people are listed by name (its reverse when sorted Z to A).
  const globexPair = ["Gil", "Gus"];
  return { ...owner, globex, acme, zeta, contacts, globexPair };
}

describe("contacts sorted by company", () => {
  it("lists them by company name, ignoring case, then by name, those without a company last, both ways and across pages", async () => {
    const { caller, globexPair } = await team();
    expect(await byCompany(caller, "asc")).toEqual(["Ann", ...globexPair, "Zed", "Nia"]);
    expect(await byCompany(caller, "desc")).toEqual(["Zed", ...[...globexPair].reverse(), "Ann", "Nia"]);
    expect(await byCompany(caller, "asc", 1), "one row a page").toEqual(["Ann", ...globexPair, "Zed", "Nia"]);
    const first = await caller.contacts.list({ sort: { field: "company", direction: "asc" }, limit: 50 });
    expect(first.total).toEqual({ count: 5, exact: true });
    expect(first.items.map((c) => c.companyName)).toEqual(["acme", "Globex", "Globex", "Zeta", null]);
  });

  it("follows a contact moved to another company or out of one", async () => {
    const { caller, contacts, zeta, globexPair } = await team();
    const { nia, ann } = contacts;
    await caller.contacts.update({ id: nia.id, version: nia.version, patch: { companyId: zeta.id } });
    await caller.contacts.update({ id: ann.id, version: ann.version, patch: { companyId: null } });
    expect(await byCompany(caller)).toEqual([...globexPair, "Nia", "Zed", "Ann"]);
    expect(await shownCompanies(caller)).toEqual({ Ann: null, Gil: "Globex", Gus: "Globex", Nia: "Zeta", Zed: "Zeta" });
  });

  it("follows a company renamed, trashed and restored", async () => {
    const { caller, zeta, globex, globexPair } = await team();
    await caller.companies.update({ id: zeta.id, version: zeta.version, patch: { name: "Aardvark" } });
    expect(await byCompany(caller)).toEqual(["Zed", "Ann", ...globexPair, "Nia"]);
    expect(await shownCompanies(caller)).toEqual({
      Ann: "acme",
      Gil: "Globex",
      Gus: "Globex",
      Nia: null,
      Zed: "Aardvark",
    });

    await caller.companies.delete({ ids: [globex.id] });
    const noCompany = await byCompany(caller);
    expect(noCompany.slice(0, 2)).toEqual(["Zed", "Ann"]);
    expect(noCompany.slice(2).sort(), "a trashed company's people sort with those without one").toEqual([
      "Gil",
      "Gus",
      "Nia",
    ]);
    expect(await shownCompanies(caller)).toMatchObject({ Gil: null, Gus: null });

    await caller.companies.restore({ id: globex.id });
    expect(await byCompany(caller)).toEqual(["Zed", "Ann", ...globexPair, "Nia"]);
    expect(await shownCompanies(caller)).toMatchObject({ Gil: "Globex", Gus: "Globex" });
  });

  it("follows two companies merged: the merged one's people sort under the survivor", async () => {
    const { caller, acme, zeta, globexPair } = await team();
    await caller.companies.merge({ survivorId: zeta.id, survivorVersion: zeta.version, mergedId: acme.id });
    expect(await byCompany(caller)).toEqual([...globexPair, "Ann", "Zed", "Nia"]);
    expect(await shownCompanies(caller)).toMatchObject({ Ann: "Zeta", Zed: "Zeta" });
  });

  it("places imported contacts, those linked to a company the import creates too", async () => {
    const { caller } = await team();
    await caller.contacts.import({
      rows: [
        { firstName: "Bea", company: "Globex" },
        { firstName: "Max", company: "Mango Inc" },
      ],
      lineNumbers: [2, 3],
    });
    const order = await byCompany(caller, "asc", 50);
    expect(order.indexOf("Bea")).toBeGreaterThan(order.indexOf("Ann"));
    expect(order.indexOf("Bea")).toBeLessThan(order.indexOf("Max"));
    expect(order.slice(-3), "Mango before Zeta, then no company").toEqual(["Max", "Zed", "Nia"]);
    expect(await shownCompanies(caller)).toMatchObject({ Bea: "Globex", Max: "Mango Inc" });
  });

  it("filters by the company's name, any case", async () => {
    const { caller, globexPair } = await team();
    const page = await caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "company", operator: "contains", value: "GLOB" }] },
      sort: { field: "name", direction: "asc" },
    });
    expect(page.items.map((c) => c.firstName).sort()).toEqual([...globexPair].sort());
    const none = await caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "company", operator: "empty" }] },
    });
    expect(none.items.map((c) => c.firstName)).toEqual(["Nia"]);
  });

  it("never takes another organization's company name", async () => {
    const { caller } = await team();
    const other = await ownerOfNewOrganization("Other");
    const theirs = await other.caller.companies.create({ name: "Aaa Theirs" });
    // Their company's id in our contact is refused; written straight to D1 it still names nothing here.
    const mine = await caller.contacts.list({ sort: { field: "company", direction: "asc" }, limit: 1 });
    expect(mine.items[0].companyName).toBe("acme");
    const { env } = await import("cloudflare:test");
    await env.DB.prepare("UPDATE contacts SET company_id = ? WHERE id = ?").bind(theirs.id, mine.items[0].id).run();
    const after = await byCompany(caller);
    expect(after.slice(-2).sort(), "the contact now sorts with those without a company").toEqual(["Ann", "Nia"]);
    expect((await shownCompanies(caller)).Ann, "and shows none").toBeNull();
  });
});
