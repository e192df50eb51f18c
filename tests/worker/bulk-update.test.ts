import { describe, expect, it } from "vitest";
import { expectTRPCError, ownerOfNewOrganization, rows, seedMember } from "./helpers";
import { contactConfig } from "../../worker/src/domain/records/fields";
import { bulkUpdate } from "../../worker/src/domain/records/bulk";
import { allPages, defineProperty, ids, importContacts, racingDatabase } from "./records-helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];

async function contactsNamed(caller: Caller, ...names: string[]) {
  const created = [];
  for (const firstName of names) created.push(await caller.contacts.create({ firstName, tags: ["lead"] }));
  return created;
}

/** What a caller sees of a contact afterwards: its fields and its newest activity. */
async function seen(caller: Caller, id: string) {
  const { contact, timeline } = await caller.contacts.get({ id });
  return { contact, last: timeline[0] };
}

describe("contacts.bulkUpdate: assign", () => {
  it("assigns a member of the organization as owner, with a new version and an activity per record", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const { identity: member } = await seedMember(org.id, "member");
    const [ann, bob] = await contactsNamed(caller, "Ann", "Bob");
    const result = await caller.contacts.bulkUpdate({
      ids: [ann.id, bob.id],
      action: { type: "assign", ownerId: member.uid },
    });
    expect(result).toEqual({ updated: 2, matched: 2 });
    for (const id of [ann.id, bob.id]) {
      const { contact, last } = await seen(caller, id);
      expect(contact).toMatchObject({ ownerId: member.uid, version: 2 });
      expect(last).toMatchObject({ kind: "updated", actorId: identity.uid, changes: { ownerId: [null, member.uid] } });
    }
    const mine = await caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "ownerId", operator: "eq", value: member.uid }] },
    });
    expect(ids(mine.items).sort()).toEqual([ann.id, bob.id].sort());
  });

  it("unassigns with a null owner", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", ownerId: identity.uid });
    await caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "assign", ownerId: null } });
    const { contact, last } = await seen(caller, ann.id);
    expect(contact).toMatchObject({ ownerId: null, version: 2 });
    expect(last?.changes).toEqual({ ownerId: [identity.uid, null] });
  });

  it("refuses an owner who is not a member of the organization and changes nothing", async () => {
    const { caller } = await ownerOfNewOrganization();
    const stranger = await ownerOfNewOrganization("Other");
    const [ann] = await contactsNamed(caller, "Ann");
    await expectTRPCError(
      caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "assign", ownerId: stranger.identity.uid } }),
      "NOT_FOUND",
      "That person is not a member of this workspace.",
    );
    const { contact, last } = await seen(caller, ann.id);
    expect(contact).toMatchObject({ ownerId: null, version: 1 });
    expect(last?.kind).toBe("created");
  });

  it("does not bump records that already have that owner", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", ownerId: identity.uid });
    const bob = await caller.contacts.create({ firstName: "Bob" });
    expect(
      await caller.contacts.bulkUpdate({ ids: [ann.id, bob.id], action: { type: "assign", ownerId: identity.uid } }),
    ).toEqual({ updated: 1, matched: 2 });
    expect((await seen(caller, ann.id)).contact.version).toBe(1);
    expect((await seen(caller, bob.id)).contact.version).toBe(2);
  });
});

