import { describe, expect, it } from "vitest";
import { expectTRPCError, ownerOfNewOrganization } from "./helpers";
import { contactConfig } from "../../worker/src/domain/records/fields";
import { mergeRecords } from "../../worker/src/domain/records/merge";
import { defineProperty, ids, racingDatabase } from "./records-helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];

const day = { dayStart: new Date("2026-01-01T00:00:00Z"), dayEnd: new Date("2026-01-02T00:00:00Z") };
const tasksOf = async (caller: Caller, recordId: string) =>
  (await caller.tasks.list({ ...day, view: "all", assignee: "anyone", recordId })).map((t) => t.task.title);
const notesOf = async (caller: Caller, recordId: string) => (await caller.notes.list({ recordId })).map((n) => n.body);
const contactTotal = async (caller: Caller) => (await caller.contacts.list({})).total?.count;
const companyTotal = async (caller: Caller) => (await caller.companies.list({})).total?.count;

/** Two contacts describing the same person, each with a task and a note. */
async function duplicateContacts() {
  const owner = await ownerOfNewOrganization();
  const { caller, org } = owner;
  await defineProperty(org.id, "contact", { key: "tier", label: "Tier", type: "select", options: ["gold", "silver"] });
  await defineProperty(org.id, "contact", { key: "seats", label: "Seats", type: "number" });
  const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
  const survivor = await caller.contacts.create({
    firstName: "Ann",
    lastName: "Lee",
    emails: ["ann@acme.com"],
    tags: ["vip"],
    leadScore: 10,
    properties: { tier: "gold" },
  });
  const merged = await caller.contacts.create({
    firstName: "Annie",
    lastName: "Lee",
    emails: ["ann.lee@gmail.com"],
    phones: ["+33 1 23 45 67 89"],
    title: "CEO",
    companyId: acme.id,
    tags: ["VIP", "founder"],
    leadScore: 40,
    properties: { tier: "silver", seats: 12 },
  });
  await caller.tasks.create({ title: "Call Ann", recordObject: "contact", recordId: survivor.id });
  await caller.tasks.create({ title: "Send Annie the deck", recordObject: "contact", recordId: merged.id });
  await caller.notes.create({ recordObject: "contact", recordId: survivor.id, body: "Met at the fair" });
  await caller.notes.create({ recordObject: "contact", recordId: merged.id, body: "Prefers email" });
  return { ...owner, acme, survivor, merged };
}

