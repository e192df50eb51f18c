import { describe, expect, it } from "vitest";
import { callerFor, expectTRPCError, newIdentity, ownerOfNewOrganization } from "./helpers";

describe("contacts.duplicates", () => {
  it("offers contacts with one of its emails first, then the same name unless they work at two different companies", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    const globex = await caller.companies.create({ name: "Globex" });
    const jane = await caller.contacts.create({
      firstName: "Jane",
      lastName: "Smith",
      emails: ["jane@acme.com", "Jane.Smith@Gmail.com"],
      companyId: acme.id,
    });
    // Her personal address as another contact's primary email, under another name.
    const personal = await caller.contacts.create({
      firstName: "J.",
      lastName: "S.",
      emails: ["jane.smith@gmail.com"],
    });
    const sameCompany = await caller.contacts.create({ firstName: "jane", lastName: "SMITH", companyId: acme.id });
    const noCompany = await caller.contacts.create({
      firstName: "Jane",
      lastName: "Smith",
      emails: ["js@example.org"],
    });
    await caller.contacts.create({ firstName: "Jane", lastName: "Smith", companyId: globex.id });
    await caller.contacts.create({ firstName: "Janet", lastName: "Smith", companyId: acme.id });
    const trashed = await caller.contacts.create({ firstName: "Jane", lastName: "Smith", companyId: acme.id });
    await caller.contacts.delete({ ids: [trashed.id] });
    // Another organization's Jane Smith, with the same email, is never offered.
    const other = await ownerOfNewOrganization("Other");
    await other.caller.contacts.create({ firstName: "Jane", lastName: "Smith", emails: ["jane.smith@gmail.com"] });

    const found = await caller.contacts.duplicates({ id: jane.id });
    expect(found[0]).toEqual({ id: personal.id, name: "J. S.", detail: "jane.smith@gmail.com", reason: "email" });
    expect(found.slice(1).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: sameCompany.id, name: "jane SMITH", detail: "Acme", reason: "name" },
        { id: noCompany.id, name: "Jane Smith", detail: "js@example.org", reason: "name" },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

    // From the other side: Jane (Acme) and the one without a company look alike; Globex's Jane too.
    const fromNoCompany = await caller.contacts.duplicates({ id: noCompany.id });
    expect(fromNoCompany.map((d) => d.detail).sort()).toEqual(["Acme", "Globex", "jane@acme.com · Acme"]);
  });

  it("offers nothing for a contact without look-alikes, and never one without a name by its empty name", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ada = await caller.contacts.create({ firstName: "Ada", lastName: "Lovelace" });
    await caller.contacts.create({ firstName: "Grace", lastName: "Hopper" });
    expect(await caller.contacts.duplicates({ id: ada.id })).toEqual([]);
  });

  it("is NOT_FOUND for another organization's contact or a trashed one, FORBIDDEN without a membership", async () => {
    const { caller } = await ownerOfNewOrganization();
    const theirs = await (await ownerOfNewOrganization("Theirs")).caller.contacts.create({ firstName: "Theo" });
    await expectTRPCError(caller.contacts.duplicates({ id: theirs.id }), "NOT_FOUND");
    const gone = await caller.contacts.create({ firstName: "Gone" });
    await caller.contacts.delete({ ids: [gone.id] });
    await expectTRPCError(caller.contacts.duplicates({ id: gone.id }), "NOT_FOUND");
    const stranger = await callerFor(newIdentity("stranger"));
    await expectTRPCError(stranger.contacts.duplicates({ id: gone.id }), "FORBIDDEN");
  });
});

describe("companies.duplicates", () => {
  it("offers live companies of the same name in any case, with their domains", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const upper = await caller.companies.create({ name: "ACME", domain: "acme.io" });
    const bare = await caller.companies.create({ name: "acme" });
    await caller.companies.create({ name: "Acme Robotics" });
    const trashed = await caller.companies.create({ name: "Acme" });
    await caller.companies.delete({ ids: [trashed.id] });
    await (await ownerOfNewOrganization("Other")).caller.companies.create({ name: "Acme" });

    const found = await caller.companies.duplicates({ id: acme.id });
    expect(found.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: upper.id, name: "ACME", detail: "acme.io", reason: "name" },
        { id: bare.id, name: "acme", detail: null, reason: "name" },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it("is NOT_FOUND for another organization's company, FORBIDDEN without a membership", async () => {
    const { caller } = await ownerOfNewOrganization();
    const theirs = await (await ownerOfNewOrganization("Theirs")).caller.companies.create({ name: "Initech" });
    await expectTRPCError(caller.companies.duplicates({ id: theirs.id }), "NOT_FOUND");
    const stranger = await callerFor(newIdentity("stranger"));
    await expectTRPCError(stranger.companies.duplicates({ id: theirs.id }), "FORBIDDEN");
  });
});