describe("contacts.bulkUpdate: tags", () => {
  it("adds a tag to the records that lack it, ignoring case, and leaves the others at their version", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", tags: ["VIP"] });
    const bob = await caller.contacts.create({ firstName: "Bob", tags: ["lead"] });
    expect(
      await caller.contacts.bulkUpdate({ ids: [ann.id, bob.id], action: { type: "addTag", tag: " vip " } }),
    ).toEqual({ updated: 1, matched: 2 });
    expect((await seen(caller, ann.id)).contact).toMatchObject({ tags: ["VIP"], version: 1 });
    const bobAfter = await seen(caller, bob.id);
    expect(bobAfter.contact).toMatchObject({ tags: ["lead", "vip"], version: 2 });
    expect(bobAfter.last).toMatchObject({ kind: "updated", changes: { tags: [["lead"], ["lead", "vip"]] } });
  });

  it("removes a tag whatever its case", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", tags: ["VIP", "lead"] });
    const bob = await caller.contacts.create({ firstName: "Bob", tags: ["lead"] });
    expect(
      await caller.contacts.bulkUpdate({ ids: [ann.id, bob.id], action: { type: "removeTag", tag: "vip" } }),
    ).toEqual({ updated: 1, matched: 2 });
    expect((await seen(caller, ann.id)).contact).toMatchObject({ tags: ["lead"], version: 2 });
    expect((await seen(caller, bob.id)).contact).toMatchObject({ tags: ["lead"], version: 1 });
    const tagged = await caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "tags", operator: "contains", value: "VIP" }] },
    });
    expect(tagged.items).toEqual([]);
  });

  it("removes each record's own spellings of a tag, in any case and alphabet, and tells each timeline its tags", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", tags: ["lead", "Élan", "x"] });
    const bob = await caller.contacts.create({ firstName: "Bob", tags: ["ÉLAN"] });
    const cy = await caller.contacts.create({ firstName: "Cy", tags: ["elan"] });
    expect(
      await caller.contacts.bulkUpdate({ ids: [ann.id, bob.id, cy.id], action: { type: "removeTag", tag: "élan" } }),
    ).toEqual({ updated: 2, matched: 3 });
    expect(await seen(caller, ann.id)).toMatchObject({
      contact: { tags: ["lead", "x"], version: 2 },
      last: {
        changes: {
          tags: [
            ["lead", "Élan", "x"],
            ["lead", "x"],
          ],
        },
      },
    });
    expect(await seen(caller, bob.id)).toMatchObject({ contact: { tags: [], version: 2 } });
    expect((await seen(caller, cy.id)).contact).toMatchObject({ tags: ["elan"], version: 1 });
  });

  it("refuses to give a record more than 50 tags", async () => {
    const { caller } = await ownerOfNewOrganization();
    const full = Array.from({ length: 50 }, (_, i) => `t${i}`);
    const ann = await caller.contacts.create({ firstName: "Ann", tags: full });
    const bob = await caller.contacts.create({ firstName: "Bob" });
    await expectTRPCError(
      caller.contacts.bulkUpdate({ ids: [ann.id, bob.id], action: { type: "addTag", tag: "one-more" } }),
      "BAD_REQUEST",
      /50 tags/,
    );
    expect((await seen(caller, bob.id)).contact).toMatchObject({ tags: [], version: 1 });
  });
});

describe("contacts.bulkUpdate: setProperty", () => {
  it("sets a select property checked against its definition", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", {
      key: "tier",
      label: "Tier",
      type: "select",
      options: ["gold", "silver"],
    });
    const [ann, bob] = await contactsNamed(caller, "Ann", "Bob");
    await caller.contacts.bulkUpdate({
      ids: [ann.id, bob.id],
      action: { type: "setProperty", key: "tier", value: "gold" },
    });
    for (const id of [ann.id, bob.id]) {
      const { contact, last } = await seen(caller, id);
      expect(contact).toMatchObject({ properties: { tier: "gold" }, version: 2 });
      expect(last?.changes).toEqual({ properties: [{}, { tier: "gold" }] });
    }
    const gold = await caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "prop:tier", operator: "eq", value: "gold" }] },
    });
    expect(gold.items).toHaveLength(2);
  });

  it("keeps the record's other property values", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", {
      key: "tier",
      label: "Tier",
      type: "select",
      options: ["gold", "silver"],
    });
    await defineProperty(org.id, "contact", { key: "seats", label: "Seats", type: "number" });
    const ann = await caller.contacts.create({ firstName: "Ann", properties: { seats: 3, tier: "silver" } });
    await defineProperty(org.id, "contact", {
      key: "regions",
      label: "Regions",
      type: "multi-select",
      options: ["EU", "US"],
    });
    await caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "setProperty", key: "tier", value: "gold" } });
    expect((await seen(caller, ann.id)).contact.properties).toEqual({ seats: 3, tier: "gold" });
    // Numbers, lists and a cleared value are written as the values they are, and told so in the timeline.
    await caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "setProperty", key: "seats", value: 12.5 } });
    await caller.contacts.bulkUpdate({
      ids: [ann.id],
      action: { type: "setProperty", key: "regions", value: ["US", "EU"] },
    });
    expect(await seen(caller, ann.id)).toMatchObject({
      contact: { properties: { seats: 12.5, tier: "gold", regions: ["US", "EU"] }, version: 4 },
      last: {
        changes: {
          properties: [
            { seats: 12.5, tier: "gold" },
            { seats: 12.5, tier: "gold", regions: ["US", "EU"] },
          ],
        },
      },
    });
    await caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "setProperty", key: "seats", value: null } });
    const cleared = await seen(caller, ann.id);
    expect(cleared.contact.properties.seats ?? null).toBeNull();
    expect(cleared.last?.changes?.properties?.[0]).toEqual({ seats: 12.5, tier: "gold", regions: ["US", "EU"] });
  });

  it("refuses a value the definition does not allow, an unknown property and a wrong type, writing nothing", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", {
      key: "tier",
      label: "Tier",
      type: "select",
      options: ["gold", "silver"],
    });
    await defineProperty(org.id, "contact", { key: "seats", label: "Seats", type: "number" });
    const [ann] = await contactsNamed(caller, "Ann");
    const set = (key: string, value: unknown) =>
      caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "setProperty", key, value } });
    await expectTRPCError(set("tier", "bronze"), "BAD_REQUEST", "Tier must be one of: gold, silver.");
    await expectTRPCError(set("seats", "many"), "BAD_REQUEST", "Seats must be a number.");
    await expectTRPCError(set("nope", 1), "BAD_REQUEST", 'There is no property "nope" on contacts.');
    expect((await seen(caller, ann.id)).contact).toMatchObject({ properties: {}, version: 1 });
  });

  it("refuses to clear a required property", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await defineProperty(org.id, "contact", { key: "region", label: "Region", type: "text", required: true });
    await expectTRPCError(
      caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "setProperty", key: "region", value: "" } }),
      "BAD_REQUEST",
      "Region must be filled in.",
    );
  });
});