describe("contacts.merge", () => {
  it("moves tasks, notes and the timeline to the survivor and sends the other contact to the trash", async () => {
    const { caller, survivor, merged } = await duplicateContacts();
    expect(await contactTotal(caller)).toBe(2);
    const result = await caller.contacts.merge({
      survivorId: survivor.id,
      survivorVersion: survivor.version,
      mergedId: merged.id,
    });
    expect(result).toMatchObject({ survivorId: survivor.id, mergedId: merged.id });

    expect((await tasksOf(caller, survivor.id)).sort()).toEqual(["Call Ann", "Send Annie the deck"]);
    expect(await tasksOf(caller, merged.id)).toEqual([]);
    expect((await notesOf(caller, survivor.id)).sort()).toEqual(["Met at the fair", "Prefers email"]);
    expect(await notesOf(caller, merged.id)).toEqual([]);

    const { timeline } = await caller.contacts.get({ id: survivor.id });
    expect(timeline[0]).toMatchObject({ kind: "merged", summary: expect.stringContaining(merged.id) });
    // The merged contact's own history (its creation and its note) now reads on the survivor.
    expect(timeline.filter((a) => a.kind === "created")).toHaveLength(2);
    expect(timeline.filter((a) => a.kind === "note")).toHaveLength(2);

    await expectTRPCError(caller.contacts.get({ id: merged.id }), "NOT_FOUND");
    const trash = await caller.contacts.list({ trash: true });
    expect(ids(trash.items)).toEqual([merged.id]);
    expect(ids((await caller.contacts.list({})).items)).toEqual([survivor.id]);
    expect(await contactTotal(caller)).toBe(1);
  });

  it("keeps the survivor's fields, fills its empty ones and unites emails, phones, tags and properties", async () => {
    const { caller, acme, survivor, merged } = await duplicateContacts();
    await caller.contacts.merge({ survivorId: survivor.id, survivorVersion: 1, mergedId: merged.id });
    const { contact } = await caller.contacts.get({ id: survivor.id });
    expect(contact).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@acme.com", "ann.lee@gmail.com"],
      primaryEmail: "ann@acme.com",
      phones: ["+33 1 23 45 67 89"],
      title: "CEO",
      companyId: acme.id,
      leadScore: 40,
      properties: { tier: "gold", seats: 12 },
      version: 2,
    });
    expect(contact.tags.map((t) => t.toLowerCase()).sort()).toEqual(["founder", "vip"]);
    const { timeline } = await caller.contacts.get({ id: survivor.id });
    expect(timeline[0]?.changes).toMatchObject({ title: [null, "CEO"], leadScore: [10, 40] });
    // The company now lists the survivor.
    expect(ids((await caller.companies.get({ id: acme.id })).contacts)).toEqual([survivor.id]);
  });

  it("gives a survivor without a name or email the merged contact's, so it sorts, searches and stays unique", async () => {
    const { caller } = await ownerOfNewOrganization();
    const survivor = await caller.contacts.create({
      phones: ["+1 555 0100"],
      firstName: "",
      lastName: "",
      emails: ["x@y.io"],
    });
    // Make the survivor nameless and emailless the way an edit can.
    const bare = await caller.contacts.update({ id: survivor.id, version: 1, patch: { emails: [], firstName: "Zed" } });
    const merged = await caller.contacts.create({ firstName: "Ann", lastName: "Lee", emails: ["ann@acme.com"] });
    await caller.contacts.create({ firstName: "Bob" });
    await caller.contacts.merge({ survivorId: survivor.id, survivorVersion: bare.version, mergedId: merged.id });

    const { contact } = await caller.contacts.get({ id: survivor.id });
    expect(contact).toMatchObject({
      firstName: "Zed",
      lastName: "Lee",
      emails: ["ann@acme.com"],
      primaryEmail: "ann@acme.com",
    });
    const byEmail = await caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "email", operator: "eq", value: "ann@acme.com" }] },
    });
    expect(ids(byEmail.items)).toEqual([survivor.id]);
    expect(
      (await caller.contacts.list({ sort: { field: "name", direction: "asc" } })).items.map((c) => c.firstName),
    ).toEqual(["Bob", "Zed"]);
    expect(ids((await caller.contacts.list({ search: "ann@acme" })).items)).toEqual([survivor.id]);
    await expectTRPCError(
      caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] }),
      "CONFLICT",
      "ann@acme.com already belongs to Zed Lee.",
    );
  });

  it("fills a property the survivor has cleared", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "seats", label: "Seats", type: "number" });
    const survivor = await caller.contacts.create({ firstName: "Ann", properties: { seats: null } });
    const merged = await caller.contacts.create({ firstName: "Annie", properties: { seats: 5 } });
    await caller.contacts.merge({ survivorId: survivor.id, survivorVersion: 1, mergedId: merged.id });
    expect((await caller.contacts.get({ id: survivor.id })).contact.properties).toEqual({ seats: 5 });
  });

  it("records 'merged' on both contacts", async () => {
    const { caller, survivor, merged } = await duplicateContacts();
    await caller.contacts.merge({ survivorId: survivor.id, survivorVersion: 1, mergedId: merged.id });
    await caller.contacts.restore({ id: merged.id });
    const { timeline } = await caller.contacts.get({ id: merged.id });
    expect(timeline.map((a) => a.kind)).toEqual(["restored", "merged"]);
    expect(timeline[1]?.summary).toContain(survivor.id);
  });

  it("is BAD_REQUEST for a contact merged with itself", async () => {
    const { caller, survivor } = await duplicateContacts();
    await expectTRPCError(
      caller.contacts.merge({ survivorId: survivor.id, survivorVersion: 1, mergedId: survivor.id }),
      "BAD_REQUEST",
      "Choose two different records to merge.",
    );
    expect((await caller.contacts.get({ id: survivor.id })).contact.version).toBe(1);
  });

  it("is CONFLICT on a stale survivor version and changes nothing", async () => {
    const { caller, survivor, merged } = await duplicateContacts();
    await caller.contacts.update({ id: survivor.id, version: 1, patch: { title: "CFO" } });
    await expectTRPCError(
      caller.contacts.merge({ survivorId: survivor.id, survivorVersion: 1, mergedId: merged.id }),
      "CONFLICT",
      /^This record was changed by owner \d+ at .* UTC\. Reload to see their change\.$/,
    );
    expect((await caller.contacts.get({ id: merged.id })).contact.version).toBe(1);
    expect(await tasksOf(caller, merged.id)).toEqual(["Send Annie the deck"]);
    expect(await notesOf(caller, merged.id)).toEqual(["Prefers email"]);
    expect((await caller.contacts.get({ id: survivor.id })).contact).toMatchObject({ title: "CFO", version: 2 });
    expect(await contactTotal(caller)).toBe(2);
  });

  it("is NOT_FOUND for a contact of another organization, in either place, and changes nothing", async () => {
    const { caller, survivor } = await duplicateContacts();
    const other = await ownerOfNewOrganization("Other");
    const theirs = await other.caller.contacts.create({ firstName: "Eve", emails: ["eve@evil.io"] });
    await other.caller.tasks.create({ title: "Eve's task", recordObject: "contact", recordId: theirs.id });
    await expectTRPCError(
      caller.contacts.merge({ survivorId: survivor.id, survivorVersion: 1, mergedId: theirs.id }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    await expectTRPCError(
      caller.contacts.merge({ survivorId: theirs.id, survivorVersion: 1, mergedId: survivor.id }),
      "NOT_FOUND",
    );
    expect((await other.caller.contacts.get({ id: theirs.id })).contact.version).toBe(1);
    expect(await tasksOf(other.caller, theirs.id)).toEqual(["Eve's task"]);
    expect((await caller.contacts.get({ id: survivor.id })).contact.version).toBe(1);
    expect(await contactTotal(other.caller)).toBe(1);
  });

  it("is NOT_FOUND for a contact in the trash", async () => {
    const { caller, survivor, merged } = await duplicateContacts();
    await caller.contacts.delete({ ids: [merged.id] });
    await expectTRPCError(
      caller.contacts.merge({ survivorId: survivor.id, survivorVersion: 1, mergedId: merged.id }),
      "NOT_FOUND",
    );
    expect(await contactTotal(caller)).toBe(1);
  });
});

