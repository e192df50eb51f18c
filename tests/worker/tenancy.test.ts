import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  anonymousCaller,
  callerFor,
  expectTRPCError,
  httpClientFor,
  inviteTokenOf,
  newIdentity,
  ownerOfNewOrganization,
  rows,
  seedMember,
} from "./helpers";

/** Two organizations, each with an owner, an admin, a member, a pending invite and some feedback. */
async function twoOrganizations() {
  const setUp = async (name: string) => {
    const owner = await ownerOfNewOrganization(name);
    const admin = await seedMember(owner.org.id, "admin");
    const member = await seedMember(owner.org.id, "member");
    const invite = await owner.caller.organization.invite({
      email: `${name.toLowerCase().replace(/\W/g, "")}-invitee@example.com`,
    });
    await member.caller.feedback.create({ text: `${name} needs dark mode`, category: "idea", page: "/home" });
    await owner.caller.feedback.create({ text: `${name} found a bug`, category: "bug", page: "/deals" });
    return { owner, admin, member, invite, org: owner.org };
  };
  return { a: await setUp("Org A"), b: await setUp("Org B") };
}

describe("cross-organization isolation", () => {
  it("lists only the caller's organization's members", async () => {
    const { a, b } = await twoOrganizations();
    const expected = [a.owner.identity.uid, a.admin.identity.uid, a.member.identity.uid].sort();
    expect((await a.member.caller.organization.listMembers()).map((m) => m.userId).sort()).toEqual(expected);
    expect((await a.owner.caller.organization.listMembers()).map((m) => m.userId).sort()).toEqual(expected);
    const bMembers = (await b.member.caller.organization.listMembers()).map((m) => m.userId);
    expect(bMembers).toHaveLength(3);
    expect(bMembers.some((uid) => expected.includes(uid))).toBe(false);
  });

  it("lists only the caller's organization's invites", async () => {
    const { a, b } = await twoOrganizations();
    expect((await a.admin.caller.organization.listInvites()).map((i) => i.id)).toEqual([a.invite.id]);
    expect((await b.admin.caller.organization.listInvites()).map((i) => i.id)).toEqual([b.invite.id]);
  });

  it("lists only the caller's organization's feedback", async () => {
    const { a, b } = await twoOrganizations();
    const listed = await a.member.caller.feedback.list();
    expect(listed.map((f) => f.text).sort()).toEqual(["Org A found a bug", "Org A needs dark mode"]);
    expect(new Set(listed.map((f) => f.organizationId))).toEqual(new Set([a.org.id]));
    expect((await b.owner.caller.feedback.list()).map((f) => f.text).sort()).toEqual([
      "Org B found a bug",
      "Org B needs dark mode",
    ]);
  });

  it("is NOT_FOUND when an admin revokes another organization's invite by id, which stays usable", async () => {
    const { a, b } = await twoOrganizations();
    await expectTRPCError(
      a.admin.caller.invite.revoke({ inviteId: b.invite.id }),
      "NOT_FOUND",
      "That invite no longer exists.",
    );
    await expectTRPCError(
      a.owner.caller.invite.revoke({ inviteId: b.invite.id }),
      "NOT_FOUND",
      "That invite no longer exists.",
    );
    expect(await rows("SELECT revoked_at FROM invites WHERE id = ?", b.invite.id)).toEqual([{ revoked_at: null }]);
    await expect((await anonymousCaller()).invite.get({ token: inviteTokenOf(b.invite) })).resolves.toMatchObject({
      organizationName: "Org B",
    });
  });

  it("shows each user their own organization in user.getUser", async () => {
    const { a, b } = await twoOrganizations();
    expect(await a.member.caller.user.getUser()).toMatchObject({
      role: "member",
      organization: { id: a.org.id, name: "Org A" },
    });
    expect(await b.admin.caller.user.getUser()).toMatchObject({
      role: "admin",
      organization: { id: b.org.id, name: "Org B" },
    });
  });

  it("takes the organization from the membership: a user record pointing at another organization reads nothing of it", async () => {
    const { a, b } = await twoOrganizations();
    await env.DB.prepare("UPDATE users SET organization_id = ? WHERE id = ?")
      .bind(b.org.id, a.member.identity.uid)
      .run();
    const message = "Create or join an organization first.";
    await expectTRPCError(a.member.caller.organization.listMembers(), "FORBIDDEN", message);
    await expectTRPCError(a.member.caller.feedback.list(), "FORBIDDEN", message);
    await expectTRPCError(a.member.caller.feedback.create({ text: "sneaky feedback" }), "FORBIDDEN", message);
    expect(await a.member.caller.user.getUser()).toBeNull();
  });
});

