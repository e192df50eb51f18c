import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  anonymousCaller,
  callerFor,
  callerForToken,
  expectTRPCError,
  httpClientFor,
  inviteTokenOf,
  newIdentity,
  ownerOfNewOrganization,
  rows,
  seedMember,
  sha256Hex,
  signIdToken,
} from "./helpers";

type OrgRow = {
  id: string;
  name: string;
  slug: string;
  currency: string;
  timezone: string;
  plan: string;
  created_by: string;
};

describe("organization.create", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("creates the organization, the caller's user record and their owner membership", async () => {
    const id = newIdentity();
    const org = await (
      await callerFor(id)
    ).organization.create({ name: "Initech", currency: "EUR", timezone: "Europe/Berlin" });
    expect(org).toEqual({ id: expect.stringMatching(/^org_[0-9a-z]{16}$/), name: "Initech" });

    const [organization] = await rows<OrgRow>("SELECT * FROM organizations WHERE id = ?", org.id);
    expect(organization).toMatchObject({
      name: "Initech",
      currency: "EUR",
      timezone: "Europe/Berlin",
      plan: "free",
      created_by: id.uid,
    });
    expect(await rows("SELECT id, email, display_name, organization_id FROM users WHERE id = ?", id.uid)).toEqual([
      { id: id.uid, email: id.email, display_name: id.name, organization_id: org.id },
    ]);
    expect(await rows("SELECT organization_id, user_id, role FROM memberships WHERE user_id = ?", id.uid)).toEqual([
      { organization_id: org.id, user_id: id.uid, role: "owner" },
    ]);
  });

  it("creates the default 'Sales pipeline' with its six stages in order", async () => {
    const { org, identity } = await ownerOfNewOrganization("Pipeline Co");
    const pipelines = await rows<{
      id: string;
      name: string;
      is_default: number;
      position: number;
      created_by: string;
    }>("SELECT id, name, is_default, position, created_by FROM pipelines WHERE organization_id = ?", org.id);
    expect(pipelines).toEqual([
      {
        id: expect.stringMatching(/^pip_/),
        name: "Sales pipeline",
        is_default: 1,
        position: 0,
        created_by: identity.uid,
      },
    ]);
    const stages = await rows(
      "SELECT name, position, probability, kind, pipeline_id FROM pipeline_stages WHERE organization_id = ? ORDER BY position",
      org.id,
    );
    expect(stages).toEqual(
      [
        ["Lead", 10, "open"],
        ["Qualified", 25, "open"],
        ["Proposal", 50, "open"],
        ["Negotiation", 75, "open"],
        ["Won", 100, "won"],
        ["Lost", 0, "lost"],
      ].map(([name, probability, kind], position) => ({
        name,
        position,
        probability,
        kind,
        pipeline_id: pipelines[0].id,
      })),
    );
  });

  it("defaults to USD and UTC, upper-cases the currency and gives a readable slug", async () => {
    const id = newIdentity();
    const caller = await callerFor(id);
    const org = await caller.organization.create({ name: "Acme Sales, Inc." });
    const [row] = await rows<OrgRow>("SELECT * FROM organizations WHERE id = ?", org.id);
    expect(row).toMatchObject({ currency: "USD", timezone: "UTC" });
    expect(row.slug).toMatch(/^acme-sales-inc-[0-9a-z]{6}$/);

    const other = await (await callerFor(newIdentity())).organization.create({ name: "Lowercase", currency: "gbp" });
    expect((await rows<OrgRow>("SELECT * FROM organizations WHERE id = ?", other.id))[0].currency).toBe("GBP");
  });

  it("stores the email lower-cased and prefers the given display name over the token's name", async () => {
    const id = newIdentity();
    const caller = await callerFor({ ...id, email: id.email.toUpperCase() });
    await caller.organization.create({ name: "Case Co", displayName: "  Pat Doe  " });
    expect(await rows("SELECT email, display_name FROM users WHERE id = ?", id.uid)).toEqual([
      { email: id.email, display_name: "Pat Doe" },
    ]);
  });

  it("records the token's sign-in method as a connected account", async () => {
    const { identity } = await ownerOfNewOrganization();
    expect(
      await rows("SELECT provider, email, status FROM connected_accounts WHERE user_id = ?", identity.uid),
    ).toEqual([{ provider: "password", email: identity.email, status: "active" }]);
  });

  it.each([
    ["a one-character name", { name: "A" }, "Name the organization (2 characters or more)."],
    ["a name that is only spaces", { name: "     " }, "Name the organization (2 characters or more)."],
    ["an 81-character name", { name: "n".repeat(81) }, "Keep the name under 80 characters."],
    [
      "a currency that is not 3 letters",
      { name: "Valid", currency: "EURO" },
      "Currency must be a 3-letter ISO code such as USD or EUR.",
    ],
    [
      "a currency with digits",
      { name: "Valid", currency: "E1R" },
      "Currency must be a 3-letter ISO code such as USD or EUR.",
    ],
    ["an unknown time zone", { name: "Valid", timezone: "Mars/Olympus_Mons" }, "Choose a valid time zone."],
  ])("is BAD_REQUEST with the field's message for %s, and creates nothing", async (_case, input, message) => {
    const id = newIdentity();
    const client = await httpClientFor(id);
    const error = await expectTRPCError(client.organization.create.mutate(input), "BAD_REQUEST", message);
    expect(JSON.stringify((error as { data?: unknown }).data)).toContain(message); // zodError.fieldErrors carries it too
    expect(await rows("SELECT id FROM organizations WHERE created_by = ?", id.uid)).toEqual([]);
    expect(await rows("SELECT id FROM users WHERE id = ?", id.uid)).toEqual([]);
  });

  it("names the failing field in zodError for a bad time zone", async () => {
    const client = await httpClientFor(newIdentity());
    const error = await expectTRPCError(
      client.organization.create.mutate({ name: "Valid", timezone: "Nowhere/Nope" }),
      "BAD_REQUEST",
    );
    expect((error as { data?: { zodError?: unknown } }).data?.zodError).toEqual({
      formErrors: [],
      fieldErrors: { timezone: ["Choose a valid time zone."] },
    });
  });

  it("is BAD_REQUEST for a server-side caller too, carrying the zod message", async () => {
    const caller = await callerFor(newIdentity());
    await expectTRPCError(
      caller.organization.create({ name: "A" }),
      "BAD_REQUEST",
      /Name the organization \(2 characters or more\)\./,
    );
  });

  it("is UNAUTHORIZED 'Sign in to continue.' without a token", async () => {
    await expectTRPCError(
      (await anonymousCaller()).organization.create({ name: "Nobody" }),
      "UNAUTHORIZED",
      "Sign in to continue.",
    );
  });

  it("is BAD_REQUEST when the token carries no email address", async () => {
    const caller = await callerForToken(await signIdToken({ uid: newIdentity().uid, provider: "anonymous" }));
    await expectTRPCError(
      caller.organization.create({ name: "No Mail" }),
      "BAD_REQUEST",
      "Your account has no email address; sign in with email or Google.",
    );
  });

  it("is CONFLICT 'You already belong to <name>.' for a user who already has an organization", async () => {
    const { caller, identity } = await ownerOfNewOrganization("First Org");
    await expectTRPCError(
      caller.organization.create({ name: "Second Org" }),
      "CONFLICT",
      "You already belong to First Org.",
    );
    expect(await rows("SELECT name FROM organizations WHERE created_by = ?", identity.uid)).toEqual([
      { name: "First Org" },
    ]);
  });

  it("is CONFLICT for a member who joined someone else's organization", async () => {
    const { org } = await ownerOfNewOrganization("Hosting Org");
    const { caller } = await seedMember(org.id, "member");
    await expectTRPCError(
      caller.organization.create({ name: "Breakaway" }),
      "CONFLICT",
      "You already belong to Hosting Org.",
    );
  });

  it("lets exactly one of two concurrent creates by the same user win, leaving no orphan rows", async () => {
    const id = newIdentity();
    const caller = await callerFor(id);
    const results = await Promise.allSettled([
      caller.organization.create({ name: "Race One" }),
      caller.organization.create({ name: "Race Two" }),
    ]);
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    await expectTRPCError(Promise.reject(rejected[0].reason), "CONFLICT", /^You already belong to /);

    const winner = (fulfilled[0] as PromiseFulfilledResult<{ id: string; name: string }>).value;
    expect(await rows("SELECT id FROM organizations WHERE created_by = ?", id.uid)).toEqual([{ id: winner.id }]);
    expect(await rows("SELECT organization_id FROM pipelines WHERE created_by = ?", id.uid)).toEqual([
      { organization_id: winner.id },
    ]);
    expect(await rows("SELECT DISTINCT organization_id FROM pipeline_stages WHERE created_by = ?", id.uid)).toEqual([
      { organization_id: winner.id },
    ]);
    expect(await rows("SELECT organization_id FROM memberships WHERE user_id = ?", id.uid)).toEqual([
      { organization_id: winner.id },
    ]);
    expect(await rows("SELECT organization_id FROM users WHERE id = ?", id.uid)).toEqual([
      { organization_id: winner.id },
    ]);
    expect(await caller.user.getUser()).toMatchObject({ organization: { id: winner.id } });
  });

  it("answers a create sent again (the same name, its answer lost) with the organization the first one made", async () => {
    const id = newIdentity();
    const caller = await callerFor(id);
    const made = await caller.organization.create({ name: "Sent Twice" });
    expect(await caller.organization.create({ name: "Sent Twice" })).toEqual(made);
    // Sent twice at once: the one that loses the race on the user's row is answered with what the other made.
    const otherId = newIdentity();
    const other = await callerFor(otherId);
    const [first, second] = await Promise.all([
      other.organization.create({ name: "At Once" }),
      other.organization.create({ name: "At Once" }),
    ]);
    expect(second).toEqual(first);
    for (const [uid, org] of [
      [id.uid, made],
      [otherId.uid, first],
    ] as const) {
      expect(await rows("SELECT id FROM organizations WHERE created_by = ?", uid)).toEqual([{ id: org.id }]);
      expect(await rows("SELECT organization_id FROM memberships WHERE user_id = ?", uid)).toEqual([
        { organization_id: org.id },
      ]);
    }
    expect(await rows("SELECT count(*) AS n FROM pipelines WHERE organization_id = ?", first.id)).toEqual([{ n: 1 }]);
  });

  it("creates an organization even when the slug it draws is already taken", async () => {
    // Slugs end in a short random suffix. Record the random bytes organizationSlug draws for the
    // first "Twin Co" and hand the same bytes to the next draw, so the second slug collides.
    // (vi.mock cannot reach worker modules here: the pool loads the Worker's graph before this file.)
    const real = crypto.getRandomValues.bind(crypto);
    let recorded: Uint8Array | undefined;
    let replayNext = false;
    type RandomTarget = Parameters<typeof crypto.getRandomValues>[0];
    const spy = vi.spyOn(crypto, "getRandomValues").mockImplementation(<T extends RandomTarget>(array: T): T => {
      const fromSlug = new Error().stack?.includes("organizationSlug") ?? false;
      if (fromSlug && replayNext && recorded && array instanceof Uint8Array && array.length === recorded.length) {
        replayNext = false;
        array.set(recorded);
        return array;
      }
      const result = real(array);
      if (fromSlug && !recorded && array instanceof Uint8Array) recorded = array.slice();
      return result;
    });
    const first = await (await callerFor(newIdentity())).organization.create({ name: "Twin Co" });
    expect(recorded, "organizationSlug drew no random bytes").toBeDefined();
    replayNext = true;
    const second = await (await callerFor(newIdentity())).organization.create({ name: "Twin Co" });
    expect(replayNext, "the second create did not draw a slug").toBe(false);
    spy.mockRestore();
    expect(second.id).not.toBe(first.id);
    const slugs = await rows<{ slug: string }>(
      "SELECT slug FROM organizations WHERE id IN (?, ?)",
      first.id,
      second.id,
    );
    expect(new Set(slugs.map((r) => r.slug)).size).toBe(2);
  });
});