describe("companies.merge", () => {
  it("moves contacts, tasks, notes and the timeline, takes the domain and trashes the other company", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "company", { key: "plan", label: "Plan", type: "text" });
    const survivor = await caller.companies.create({ name: "Acme", industry: "Software", tags: ["customer"] });
    const merged = await caller.companies.create({
      name: "Acme Inc",
      domain: "acme.com",
      industry: "Retail",
      size: "51-200",
      tags: ["partner"],
      properties: { plan: "pro" },
    });
    const ann = await caller.contacts.create({ firstName: "Ann", companyId: merged.id });
    const bob = await caller.contacts.create({ firstName: "Bob", companyId: survivor.id });
    await caller.tasks.create({ title: "Renew", recordObject: "company", recordId: merged.id });
    await caller.notes.create({ recordObject: "company", recordId: merged.id, body: "Big account" });

    await caller.companies.merge({ survivorId: survivor.id, survivorVersion: 1, mergedId: merged.id });

    const { company, contacts, timeline } = await caller.companies.get({ id: survivor.id });
    expect(company).toMatchObject({
      name: "Acme",
      domain: "acme.com",
      industry: "Software",
      size: "51-200",
      tags: ["customer", "partner"],
      properties: { plan: "pro" },
      version: 2,
    });
    expect(ids(contacts)).toEqual([ann.id, bob.id]);
    expect((await caller.contacts.get({ id: ann.id })).company?.id).toBe(survivor.id);
    expect(await tasksOf(caller, survivor.id)).toEqual(["Renew"]);
    expect(await notesOf(caller, survivor.id)).toEqual(["Big account"]);
    expect(timeline[0]).toMatchObject({ kind: "merged" });
    await expectTRPCError(caller.companies.get({ id: merged.id }), "NOT_FOUND");
    expect(ids((await caller.companies.list({ trash: true })).items)).toEqual([merged.id]);
    expect(await companyTotal(caller)).toBe(1);
    // The domain now belongs to the survivor.
    await expectTRPCError(
      caller.companies.create({ name: "Acme 3", domain: "www.acme.com" }),
      "CONFLICT",
      "acme.com already belongs to Acme.",
    );
  });

  it("is BAD_REQUEST with itself, CONFLICT when stale and NOT_FOUND across organizations", async () => {
    const { caller } = await ownerOfNewOrganization();
    const other = await ownerOfNewOrganization("Other");
    const acme = await caller.companies.create({ name: "Acme" });
    const acme2 = await caller.companies.create({ name: "Acme 2" });
    const theirs = await other.caller.companies.create({ name: "Initech" });
    await expectTRPCError(
      caller.companies.merge({ survivorId: acme.id, survivorVersion: 1, mergedId: acme.id }),
      "BAD_REQUEST",
    );
    await caller.companies.update({ id: acme.id, version: 1, patch: { industry: "Retail" } });
    await expectTRPCError(
      caller.companies.merge({ survivorId: acme.id, survivorVersion: 1, mergedId: acme2.id }),
      "CONFLICT",
    );
    await expectTRPCError(
      caller.companies.merge({ survivorId: acme.id, survivorVersion: 2, mergedId: theirs.id }),
      "NOT_FOUND",
      "That company does not exist or was deleted.",
    );
    expect(await companyTotal(caller)).toBe(2);
    expect(await companyTotal(other.caller)).toBe(1);
    expect((await other.caller.companies.get({ id: theirs.id })).company.version).toBe(1);
  });
});

