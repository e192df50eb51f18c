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

/** An organization with its owner, an admin and two plain members. */
async function team(name = "Acme") {
  const owner = await ownerOfNewOrganization(name);
  const admin = await seedMember(owner.org.id, "admin");
  const member = await seedMember(owner.org.id, "member");
  const other = await seedMember(owner.org.id, "member");
  return { owner, admin, member, other, org: owner.org };
}

const hotLeads = {
  filters: {
    combinator: "and" as const,
    conditions: [{ field: "leadStatus", operator: "eq" as const, value: "qualified" }],
  },
  sort: { field: "leadScore", direction: "desc" as const },
  columns: ["name", "email", "leadScore"],
};

const SHARED_ONLY = "Only admins can change shared views.";
const VIEW_NOT_FOUND = "That view does not exist or was deleted.";

describe("views.create", () => {
  it("saves a member's private view with the definition's defaults filled in", async () => {
    const { member, org } = await team();
    const view = await member.caller.views.create({ object: "contact", name: "  Mine  ", definition: {} });
    expect(view).toMatchObject({
      id: expect.stringMatching(/^vw_/),
      organizationId: org.id,
      object: "contact",
      name: "Mine",
      shared: false,
      createdBy: member.identity.uid,
      definition: { filters: { combinator: "and", conditions: [] }, sort: null, columns: [] },
    });
    expect(await rows("SELECT organization_id, shared FROM saved_views WHERE id = ?", view.id)).toEqual([
      { organization_id: org.id, shared: 0 },
    ]);
  });

  it("keeps the layout a view shows its list in (the contacts board); one saved without it has none", async () => {
    const { member } = await team();
    const board = await member.caller.views.create({
      object: "contact",
      name: "Pipeline",
      definition: { ...hotLeads, layout: "board" },
    });
    expect(board.definition).toMatchObject({ layout: "board", sort: hotLeads.sort });
    const listed = await member.caller.views.list({ object: "contact" });
    expect(listed.find((v) => v.id === board.id)?.definition.layout).toBe("board");
    const rows = await member.caller.views.create({ object: "contact", name: "Rows", definition: hotLeads });
    expect(rows.definition).not.toHaveProperty("layout");
  });

  it("keeps the field a board groups its cards by: a select property, or none (the object's first)", async () => {
    const { member } = await team();
    const byTier = await member.caller.views.create({
      object: "company",
      name: "Accounts by tier",
      definition: { layout: "board", groupBy: "prop:tier" },
    });
    expect(byTier.definition).toMatchObject({ layout: "board", groupBy: "prop:tier" });
    const moved = await member.caller.views.update({
      id: byTier.id,
      version: byTier.version,
      definition: { layout: "board", groupBy: "prop:region" },
    });
    expect((await member.caller.views.list({ object: "company" })).find((v) => v.id === moved.id)?.definition).toEqual(
      expect.objectContaining({ groupBy: "prop:region" }),
    );
    const byStatus = await member.caller.views.create({
      object: "contact",
      name: "Pipeline",
      definition: { layout: "board" },
    });
    expect(byStatus.definition).not.toHaveProperty("groupBy");
  });

  it("lets an admin or the owner save a shared view, definition intact", async () => {
    const { admin, owner } = await team();
    const shared = await admin.caller.views.create({
      object: "contact",
      name: "Hot leads",
      definition: { ...hotLeads, search: "acme" },
      shared: true,
    });
    expect(shared).toMatchObject({ shared: true, definition: { ...hotLeads, search: "acme" } });
    await expect(
      owner.caller.views.create({ object: "company", name: "All", definition: {}, shared: true }),
    ).resolves.toMatchObject({ shared: true, object: "company" });
  });

  it("keeps a filter that counts days as the count, so the view moves with the days", async () => {
    const { member } = await team();
    const stale = {
      filters: {
        combinator: "and" as const,
        conditions: [{ field: "lastActivityAt", operator: "moreThanDaysAgo" as const, value: 30 }],
      },
    };
    const view = await member.caller.views.create({ object: "contact", name: "Gone quiet", definition: stale });
    const [listed] = (await member.caller.views.list({ object: "contact" })).filter((v) => v.id === view.id);
    expect(listed?.definition.filters).toEqual(stale.filters);
  });

  it("is FORBIDDEN for a member to save a shared view, storing nothing", async () => {
    const { member, org } = await team();
    await expectTRPCError(
      member.caller.views.create({ object: "contact", name: "For all", definition: hotLeads, shared: true }),
      "FORBIDDEN",
      SHARED_ONLY,
    );
    expect(await rows("SELECT id FROM saved_views WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is UNAUTHORIZED without a token and FORBIDDEN without an organization", async () => {
    const input = { object: "contact" as const, name: "V", definition: {} };
    await expectTRPCError((await anonymousCaller()).views.create(input), "UNAUTHORIZED");
    await expectTRPCError(
      (await callerFor(newIdentity())).views.create(input),
      "FORBIDDEN",
      "Create or join an organization first.",
    );
  });

  it("is BAD_REQUEST over HTTP for an empty name, with the field's message, storing nothing", async () => {
    const { member, org } = await team();
    const error = await expectTRPCError(
      (await httpClientFor(member.identity)).views.create.mutate({ object: "contact", name: "  ", definition: {} }),
      "BAD_REQUEST",
      "Name the view.",
    );
    expect(fieldErrorsOf(error)?.name).toEqual(["Name the view."]);
    expect(await rows("SELECT id FROM saved_views WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is BAD_REQUEST over HTTP for an unknown object, a bad operator or too many conditions", async () => {
    const { member } = await team();
    const client = await httpClientFor(member.identity);
    const lead = "lead" as "contact";
    const object = await expectTRPCError(
      client.views.create.mutate({ object: lead, name: "V", definition: {} }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(object)).toHaveProperty("object");
    const like = "like" as "eq";
    const operator = await expectTRPCError(
      client.views.create.mutate({
        object: "contact",
        name: "V",
        definition: { filters: { combinator: "and", conditions: [{ field: "name", operator: like, value: "a" }] } },
      }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(operator)).toHaveProperty("definition");
    const grid = "grid" as "board";
    const layout = await expectTRPCError(
      client.views.create.mutate({ object: "contact", name: "V", definition: { layout: grid } }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(layout)).toHaveProperty("definition");
    for (const groupBy of ["prop:Tier", "lead_status; DROP", "prop:"]) {
      const grouped = await expectTRPCError(
        client.views.create.mutate({ object: "contact", name: "V", definition: { layout: "board", groupBy } }),
        "BAD_REQUEST",
      );
      expect(fieldErrorsOf(grouped)).toHaveProperty("definition");
    }
    const many = Array.from({ length: 21 }, () => ({ field: "name", operator: "notEmpty" as const }));
    await expectTRPCError(
      client.views.create.mutate({
        object: "contact",
        name: "V",
        definition: { filters: { combinator: "and", conditions: many } },
      }),
      "BAD_REQUEST",
    );
  });
});

describe("views.list", () => {
  it("lists shared views and the caller's own for the object, by name; others' private views never", async () => {
    const { admin, member, other } = await team();
    const shared = await admin.caller.views.create({
      object: "contact",
      name: "B shared",
      definition: {},
      shared: true,
    });
    const adminPrivate = await admin.caller.views.create({ object: "contact", name: "A admin's", definition: {} });
    const mine = await member.caller.views.create({ object: "contact", name: "C mine", definition: {} });
    const theirs = await other.caller.views.create({ object: "contact", name: "D theirs", definition: {} });
    await member.caller.views.create({ object: "company", name: "Companies", definition: {} });

    expect((await member.caller.views.list({ object: "contact" })).map((v) => v.id)).toEqual([shared.id, mine.id]);
    expect((await other.caller.views.list({ object: "contact" })).map((v) => v.id)).toEqual([shared.id, theirs.id]);
    // Admins see shared views and their own, not members' private ones either.
    expect((await admin.caller.views.list({ object: "contact" })).map((v) => v.id)).toEqual([
      adminPrivate.id,
      shared.id,
    ]);
    expect((await member.caller.views.list({ object: "company" })).map((v) => v.name)).toEqual(["Companies"]);
    expect(await member.caller.views.list({ object: "deal" })).toEqual([]);
  });

  it("is BAD_REQUEST over HTTP for an unknown object", async () => {
    const { member } = await team();
    const lead = "lead" as "contact";
    const error = await expectTRPCError(
      (await httpClientFor(member.identity)).views.list.query({ object: lead }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toHaveProperty("object");
  });
});

describe("views.update", () => {
  it("lets a member rename and redefine their own private view", async () => {
    const { member } = await team();
    const view = await member.caller.views.create({ object: "contact", name: "Draft", definition: {} });
    const updated = await member.caller.views.update({
      id: view.id,
      version: view.version,
      name: "Qualified",
      definition: hotLeads,
    });
    expect(updated).toMatchObject({ id: view.id, name: "Qualified", definition: hotLeads, shared: false });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(view.updatedAt.getTime());
    expect((await member.caller.views.list({ object: "contact" })).map((v) => v.name)).toEqual(["Qualified"]);
  });

  it("is FORBIDDEN for a member to share their own private view", async () => {
    const { member } = await team();
    const view = await member.caller.views.create({ object: "contact", name: "Mine", definition: {} });
    await expectTRPCError(
      member.caller.views.update({ id: view.id, version: view.version, shared: true }),
      "FORBIDDEN",
      SHARED_ONLY,
    );
    expect(await rows("SELECT shared FROM saved_views WHERE id = ?", view.id)).toEqual([{ shared: 0 }]);
  });

  it("is FORBIDDEN for a member to change a shared view, which stays as it was", async () => {
    const { admin, member } = await team();
    const view = await admin.caller.views.create({ object: "contact", name: "Team", definition: {}, shared: true });
    await expectTRPCError(
      member.caller.views.update({ id: view.id, version: view.version, name: "Mine now" }),
      "FORBIDDEN",
      SHARED_ONLY,
    );
    await expectTRPCError(
      member.caller.views.update({ id: view.id, version: view.version, shared: false }),
      "FORBIDDEN",
      SHARED_ONLY,
    );
    expect(await rows("SELECT name, shared FROM saved_views WHERE id = ?", view.id)).toEqual([
      { name: "Team", shared: 1 },
    ]);
  });

  it("lets an admin share their own view and change a shared view someone else made", async () => {
    const { admin, owner, member } = await team();
    const view = await admin.caller.views.create({ object: "contact", name: "Soon shared", definition: {} });
    const shared = await admin.caller.views.update({ id: view.id, version: view.version, shared: true });
    expect(shared).toMatchObject({ shared: true, version: 2 });
    expect((await member.caller.views.list({ object: "contact" })).map((v) => v.id)).toEqual([view.id]);
    expect(
      await owner.caller.views.update({ id: view.id, version: shared.version, name: "Renamed by owner" }),
    ).toMatchObject({
      name: "Renamed by owner",
      shared: true,
      createdBy: admin.identity.uid,
    });
  });

  it("is NOT_FOUND for another member's private view, to members and admins alike", async () => {
    const { admin, owner, member, other } = await team();
    const view = await member.caller.views.create({ object: "contact", name: "Private", definition: {} });
    for (const caller of [other.caller, admin.caller, owner.caller]) {
      await expectTRPCError(
        caller.views.update({ id: view.id, version: view.version, name: "Peek" }),
        "NOT_FOUND",
        VIEW_NOT_FOUND,
      );
      await expectTRPCError(
        caller.views.update({ id: view.id, version: view.version, shared: true }),
        "NOT_FOUND",
        VIEW_NOT_FOUND,
      );
    }
    expect(await rows("SELECT name, shared FROM saved_views WHERE id = ?", view.id)).toEqual([
      { name: "Private", shared: 0 },
    ]);
  });

  it("is NOT_FOUND for an unknown view", async () => {
    const { admin } = await team();
    await expectTRPCError(
      admin.caller.views.update({ id: "vw_unknown00000000", version: 1, name: "X" }),
      "NOT_FOUND",
      VIEW_NOT_FOUND,
    );
  });

  it("is CONFLICT on a version someone saved over meanwhile, naming them; the view stays theirs", async () => {
    const { admin, owner } = await team();
    const view = await admin.caller.views.create({ object: "contact", name: "Pipeline", definition: {}, shared: true });
    const theirs = await owner.caller.views.update({ id: view.id, version: view.version, definition: hotLeads });
    expect(theirs.version).toBe(view.version + 1);
    const error = await expectTRPCError(
      admin.caller.views.update({ id: view.id, version: view.version, name: "Mine" }),
      "CONFLICT",
      /This view was changed by .+ at \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    expect((error as { cause?: { changedBy?: string } }).cause?.changedBy).toBe(owner.identity.name);
    expect(await rows("SELECT name, version FROM saved_views WHERE id = ?", view.id)).toEqual([
      { name: "Pipeline", version: 2 },
    ]);
    // Against the version now shown, the same change goes through.
    expect(await admin.caller.views.update({ id: view.id, version: theirs.version, name: "Mine" })).toMatchObject({
      name: "Mine",
      version: 3,
      definition: hotLeads,
    });
  });

  it("lets one of two saves made on the same version through, and refuses the other", async () => {
    const { admin, owner } = await team();
    const view = await admin.caller.views.create({ object: "contact", name: "Race", definition: {}, shared: true });
    const results = await Promise.allSettled([
      admin.caller.views.update({ id: view.id, version: view.version, name: "Admin's" }),
      owner.caller.views.update({ id: view.id, version: view.version, name: "Owner's" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const [stored] = await rows<{ name: string; version: number }>(
      "SELECT name, version FROM saved_views WHERE id = ?",
      view.id,
    );
    const winner = results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ name: string }>;
    expect(stored).toEqual({ name: winner.value.name, version: 2 });
  });

  it("is BAD_REQUEST over HTTP for an empty name", async () => {
    const { member } = await team();
    const view = await member.caller.views.create({ object: "contact", name: "Keep", definition: {} });
    const error = await expectTRPCError(
      (await httpClientFor(member.identity)).views.update.mutate({ id: view.id, version: view.version, name: " " }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toHaveProperty("name");
    expect(await rows("SELECT name FROM saved_views WHERE id = ?", view.id)).toEqual([{ name: "Keep" }]);
  });
});

describe("views.delete", () => {
  it("lets a member delete their own private view", async () => {
    const { member } = await team();
    const view = await member.caller.views.create({ object: "contact", name: "Temp", definition: {} });
    expect(await member.caller.views.delete({ id: view.id })).toEqual({ id: view.id });
    expect(await member.caller.views.list({ object: "contact" })).toEqual([]);
    expect(await rows("SELECT id FROM saved_views WHERE id = ?", view.id)).toEqual([]);
    await expectTRPCError(member.caller.views.delete({ id: view.id }), "NOT_FOUND", VIEW_NOT_FOUND);
  });

  it("is FORBIDDEN for a member to delete a shared view; an admin may", async () => {
    const { admin, owner, member } = await team();
    const view = await owner.caller.views.create({ object: "contact", name: "Team", definition: {}, shared: true });
    await expectTRPCError(member.caller.views.delete({ id: view.id }), "FORBIDDEN", SHARED_ONLY);
    expect(await rows("SELECT id FROM saved_views WHERE id = ?", view.id)).toEqual([{ id: view.id }]);
    expect(await admin.caller.views.delete({ id: view.id })).toEqual({ id: view.id });
    expect(await member.caller.views.list({ object: "contact" })).toEqual([]);
  });

  it("is NOT_FOUND for another member's private view, which stays", async () => {
    const { admin, member, other } = await team();
    const view = await member.caller.views.create({ object: "contact", name: "Private", definition: {} });
    await expectTRPCError(other.caller.views.delete({ id: view.id }), "NOT_FOUND", VIEW_NOT_FOUND);
    await expectTRPCError(admin.caller.views.delete({ id: view.id }), "NOT_FOUND", VIEW_NOT_FOUND);
    expect(await rows("SELECT id FROM saved_views WHERE id = ?", view.id)).toEqual([{ id: view.id }]);
  });

  it("is BAD_REQUEST over HTTP for a malformed id", async () => {
    const { member } = await team();
    const error = await expectTRPCError(
      (await httpClientFor(member.identity)).views.delete.mutate({ id: "v" }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toHaveProperty("id");
  });
});

describe("views across organizations", () => {
  async function twoOrganizations() {
    const a = await team("Org A");
    const shared = await a.admin.caller.views.create({
      object: "contact",
      name: "A shared",
      definition: hotLeads,
      shared: true,
    });
    const personal = await a.member.caller.views.create({ object: "contact", name: "A private", definition: {} });
    const b = await team("Org B");
    return { a: { ...a, shared, personal }, b };
  }

  it("never lists A's views, shared or private, to B", async () => {
    const { a, b } = await twoOrganizations();
    const own = await b.member.caller.views.create({ object: "contact", name: "B private", definition: {} });
    expect((await b.member.caller.views.list({ object: "contact" })).map((v) => v.id)).toEqual([own.id]);
    expect(await b.owner.caller.views.list({ object: "contact" })).toEqual([]);
    expect((await a.member.caller.views.list({ object: "contact" })).map((v) => v.id)).toEqual([
      a.personal.id,
      a.shared.id,
    ]);
  });

  it("is NOT_FOUND when B's admin or member updates A's views, which stay as they were", async () => {
    const { a, b } = await twoOrganizations();
    for (const caller of [b.owner.caller, b.admin.caller, b.member.caller])
      for (const view of [a.shared, a.personal])
        await expectTRPCError(
          caller.views.update({ id: view.id, version: view.version, name: "Pwned", shared: false }),
          "NOT_FOUND",
          VIEW_NOT_FOUND,
        );
    expect(
      await rows("SELECT name, shared FROM saved_views WHERE organization_id = ? ORDER BY name", a.org.id),
    ).toEqual([
      { name: "A private", shared: 0 },
      { name: "A shared", shared: 1 },
    ]);
  });

  it("is NOT_FOUND when B's admin or member deletes A's views, which stay", async () => {
    const { a, b } = await twoOrganizations();
    for (const caller of [b.owner.caller, b.member.caller])
      for (const view of [a.shared, a.personal])
        await expectTRPCError(caller.views.delete({ id: view.id }), "NOT_FOUND", VIEW_NOT_FOUND);
    expect(await rows("SELECT id FROM saved_views WHERE organization_id = ?", a.org.id)).toHaveLength(2);
  });

  it("stores B's new view in B even when the input names A's organization", async () => {
    const { a, b } = await twoOrganizations();
    const input = { object: "contact" as const, name: "Sneaky", definition: {}, organizationId: a.org.id };
    const view = await b.member.caller.views.create(input);
    expect(await rows("SELECT organization_id FROM saved_views WHERE id = ?", view.id)).toEqual([
      { organization_id: b.org.id },
    ]);
  });
});

describe("views.setDefault", () => {
  const defaults = (views: { name: string; isDefault: boolean }[]) =>
    views.filter((v) => v.isDefault).map((v) => v.name);

  it("marks the view each member's list opens on, for that member alone, and moves or clears it", async () => {
    const { owner, member, other } = await team();
    const shared = await owner.caller.views.create({
      object: "contact",
      name: "Hot leads",
      definition: hotLeads,
      shared: true,
    });
    const mine = await member.caller.views.create({ object: "contact", name: "My calls", definition: {} });
    expect(await member.caller.views.setDefault({ object: "contact", viewId: shared.id })).toEqual({
      object: "contact",
      viewId: shared.id,
    });
    expect(defaults(await member.caller.views.list({ object: "contact" }))).toEqual(["Hot leads"]);
    expect(defaults(await other.caller.views.list({ object: "contact" }))).toEqual([]);
    expect(defaults(await owner.caller.views.list({ object: "contact" }))).toEqual([]);

    await member.caller.views.setDefault({ object: "contact", viewId: mine.id });
    expect(defaults(await member.caller.views.list({ object: "contact" }))).toEqual(["My calls"]);
    await member.caller.views.setDefault({ object: "contact", viewId: null });
    expect(defaults(await member.caller.views.list({ object: "contact" }))).toEqual([]);
    expect(await rows("SELECT * FROM view_defaults WHERE user_id = ?", member.identity.uid)).toEqual([]);
  });

  it("keeps one default per object: a companies view beside a contacts one", async () => {
    const { member } = await team();
    const people = await member.caller.views.create({ object: "contact", name: "People", definition: {} });
    const firms = await member.caller.views.create({ object: "company", name: "Firms", definition: {} });
    await member.caller.views.setDefault({ object: "contact", viewId: people.id });
    await member.caller.views.setDefault({ object: "company", viewId: firms.id });
    expect(defaults(await member.caller.views.list({ object: "contact" }))).toEqual(["People"]);
    expect(defaults(await member.caller.views.list({ object: "company" }))).toEqual(["Firms"]);
  });

  it("goes with its view when the view is deleted", async () => {
    const { member } = await team();
    const view = await member.caller.views.create({ object: "contact", name: "Short-lived", definition: {} });
    await member.caller.views.setDefault({ object: "contact", viewId: view.id });
    await member.caller.views.delete({ id: view.id });
    expect(await rows("SELECT * FROM view_defaults WHERE view_id = ?", view.id)).toEqual([]);
  });

  it("refuses a teammate's private view, an unknown one, and a view of the other object", async () => {
    const { member, other } = await team();
    const theirs = await other.caller.views.create({ object: "contact", name: "Theirs", definition: {} });
    await expectTRPCError(
      member.caller.views.setDefault({ object: "contact", viewId: theirs.id }),
      "NOT_FOUND",
      VIEW_NOT_FOUND,
    );
    await expectTRPCError(
      member.caller.views.setDefault({ object: "contact", viewId: "viw_doesnotexist" }),
      "NOT_FOUND",
      VIEW_NOT_FOUND,
    );
    const firms = await member.caller.views.create({ object: "company", name: "Firms", definition: {} });
    await expectTRPCError(
      member.caller.views.setDefault({ object: "contact", viewId: firms.id }),
      "BAD_REQUEST",
      "That view lists companies: it cannot open the contacts list.",
    );
    expect(await rows("SELECT * FROM view_defaults WHERE user_id = ?", member.identity.uid)).toEqual([]);
  });
});
