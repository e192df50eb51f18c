import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newIdentity, ownerOfNewOrganization, seedMember } from "./helpers";
import { allPages } from "./records-helpers";

type Owner = Awaited<ReturnType<typeof ownerOfNewOrganization>>;

/** An organization whose members are named Zoe, adam (lower-case) and, without a name, bob@…. */
async function team() {
  const owner: Owner = await ownerOfNewOrganization();
  const member = async (name: string | undefined, email: string) =>
    (
      await seedMember(owner.org.id, "member", {
        ...newIdentity("m"),
        name,
        email: `${email}-${crypto.randomUUID()}@example.com`,
      })
    ).identity.uid;
  const zoe = await member("Zoe", "zoe");
  const adam = await member("adam", "adam");
  const bob = await member(undefined, "bob");
  return { ...owner, zoe, adam, bob };
}

/** The first names of contacts sorted by owner, walked page by page. */
async function contactsByOwner(caller: Owner["caller"], direction: "asc" | "desc" = "asc", limit = 2) {
  const rows = await allPages((input) => caller.contacts.list(input), { sort: { field: "owner", direction } }, limit);
  return rows.map((row) => row.firstName);
}

describe("records sorted by owner", () => {
  it("lists contacts by their owner's name (else email), ignoring case, unowned last, both ways and across pages", async () => {
    const { caller, zoe, adam, bob } = await team();
    await caller.contacts.create({ firstName: "ForZoe", ownerId: zoe });
    await caller.contacts.create({ firstName: "ForNobody" });
    await caller.contacts.create({ firstName: "ForAdam", ownerId: adam });
    await caller.contacts.create({ firstName: "ForBob", ownerId: bob });
    expect(await contactsByOwner(caller, "asc")).toEqual(["ForAdam", "ForBob", "ForZoe", "ForNobody"]);
    expect(await contactsByOwner(caller, "desc", 1)).toEqual(["ForZoe", "ForBob", "ForAdam", "ForNobody"]);
  });

  it("lists one owner's records by name, whatever order they were made in; Z to A reverses them too", async () => {
    const { caller, zoe, adam } = await team();
    for (const firstName of ["Zara", "Mia", "Abe"]) await caller.contacts.create({ firstName, ownerId: adam });
    await caller.contacts.create({ firstName: "Ben", ownerId: zoe });
    expect(await contactsByOwner(caller, "asc")).toEqual(["Abe", "Mia", "Zara", "Ben"]);
    expect(await contactsByOwner(caller, "desc", 1)).toEqual(["Ben", "Zara", "Mia", "Abe"]);

    for (const name of ["Zed Labs", "Acme", "Mango"]) await caller.companies.create({ name, ownerId: zoe });
    await caller.companies.create({ name: "Bravo", ownerId: adam });
    const companies = await allPages(
      (input) => caller.companies.list(input),
      { sort: { field: "owner", direction: "asc" } },
      2,
    );
    expect(companies.map((c) => c.name)).toEqual(["Bravo", "Acme", "Mango", "Zed Labs"]);
  });

  it("follows an owner changed inline and in bulk, and an owner renamed", async () => {
    const { caller, zoe, adam, bob } = await team();
    const first = await caller.contacts.create({ firstName: "One", ownerId: zoe });
    const second = await caller.contacts.create({ firstName: "Two", ownerId: adam });
    await caller.contacts.update({ id: first.id, version: first.version, patch: { ownerId: bob } });
    expect(await contactsByOwner(caller)).toEqual(["Two", "One"]);
    await caller.contacts.bulkUpdate({ ids: [second.id], action: { type: "assign", ownerId: zoe } });
    expect(await contactsByOwner(caller)).toEqual(["One", "Two"]);
    await caller.contacts.bulkUpdate({ ids: [first.id], action: { type: "assign", ownerId: null } });
    expect(await contactsByOwner(caller)).toEqual(["Two", "One"]);

    // Bob takes a name that sorts before Zoe's records: his records move with it.
    await caller.contacts.bulkUpdate({ ids: [first.id], action: { type: "assign", ownerId: bob } });
    expect(await contactsByOwner(caller)).toEqual(["One", "Two"]);
    await env.DB.prepare("UPDATE users SET display_name = 'Zyx' WHERE id = ?").bind(bob).run();
    expect(await contactsByOwner(caller)).toEqual(["Two", "One"]);
  });

  it("sorts companies by owner too, and imported records get their owner's name", async () => {
    const { caller, zoe, adam } = await team();
    await caller.companies.create({ name: "Zeta", ownerId: adam });
    await caller.companies.create({ name: "Acme", ownerId: zoe });
    await caller.companies.create({ name: "Nobody's" });
    const companies = await allPages(
      (input) => caller.companies.list(input),
      { sort: { field: "owner", direction: "asc" } },
      2,
    );
    expect(companies.map((c) => c.name)).toEqual(["Zeta", "Acme", "Nobody's"]);
    expect(companies[0]).not.toHaveProperty("ownerSortName");

    await caller.contacts.import({
      rows: [{ firstName: "Imported", ownerId: adam }],
      lineNumbers: [2],
    });
    await caller.contacts.create({ firstName: "Later", ownerId: zoe });
    expect(await contactsByOwner(caller)).toEqual(["Imported", "Later"]);
  });
});
