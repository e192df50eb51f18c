import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MEMBER_ACTIVITY_PAGE, RECENT_ACTIVITY } from "../../worker/src/domain/records/recent-activity";
import { countedCaller, planOf } from "./counting-database";
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
    const details = await planOf(bound[0]);
    expect(details).toMatch(/SEARCH activities USING INDEX activities_org_feed_idx \(organization_id=\?\)/);
    expect(details).toMatch(/SEARCH contacts USING INDEX contacts_id_uq \(id=\?\) LEFT-JOIN/);
    expect(details).toMatch(/SEARCH companies USING INDEX companies_id_uq \(id=\?\) LEFT-JOIN/);
    expect(details).not.toMatch(/TEMP B-TREE|SCAN/);
  });
});

describe("timeline.byMember", () => {
  it("lists one member's entries, newest first, a page at a time, and none of anyone else's", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const teammate = await seedMember(org.id, "member");
    const ann = await caller.contacts.create({ firstName: "Ann" });
    const total = MEMBER_ACTIVITY_PAGE + 3;
    for (let i = 0; i < total; i++)
      await teammate.caller.notes.create({ recordObject: "contact", recordId: ann.id, body: `Tara ${i}` });
    await caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "Mine" });
    // Not the feed: a field change.
    await teammate.caller.contacts.update({ id: ann.id, version: ann.version, patch: { title: "CTO" } });

    const first = await caller.timeline.byMember({ memberId: teammate.identity.uid });
    expect(first.more).toBe(true);
    expect(first.items.map((item) => item.summary)).toEqual(
      Array.from({ length: MEMBER_ACTIVITY_PAGE }, (_, i) => `Tara ${total - 1 - i}`),
    );
    expect(first.items.every((item) => item.actorId === teammate.identity.uid && item.recordName === "Ann")).toBe(true);
    const rest = await caller.timeline.byMember({ memberId: teammate.identity.uid, cursor: first.items.at(-1)!.id });
    expect(rest).toMatchObject({ more: false });
    expect(rest.items.map((item) => item.summary)).toEqual(["Tara 2", "Tara 1", "Tara 0"]);

    expect((await teammate.caller.timeline.byMember({ memberId: identity.uid })).items.map((i) => i.summary)).toEqual([
      "Mine",
    ]);
  });

  it("leaves out entries on a record in the trash, and says so of no one: an empty page for a member who did nothing", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const quiet = await seedMember(org.id, "member");
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "About Ann" });
    await caller.contacts.delete({ ids: [ann.id] });
    expect(await caller.timeline.byMember({ memberId: identity.uid })).toEqual({ items: [], more: false });
    expect(await caller.timeline.byMember({ memberId: quiet.identity.uid })).toEqual({ items: [], more: false });
  });

  it("is NOT_FOUND for someone not in the workspace, FORBIDDEN without a membership", async () => {
    const { caller } = await ownerOfNewOrganization();
    await expectTRPCError(
      caller.timeline.byMember({ memberId: "nobody-here" }),
      "NOT_FOUND",
      "That member is not in this workspace.",
    );
    const outsider = await callerFor(newIdentity("outsider"));
    await expectTRPCError(outsider.timeline.byMember({ memberId: "x" }), "FORBIDDEN");
  });

  it("is one round trip that seeks the member's entries in their index, without sorting", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "Hello" });
    const first = await caller.timeline.byMember({ memberId: identity.uid });
    const measure = await countedCaller(identity);
    const { trips, bound } = await measure((c) =>
      c.timeline.byMember({ memberId: identity.uid, cursor: first.items[0].id }),
    );
    expect(trips).toBe(1);
    const feed = bound.find((statement) => /FROM "activities"/.test(statement.sql))!;
    const details = await planOf(feed);
    expect(details).toMatch(
      /activities USING INDEX activities_org_actor_feed_idx \(organization_id=\? AND actor_id=\?/,
    );
    expect(details).not.toMatch(/TEMP B-TREE|SCAN activities/);
  });
});