describe("record owners", () => {
  it("must be members: another organization's user is NOT_FOUND on create and update, and nothing is written", async () => {
    const { caller, org } = await ownerOfNewOrganization("Org A");
    const colleague = await seedMember(org.id, "member");
    const stranger = await ownerOfNewOrganization("Org B");
    const ownedBy = { ownerId: stranger.identity.uid };
    for (const create of [
      caller.contacts.create({ firstName: "Ann", ...ownedBy }),
      caller.companies.create({ name: "Acme", ...ownedBy }),
    ])
      await expectTRPCError(create, "NOT_FOUND", "That person is not a member of this workspace.");
    expect(await rows("SELECT id FROM contacts WHERE organization_id = ?", org.id)).toEqual([]);
    expect(await rows("SELECT id FROM companies WHERE organization_id = ?", org.id)).toEqual([]);

    const ann = await caller.contacts.create({ firstName: "Ann", ownerId: colleague.identity.uid });
    const acme = await caller.companies.create({ name: "Acme", ownerId: colleague.identity.uid });
    await expectTRPCError(
      caller.contacts.update({ id: ann.id, version: ann.version, patch: ownedBy }),
      "NOT_FOUND",
      "That person is not a member of this workspace.",
    );
    await expectTRPCError(
      caller.companies.update({ id: acme.id, version: acme.version, patch: ownedBy }),
      "NOT_FOUND",
      "That person is not a member of this workspace.",
    );
    expect((await caller.contacts.get({ id: ann.id })).contact).toMatchObject({
      ownerId: colleague.identity.uid,
      version: 1,
    });
    expect((await caller.companies.get({ id: acme.id })).company).toMatchObject({
      ownerId: colleague.identity.uid,
      version: 1,
    });

    // An owner who has since left keeps their records editable, sent back unchanged or not.
    await env.DB.prepare("DELETE FROM memberships WHERE user_id = ?").bind(colleague.identity.uid).run();
    const renamed = await caller.contacts.update({
      id: ann.id,
      version: 1,
      patch: { firstName: "Anna", ownerId: colleague.identity.uid },
    });
    expect(renamed).toMatchObject({ firstName: "Anna", ownerId: colleague.identity.uid, version: 2 });
    expect(await caller.companies.update({ id: acme.id, version: 1, patch: { industry: "Tools" } })).toMatchObject({
      industry: "Tools",
      version: 2,
    });
  });
});

describe("feedback.create", () => {
  it("stores the text, category and page (trimmed) for the caller's organization and returns its id, organization and createdAt", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const created = await caller.feedback.create({
      text: "  The pipeline board is lovely  ",
      category: "praise",
      page: " /deals ",
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^fbk_[0-9a-z]{16}$/),
      organizationId: org.id,
      createdAt: expect.any(Date),
    });
    expect(
      await rows(
        "SELECT organization_id, text, category, page, status, created_by FROM feedback WHERE id = ?",
        created.id,
      ),
    ).toEqual([
      {
        organization_id: org.id,
        text: "The pipeline board is lovely",
        category: "praise",
        page: "/deals",
        status: "new",
        created_by: identity.uid,
      },
    ]);
  });

  it("is listed newest first", async () => {
    const { caller } = await ownerOfNewOrganization();
    const older = await caller.feedback.create({ text: "Older feedback" });
    const newer = await caller.feedback.create({ text: "Newer feedback" });
    // Two creates can share a millisecond: pin the times apart.
    await env.DB.prepare("UPDATE feedback SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 60_000, older.id)
      .run();
    const listed = await caller.feedback.list();
    expect(listed.map((f) => f.id)).toEqual([newer.id, older.id]);
    expect(listed[0].createdAt).toBeInstanceOf(Date);
  });

  it("defaults the category to 'idea' and the page to '/'", async () => {
    const { caller } = await ownerOfNewOrganization();
    const { id } = await caller.feedback.create({ text: "Add a calendar view" });
    expect(await rows("SELECT category, page FROM feedback WHERE id = ?", id)).toEqual([
      { category: "idea", page: "/" },
    ]);
  });

  it("stores the caller's organization_id even when the input names another organization", async () => {
    const { a, b } = await twoOrganizations();
    const input = {
      text: "Trying to post into B",
      organizationId: b.org.id,
      organization_id: b.org.id,
      createdBy: b.owner.identity.uid,
    };
    const { id } = await a.member.caller.feedback.create(input as { text: string });
    expect(await rows("SELECT organization_id, created_by FROM feedback WHERE id = ?", id)).toEqual([
      { organization_id: a.org.id, created_by: a.member.identity.uid },
    ]);
    expect((await b.owner.caller.feedback.list()).map((f) => f.id)).not.toContain(id);
  });

  it.each([
    ["a 1-character text", { text: "x" }, "Tell us a little more (3 characters or more)."],
    ["a text that is short once trimmed", { text: "   ab   " }, "Tell us a little more (3 characters or more)."],
    ["a text over 5,000 characters", { text: "y".repeat(5001) }, "Keep it under 5,000 characters."],
  ])("is BAD_REQUEST for %s, storing nothing", async (_case, input, message) => {
    const { identity, org } = await ownerOfNewOrganization();
    await expectTRPCError((await httpClientFor(identity)).feedback.create.mutate(input), "BAD_REQUEST", message);
    expect(await rows("SELECT id FROM feedback WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is BAD_REQUEST naming the field for an unknown category", async () => {
    const { identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    const rant = "rant" as "idea"; // not a feedback category: the types forbid it, the server must too
    const error = await expectTRPCError(
      client.feedback.create.mutate({ text: "Valid text", category: rant }),
      "BAD_REQUEST",
    );
    expect(
      (error as { data?: { zodError?: { fieldErrors: Record<string, unknown> } } }).data?.zodError?.fieldErrors,
    ).toHaveProperty("category");
  });

  it("is FORBIDDEN for a signed-in user who has no organization", async () => {
    const identity = newIdentity();
    await expectTRPCError(
      (await callerFor(identity)).feedback.create({ text: "Hello there" }),
      "FORBIDDEN",
      "Create or join an organization first.",
    );
    expect(await rows("SELECT id FROM feedback WHERE created_by = ?", identity.uid)).toEqual([]);
  });

  it("is UNAUTHORIZED without a token", async () => {
    await expectTRPCError(
      (await anonymousCaller()).feedback.create({ text: "Hello there" }),
      "UNAUTHORIZED",
      "Sign in to continue.",
    );
  });
});