describe("organization.invite", () => {
  it("returns the invite with a path '/invite/<token>' and a full url on the app origin", async () => {
    const { caller } = await ownerOfNewOrganization();
    const before = Date.now();
    const invite = await caller.organization.invite({ email: "new.hire@example.com", role: "admin" });
    const token = inviteTokenOf(invite);
    expect(invite).toMatchObject({ id: expect.stringMatching(/^inv_/), email: "new.hire@example.com", role: "admin" });
    expect(invite.path).toBe(`/invite/${token}`);
    // No APP_ORIGIN locally: the link uses the request's own origin (callerFor asks http://crm.test).
    expect(invite.url).toBe(`${env.APP_ORIGIN ?? "http://crm.test"}/invite/${token}`);
    expect(invite.expiresAt).toBeInstanceOf(Date);
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(invite.expiresAt.getTime()).toBeGreaterThanOrEqual(before + week);
    expect(invite.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + week);
  });

  it("builds the url on APP_ORIGIN when it is configured, and on the request's origin when it is not", async () => {
    const { identity } = await ownerOfNewOrganization();
    const token = await signIdToken(identity);
    const configured = await callerForToken(token, { APP_ORIGIN: "https://crm.example.com" });
    const invite = await configured.organization.invite({ email: "origin@example.com" });
    expect(invite.url).toBe(`https://crm.example.com${invite.path}`);
    const unconfigured = await callerForToken(token, { APP_ORIGIN: undefined });
    const local = await unconfigured.organization.invite({ email: "origin@example.com" });
    expect(local.url).toBe(`http://crm.test${local.path}`);
  });

  it("issues a token of 43 base64url characters (32 random bytes), different every time", async () => {
    const { caller } = await ownerOfNewOrganization();
    const a = inviteTokenOf(await caller.organization.invite({ email: "a@example.com" }));
    const b = inviteTokenOf(await caller.organization.invite({ email: "b@example.com" }));
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it("stores only the SHA-256 hex of the token, never the token itself", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const invite = await caller.organization.invite({ email: "hashed@example.com" });
    const token = inviteTokenOf(invite);
    const stored = await rows<Record<string, unknown>>("SELECT * FROM invites WHERE id = ?", invite.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      organization_id: org.id,
      email: "hashed@example.com",
      role: "member",
      token_hash: await sha256Hex(token),
      invited_by: identity.uid,
      accepted_at: null,
      revoked_at: null,
    });
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored[0])).not.toContain(token);
    expect(JSON.stringify(await rows("SELECT * FROM invites"))).not.toContain(token);
  });

  it("stores the invited email lower-cased: 'Bob@Example.COM' becomes 'bob@example.com'", async () => {
    const { caller } = await ownerOfNewOrganization();
    const invite = await caller.organization.invite({ email: "Bob@Example.COM" });
    expect(invite.email).toBe("bob@example.com");
    expect(await rows("SELECT email FROM invites WHERE id = ?", invite.id)).toEqual([{ email: "bob@example.com" }]);
  });

  it("lets an admin invite", async () => {
    const { org } = await ownerOfNewOrganization();
    const { caller } = await seedMember(org.id, "admin");
    await expect(caller.organization.invite({ email: "from.admin@example.com" })).resolves.toMatchObject({
      role: "member",
    });
  });

  it("is FORBIDDEN for a member", async () => {
    const { org } = await ownerOfNewOrganization("Member Corp");
    const { caller } = await seedMember(org.id, "member");
    await expectTRPCError(
      caller.organization.invite({ email: "x@example.com" }),
      "FORBIDDEN",
      "Only admins of Member Corp can do this.",
    );
    expect(await rows("SELECT id FROM invites WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is FORBIDDEN for a signed-in user who has no organization", async () => {
    const caller = await callerFor(newIdentity());
    await expectTRPCError(
      caller.organization.invite({ email: "x@example.com" }),
      "FORBIDDEN",
      "Create or join an organization first.",
    );
  });

  it("is CONFLICT when the email already belongs to a member, whatever its case", async () => {
    const { caller, org } = await ownerOfNewOrganization("Members Only");
    const { identity: member } = await seedMember(org.id, "member");
    await expectTRPCError(
      caller.organization.invite({ email: member.email }),
      "CONFLICT",
      `${member.email} is already a member of Members Only.`,
    );
    await expectTRPCError(
      caller.organization.invite({ email: member.email.toUpperCase() }),
      "CONFLICT",
      /is already a member of Members Only\.$/,
    );
    expect(await rows("SELECT id FROM invites WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("revokes the earlier pending invite when the same email is invited again", async () => {
    const { caller } = await ownerOfNewOrganization();
    const first = await caller.organization.invite({ email: "twice@example.com" });
    const second = await caller.organization.invite({ email: "twice@example.com", role: "admin" });

    await expectTRPCError(caller.invite.get({ token: inviteTokenOf(first) }), "FORBIDDEN", /revoked/);
    await expect(caller.invite.get({ token: inviteTokenOf(second) })).resolves.toMatchObject({
      email: "twice@example.com",
      role: "admin",
    });
    expect((await caller.organization.listInvites()).map((i) => i.id)).toEqual([second.id]);
    const [firstRow] = await rows<{ revoked_at: number | null }>(
      "SELECT revoked_at FROM invites WHERE id = ?",
      first.id,
    );
    expect(firstRow.revoked_at).toEqual(expect.any(Number));
  });

  it.each([["not-an-email"], ["a@b"], [""]])("is BAD_REQUEST 'Enter a valid email address.' for %j", async (email) => {
    const { identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    await expectTRPCError(client.organization.invite.mutate({ email }), "BAD_REQUEST", "Enter a valid email address.");
  });

  it("is BAD_REQUEST for the role 'owner' (only admin or member can be invited)", async () => {
    const { identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    const owner = "owner" as "admin"; // not an invitable role: the types forbid it, the server must too
    const error = await expectTRPCError(
      client.organization.invite.mutate({ email: "boss@example.com", role: owner }),
      "BAD_REQUEST",
    );
    expect(
      (error as { data?: { zodError?: { fieldErrors: Record<string, unknown> } } }).data?.zodError?.fieldErrors,
    ).toHaveProperty("role");
  });
});

describe("organization.listInvites and listMembers", () => {
  it("lists only the caller's organization's pending invites", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const a1 = await a.caller.organization.invite({ email: "a1@example.com" });
    const a2 = await a.caller.organization.invite({ email: "a2@example.com" });
    await b.caller.organization.invite({ email: "b1@example.com" });

    const listed = await a.caller.organization.listInvites();
    expect(listed.map((i) => i.email).sort()).toEqual(["a1@example.com", "a2@example.com"]);
    expect(new Set(listed.map((i) => i.id))).toEqual(new Set([a1.id, a2.id]));
    expect(listed[0].createdAt.getTime()).toBeGreaterThanOrEqual(listed[1].createdAt.getTime()); // newest first
    expect((await b.caller.organization.listInvites()).map((i) => i.email)).toEqual(["b1@example.com"]);
  });

  it("leaves revoked and expired invites out of listInvites", async () => {
    const { caller } = await ownerOfNewOrganization();
    const kept = await caller.organization.invite({ email: "kept@example.com" });
    const revoked = await caller.organization.invite({ email: "revoked@example.com" });
    const expired = await caller.organization.invite({ email: "expired@example.com" });
    await caller.invite.revoke({ inviteId: revoked.id });
    await env.DB.prepare("UPDATE invites SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, expired.id)
      .run();
    expect((await caller.organization.listInvites()).map((i) => i.id)).toEqual([kept.id]);
  });

  it("is FORBIDDEN for a member to list invites", async () => {
    const { org } = await ownerOfNewOrganization("Quiet Org");
    const { caller } = await seedMember(org.id, "member");
    await expectTRPCError(caller.organization.listInvites(), "FORBIDDEN", "Only admins of Quiet Org can do this.");
  });

  it("lists only the caller's organization's members, with their roles", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const aMember = await seedMember(a.org.id, "member");
    await seedMember(b.org.id, "admin");

    const members = await aMember.caller.organization.listMembers();
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [a.identity.uid, "owner"],
        [aMember.identity.uid, "member"],
      ].sort(),
    );
    expect(members.find((m) => m.userId === a.identity.uid)).toMatchObject({
      email: a.identity.email,
      joinedAt: expect.any(Date),
    });
    expect((await b.caller.organization.listMembers()).map((m) => m.userId)).not.toContain(aMember.identity.uid);
  });

  it("is FORBIDDEN for a signed-in user without an organization to list members", async () => {
    await expectTRPCError(
      (await callerFor(newIdentity())).organization.listMembers(),
      "FORBIDDEN",
      "Create or join an organization first.",
    );
  });
});
