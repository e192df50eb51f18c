import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  anonymousCaller,
  callerFor,
  callerForToken,
  expectTRPCError,
  httpClient,
  httpClientFor,
  inviteTokenOf,
  neverIssuedToken,
  newIdentity,
  ownerOfNewOrganization,
  rows,
  seedMember,
  signIdToken,
} from "./helpers";

const NOT_FOUND = "This invite link is not valid. Ask your teammate for a new one.";
const USED = "This invite has already been used.";

/** An owner's organization with one pending invite for a fresh identity. */
async function pendingInvite({ orgName = "Acme", role = "member" as "member" | "admin" } = {}) {
  const owner = await ownerOfNewOrganization(orgName);
  const invitee = newIdentity("invitee");
  const invite = await owner.caller.organization.invite({ email: invitee.email, role });
  return { owner, invitee, invite, token: inviteTokenOf(invite) };
}

async function expire(inviteId: string) {
  await env.DB.prepare("UPDATE invites SET expires_at = ? WHERE id = ?")
    .bind(Date.now() - 1000, inviteId)
    .run();
}

const membershipsOf = (uid: string) =>
  rows<{ organization_id: string; role: string }>(
    "SELECT organization_id, role FROM memberships WHERE user_id = ?",
    uid,
  );
const inviteRow = async (id: string) =>
  (
    await rows<{ accepted_at: number | null; accepted_by: string | null; revoked_at: number | null }>(
      "SELECT accepted_at, accepted_by, revoked_at FROM invites WHERE id = ?",
      id,
    )
  )[0];

describe("invite.get", () => {
  it("shows anyone holding the token the organization, the inviter, the email and the role", async () => {
    const { owner, invitee, token, invite } = await pendingInvite({ orgName: "Umbrella", role: "admin" });
    expect(await (await anonymousCaller()).invite.get({ token })).toEqual({
      organizationName: "Umbrella",
      inviterName: owner.identity.name,
      email: invitee.email,
      role: "admin",
      expiresAt: invite.expiresAt,
    });
  });

  it("names the inviter by email when they have no display name", async () => {
    const ownerId = newIdentity("nameless");
    const owner = await callerFor({ uid: ownerId.uid, email: ownerId.email });
    await owner.organization.create({ name: "Nameless Org" });
    const token = inviteTokenOf(await owner.organization.invite({ email: "someone@example.com" }));
    expect(await owner.invite.get({ token })).toMatchObject({ inviterName: ownerId.email });
  });

  it("works over HTTP without a token, with expiresAt arriving as a Date", async () => {
    const { token } = await pendingInvite({ orgName: "Over Http" });
    const shown = await httpClient().invite.get.query({ token });
    expect(shown.organizationName).toBe("Over Http");
    expect(shown.expiresAt).toBeInstanceOf(Date);
  });

  it("is NOT_FOUND for a token that was never issued", async () => {
    await expectTRPCError((await anonymousCaller()).invite.get({ token: neverIssuedToken() }), "NOT_FOUND", NOT_FOUND);
  });

  it("is BAD_REQUEST for a token too short to be one", async () => {
    await expectTRPCError(httpClient().invite.get.query({ token: "short" }), "BAD_REQUEST");
  });
});

