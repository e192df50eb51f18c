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
    expect((await a.member.caller.notes.list({ recordId: a.contact.id })).map((n) => n.id)).toEqual([a.note.id]);
  });
});
