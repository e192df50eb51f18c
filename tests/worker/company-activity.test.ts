import { describe, expect, it } from "vitest";
import { ownerOfNewOrganization } from "./helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

/** A company's last activity as `companies.get` returns it. */
async function lastActivityOf(caller: Caller, companyId: string) {
  const { company } = await caller.companies.get({ id: companyId });
  return company.lastActivityAt;
}

/** A call logged on `recordId` as having taken place on `at`. */
const logCall = (caller: Caller, recordObject: "contact" | "company", recordId: string, at: Date) =>
  caller.notes.create({ recordObject, recordId, kind: "call", outcome: "connected", body: "Talked", occurredAt: at });

async function twoAccounts() {
  const owner = await ownerOfNewOrganization();
  const { caller } = owner;
  const acme = await caller.companies.create({ name: "Acme" });
  const globex = await caller.companies.create({ name: "Globex" });
  const ann = await caller.contacts.create({ firstName: "Ann", companyId: acme.id });
  return { ...owner, acme, globex, ann };
}

describe("a company's last activity", () => {
  it("is empty until something is logged, then the newest of its own entries and its people's", async () => {
    const { caller, acme, ann } = await twoAccounts();
    expect(await lastActivityOf(caller, acme.id)).toBeNull();

    await logCall(caller, "contact", ann.id, day(5));
    expect(await lastActivityOf(caller, acme.id)).toEqual(day(5));
    await logCall(caller, "company", acme.id, day(3));
    expect(await lastActivityOf(caller, acme.id), "an older entry does not move it back").toEqual(day(5));
    const latest = await logCall(caller, "company", acme.id, day(9));
    expect(await lastActivityOf(caller, acme.id)).toEqual(day(9));

    await caller.notes.delete({ id: latest.id });
    expect(await lastActivityOf(caller, acme.id), "the newest left once it is deleted").toEqual(day(5));
  });

  it("follows an entry's time corrected in its edit, and goes empty when the last entry is deleted", async () => {
    const { caller, acme, ann } = await twoAccounts();
    const call = await logCall(caller, "contact", ann.id, day(10));
    const edited = await caller.notes.update({
      id: call.id,
      version: call.version,
      body: "Talked",
      occurredAt: day(2),
    });
    expect(await lastActivityOf(caller, acme.id)).toEqual(day(2));
    await caller.notes.delete({ id: edited.id });
    expect(await lastActivityOf(caller, acme.id)).toBeNull();
  });

  it("moves with a contact who changes company, is deleted or restored", async () => {
    const { caller, acme, globex, ann } = await twoAccounts();
    await logCall(caller, "contact", ann.id, day(7));
    const moved = await caller.contacts.update({ id: ann.id, version: ann.version, patch: { companyId: globex.id } });
    expect(await lastActivityOf(caller, acme.id)).toBeNull();
    expect(await lastActivityOf(caller, globex.id)).toEqual(day(7));

    await caller.contacts.delete({ ids: [moved.id] });
    expect(await lastActivityOf(caller, globex.id), "a deleted contact's activity no longer counts").toBeNull();
    await caller.contacts.restore({ id: moved.id });
    expect(await lastActivityOf(caller, globex.id)).toEqual(day(7));
  });

  it("follows merges: two contacts at two companies, and two companies", async () => {
    const { caller, acme, globex, ann } = await twoAccounts();
    const bob = await caller.contacts.create({ firstName: "Bob", companyId: globex.id });
    await logCall(caller, "contact", bob.id, day(8));
    expect(await lastActivityOf(caller, globex.id)).toEqual(day(8));

    // Ann survives at Acme and takes Bob's history; Globex has no one left.
    await caller.contacts.merge({ survivorId: ann.id, survivorVersion: ann.version, mergedId: bob.id });
    expect(await lastActivityOf(caller, acme.id)).toEqual(day(8));
    expect(await lastActivityOf(caller, globex.id)).toBeNull();

    const initech = await caller.companies.create({ name: "Initech" });
    await logCall(caller, "company", initech.id, day(11));
    const { company: survivor } = await caller.companies.get({ id: acme.id });
    await caller.companies.merge({ survivorId: survivor.id, survivorVersion: survivor.version, mergedId: initech.id });
    expect(await lastActivityOf(caller, acme.id), "the merged company's entries moved to the survivor").toEqual(
      day(11),
    );
  });

  it("moves with a contact an import puts at another company", async () => {
    const { caller, acme, globex } = await twoAccounts();
    const cleo = await caller.contacts.create({ firstName: "Cleo", emails: ["cleo@acme.com"], companyId: acme.id });
    await logCall(caller, "contact", cleo.id, day(6));
    const result = await caller.contacts.import({
      rows: [{ emails: ["cleo@acme.com"], companyId: globex.id }],
      lineNumbers: [2],
      onDuplicate: "update",
    });
    expect(result).toMatchObject({ updated: 1, failed: [] });
    expect(await lastActivityOf(caller, acme.id)).toBeNull();
    expect(await lastActivityOf(caller, globex.id)).toEqual(day(6));
  });

  it("sorts and filters the companies list, the ones with none last", async () => {
    const { caller, globex, ann } = await twoAccounts();
    await caller.companies.create({ name: "Initech" });
    await logCall(caller, "contact", ann.id, day(4));
    await logCall(caller, "company", globex.id, day(12));
    const names = (items: { name: string }[]) => items.map((c) => c.name);

    const newest = await caller.companies.list({ sort: { field: "lastActivityAt", direction: "desc" } });
    expect(names(newest.items)).toEqual(["Globex", "Acme", "Initech"]);
    const oldest = await caller.companies.list({ sort: { field: "lastActivityAt", direction: "asc" }, limit: 1 });
    expect(names(oldest.items)).toEqual(["Acme"]);
    const next = await caller.companies.list({
      sort: { field: "lastActivityAt", direction: "asc" },
      limit: 2,
      cursor: oldest.nextCursor!,
    });
    expect(names(next.items)).toEqual(["Globex", "Initech"]);

    const quiet = await caller.companies.list({
      filter: { combinator: "and", conditions: [{ field: "lastActivityAt", operator: "before", value: "2026-01-10" }] },
    });
    expect(names(quiet.items)).toEqual(["Acme"]);
  });
});