describe("bulkUpdate: a built-in field", () => {
  it("sets contacts' lead status, with a new version and the change from → to in each timeline", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const [ann, bob] = await contactsNamed(caller, "Ann", "Bob");
    await caller.contacts.update({ id: bob.id, version: 1, patch: { leadStatus: "contacted" } });
    const result = await caller.contacts.bulkUpdate({
      ids: [ann.id, bob.id],
      action: { type: "setField", field: "leadStatus", value: "contacted" },
    });
    expect(result).toEqual({ updated: 1, matched: 2 });
    const { contact, last } = await seen(caller, ann.id);
    expect(contact).toMatchObject({ leadStatus: "contacted", version: 2 });
    expect(last).toMatchObject({ actorId: identity.uid, changes: { leadStatus: ["new", "contacted"] } });
    const contacted = await caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "leadStatus", operator: "eq", value: "contacted" }] },
    });
    expect(ids(contacted.items).sort()).toEqual([ann.id, bob.id].sort());
  });

  it("sets and clears a contact's source, trimmed as an update stores it", async () => {
    const { caller } = await ownerOfNewOrganization();
    const [ann] = await contactsNamed(caller, "Ann");
    await caller.contacts.bulkUpdate({
      ids: [ann.id],
      action: { type: "setField", field: "source", value: " Webinar " },
    });
    expect((await seen(caller, ann.id)).contact.source).toBe("Webinar");
    await caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "setField", field: "source", value: null } });
    const { contact, last } = await seen(caller, ann.id);
    expect(contact).toMatchObject({ source: null, version: 3 });
    expect(last?.changes).toEqual({ source: ["Webinar", null] });
  });

  it("sets companies' industry and size", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    await caller.companies.bulkUpdate({
      ids: [acme.id],
      action: { type: "setField", field: "industry", value: "Robotics" },
    });
    await caller.companies.bulkUpdate({ ids: [acme.id], action: { type: "setField", field: "size", value: "51-200" } });
    const { company, timeline } = await caller.companies.get({ id: acme.id });
    expect(company).toMatchObject({ industry: "Robotics", size: "51-200", version: 3 });
    expect(timeline[0]?.changes).toEqual({ size: [null, "51-200"] });
  });

  it("refuses a lead status that is not one, an empty one, and a field the object does not have, writing nothing", async () => {
    const { caller } = await ownerOfNewOrganization();
    const [ann] = await contactsNamed(caller, "Ann");
    const acme = await caller.companies.create({ name: "Acme" });
    for (const value of ["hot", null])
      await expectTRPCError(
        caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "setField", field: "leadStatus", value } }),
        "BAD_REQUEST",
        "Choose a lead status: new, contacted, qualified, unqualified, customer.",
      );
    await expectTRPCError(
      caller.contacts.bulkUpdate({ ids: [ann.id], action: { type: "setField", field: "industry", value: "Robotics" } }),
      "BAD_REQUEST",
      "Contacts have no industry to set.",
    );
    await expectTRPCError(
      caller.companies.bulkUpdate({ ids: [acme.id], action: { type: "setField", field: "leadStatus", value: "new" } }),
      "BAD_REQUEST",
      "Companies have no lead status to set.",
    );
    await expectTRPCError(
      caller.contacts.bulkUpdate({
        ids: [ann.id],
        action: { type: "setField", field: "source", value: "x".repeat(101) },
      }),
      "BAD_REQUEST",
      /^Source: /,
    );
    expect((await seen(caller, ann.id)).contact.version).toBe(1);
    expect((await caller.companies.get({ id: acme.id })).company.version).toBe(1);
  });

  it("is NOT_FOUND for another organization's contacts and changes nothing there", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const [theirs] = await contactsNamed(b.caller, "Bob");
    await expectTRPCError(
      a.caller.contacts.bulkUpdate({
        ids: [theirs.id],
        action: { type: "setField", field: "leadStatus", value: "customer" },
      }),
      "NOT_FOUND",
    );
    expect((await seen(b.caller, theirs.id)).contact).toMatchObject({ leadStatus: "new", version: 1 });
  });
});

