import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  anonymousCaller,
  callerFor,
  expectTRPCError,
  httpClientFor,
  newIdentity,
  ownerOfNewOrganization,
  rows,
  seedMember,
} from "./helpers";

type FieldErrors = { data?: { zodError?: { fieldErrors: Record<string, string[] | undefined> } } };
const fieldErrorsOf = (error: unknown) => (error as FieldErrors).data?.zodError?.fieldErrors;

type Caller = Awaited<ReturnType<typeof callerFor>>;

/** An organization with its owner, a member and a contact to write notes on. */
async function team(name = "Acme") {
  const owner = await ownerOfNewOrganization(name);
  const member = await seedMember(owner.org.id, "member");
  const contact = await owner.caller.contacts.create({ firstName: "Ada", lastName: "Lovelace" });
  return { owner, member, contact, org: owner.org };
}

/** A company written straight to D1 (there is no companies router to call yet). */
async function seedCompany(organizationId: string, name: string, createdBy: string) {
  const id = `cmp_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO companies (id, name, organization_id, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(id, name, organizationId, createdBy, now, now)
    .run();
  return { id };
}

async function noteActivities(caller: Caller, contactId: string) {
  const { timeline } = await caller.contacts.get({ id: contactId });
  return timeline.filter((a) => a.kind === "note");
}

describe("notes.create", () => {
  it("stores the trimmed body on the contact with version 1 and adds a 'note' activity", async () => {
    const { member, contact, org } = await team();
    const note = await member.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      body: "  Met at the conference; wants a demo.  ",
    });
    expect(note).toMatchObject({
      id: expect.stringMatching(/^not_/),
      organizationId: org.id,
      recordObject: "contact",
      recordId: contact.id,
      body: "Met at the conference; wants a demo.",
      version: 1,
      deletedAt: null,
      createdBy: member.identity.uid,
      createdAt: expect.any(Date),
    });
    expect(await rows("SELECT organization_id, body, version FROM notes WHERE id = ?", note.id)).toEqual([
      { organization_id: org.id, body: "Met at the conference; wants a demo.", version: 1 },
    ]);
    expect(await noteActivities(member.caller, contact.id)).toEqual([
      expect.objectContaining({
        kind: "note",
        recordObject: "contact",
        recordId: contact.id,
        actorId: member.identity.uid,
        summary: "Met at the conference; wants a demo.",
      }),
    ]);
  });

  it("summarises a long body in the timeline to 140 characters", async () => {
    const { owner, contact } = await team();
    const body = "word ".repeat(100).trim();
    await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body });
    const [activity] = await noteActivities(owner.caller, contact.id);
    expect(activity.summary).toHaveLength(140);
    expect(activity.summary).toBe(`${body.slice(0, 139)}…`);
  });

  it("writes a note on a company", async () => {
    const { owner, org } = await team();
    const company = await seedCompany(org.id, "Initech", owner.identity.uid);
    const note = await owner.caller.notes.create({ recordObject: "company", recordId: company.id, body: "Budget Q3" });
    expect(note.recordObject).toBe("company");
    expect(
      await rows(
        "SELECT kind, summary FROM activities WHERE organization_id = ? AND record_id = ?",
        org.id,
        company.id,
      ),
    ).toEqual([{ kind: "note", summary: "Budget Q3" }]);
  });

  it("is NOT_FOUND for an unknown or deleted contact, storing nothing", async () => {
    const { owner, contact, org } = await team();
    await expectTRPCError(
      owner.caller.notes.create({ recordObject: "contact", recordId: "con_unknown0000000", body: "Hi" }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    await owner.caller.contacts.delete({ ids: [contact.id] });
    await expectTRPCError(
      owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Hi" }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    // A contact id named as a company is not that company either.
    const other = await owner.caller.contacts.create({ firstName: "Other" });
    await expectTRPCError(
      owner.caller.notes.create({ recordObject: "company", recordId: other.id, body: "Hi" }),
      "NOT_FOUND",
      "That company does not exist or was deleted.",
    );
    expect(await rows("SELECT id FROM notes WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it.each([
    ["an empty body", { body: "" }, "body", "Write something first."],
    ["a body of spaces", { body: "    " }, "body", "Write something first."],
  ])("is BAD_REQUEST over HTTP for %s, with the field's message", async (_case, input, field, message) => {
    const { owner, contact, org } = await team();
    const client = await httpClientFor(owner.identity);
    const error = await expectTRPCError(
      client.notes.create.mutate({ recordObject: "contact", recordId: contact.id, ...input }),
      "BAD_REQUEST",
      message,
    );
    expect(fieldErrorsOf(error)?.[field]).toEqual([message]);
    expect(await rows("SELECT id FROM notes WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is BAD_REQUEST over HTTP for a note on a deal or a body over 20,000 characters", async () => {
    const { owner, contact } = await team();
    const client = await httpClientFor(owner.identity);
    const deal = "deal" as "contact"; // notes attach to contacts and companies only
    const onDeal = await expectTRPCError(
      client.notes.create.mutate({ recordObject: deal, recordId: contact.id, body: "Hi" }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(onDeal)).toHaveProperty("recordObject");
    const long = await expectTRPCError(
      client.notes.create.mutate({ recordObject: "contact", recordId: contact.id, body: "x".repeat(20_001) }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(long)).toHaveProperty("body");
  });

  it("is UNAUTHORIZED without a token and FORBIDDEN without an organization", async () => {
    const input = { recordObject: "contact" as const, recordId: "con_0000000000000000", body: "Hi" };
    await expectTRPCError((await anonymousCaller()).notes.create(input), "UNAUTHORIZED");
    await expectTRPCError(
      (await callerFor(newIdentity())).notes.create(input),
      "FORBIDDEN",
      "Create or join an organization first.",
    );
  });
});

describe("notes.list", () => {
  it("lists the record's live notes newest first, and only that record's", async () => {
    const { owner, member, contact } = await team();
    const other = await owner.caller.contacts.create({ firstName: "Other" });
    const older = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Older" });
    const newer = await member.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Newer" });
    const binned = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Binned" });
    await owner.caller.notes.create({ recordObject: "contact", recordId: other.id, body: "Elsewhere" });
    await owner.caller.notes.delete({ id: binned.id });
    await env.DB.prepare("UPDATE notes SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 60_000, older.id)
      .run();
    const listed = await member.caller.notes.list({ recordId: contact.id });
    expect(listed.map((n) => n.id)).toEqual([newer.id, older.id]);
    expect(listed[0]).toMatchObject({ body: "Newer", createdBy: member.identity.uid });
  });

  it("reads a record's notes page by page after the last note of the page before, each once, newest first", async () => {
    const { owner, org, contact } = await team();
    const written = [];
    for (let i = 0; i < 9; i++)
      written.push(
        await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: `Note ${i}` }),
      );
    // Three moments they took place, two they were written: only the id tells some apart.
    await env.DB.batch(
      written.map((note, i) =>
        env.DB.prepare("UPDATE notes SET occurred_at = ?, created_at = ? WHERE id = ? AND organization_id = ?").bind(
          1_900_000_000_000 + (i % 3) * 60_000,
          1_800_000_000_000 + (i % 2) * 1000,
          note.id,
          org.id,
        ),
      ),
    );
    const want = written
      .map((note, i) => ({ id: note.id, occurred: i % 3, created: i % 2 }))
      .sort((x, y) => y.occurred - x.occurred || y.created - x.created || (x.id < y.id ? 1 : -1))
      .map((note) => note.id);
    for (const limit of [1, 2, 4]) {
      const read: string[] = [];
      for (let cursor: string | undefined, pages = 0; pages < 20; pages++) {
        const page = await owner.caller.notes.list({ recordId: contact.id, cursor, limit });
        read.push(...page.map((note) => note.id));
        if (page.length < limit) break;
        cursor = page[page.length - 1].id;
      }
      expect(read, `limit ${limit}`).toEqual(want);
    }
    // A note deleted meanwhile still marks its place.
    await owner.caller.notes.delete({ id: want[3] });
    expect((await owner.caller.notes.list({ recordId: contact.id, cursor: want[3] })).map((n) => n.id)).toEqual(
      want.slice(4),
    );
  });

  it("is BAD_REQUEST over HTTP for a page over 200 notes or a malformed cursor", async () => {
    const { owner, contact } = await team();
    const client = await httpClientFor(owner.identity);
    expect(
      fieldErrorsOf(
        await expectTRPCError(client.notes.list.query({ recordId: contact.id, limit: 201 }), "BAD_REQUEST"),
      ),
    ).toHaveProperty("limit");
    expect(
      fieldErrorsOf(
        await expectTRPCError(client.notes.list.query({ recordId: contact.id, cursor: "x" }), "BAD_REQUEST"),
      ),
    ).toHaveProperty("cursor");
  });

  it("is empty for a record without notes", async () => {
    const { owner, contact } = await team();
    expect(await owner.caller.notes.list({ recordId: contact.id })).toEqual([]);
  });

  it("is BAD_REQUEST over HTTP for a malformed record id", async () => {
    const { owner } = await team();
    const error = await expectTRPCError(
      (await httpClientFor(owner.identity)).notes.list.query({ recordId: "x" }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toHaveProperty("recordId");
  });
});

describe("notes.update", () => {
  it("replaces the body, bumps the version and adds a 'note' activity with the change", async () => {
    const { owner, member, contact } = await team();
    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Draft" });
    const updated = await member.caller.notes.update({ id: note.id, version: 1, body: "  Final words  " });
    expect(updated).toMatchObject({ id: note.id, body: "Final words", version: 2 });
    expect(await rows("SELECT body, version FROM notes WHERE id = ?", note.id)).toEqual([
      { body: "Final words", version: 2 },
    ]);
    const edits = (await noteActivities(owner.caller, contact.id)).filter((a) => a.summary?.startsWith("Edited"));
    expect(edits).toEqual([
      expect.objectContaining({
        kind: "note",
        actorId: member.identity.uid,
        summary: "Edited a note: Final words",
        changes: { body: ["Draft", "Final words"] },
      }),
    ]);
  });

  it("is CONFLICT for a stale version and keeps the first writer's body", async () => {
    const { owner, member, contact } = await team();
    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "v1" });
    await owner.caller.notes.update({ id: note.id, version: 1, body: "Owner's v2" });
    await expectTRPCError(
      member.caller.notes.update({ id: note.id, version: 1, body: "Member's v2" }),
      "CONFLICT",
      new RegExp(`^This note was changed by ${owner.identity.name} at .+ UTC\\. Reload to see their change\\.$`),
    );
    expect(await rows("SELECT body, version FROM notes WHERE id = ?", note.id)).toEqual([
      { body: "Owner's v2", version: 2 },
    ]);
    expect((await noteActivities(owner.caller, contact.id)).filter((a) => a.summary?.includes("Member's"))).toEqual([]);
  });

  it("names who edited the note, not who last changed its contact, with when in the error's data", async () => {
    const { owner, member, contact } = await team();
    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "v1" });
    const edited = await member.caller.notes.update({ id: note.id, version: 1, body: "Member's v2" });
    await owner.caller.contacts.update({ id: contact.id, version: 1, patch: { title: "CEO" } });
    const client = await httpClientFor(owner.identity);
    const error = await expectTRPCError(
      client.notes.update.mutate({ id: note.id, version: 1, body: "Owner's v2" }),
      "CONFLICT",
      new RegExp(`^This note was changed by ${member.identity.name} at `),
    );
    expect((error as { data?: { change?: unknown } }).data?.change).toEqual({
      noun: "note",
      by: member.identity.name,
      at: edited.updatedAt.toISOString(),
    });
  });

  it("writes one timeline entry when two edits from the same version race: the loser's is refused, not recorded", async () => {
    const { owner, member, contact } = await team();
    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "v1" });
    const outcomes = await Promise.allSettled([
      owner.caller.notes.update({ id: note.id, version: 1, body: "Owner's v2" }),
      member.caller.notes.update({ id: note.id, version: 1, body: "Member's v2" }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const [{ body }] = await rows<{ body: string }>("SELECT body FROM notes WHERE id = ?", note.id);
    const edits = (await noteActivities(owner.caller, contact.id)).filter((a) => a.summary?.startsWith("Edited"));
    expect(edits.map((a) => a.summary)).toEqual([`Edited a note: ${body}`]);
  });

  it("writes one timeline entry when the same note is deleted twice at once", async () => {
    const { owner, contact } = await team();
    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Bin" });
    await Promise.allSettled([owner.caller.notes.delete({ id: note.id }), owner.caller.notes.delete({ id: note.id })]);
    const deletions = (await noteActivities(owner.caller, contact.id)).filter((a) => a.summary === "Deleted a note");
    expect(deletions).toHaveLength(1);
  });

  it("is NOT_FOUND for a deleted or unknown note", async () => {
    const { owner, contact } = await team();
    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Bin" });
    await owner.caller.notes.delete({ id: note.id });
    await expectTRPCError(
      owner.caller.notes.update({ id: note.id, version: 1, body: "Back?" }),
      "NOT_FOUND",
      "That note does not exist or was deleted.",
    );
    await expectTRPCError(
      owner.caller.notes.update({ id: "not_unknown0000000", version: 1, body: "?" }),
      "NOT_FOUND",
      "That note does not exist or was deleted.",
    );
  });

  it("is BAD_REQUEST over HTTP for an empty body or a version of 0, changing nothing", async () => {
    const { owner, contact } = await team();
    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Keep" });
    const client = await httpClientFor(owner.identity);
    const empty = await expectTRPCError(
      client.notes.update.mutate({ id: note.id, version: 1, body: " " }),
      "BAD_REQUEST",
      "Write something first.",
    );
    expect(fieldErrorsOf(empty)?.body).toEqual(["Write something first."]);
    const version = await expectTRPCError(
      client.notes.update.mutate({ id: note.id, version: 0, body: "ok" }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(version)).toHaveProperty("version");
    expect(await rows("SELECT body, version FROM notes WHERE id = ?", note.id)).toEqual([{ body: "Keep", version: 1 }]);
  });
});

describe("notes.delete", () => {
  it("soft-deletes the note, adds a 'Deleted a note' activity, and is NOT_FOUND the second time", async () => {
    const { owner, member, contact } = await team();
    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Temp" });
    expect(await member.caller.notes.delete({ id: note.id })).toEqual({ id: note.id });
    expect(await rows("SELECT deleted_at FROM notes WHERE id = ?", note.id)).toEqual([
      { deleted_at: expect.any(Number) },
    ]);
    expect(await owner.caller.notes.list({ recordId: contact.id })).toEqual([]);
    expect((await noteActivities(owner.caller, contact.id)).map((a) => a.summary).sort()).toEqual([
      "Deleted a note",
      "Temp",
    ]);
    await expectTRPCError(
      member.caller.notes.delete({ id: note.id }),
      "NOT_FOUND",
      "That note does not exist or was deleted.",
    );
  });

  it("is BAD_REQUEST over HTTP for a malformed id", async () => {
    const { owner } = await team();
    const error = await expectTRPCError(
      (await httpClientFor(owner.identity)).notes.delete.mutate({ id: "" }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toHaveProperty("id");
  });
});

describe("notes across organizations", () => {
  async function twoOrganizations() {
    const a = await team("Org A");
    const note = await a.owner.caller.notes.create({ recordObject: "contact", recordId: a.contact.id, body: "A only" });
    const b = await team("Org B");
    return { a: { ...a, note }, b };
  }

  it("is NOT_FOUND when a member of B writes a note on A's contact, storing nothing", async () => {
    const { a, b } = await twoOrganizations();
    await expectTRPCError(
      b.member.caller.notes.create({ recordObject: "contact", recordId: a.contact.id, body: "Sneaky" }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    expect(await rows("SELECT id FROM notes WHERE organization_id = ?", b.org.id)).toEqual([]);
    expect(await rows("SELECT summary FROM activities WHERE record_id = ? AND kind = 'note'", a.contact.id)).toEqual([
      { summary: "A only" },
    ]);
  });

  it("is NOT_FOUND when a member of B updates A's note, which stays as it was", async () => {
    const { a, b } = await twoOrganizations();
    for (const caller of [b.member.caller, b.owner.caller])
      await expectTRPCError(
        caller.notes.update({ id: a.note.id, version: 1, body: "Overwritten" }),
        "NOT_FOUND",
        "That note does not exist or was deleted.",
      );
    expect(await rows("SELECT body, version FROM notes WHERE id = ?", a.note.id)).toEqual([
      { body: "A only", version: 1 },
    ]);
  });

  it("is NOT_FOUND when a member of B deletes A's note, which stays live", async () => {
    const { a, b } = await twoOrganizations();
    await expectTRPCError(
      b.owner.caller.notes.delete({ id: a.note.id }),
      "NOT_FOUND",
      "That note does not exist or was deleted.",
    );
    expect(await rows("SELECT deleted_at FROM notes WHERE id = ?", a.note.id)).toEqual([{ deleted_at: null }]);
    expect(await rows("SELECT kind FROM activities WHERE organization_id = ?", b.org.id)).not.toContainEqual({
      kind: "note",
    });
  });

  it("never lists A's notes to B, even given A's record id", async () => {
    const { a, b } = await twoOrganizations();
    expect(await b.member.caller.notes.list({ recordId: a.contact.id })).toEqual([]);
    expect(await b.member.caller.notes.list({ recordId: a.contact.id, cursor: a.note.id })).toEqual([]);
    expect((await a.member.caller.notes.list({ recordId: a.contact.id })).map((n) => n.id)).toEqual([a.note.id]);
  });
});

describe("logged calls, meetings and emails", () => {
  /** A whole-second time `minutes` ago (D1 keeps milliseconds; whole seconds read well in failures). */
  const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - minutes * 60_000);

  /** The contact's last activity and version as D1 holds them (milliseconds or null). */
  const contactState = async (contactId: string) =>
    rows<{ last_activity_at: number | null; version: number }>(
      "SELECT last_activity_at, version FROM contacts WHERE id = ?",
      contactId,
    );

  async function activitiesOfKind(caller: Caller, contactId: string, kind: string) {
    const { timeline } = await caller.contacts.get({ id: contactId });
    return timeline.filter((a) => a.kind === kind);
  }

  const logCall = (caller: Caller, recordId: string, extra: Partial<Parameters<Caller["notes"]["create"]>[0]> = {}) =>
    caller.notes.create({ recordObject: "contact", recordId, kind: "call", body: "Called", ...extra });

  it("stores a call with its outcome and when it happened, lists it, and puts it on the timeline as a call", async () => {
    const { member, contact, org } = await team();
    const at = minutesAgo(180);
    const call = await member.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      kind: "call",
      body: "  Discussed pricing  ",
      outcome: "left-voicemail",
      occurredAt: at,
    });
    expect(call).toMatchObject({
      kind: "call",
      outcome: "left-voicemail",
      occurredAt: at,
      body: "Discussed pricing",
      version: 1,
    });
    expect(
      await rows("SELECT organization_id, kind, outcome, occurred_at, body FROM notes WHERE id = ?", call.id),
    ).toEqual([
      { organization_id: org.id, kind: "call", outcome: "left-voicemail", occurred_at: +at, body: "Discussed pricing" },
    ]);
    const listed = await member.caller.notes.list({ recordId: contact.id });
    expect(listed).toEqual([
      expect.objectContaining({ id: call.id, kind: "call", outcome: "left-voicemail", occurredAt: at }),
    ]);
    expect(await activitiesOfKind(member.caller, contact.id, "call")).toEqual([
      expect.objectContaining({
        kind: "call",
        recordObject: "contact",
        recordId: contact.id,
        actorId: member.identity.uid,
        summary: "Left voicemail · Discussed pricing",
      }),
    ]);
    expect(await activitiesOfKind(member.caller, contact.id, "note")).toEqual([]);
  });

  it("logs a meeting and an email as their own kinds; a note's occurredAt defaults to when it was written", async () => {
    const { owner, contact } = await team();
    const meeting = await owner.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      kind: "meeting",
      body: "Demo",
      outcome: "no-show",
      occurredAt: minutesAgo(60),
    });
    const email = await owner.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      kind: "email",
      body: "Sent the proposal",
      occurredAt: minutesAgo(30),
    });
    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Plain" });
    expect(note).toMatchObject({ kind: "note", outcome: null });
    expect(+note.occurredAt).toBe(+note.createdAt);
    expect(
      await rows<{ id: string; kind: string; outcome: string | null }>(
        "SELECT id, kind, outcome FROM notes WHERE record_id = ? ORDER BY occurred_at",
        contact.id,
      ),
    ).toEqual([
      { id: meeting.id, kind: "meeting", outcome: "no-show" },
      { id: email.id, kind: "email", outcome: null },
      { id: note.id, kind: "note", outcome: null },
    ]);
    expect((await activitiesOfKind(owner.caller, contact.id, "meeting")).map((a) => a.summary)).toEqual([
      "No-show · Demo",
    ]);
    expect((await activitiesOfKind(owner.caller, contact.id, "email")).map((a) => a.summary)).toEqual([
      "Sent the proposal",
    ]);
  });

  it("raises the contact's lastActivityAt to the call's time without changing its version; an older call does not lower it", async () => {
    const { owner, member, contact } = await team();
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: null, version: 1 }]);
    const recent = minutesAgo(120);
    await logCall(member.caller, contact.id, { outcome: "connected", occurredAt: recent });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +recent, version: 1 }]);
    const { contact: got } = await owner.caller.contacts.get({ id: contact.id });
    expect(got.lastActivityAt).toEqual(recent);
    expect(got.version).toBe(1);

    await logCall(member.caller, contact.id, { outcome: "busy", occurredAt: minutesAgo(600) });
    await owner.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      kind: "meeting",
      body: "Older meeting",
      outcome: "completed",
      occurredAt: minutesAgo(300),
    });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +recent, version: 1 }]);
    // Not a field edit: the contact's own timeline has no "updated" entry, and its edit still applies at version 1.
    expect(await activitiesOfKind(owner.caller, contact.id, "updated")).toEqual([]);
    const edited = await owner.caller.contacts.update({ id: contact.id, version: 1, patch: { title: "CTO" } });
    expect(edited.version).toBe(2);
  });

  it("never lowers a newer lastActivityAt the contact already had (e.g. imported)", async () => {
    const { owner, contact } = await team();
    const imported = minutesAgo(10);
    await env.DB.prepare("UPDATE contacts SET last_activity_at = ? WHERE id = ?").bind(+imported, contact.id).run();
    await owner.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      kind: "email",
      body: "Old email",
      occurredAt: minutesAgo(60 * 24),
    });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +imported, version: 1 }]);
  });

  it.each([
    ["an email with an outcome", "email", "connected", "A logged email has no outcome: only calls and meetings do."],
    ["a note with an outcome", "note", "busy", "A logged note has no outcome: only calls and meetings do."],
    [
      "a call with a meeting's outcome",
      "call",
      "completed",
      "A call's outcome is one of: connected, left voicemail, no answer, busy, wrong number.",
    ],
    [
      "a meeting with a call's outcome",
      "meeting",
      "no-answer",
      "A meeting's outcome is one of: completed, rescheduled, no-show, canceled.",
    ],
  ] as const)("is BAD_REQUEST over HTTP for %s, writing nothing", async (_case, kind, outcome, message) => {
    const { owner, contact, org } = await team();
    const client = await httpClientFor(owner.identity);
    const error = await expectTRPCError(
      client.notes.create.mutate({
        recordObject: "contact",
        recordId: contact.id,
        kind,
        body: "Logged",
        outcome,
        occurredAt: minutesAgo(30),
      }),
      "BAD_REQUEST",
      message,
    );
    expect(fieldErrorsOf(error)?.outcome).toEqual([message]);
    expect(await rows("SELECT id FROM notes WHERE organization_id = ?", org.id)).toEqual([]);
    expect(
      await rows(
        "SELECT id FROM activities WHERE record_id = ? AND kind IN ('note', 'call', 'meeting', 'email')",
        contact.id,
      ),
    ).toEqual([]);
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: null, version: 1 }]);
  });

  it("is BAD_REQUEST over HTTP for a call logged in the future, but allows a clock a minute ahead", async () => {
    const { owner, contact, org } = await team();
    const client = await httpClientFor(owner.identity);
    const message = "What you log has happened: pick a time that is not in the future.";
    const error = await expectTRPCError(
      client.notes.create.mutate({
        recordObject: "contact",
        recordId: contact.id,
        kind: "call",
        body: "Tomorrow",
        occurredAt: new Date(Date.now() + 60 * 60_000),
      }),
      "BAD_REQUEST",
      message,
    );
    expect(fieldErrorsOf(error)?.occurredAt).toEqual([message]);
    expect(await rows("SELECT id FROM notes WHERE organization_id = ?", org.id)).toEqual([]);
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: null, version: 1 }]);

    const skewed = new Date(Date.now() + 60_000);
    const call = await client.notes.create.mutate({
      recordObject: "contact",
      recordId: contact.id,
      kind: "call",
      body: "Just now",
      occurredAt: skewed,
    });
    expect(call.occurredAt).toEqual(skewed);

    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Later" });
    const onUpdate = await expectTRPCError(
      client.notes.update.mutate({
        id: note.id,
        version: 1,
        body: "Later",
        occurredAt: new Date(Date.now() + 86_400_000),
      }),
      "BAD_REQUEST",
      message,
    );
    expect(fieldErrorsOf(onUpdate)?.occurredAt).toEqual([message]);
    expect(await rows("SELECT version FROM notes WHERE id = ?", note.id)).toEqual([{ version: 1 }]);
  });

  it("updates a call's outcome and time, recording both changes and raising the contact's last activity", async () => {
    const { owner, member, contact } = await team();
    const first = minutesAgo(240);
    const call = await logCall(owner.caller, contact.id, { body: "Tried", outcome: "no-answer", occurredAt: first });
    const moved = minutesAgo(60);
    const updated = await member.caller.notes.update({
      id: call.id,
      version: 1,
      body: "Reached her",
      outcome: "connected",
      occurredAt: moved,
    });
    expect(updated).toMatchObject({
      id: call.id,
      kind: "call",
      body: "Reached her",
      outcome: "connected",
      occurredAt: moved,
      version: 2,
    });
    expect(await rows("SELECT body, outcome, occurred_at, version FROM notes WHERE id = ?", call.id)).toEqual([
      { body: "Reached her", outcome: "connected", occurred_at: +moved, version: 2 },
    ]);
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +moved, version: 1 }]);
    const edits = (await activitiesOfKind(owner.caller, contact.id, "call")).filter((a) =>
      a.summary?.startsWith("Edited"),
    );
    expect(edits).toEqual([
      expect.objectContaining({
        kind: "call",
        actorId: member.identity.uid,
        summary: "Edited a call: Connected · Reached her",
        changes: {
          body: ["Tried", "Reached her"],
          outcome: ["no-answer", "connected"],
          occurredAt: [first.toISOString(), moved.toISOString()],
        },
      }),
    ]);

    // Without an outcome, the edit keeps it and records only the body.
    const again = await owner.caller.notes.update({ id: call.id, version: 2, body: "Reached her, will call back" });
    expect(again).toMatchObject({ outcome: "connected", occurredAt: moved, version: 3 });
    const [latest] = await activitiesOfKind(owner.caller, contact.id, "call");
    expect(latest).toMatchObject({
      summary: "Edited a call: Connected · Reached her, will call back",
      changes: { body: ["Reached her", "Reached her, will call back"] },
    });

    // Clearing the outcome is a change too.
    const cleared = await owner.caller.notes.update({ id: call.id, version: 3, body: "No outcome", outcome: null });
    expect(cleared.outcome).toBeNull();
    const [clearedEntry] = await activitiesOfKind(owner.caller, contact.id, "call");
    expect(clearedEntry).toMatchObject({
      summary: "Edited a call: No outcome",
      changes: { body: ["Reached her, will call back", "No outcome"], outcome: ["connected", null] },
    });
  });

  it("is BAD_REQUEST when an update gives an outcome foreign to the note's kind, changing nothing", async () => {
    const { owner, contact } = await team();
    const call = await logCall(owner.caller, contact.id, { outcome: "busy", occurredAt: minutesAgo(90) });
    const email = await owner.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      kind: "email",
      body: "Sent",
      occurredAt: minutesAgo(120),
    });
    await expectTRPCError(
      owner.caller.notes.update({ id: call.id, version: 1, body: "Changed", outcome: "completed" }),
      "BAD_REQUEST",
      "A call's outcome is one of: connected, left voicemail, no answer, busy, wrong number.",
    );
    const client = await httpClientFor(owner.identity);
    await expectTRPCError(
      client.notes.update.mutate({ id: email.id, version: 1, body: "Changed", outcome: "connected" }),
      "BAD_REQUEST",
      "A logged email has no outcome: only calls and meetings do.",
    );
    expect(
      await rows("SELECT id, body, outcome, version FROM notes WHERE record_id = ? ORDER BY occurred_at", contact.id),
    ).toEqual([
      { id: email.id, body: "Sent", outcome: null, version: 1 },
      { id: call.id, body: "Called", outcome: "busy", version: 1 },
    ]);
    expect(await rows("SELECT id FROM activities WHERE record_id = ? AND summary LIKE 'Edited%'", contact.id)).toEqual(
      [],
    );
  });

  it("raises lastActivityAt when a call moves later, and recomputes it when the latest one moves earlier", async () => {
    const { owner, contact } = await team();
    const older = await logCall(owner.caller, contact.id, { occurredAt: minutesAgo(300) });
    const newer = await logCall(owner.caller, contact.id, { occurredAt: minutesAgo(200) });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +newer.occurredAt, version: 1 }]);

    const later = minutesAgo(100);
    await owner.caller.notes.update({ id: older.id, version: 1, body: "Called", occurredAt: later });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +later, version: 1 }]);

    // The latest one (was `older`) moves back before `newer`: `newer` is the latest again.
    await owner.caller.notes.update({ id: older.id, version: 2, body: "Called", occurredAt: minutesAgo(500) });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +newer.occurredAt, version: 1 }]);

    // Moving a call that is not the latest earlier leaves it alone.
    await owner.caller.notes.update({ id: older.id, version: 3, body: "Called", occurredAt: minutesAgo(600) });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +newer.occurredAt, version: 1 }]);
  });

  it("recomputes lastActivityAt when the latest call is deleted, and leaves it NULL when the last one is", async () => {
    const { owner, member, contact } = await team();
    const previous = await owner.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      body: "Earlier note",
      occurredAt: minutesAgo(400),
    });
    const oldest = await logCall(owner.caller, contact.id, { outcome: "busy", occurredAt: minutesAgo(500) });
    const latest = await logCall(owner.caller, contact.id, { outcome: "wrong-number", occurredAt: minutesAgo(30) });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +latest.occurredAt, version: 1 }]);

    await member.caller.notes.delete({ id: latest.id });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +previous.occurredAt, version: 1 }]);
    expect((await owner.caller.contacts.get({ id: contact.id })).contact.lastActivityAt).toEqual(previous.occurredAt);
    expect(await activitiesOfKind(owner.caller, contact.id, "call")).toContainEqual(
      expect.objectContaining({ kind: "call", summary: "Deleted a call", actorId: member.identity.uid }),
    );

    // Deleting an older one leaves the latest where it is.
    await owner.caller.notes.delete({ id: oldest.id });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +previous.occurredAt, version: 1 }]);

    await owner.caller.notes.delete({ id: previous.id });
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: null, version: 1 }]);
    expect((await owner.caller.contacts.get({ id: contact.id })).contact.lastActivityAt).toBeNull();
  });

  it("lists a record's notes by when they happened, newest first, whatever order they were logged in", async () => {
    const { owner, contact } = await team();
    const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Now" });
    const call = await logCall(owner.caller, contact.id, { occurredAt: minutesAgo(60 * 48) });
    const meeting = await owner.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      kind: "meeting",
      body: "Yesterday",
      occurredAt: minutesAgo(60 * 24),
    });
    const email = await owner.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      kind: "email",
      body: "An hour ago",
      occurredAt: minutesAgo(60),
    });
    const listed = await owner.caller.notes.list({ recordId: contact.id });
    expect(listed.map((n) => [n.id, n.kind])).toEqual([
      [note.id, "note"],
      [email.id, "email"],
      [meeting.id, "meeting"],
      [call.id, "call"],
    ]);
    // Moving the call to the present puts it first.
    await owner.caller.notes.update({ id: call.id, version: 1, body: "Called", occurredAt: new Date() });
    expect((await owner.caller.notes.list({ recordId: contact.id }))[0].id).toBe(call.id);
  });

  it("is CONFLICT for a stale call edit, naming the call, and writes nothing", async () => {
    const { owner, member, contact } = await team();
    const at = minutesAgo(120);
    const call = await logCall(owner.caller, contact.id, { body: "v1", outcome: "busy", occurredAt: at });
    const edited = await owner.caller.notes.update({ id: call.id, version: 1, body: "Owner's v2" });
    const client = await httpClientFor(member.identity);
    const error = await expectTRPCError(
      client.notes.update.mutate({
        id: call.id,
        version: 1,
        body: "Member's v2",
        outcome: "connected",
        occurredAt: minutesAgo(5),
      }),
      "CONFLICT",
      new RegExp(`^This call was changed by ${owner.identity.name} at .+ UTC\\. Reload to see their change\\.$`),
    );
    expect((error as { data?: { change?: unknown } }).data?.change).toEqual({
      noun: "call",
      by: owner.identity.name,
      at: edited.updatedAt.toISOString(),
    });
    expect(await rows("SELECT body, outcome, occurred_at, version FROM notes WHERE id = ?", call.id)).toEqual([
      { body: "Owner's v2", outcome: "busy", occurred_at: +at, version: 2 },
    ]);
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: +at, version: 1 }]);
    expect(
      (await activitiesOfKind(owner.caller, contact.id, "call")).filter((a) => a.summary?.includes("Member's")),
    ).toEqual([]);
  });

  it("when two edits of a call race, only the winner's time reaches the contact's last activity", async () => {
    const { owner, member, contact } = await team();
    const call = await logCall(owner.caller, contact.id, { occurredAt: minutesAgo(300) });
    const outcomes = await Promise.allSettled([
      owner.caller.notes.update({ id: call.id, version: 1, body: "Owner's", occurredAt: minutesAgo(100) }),
      member.caller.notes.update({ id: call.id, version: 1, body: "Member's", occurredAt: minutesAgo(50) }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const [stored] = await rows<{ occurred_at: number; version: number }>(
      "SELECT occurred_at, version FROM notes WHERE id = ?",
      call.id,
    );
    expect(stored.version).toBe(2);
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: stored.occurred_at, version: 1 }]);
  });

  it("logs, edits and deletes a call on a company, which has no last activity to move", async () => {
    const { owner, contact, org } = await team();
    const company = await seedCompany(org.id, "Initech", owner.identity.uid);
    const at = minutesAgo(45);
    const call = await owner.caller.notes.create({
      recordObject: "company",
      recordId: company.id,
      kind: "call",
      body: "Switchboard",
      outcome: "busy",
      occurredAt: at,
    });
    expect(call).toMatchObject({ recordObject: "company", kind: "call", outcome: "busy", occurredAt: at });
    await owner.caller.notes.update({ id: call.id, version: 1, body: "Switchboard", outcome: "connected" });
    expect((await owner.caller.notes.list({ recordId: company.id })).map((n) => n.outcome)).toEqual(["connected"]);
    await owner.caller.notes.delete({ id: call.id });
    expect(
      await rows(
        "SELECT kind, summary FROM activities WHERE organization_id = ? AND record_id = ? ORDER BY rowid",
        org.id,
        company.id,
      ),
    ).toEqual([
      { kind: "call", summary: "Busy · Switchboard" },
      { kind: "call", summary: "Edited a call: Connected · Switchboard" },
      { kind: "call", summary: "Deleted a call" },
    ]);
    expect(await contactState(contact.id)).toEqual([{ last_activity_at: null, version: 1 }]);
  });

  it("is NOT_FOUND for another organization logging, editing or deleting a call on a contact, which stays as it was", async () => {
    const a = await team("Org A");
    const at = minutesAgo(120);
    const call = await logCall(a.owner.caller, a.contact.id, {
      body: "A's call",
      outcome: "connected",
      occurredAt: at,
    });
    const b = await team("Org B");

    await expectTRPCError(
      logCall(b.member.caller, a.contact.id, { outcome: "busy", occurredAt: minutesAgo(1) }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    for (const caller of [b.member.caller, b.owner.caller]) {
      await expectTRPCError(
        caller.notes.update({
          id: call.id,
          version: 1,
          body: "Overwritten",
          outcome: "busy",
          occurredAt: minutesAgo(1),
        }),
        "NOT_FOUND",
        "That note does not exist or was deleted.",
      );
      await expectTRPCError(
        caller.notes.delete({ id: call.id }),
        "NOT_FOUND",
        "That note does not exist or was deleted.",
      );
    }
    expect(
      await rows("SELECT body, outcome, occurred_at, version, deleted_at FROM notes WHERE id = ?", call.id),
    ).toEqual([{ body: "A's call", outcome: "connected", occurred_at: +at, version: 1, deleted_at: null }]);
    expect(await contactState(a.contact.id)).toEqual([{ last_activity_at: +at, version: 1 }]);
    expect(await rows("SELECT id FROM notes WHERE organization_id = ?", b.org.id)).toEqual([]);
    expect(
      await rows("SELECT kind, summary FROM activities WHERE record_id = ? AND kind = 'call'", a.contact.id),
    ).toEqual([{ kind: "call", summary: "Connected · A's call" }]);
    expect(await rows("SELECT id FROM activities WHERE organization_id = ? AND kind = 'call'", b.org.id)).toEqual([]);
  });
});