describe("invite.accept", () => {
  it("joins a new user with the invited email to the organization as a member", async () => {
    const { owner, invitee, token, invite } = await pendingInvite({ orgName: "Joinable" });
    const caller = await callerFor(invitee);
    expect(await caller.invite.accept({ token })).toEqual({
      organizationId: owner.org.id,
      organizationName: "Joinable",
    });

    expect(await caller.user.getUser()).toMatchObject({
      id: invitee.uid,
      email: invitee.email,
      displayName: invitee.name,
      role: "member",
      organization: { id: owner.org.id, name: "Joinable" },
    });
    const members = await owner.caller.organization.listMembers();
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [owner.identity.uid, "owner"],
        [invitee.uid, "member"],
      ].sort(),
    );
    expect(await caller.organization.listMembers()).toHaveLength(2);
    expect(await inviteRow(invite.id)).toMatchObject({
      accepted_at: expect.any(Number),
      accepted_by: invitee.uid,
      revoked_at: null,
    });
    expect(await owner.caller.organization.listInvites()).toEqual([]);
  });

  it("joins with the role the invite named: admin, who can then invite others", async () => {
    const { owner, invitee, token } = await pendingInvite({ role: "admin" });
    const caller = await callerFor(invitee);
    await caller.invite.accept({ token });
    expect(await caller.user.getUser()).toMatchObject({ role: "admin", organization: { id: owner.org.id } });
    await expect(caller.organization.invite({ email: "next@example.com" })).resolves.toMatchObject({
      email: "next@example.com",
    });
  });

  it("matches the invited email case-insensitively", async () => {
    const { owner, invitee, token } = await pendingInvite();
    const caller = await callerFor({ ...invitee, email: invitee.email.toUpperCase() });
    await expect(caller.invite.accept({ token })).resolves.toMatchObject({ organizationId: owner.org.id });
    expect(await rows("SELECT email FROM users WHERE id = ?", invitee.uid)).toEqual([{ email: invitee.email }]);
  });

  it("is FORBIDDEN 'This invite has expired…' once expires_at has passed, for get and accept alike", async () => {
    const { owner, invitee, token, invite } = await pendingInvite();
    await expire(invite.id);
    const message = `This invite has expired. Ask ${owner.identity.name} for a new one.`;
    await expectTRPCError((await anonymousCaller()).invite.get({ token }), "FORBIDDEN", message);
    await expectTRPCError((await callerFor(invitee)).invite.accept({ token }), "FORBIDDEN", message);
    expect(await membershipsOf(invitee.uid)).toEqual([]);
  });

  it("answers an accept sent again by the user who accepted (its answer lost) as the first time, adding nothing", async () => {
    const { owner, invitee, token, invite } = await pendingInvite({ orgName: "Resent" });
    const caller = await callerFor(invitee);
    const joined = { organizationId: owner.org.id, organizationName: "Resent" };
    expect(await caller.invite.accept({ token })).toEqual(joined);
    const accepted = await inviteRow(invite.id);
    // A week later too: the invite has expired since, but it was theirs.
    await expire(invite.id);
    expect(await caller.invite.accept({ token })).toEqual(joined);
    expect(await membershipsOf(invitee.uid)).toEqual([{ organization_id: owner.org.id, role: "member" }]);
    expect(await inviteRow(invite.id)).toEqual(accepted);
    await expectTRPCError((await anonymousCaller()).invite.get({ token }), "CONFLICT", USED);
  });

  it("is CONFLICT 'This invite has already been used.' for its acceptor once they are no longer in its organization", async () => {
    const { owner, invitee, token } = await pendingInvite();
    const caller = await callerFor(invitee);
    await caller.invite.accept({ token });
    await env.DB.batch([
      env.DB.prepare("DELETE FROM memberships WHERE user_id = ?").bind(invitee.uid),
      env.DB.prepare("DELETE FROM users WHERE id = ?").bind(invitee.uid),
    ]);
    await expectTRPCError(caller.invite.accept({ token }), "CONFLICT", USED);
    expect(await membershipsOf(invitee.uid)).toEqual([]);
    expect((await owner.caller.organization.listMembers()).map((m) => m.userId)).toEqual([owner.identity.uid]);
  });

  it("is CONFLICT 'This invite has already been used.' for another user with the same email", async () => {
    const { invitee, token } = await pendingInvite();
    await (await callerFor(invitee)).invite.accept({ token });
    const twin = { ...newIdentity("twin"), email: invitee.email };
    await expectTRPCError((await callerFor(twin)).invite.accept({ token }), "CONFLICT", USED);
    expect(await membershipsOf(twin.uid)).toEqual([]);
    expect(await rows("SELECT id FROM users WHERE id = ?", twin.uid)).toEqual([]);
  });

  it("is FORBIDDEN '…revoked…' after an admin revoked the invite, for get and accept alike", async () => {
    const { owner, invitee, token, invite } = await pendingInvite();
    const admin = await seedMember(owner.org.id, "admin");
    expect(await admin.caller.invite.revoke({ inviteId: invite.id })).toEqual({ id: invite.id });
    const message = `This invite was revoked. Ask ${owner.identity.name} for a new one.`;
    await expectTRPCError((await anonymousCaller()).invite.get({ token }), "FORBIDDEN", message);
    await expectTRPCError((await callerFor(invitee)).invite.accept({ token }), "FORBIDDEN", message);
    expect(await membershipsOf(invitee.uid)).toEqual([]);
  });

  it("is NOT_FOUND for a token that was never issued", async () => {
    await expectTRPCError(
      (await callerFor(newIdentity())).invite.accept({ token: neverIssuedToken() }),
      "NOT_FOUND",
      NOT_FOUND,
    );
  });

  it("is UNAUTHORIZED 'Sign in to continue.' without a token", async () => {
    const { token } = await pendingInvite();
    await expectTRPCError((await anonymousCaller()).invite.accept({ token }), "UNAUTHORIZED", "Sign in to continue.");
  });

  it("is FORBIDDEN naming the invited email when the signed-in email differs, and leaves the invite open", async () => {
    const { invitee, token, invite } = await pendingInvite();
    const stranger = newIdentity("stranger");
    await expectTRPCError(
      (await callerFor(stranger)).invite.accept({ token }),
      "FORBIDDEN",
      `This invite was sent to ${invitee.email}. Sign in with that email to accept it.`,
    );
    expect(await membershipsOf(stranger.uid)).toEqual([]);
    expect(await inviteRow(invite.id)).toMatchObject({ accepted_at: null, revoked_at: null });
  });

  it("is FORBIDDEN naming the invited email when the token carries no email at all", async () => {
    const { invitee, token } = await pendingInvite();
    const caller = await callerForToken(await signIdToken({ uid: newIdentity().uid, provider: "anonymous" }));
    await expectTRPCError(
      caller.invite.accept({ token }),
      "FORBIDDEN",
      `This invite was sent to ${invitee.email}. Sign in with that email to accept it.`,
    );
  });

  it("is CONFLICT naming their organization for a user who already belongs to another one, and does not consume the invite", async () => {
    const inviting = await ownerOfNewOrganization("Inviting Org");
    const elsewhere = await ownerOfNewOrganization("Elsewhere Org");
    const invite = await inviting.caller.organization.invite({ email: elsewhere.identity.email });
    const token = inviteTokenOf(invite);

    await expectTRPCError(
      elsewhere.caller.invite.accept({ token }),
      "CONFLICT",
      "You already belong to Elsewhere Org. Leave it before joining Inviting Org.",
    );
    expect(await membershipsOf(elsewhere.identity.uid)).toEqual([{ organization_id: elsewhere.org.id, role: "owner" }]);
    expect(await inviteRow(invite.id)).toMatchObject({ accepted_at: null, accepted_by: null, revoked_at: null });
    await expect((await anonymousCaller()).invite.get({ token })).resolves.toMatchObject({
      organizationName: "Inviting Org",
    });

    // Still usable: an account with that email that has no organization can take it.
    const fresh = { ...newIdentity("fresh"), email: elsewhere.identity.email };
    await expect((await callerFor(fresh)).invite.accept({ token })).resolves.toMatchObject({
      organizationId: inviting.org.id,
    });
  });

  it("is CONFLICT 'You are already a member of <name>.' for a user who joined the same organization meanwhile", async () => {
    const { owner, invitee, token } = await pendingInvite({ orgName: "Same Org" });
    await seedMember(owner.org.id, "member", invitee);
    await expectTRPCError(
      (await callerFor(invitee)).invite.accept({ token }),
      "CONFLICT",
      "You are already a member of Same Org.",
    );
  });

  it("lets exactly one of several concurrent accepts by the same user succeed, with one membership in D1", async () => {
    const { owner, invitee, token, invite } = await pendingInvite();
    const caller = await callerFor(invitee);
    const results = await Promise.allSettled([1, 2, 3].map(() => caller.invite.accept({ token })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected"))
      await expectTRPCError(Promise.reject(r.reason), "CONFLICT");
    expect(await membershipsOf(invitee.uid)).toEqual([{ organization_id: owner.org.id, role: "member" }]);
    expect(await rows("SELECT organization_id FROM users WHERE id = ?", invitee.uid)).toEqual([
      { organization_id: owner.org.id },
    ]);
    expect(await inviteRow(invite.id)).toMatchObject({ accepted_by: invitee.uid });
  });

  it("lets exactly one of two users with the invited email win a concurrent accept", async () => {
    const { owner, invitee, token } = await pendingInvite();
    const twin = { ...newIdentity("twin"), email: invitee.email };
    const results = await Promise.allSettled([
      (await callerFor(invitee)).invite.accept({ token }),
      (await callerFor(twin)).invite.accept({ token }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [rejected] = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    await expectTRPCError(Promise.reject(rejected.reason), "CONFLICT", USED);
    const joined = await rows(
      "SELECT user_id FROM memberships WHERE organization_id = ? AND role = 'member'",
      owner.org.id,
    );
    expect(joined).toHaveLength(1);
  });
});

describe("invite.revoke", () => {
  it("takes the invite off listInvites", async () => {
    const { owner, invite } = await pendingInvite();
    await owner.caller.invite.revoke({ inviteId: invite.id });
    expect(await owner.caller.organization.listInvites()).toEqual([]);
    expect((await inviteRow(invite.id)).revoked_at).toEqual(expect.any(Number));
  });

  it("answers a revoke sent again (its answer lost) as the first, keeping the time it was revoked", async () => {
    const { owner, invite } = await pendingInvite();
    expect(await owner.caller.invite.revoke({ inviteId: invite.id })).toEqual({ id: invite.id });
    const { revoked_at } = await inviteRow(invite.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await owner.caller.invite.revoke({ inviteId: invite.id })).toEqual({ id: invite.id });
    expect((await inviteRow(invite.id)).revoked_at).toBe(revoked_at);
  });

  it("is NOT_FOUND for another organization's invite id, which stays open", async () => {
    const theirs = await pendingInvite({ orgName: "Their Org" });
    const mine = await ownerOfNewOrganization("My Org");
    await expectTRPCError(
      mine.caller.invite.revoke({ inviteId: theirs.invite.id }),
      "NOT_FOUND",
      "That invite no longer exists.",
    );
    expect(await inviteRow(theirs.invite.id)).toMatchObject({ revoked_at: null });
    await expect((await anonymousCaller()).invite.get({ token: theirs.token })).resolves.toMatchObject({
      organizationName: "Their Org",
    });
  });

  it("is NOT_FOUND for an invite that was already accepted", async () => {
    const { owner, invitee, token, invite } = await pendingInvite();
    await (await callerFor(invitee)).invite.accept({ token });
    await expectTRPCError(
      owner.caller.invite.revoke({ inviteId: invite.id }),
      "NOT_FOUND",
      "That invite no longer exists.",
    );
    expect(await inviteRow(invite.id)).toMatchObject({ revoked_at: null, accepted_by: invitee.uid });
  });

  it("is NOT_FOUND for an id that does not exist", async () => {
    const { caller } = await ownerOfNewOrganization();
    await expectTRPCError(
      caller.invite.revoke({ inviteId: "inv_doesnotexist0000" }),
      "NOT_FOUND",
      "That invite no longer exists.",
    );
  });

  it("is FORBIDDEN for a member", async () => {
    const { owner, invite } = await pendingInvite({ orgName: "Strict Org" });
    const member = await seedMember(owner.org.id, "member");
    await expectTRPCError(
      member.caller.invite.revoke({ inviteId: invite.id }),
      "FORBIDDEN",
      "Only admins of Strict Org can do this.",
    );
    expect(await inviteRow(invite.id)).toMatchObject({ revoked_at: null });
  });

  it("is BAD_REQUEST for an id that is not an invite id", async () => {
    const { identity } = await ownerOfNewOrganization();
    await expectTRPCError((await httpClientFor(identity)).invite.revoke.mutate({ inviteId: "org_123" }), "BAD_REQUEST");
  });
});