describe("contacts.bulkUpdate: scope and limits", () => {
  it("is NOT_FOUND for another organization's ids and writes nothing in either organization", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const [mine] = await contactsNamed(a.caller, "Ann");
    const [theirs] = await contactsNamed(b.caller, "Bob");
    await expectTRPCError(
      a.caller.contacts.bulkUpdate({ ids: [theirs.id], action: { type: "addTag", tag: "hacked" } }),
      "NOT_FOUND",
    );
    // Mixed with one of the caller's own: still nothing is written.
    await expectTRPCError(
      a.caller.contacts.bulkUpdate({ ids: [mine.id, theirs.id], action: { type: "addTag", tag: "hacked" } }),
      "NOT_FOUND",
      /not exist/,
    );
    expect((await seen(a.caller, mine.id)).contact).toMatchObject({ tags: ["lead"], version: 1 });
    expect((await seen(b.caller, theirs.id)).contact).toMatchObject({ tags: ["lead"], version: 1 });
    expect((await seen(b.caller, theirs.id)).last?.kind).toBe("created");
  });

  it("is NOT_FOUND for a record in the trash", async () => {
    const { caller } = await ownerOfNewOrganization();
    const [ann, bob] = await contactsNamed(caller, "Ann", "Bob");
    await caller.contacts.delete({ ids: [bob.id] });
    await expectTRPCError(
      caller.contacts.bulkUpdate({ ids: [ann.id, bob.id], action: { type: "addTag", tag: "x" } }),
      "NOT_FOUND",
    );
    expect((await seen(caller, ann.id)).contact.version).toBe(1);
  });

  it("counts a repeated id once", async () => {
    const { caller } = await ownerOfNewOrganization();
    const [ann] = await contactsNamed(caller, "Ann");
    expect(await caller.contacts.bulkUpdate({ ids: [ann.id, ann.id], action: { type: "addTag", tag: "x" } })).toEqual({
      updated: 1,
      matched: 1,
    });
    expect((await caller.contacts.get({ id: ann.id })).timeline.map((a) => a.kind)).toEqual(["updated", "created"]);
  });

  it("updates 1,000 records in one call, each with its activity, and refuses 1,001", { timeout: 30_000 }, async () => {
    const { caller } = await ownerOfNewOrganization();
    await importContacts(caller, 1000, (i) => ({ firstName: `P${i}`, tags: i % 2 ? ["old"] : [] }));
    const all = ids(await allPages((input) => caller.contacts.list(input), {}, 200));
    expect(all).toHaveLength(1000);
    expect(await caller.contacts.bulkUpdate({ ids: all, action: { type: "addTag", tag: "bulk" } })).toEqual({
      updated: 1000,
      matched: 1000,
    });
    const timelines = await rows<{ record_id: string; changes: string }>(
      "SELECT record_id, changes FROM activities WHERE record_id IN (SELECT value FROM json_each(?)) AND kind = 'updated'",
      JSON.stringify(all),
    );
    expect(new Set(timelines.map((a) => a.record_id)).size).toBe(1000);
    const [first, second] = await Promise.all(all.slice(0, 2).map((id) => caller.contacts.get({ id })));
    for (const { contact, timeline } of [first!, second!])
      expect(timeline[0]?.changes).toEqual({ tags: [contact.tags.slice(0, -1), contact.tags] });
    const tagged = await allPages(
      (input) => caller.contacts.list(input),
      { filter: { combinator: "and", conditions: [{ field: "tags", operator: "contains", value: "bulk" }] } },
      200,
    );
    expect(tagged).toHaveLength(1000);
    expect(tagged.every((c) => c.version === 2)).toBe(true);
    await expectTRPCError(
      caller.contacts.bulkUpdate({ ids: [...all, all[0]!], action: { type: "addTag", tag: "more" } }),
      "BAD_REQUEST",
      /1000/,
    );
  });
});