describe("mergeRecords, losing a race after its reads", () => {
  it("is CONFLICT and changes nothing when the survivor changed just before the batch", async () => {
    const { caller, org, identity, survivor, merged } = await duplicateContacts();
    const db = racingDatabase(() => caller.contacts.update({ id: survivor.id, version: 1, patch: { title: "CFO" } }));
    await expectTRPCError(
      mergeRecords(db, contactConfig, org.id, identity.uid, {
        survivorId: survivor.id,
        survivorVersion: 1,
        mergedId: merged.id,
      }),
      "CONFLICT",
    );
    expect((await caller.contacts.get({ id: merged.id })).timeline.map((a) => a.kind)).toEqual([
      "note",
      "task",
      "created",
    ]);
    expect(await tasksOf(caller, merged.id)).toEqual(["Send Annie the deck"]);
    expect(await notesOf(caller, merged.id)).toEqual(["Prefers email"]);
    expect((await caller.contacts.get({ id: survivor.id })).contact).toMatchObject({ title: "CFO", version: 2 });
    expect(await contactTotal(caller)).toBe(2);
  });

  it("is NOT_FOUND and moves nothing when the other contact was deleted just before the batch", async () => {
    const { caller, org, identity, survivor, merged } = await duplicateContacts();
    const db = racingDatabase(() => caller.contacts.delete({ ids: [merged.id] }));
    await expectTRPCError(
      mergeRecords(db, contactConfig, org.id, identity.uid, {
        survivorId: survivor.id,
        survivorVersion: 1,
        mergedId: merged.id,
      }),
      "NOT_FOUND",
    );
    expect((await caller.contacts.get({ id: survivor.id })).contact).toMatchObject({ version: 1, title: null });
    expect(await tasksOf(caller, survivor.id)).toEqual(["Call Ann"]);
    expect(await tasksOf(caller, merged.id)).toEqual(["Send Annie the deck"]);
    expect(await contactTotal(caller)).toBe(1);
  });
});