describe("timeline.members", () => {
  it("gives each member their latest entry and how many since the day asked, on live records only", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const teammate = await seedMember(org.id, "member");
    const quiet = await seedMember(org.id, "member");
    const ann = await caller.contacts.create({ firstName: "Ann" });
    const gone = await caller.contacts.create({ firstName: "Gone" });
    await teammate.caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "Old call" });
    // Written ten days ago: their latest, but not among this week's.
    await env.DB.prepare("UPDATE activities SET created_at = ? WHERE organization_id = ? AND actor_id = ?")
      .bind(Date.now() - 10 * 86_400_000, org.id, teammate.identity.uid)
      .run();
    await caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "One" });
    await caller.tasks.create({ title: "Two", recordObject: "contact", recordId: ann.id });
    await caller.notes.create({ recordObject: "contact", recordId: gone.id, body: "On a record then trashed" });
    await caller.contacts.delete({ ids: [gone.id] });
    await caller.contacts.update({ id: ann.id, version: ann.version, patch: { title: "Not an entry" } });

    const since = new Date(Date.now() - 7 * 86_400_000);
    const rows = await caller.timeline.members({ since });
    const byMember = new Map(rows.map((row) => [row.userId, row]));
    expect(rows).toHaveLength(3);
    expect(byMember.get(identity.uid)).toMatchObject({ recent: 2, recentByKind: { note: 1, task: 1 } });
    expect(byMember.get(identity.uid)!.latestAt!.getTime()).toBeGreaterThan(since.getTime());
    expect(byMember.get(teammate.identity.uid)).toMatchObject({ recent: 0 });
    expect(byMember.get(teammate.identity.uid)!.latestAt!.getTime()).toBeLessThan(since.getTime());
    expect(byMember.get(quiet.identity.uid)).toEqual({
      userId: quiet.identity.uid,
      latestAt: null,
      recent: 0,
      recentByKind: {},
    });
  });

  it("counts a member of two workspaces in each for what they did there", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const both = await seedMember(a.org.id, "member");
    await env.DB.prepare(
      "INSERT INTO memberships (id, organization_id, user_id, role, joined_at, created_by, created_at, updated_at) VALUES (?, ?, ?, 'member', ?, ?, ?, ?)",
    )
      .bind("mem_both", b.org.id, both.identity.uid, Date.now(), both.identity.uid, Date.now(), Date.now())
      .run();
    const ann = await a.caller.contacts.create({ firstName: "Ann" });
    await both.caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "In A" });

    const since = new Date(0);
    expect((await a.caller.timeline.members({ since })).find((row) => row.userId === both.identity.uid)).toMatchObject({
      recent: 1,
    });
    expect(await b.caller.timeline.members({ since })).toContainEqual({
      userId: both.identity.uid,
      latestAt: null,
      recent: 0,
      recentByKind: {},
    });
    expect(await b.caller.timeline.byMember({ memberId: both.identity.uid })).toEqual({ items: [], more: false });
  });

  it("is one statement, two index seeks a member, and FORBIDDEN without a membership", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "Hello" });
    const measure = await countedCaller(identity);
    const { trips, bound } = await measure((c) => c.timeline.members({ since: new Date(0) }));
    expect(trips).toBe(1);
    expect(bound).toHaveLength(1);
    const details = await planOf(bound[0]);
    expect(details.match(/activities USING INDEX activities_org_actor_feed_idx/g)).toHaveLength(2);
    // The latest without a sort; the week's entries of one member grouped by kind (a few hundred at the most).
    expect(details).not.toMatch(/TEMP B-TREE FOR ORDER BY|SCAN activities/);
    const outsider = await callerFor(newIdentity("outsider"));
    await expectTRPCError(outsider.timeline.members({ since: new Date(0) }), "FORBIDDEN");
  });
});