describe("companies.bulkUpdate", () => {
  it("assigns, tags and sets a property on companies", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    await defineProperty(org.id, "company", { key: "plan", label: "Plan", type: "select", options: ["free", "pro"] });
    const acme = await caller.companies.create({ name: "Acme" });
    const globex = await caller.companies.create({ name: "Globex", tags: ["Partner"] });
    const both = [acme.id, globex.id];
    await caller.companies.bulkUpdate({ ids: both, action: { type: "assign", ownerId: identity.uid } });
    await caller.companies.bulkUpdate({ ids: both, action: { type: "addTag", tag: "partner" } });
    await caller.companies.bulkUpdate({ ids: both, action: { type: "setProperty", key: "plan", value: "pro" } });
    await expectTRPCError(
      caller.companies.bulkUpdate({ ids: both, action: { type: "setProperty", key: "plan", value: "gold" } }),
      "BAD_REQUEST",
      "Plan must be one of: free, pro.",
    );
    const a = await caller.companies.get({ id: acme.id });
    expect(a.company).toMatchObject({
      ownerId: identity.uid,
      tags: ["partner"],
      properties: { plan: "pro" },
      version: 4,
    });
    expect(a.timeline.map((t) => t.kind)).toEqual(["updated", "updated", "updated", "created"]);
    const g = await caller.companies.get({ id: globex.id });
    expect(g.company).toMatchObject({ tags: ["Partner"], version: 3 });
  });

  it("is NOT_FOUND for another organization's companies and refuses an owner from outside", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const theirs = await b.caller.companies.create({ name: "Initech" });
    const mine = await a.caller.companies.create({ name: "Acme" });
    await expectTRPCError(
      a.caller.companies.bulkUpdate({ ids: [theirs.id], action: { type: "assign", ownerId: a.identity.uid } }),
      "NOT_FOUND",
    );
    await expectTRPCError(
      a.caller.companies.bulkUpdate({ ids: [mine.id], action: { type: "assign", ownerId: b.identity.uid } }),
      "NOT_FOUND",
    );
    expect((await b.caller.companies.get({ id: theirs.id })).company).toMatchObject({ ownerId: null, version: 1 });
    expect((await a.caller.companies.get({ id: mine.id })).company).toMatchObject({ ownerId: null, version: 1 });
  });
});

describe("bulkUpdate, losing a race after its read", () => {
  it("applies the action again to a record changed meanwhile, keeping the teammate's change and its own", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const [ann, bob] = await contactsNamed(caller, "Ann", "Bob");
    const db = racingDatabase(() =>
      caller.contacts.update({ id: bob.id, version: 1, patch: { tags: ["lead", "partner"] } }),
    );
    expect(
      await bulkUpdate(db, contactConfig, org.id, identity.uid, {
        ids: [ann.id, bob.id],
        action: { type: "addTag", tag: "vip" },
      }),
    ).toEqual({
      updated: 2,
      matched: 2,
    });
    expect((await seen(caller, ann.id)).contact).toMatchObject({ tags: ["lead", "vip"], version: 2 });
    const bobAfter = await seen(caller, bob.id);
    // The teammate's tag stays (the first write, computed from the old tags, did not land), and
    // the bulk tag is added to what Bob holds now, with one activity for each change.
    expect(bobAfter.contact).toMatchObject({ tags: ["lead", "partner", "vip"], version: 3 });
    expect(bobAfter.last?.changes).toEqual({
      tags: [
        ["lead", "partner"],
        ["lead", "partner", "vip"],
      ],
    });
    const kinds = await rows<{ changes: string }>(
      "SELECT changes FROM activities WHERE record_id = ? AND kind = 'updated' ORDER BY rowid",
      bob.id,
    );
    expect(kinds.map((k) => JSON.parse(k.changes))).toEqual([
      { tags: [["lead"], ["lead", "partner"]] },
      {
        tags: [
          ["lead", "partner"],
          ["lead", "partner", "vip"],
        ],
      },
    ]);
  });

  it("leaves alone a record deleted meanwhile, without an activity, and does not count it", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const [ann, bob] = await contactsNamed(caller, "Ann", "Bob");
    const db = racingDatabase(() => caller.contacts.delete({ ids: [bob.id] }));
    expect(
      await bulkUpdate(db, contactConfig, org.id, identity.uid, {
        ids: [ann.id, bob.id],
        action: { type: "addTag", tag: "vip" },
      }),
    ).toEqual({ updated: 1, matched: 2 });
    expect(await rows("SELECT tags, version FROM contacts WHERE id = ?", bob.id)).toEqual([
      { tags: '["lead"]', version: 1 },
    ]);
  });
});
