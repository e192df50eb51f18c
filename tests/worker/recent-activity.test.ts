import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RECENT_ACTIVITY } from "../../worker/src/domain/records/recent-activity";
import { countedCaller } from "./counting-database";
import {
  anonymousCaller,
  callerFor,
  expectTRPCError,
  newIdentity,
  ownerOfNewOrganization,
  seedMember,
} from "./helpers";
import { importContacts } from "./records-helpers";

/** What a person reads of each entry: the record's name, the kind, the summary. */
const lines = (items: { recordName: string | null; kind: string; summary: string | null }[]) =>
  items.map((item) => `${item.recordName} · ${item.kind} · ${item.summary}`);

describe("timeline.recent", () => {
  it("lists what the team did on contacts and companies, newest first, with each record's name and who did it", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const teammate = await seedMember(org.id, "member");
    const acme = await caller.companies.create({ name: "Acme" });
    const ann = await caller.contacts.create({ firstName: "Ann", lastName: "Lee", companyId: acme.id });
    const nameless = await caller.contacts.create({ emails: ["bo@example.com"] });
    await caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "Wants a demo" });
    await teammate.caller.notes.create({
      recordObject: "company",
      recordId: acme.id,
      kind: "call",
      body: "Renewal in March",
      outcome: "connected",
    });
    await teammate.caller.tasks.create({ title: "Send the deck", recordObject: "contact", recordId: nameless.id });
    // Field changes are the records' own history, not the team's feed.
    await caller.contacts.update({ id: ann.id, version: ann.version, patch: { title: "CTO" } });

    const items = await caller.timeline.recent();
    expect(lines(items)).toEqual([
      "bo@example.com · task · Task created: Send the deck",
      "Acme · call · Connected · Renewal in March",
      "Ann Lee · note · Wants a demo",
    ]);
    expect(items.map((item) => [item.recordObject, item.recordId, item.actorId])).toEqual([
      ["contact", nameless.id, teammate.identity.uid],
      ["company", acme.id, teammate.identity.uid],
      ["contact", ann.id, identity.uid],
    ]);
    expect(items[0].createdAt).toBeInstanceOf(Date);
    // A teammate reads the same feed.
    expect((await teammate.caller.timeline.recent()).map((item) => item.id)).toEqual(items.map((item) => item.id));
  });

  it("keeps the latest few, and an import's or a bulk edit's rows do not push them out", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    for (let i = 0; i < RECENT_ACTIVITY + 2; i++)
      await caller.notes.create({ recordObject: "contact", recordId: ann.id, body: `Note ${i}` });
    await importContacts(caller, 300, (i) => ({ firstName: `Imported ${i}`, emails: [`imported${i}@example.com`] }));
    const contacts = await caller.contacts.list({});
    await caller.contacts.bulkUpdate({
      ids: contacts.items.map((contact) => contact.id),
      action: { type: "assign", ownerId: identity.uid },
    });

    const items = await caller.timeline.recent();
    expect(items.map((item) => item.summary)).toEqual(
      Array.from({ length: RECENT_ACTIVITY }, (_, i) => `Note ${RECENT_ACTIVITY + 1 - i}`),
    );
  });

  it("leaves out a record's entries while it is in the trash, and shows them again once restored", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    const acme = await caller.companies.create({ name: "Acme" });
    await caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "About Ann" });
    await caller.notes.create({ recordObject: "company", recordId: acme.id, body: "About Acme" });

    await caller.contacts.delete({ ids: [ann.id] });
    expect(lines(await caller.timeline.recent())).toEqual(["Acme · note · About Acme"]);
    await caller.contacts.restore({ id: ann.id });
    expect(lines(await caller.timeline.recent())).toEqual(["Acme · note · About Acme", "Ann · note · About Ann"]);
  });

  it("never shows another organization's activity, even for a record id of theirs written into ours", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const theirs = await b.caller.contacts.create({ firstName: "Bea" });
    await b.caller.notes.create({ recordObject: "contact", recordId: theirs.id, body: "Their secret" });
    expect(await a.caller.timeline.recent()).toEqual([]);

    // An activity of ours naming their contact (no write path makes one) still shows nothing of it.
    await env.DB.prepare(
      `INSERT INTO activities (id, organization_id, record_object, record_id, kind, summary, actor_id, created_at)
       VALUES ('act_forged', ?, 'contact', ?, 'note', 'Forged', ?, ?)`,
    )
      .bind(a.org.id, theirs.id, a.identity.uid, Date.now())
      .run();
    expect(await a.caller.timeline.recent()).toEqual([]);
    expect(lines(await b.caller.timeline.recent())).toEqual(["Bea · note · Their secret"]);
  });

  it("is FORBIDDEN without a membership and UNAUTHORIZED without a sign-in", async () => {
    const outsider = await callerFor(newIdentity("outsider"));
    await expectTRPCError(outsider.timeline.recent(), "FORBIDDEN", "Create or join an organization first.");
    await expectTRPCError((await anonymousCaller()).timeline.recent(), "UNAUTHORIZED", "Sign in to continue.");
  });

  it("is one statement in one round trip, walking the feed index newest first without sorting", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "Hello" });
    const measure = await countedCaller(identity);
    const { trips, bound, result } = await measure((c) => c.timeline.recent());
    expect(result).toHaveLength(1);
    expect(trips).toBe(1);
    expect(bound).toHaveLength(1);
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${bound[0].sql}`)
      .bind(...bound[0].values)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail).join("\n");
    expect(details).toMatch(/SEARCH activities USING INDEX activities_org_feed_idx \(organization_id=\?\)/);
    expect(details).toMatch(/SEARCH contacts USING INDEX contacts_id_uq \(id=\?\) LEFT-JOIN/);
    expect(details).toMatch(/SEARCH companies USING INDEX companies_id_uq \(id=\?\) LEFT-JOIN/);
    expect(details).not.toMatch(/TEMP B-TREE|SCAN/);
  });
});
