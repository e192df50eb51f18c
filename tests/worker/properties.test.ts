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
import { defineProperty } from "./records-helpers";

type FieldErrors = { data?: { zodError?: { fieldErrors: Record<string, string[] | undefined> } } };
const fieldErrorsOf = (error: unknown) => (error as FieldErrors).data?.zodError?.fieldErrors;

/** An organization with its owner, an admin and a plain member. */
async function team(name = "Acme") {
  const owner = await ownerOfNewOrganization(name);
  const admin = await seedMember(owner.org.id, "admin");
  const member = await seedMember(owner.org.id, "member");
  return { owner, admin, member, org: owner.org };
}

const forbidden = (orgName: string) => `Only admins of ${orgName} can do this.`;

describe("properties.create", () => {
  it("lets an admin define a property, placed after the object's existing ones", async () => {
    const { admin, owner, org } = await team();
    const stage = await admin.caller.properties.create({
      object: "contact",
      key: "stage",
      label: "  Stage  ",
      type: "select",
      options: ["Cold", "Warm", "Hot"],
    });
    expect(stage).toMatchObject({
      id: expect.stringMatching(/^prp_/),
      organizationId: org.id,
      object: "contact",
      key: "stage",
      label: "Stage",
      type: "select",
      options: ["Cold", "Warm", "Hot"],
      required: false,
      position: 0,
      archivedAt: null,
      createdBy: admin.identity.uid,
    });
    const budget = await owner.caller.properties.create({
      object: "contact",
      key: "budget",
      label: "Budget",
      type: "currency",
      required: true,
    });
    expect(budget).toMatchObject({ position: 1, required: true, options: null });
    // Positions count per object.
    const size = await owner.caller.properties.create({
      object: "company",
      key: "size",
      label: "Size",
      type: "number",
    });
    expect(size.position).toBe(0);
  });

  it("is FORBIDDEN for a member, storing nothing", async () => {
    const { member, org } = await team();
    await expectTRPCError(
      member.caller.properties.create({ object: "contact", key: "stage", label: "Stage", type: "text" }),
      "FORBIDDEN",
      forbidden("Acme"),
    );
    expect(await rows("SELECT id FROM property_definitions WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is UNAUTHORIZED without a token and FORBIDDEN without an organization", async () => {
    const input = { object: "contact" as const, key: "stage", label: "Stage", type: "text" as const };
    await expectTRPCError((await anonymousCaller()).properties.create(input), "UNAUTHORIZED");
    await expectTRPCError(
      (await callerFor(newIdentity())).properties.create(input),
      "FORBIDDEN",
      "Create or join an organization first.",
    );
  });

  it("is CONFLICT for a key the object already has (archived ones included), fine on another object", async () => {
    const { admin } = await team();
    const first = await admin.caller.properties.create({ object: "contact", key: "tier", label: "Tier", type: "text" });
    await expectTRPCError(
      admin.caller.properties.create({ object: "contact", key: "tier", label: "Tier 2", type: "number" }),
      "CONFLICT",
      'A contact property with the key "tier" already exists.',
    );
    await admin.caller.properties.archive({ id: first.id });
    await expectTRPCError(
      admin.caller.properties.create({ object: "contact", key: "tier", label: "Tier 3", type: "text" }),
      "CONFLICT",
      'The archived contact property “Tier” has the key "tier": restore it from Archived, or choose another key.',
    );
    await expect(
      admin.caller.properties.create({ object: "company", key: "tier", label: "Tier", type: "text" }),
    ).resolves.toMatchObject({ object: "company", key: "tier" });
  });

  it.each([
    [
      "a key with capitals",
      { key: "Stage" },
      "key",
      "Use lower-case letters, digits and _ (start with a letter, 40 at most).",
    ],
    [
      "a key starting with a digit",
      { key: "1st" },
      "key",
      "Use lower-case letters, digits and _ (start with a letter, 40 at most).",
    ],
    [
      "a key over 40 characters",
      { key: `k${"x".repeat(40)}` },
      "key",
      "Use lower-case letters, digits and _ (start with a letter, 40 at most).",
    ],
    ["an empty label", { label: "   " }, "label", "Give the property a label."],
    [
      "a select without options",
      { type: "select" as const },
      "options",
      "A select property needs at least one option.",
    ],
    [
      "a multi-select with an empty option list",
      { type: "multi-select" as const, options: [] },
      "options",
      "A select property needs at least one option.",
    ],
    [
      "an option listed twice, however capitalised",
      { type: "select" as const, options: ["Gold", "Silver", "gold "] },
      "options",
      '"gold" is listed twice.',
    ],
    ["options on a text property", { options: ["Gold"] }, "options", "Only select properties have options."],
  ])("is BAD_REQUEST over HTTP for %s, naming the field", async (_case, patch, field, message) => {
    const { admin, org } = await team();
    const client = await httpClientFor(admin.identity);
    const input = { object: "contact" as const, key: "stage", label: "Stage", type: "text" as const, ...patch };
    const error = await expectTRPCError(client.properties.create.mutate(input), "BAD_REQUEST", message);
    expect(fieldErrorsOf(error)?.[field]).toEqual([message]);
    expect(await rows("SELECT id FROM property_definitions WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is BAD_REQUEST over HTTP for an unknown type or object", async () => {
    const { admin } = await team();
    const client = await httpClientFor(admin.identity);
    const color = "color" as "text";
    const type = await expectTRPCError(
      client.properties.create.mutate({ object: "contact", key: "hue", label: "Hue", type: color }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(type)).toHaveProperty("type");
    const lead = "lead" as "contact";
    const object = await expectTRPCError(
      client.properties.create.mutate({ object: lead, key: "hue", label: "Hue", type: "text" }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(object)).toHaveProperty("object");
  });
});

describe("properties.list", () => {
  it("lists the object's live definitions by position, to members too", async () => {
    const { admin, member } = await team();
    const a = await admin.caller.properties.create({ object: "contact", key: "a", label: "A", type: "text" });
    const b = await admin.caller.properties.create({ object: "contact", key: "b", label: "B", type: "text" });
    const c = await admin.caller.properties.create({ object: "contact", key: "c", label: "C", type: "text" });
    await admin.caller.properties.create({ object: "company", key: "d", label: "D", type: "text" });
    await admin.caller.properties.archive({ id: b.id });
    expect((await member.caller.properties.list({ object: "contact" })).map((p) => p.id)).toEqual([a.id, c.id]);
    expect((await member.caller.properties.list({ object: "company" })).map((p) => p.key)).toEqual(["d"]);
    expect(await member.caller.properties.list({ object: "deal" })).toEqual([]);
  });

  it("is BAD_REQUEST over HTTP for an unknown object", async () => {
    const { member } = await team();
    const lead = "lead" as "contact";
    const error = await expectTRPCError(
      (await httpClientFor(member.identity)).properties.list.query({ object: lead }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toHaveProperty("object");
  });
});

describe("properties.update", () => {
  it("lets an admin change the label, options and required flag", async () => {
    const { admin, owner } = await team();
    const stage = await owner.caller.properties.create({
      object: "contact",
      key: "stage",
      label: "Stage",
      type: "select",
      options: ["Cold", "Hot"],
    });
    const updated = await admin.caller.properties.update({
      id: stage.id,
      label: "Temperature",
      options: ["Cold", "Warm", "Hot"],
      required: true,
    });
    expect(updated).toMatchObject({
      id: stage.id,
      key: "stage",
      label: "Temperature",
      options: ["Cold", "Warm", "Hot"],
      required: true,
    });
    // The new option is accepted from now on.
    await expect(
      owner.caller.contacts.create({ firstName: "Tepid", properties: { stage: "Warm" } }),
    ).resolves.toMatchObject({ properties: { stage: "Warm" } });
  });

  it("is FORBIDDEN for a member, changing nothing", async () => {
    const { admin, member } = await team();
    const prop = await admin.caller.properties.create({ object: "contact", key: "tier", label: "Tier", type: "text" });
    await expectTRPCError(
      member.caller.properties.update({ id: prop.id, label: "Hacked" }),
      "FORBIDDEN",
      forbidden("Acme"),
    );
    expect(await rows("SELECT label FROM property_definitions WHERE id = ?", prop.id)).toEqual([{ label: "Tier" }]);
  });

  it("is NOT_FOUND for an unknown id", async () => {
    const { admin } = await team();
    await expectTRPCError(
      admin.caller.properties.update({ id: "prp_unknown0000000", label: "X" }),
      "NOT_FOUND",
      "That property does not exist or was deleted.",
    );
  });

  it("is BAD_REQUEST when emptying a select property's options, which keep their values", async () => {
    const { admin } = await team();
    const prop = await admin.caller.properties.create({
      object: "contact",
      key: "stage",
      label: "Stage",
      type: "select",
      options: ["Cold"],
    });
    await expectTRPCError(
      admin.caller.properties.update({ id: prop.id, options: [] }),
      "BAD_REQUEST",
      "A select property needs at least one option.",
    );
    expect(await rows("SELECT options FROM property_definitions WHERE id = ?", prop.id)).toEqual([
      { options: '["Cold"]' },
    ]);
    // A text property has no options to lose.
    const text = await admin.caller.properties.create({ object: "contact", key: "note", label: "Note", type: "text" });
    await expect(admin.caller.properties.update({ id: text.id, options: [] })).resolves.toMatchObject({ options: [] });
  });

  it("is BAD_REQUEST for options a select would list twice, or options on a property without any", async () => {
    const { admin } = await team();
    const stage = await admin.caller.properties.create({
      object: "contact",
      key: "stage",
      label: "Stage",
      type: "select",
      options: ["Cold"],
    });
    const note = await admin.caller.properties.create({ object: "contact", key: "note", label: "Note", type: "text" });
    const client = await httpClientFor(admin.identity);
    await expectTRPCError(
      client.properties.update.mutate({ id: stage.id, options: ["Cold", "Warm", "COLD"] }),
      "BAD_REQUEST",
      '"COLD" is listed twice.',
    );
    await expectTRPCError(
      admin.caller.properties.update({ id: note.id, options: ["Cold"] }),
      "BAD_REQUEST",
      "Only select properties have options.",
    );
    expect(
      await rows("SELECT key, options FROM property_definitions WHERE id IN (?, ?) ORDER BY key", stage.id, note.id),
    ).toEqual([
      { key: "note", options: null },
      { key: "stage", options: '["Cold"]' },
    ]);
    await expect(admin.caller.properties.update({ id: stage.id, options: ["Cold", "Warm"] })).resolves.toMatchObject({
      options: ["Cold", "Warm"],
    });
  });

  it("takes off options no record holds, and refuses one a record holds (in the trash too), saying how many", async () => {
    const { admin, owner } = await team();
    const tier = await admin.caller.properties.create({
      object: "contact",
      key: "tier",
      label: "Tier",
      type: "select",
      options: ["Gold", "Silver", "Bronze", "Tin"],
    });
    const topics = await admin.caller.properties.create({
      object: "company",
      key: "topics",
      label: "Topics",
      type: "multi-select",
      options: ["AI", "Cloud", "Edge"],
    });
    await owner.caller.contacts.create({ firstName: "Ann", properties: { tier: "Gold" } });
    await owner.caller.contacts.create({ firstName: "Bob", properties: { tier: "Gold" } });
    const cy = await owner.caller.contacts.create({ firstName: "Cy", properties: { tier: "Silver" } });
    await owner.caller.contacts.delete({ ids: [cy.id] });
    await owner.caller.companies.create({ name: "Acme", properties: { topics: ["AI", "Cloud"] } });

    await expectTRPCError(
      admin.caller.properties.update({ id: tier.id, options: ["Silver", "Bronze"] }),
      "BAD_REQUEST",
      "2 contacts have “Gold”. Change them to another option first, keep it, or rename it.",
    );
    await expectTRPCError(
      admin.caller.properties.update({ id: tier.id, options: ["Gold", "Bronze"] }),
      "BAD_REQUEST",
      "1 contact (1 in the trash) has “Silver”. Change it to another option first, keep it, or rename it.",
    );
    await expectTRPCError(
      admin.caller.properties.update({ id: topics.id, options: ["AI", "Edge"] }),
      "BAD_REQUEST",
      "1 company has “Cloud”. Change it to another option first, keep it, or rename it.",
    );
    expect(await rows("SELECT options FROM property_definitions WHERE id = ?", tier.id)).toEqual([
      { options: '["Gold","Silver","Bronze","Tin"]' },
    ]);
    // Unused ones go, and the rest may be put in a new order.
    await expect(
      admin.caller.properties.update({ id: tier.id, options: ["Silver", "Gold", "Platinum"] }),
    ).resolves.toMatchObject({ options: ["Silver", "Gold", "Platinum"] });
    await expect(admin.caller.properties.update({ id: topics.id, options: ["Cloud", "AI"] })).resolves.toMatchObject({
      options: ["Cloud", "AI"],
    });
  });

  it("renames a select option with the records and saved views that hold it, keeping their versions", async () => {
    const { admin, owner, member } = await team();
    const tier = await admin.caller.properties.create({
      object: "contact",
      key: "tier",
      label: "Tier",
      type: "select",
      options: ["Gold", "Silver", "Bronze"],
    });
    const ann = await owner.caller.contacts.create({ firstName: "Ann", properties: { tier: "Gold" } });
    const bob = await owner.caller.contacts.create({ firstName: "Bob", properties: { tier: "Gold" } });
    const cy = await owner.caller.contacts.create({ firstName: "Cy", properties: { tier: "Silver" } });
    await owner.caller.contacts.delete({ ids: [bob.id] });
    const goldFilter = {
      combinator: "and" as const,
      conditions: [{ field: "prop:tier", operator: "eq" as const, value: "Gold" }],
    };
    const view = await member.caller.views.create({
      object: "contact",
      name: "Gold",
      definition: { filters: goldFilter },
    });
    const other = await member.caller.views.create({
      object: "contact",
      name: "Silver",
      definition: { filters: { ...goldFilter, conditions: [{ ...goldFilter.conditions[0]!, value: "Silver" }] } },
    });

    await expect(
      admin.caller.properties.update({
        id: tier.id,
        options: ["Golden", "Silver", "Bronze"],
        renamedOptions: [{ from: "Gold", to: "Golden" }],
      }),
    ).resolves.toMatchObject({ options: ["Golden", "Silver", "Bronze"] });

    const annNow = (await member.caller.contacts.get({ id: ann.id })).contact;
    expect(annNow).toMatchObject({ properties: { tier: "Golden" }, version: ann.version });
    expect((await member.caller.contacts.get({ id: cy.id })).contact.properties).toEqual({ tier: "Silver" });
    const golden = {
      combinator: "and" as const,
      conditions: [{ field: "prop:tier", operator: "eq" as const, value: "Golden" }],
    };
    expect((await member.caller.contacts.list({ filter: golden })).items.map((c) => c.id)).toEqual([ann.id]);
    expect((await member.caller.contacts.list({ filter: golden, trash: true })).items.map((c) => c.id)).toEqual([
      bob.id,
    ]);
    expect(await member.caller.contacts.list({ filter: goldFilter })).toMatchObject({ items: [], total: { count: 0 } });
    // The view filtered on Gold now filters on Golden (a new version); the one on Silver is untouched.
    const views = await member.caller.views.list({ object: "contact" });
    expect(views.find((v) => v.id === view.id)).toMatchObject({
      version: view.version + 1,
      definition: { filters: golden },
    });
    expect(views.find((v) => v.id === other.id)).toMatchObject({ version: other.version });
    // A record edited from before the rename saves without a conflict.
    await expect(
      member.caller.contacts.update({ id: ann.id, version: ann.version, patch: { title: "CEO" } }),
    ).resolves.toMatchObject({ title: "CEO", properties: { tier: "Golden" } });
  });

  it("renames multi-select options inside each record's choices, in their order, and lets two options trade names", async () => {
    const { admin, owner } = await team();
    const topics = await admin.caller.properties.create({
      object: "company",
      key: "topics",
      label: "Topics",
      type: "multi-select",
      options: ["AI", "Cloud", "Edge"],
    });
    const acme = await owner.caller.companies.create({ name: "Acme", properties: { topics: ["Edge", "AI", "Cloud"] } });
    const beta = await owner.caller.companies.create({ name: "Beta", properties: { topics: ["Cloud"] } });
    const gamma = await owner.caller.companies.create({ name: "Gamma", properties: { topics: ["Edge"] } });

    await admin.caller.properties.update({
      id: topics.id,
      options: ["ML", "Edge", "Cloud"],
      renamedOptions: [
        { from: "AI", to: "ML" },
        { from: "Cloud", to: "Edge" },
        { from: "Edge", to: "Cloud" },
      ],
    });
    const topicsOf = async (id: string) => (await owner.caller.companies.get({ id })).company.properties.topics;
    expect(await topicsOf(acme.id)).toEqual(["Cloud", "ML", "Edge"]);
    expect(await topicsOf(beta.id)).toEqual(["Edge"]);
    expect(await topicsOf(gamma.id)).toEqual(["Cloud"]);
    const holding = async (value: string) =>
      (
        await owner.caller.companies.list({
          filter: { combinator: "and", conditions: [{ field: "prop:topics", operator: "contains", value }] },
        })
      ).items.map((c) => c.name);
    expect(await holding("ML")).toEqual(["Acme"]);
    expect(await holding("Edge")).toEqual(["Acme", "Beta"]);
  });

  it("refuses renames that do not match the options, and a held option taken off beside one, moving nothing", async () => {
    const { admin, owner } = await team();
    const tier = await admin.caller.properties.create({
      object: "contact",
      key: "tier",
      label: "Tier",
      type: "select",
      options: ["Gold", "Silver"],
    });
    const ann = await owner.caller.contacts.create({ firstName: "Ann", properties: { tier: "Gold" } });
    await owner.caller.contacts.create({ firstName: "Bob", properties: { tier: "Silver" } });
    const refusals: [Parameters<typeof admin.caller.properties.update>[0], string][] = [
      [
        { id: tier.id, options: ["Golden", "Silver"], renamedOptions: [{ from: "Platinum", to: "Golden" }] },
        "“Platinum” is not one of this property's options.",
      ],
      [
        { id: tier.id, options: ["Gold", "Silver"], renamedOptions: [{ from: "Gold", to: "Golden" }] },
        "“Gold” is renamed to “Golden”, which is not in the new options.",
      ],
      [
        {
          id: tier.id,
          options: ["Golden", "Gilded", "Silver"],
          renamedOptions: [
            { from: "Gold", to: "Golden" },
            { from: "Gold", to: "Gilded" },
          ],
        },
        "“Gold” is renamed twice.",
      ],
      [
        { id: tier.id, options: ["Golden"], renamedOptions: [{ from: "Gold", to: "Golden" }] },
        "1 contact has “Silver”. Change it to another option first, keep it, or rename it.",
      ],
    ];
    for (const [input, message] of refusals)
      await expectTRPCError(admin.caller.properties.update(input), "BAD_REQUEST", message);
    const error = await expectTRPCError(
      (await httpClientFor(admin.identity)).properties.update.mutate({
        id: tier.id,
        renamedOptions: [{ from: "Gold", to: "Golden" }],
      }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toHaveProperty("options");
    expect(await rows("SELECT options FROM property_definitions WHERE id = ?", tier.id)).toEqual([
      { options: '["Gold","Silver"]' },
    ]);
    expect((await owner.caller.contacts.get({ id: ann.id })).contact.properties).toEqual({ tier: "Gold" });
    await expect(
      admin.caller.properties.update({
        id: tier.id,
        options: ["Golden", "Silver"],
        renamedOptions: [{ from: "Gold", to: "Golden" }],
      }),
    ).resolves.toMatchObject({ options: ["Golden", "Silver"] });
  });

  it("is BAD_REQUEST over HTTP for an empty label", async () => {
    const { admin } = await team();
    const prop = await admin.caller.properties.create({ object: "contact", key: "tier", label: "Tier", type: "text" });
    const error = await expectTRPCError(
      (await httpClientFor(admin.identity)).properties.update.mutate({ id: prop.id, label: " " }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toHaveProperty("label");
  });
});

describe("properties.reorder", () => {
  it("lets an admin put the properties in a new order", async () => {
    const { admin, member } = await team();
    const a = await admin.caller.properties.create({ object: "contact", key: "a", label: "A", type: "text" });
    const b = await admin.caller.properties.create({ object: "contact", key: "b", label: "B", type: "text" });
    const c = await admin.caller.properties.create({ object: "contact", key: "c", label: "C", type: "text" });
    expect(await admin.caller.properties.reorder({ object: "contact", ids: [c.id, a.id, b.id] })).toEqual({ ok: true });
    expect((await member.caller.properties.list({ object: "contact" })).map((p) => [p.key, p.position])).toEqual([
      ["c", 0],
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("orders 150 properties at once, more ids than D1 binds parameters to one statement", async () => {
    const { admin, org } = await team();
    const keys = Array.from({ length: 150 }, (_, i) => `p${String(i).padStart(3, "0")}`);
    for (const key of keys) await defineProperty(org.id, "contact", { key, label: key, type: "text" });
    const listed = await admin.caller.properties.list({ object: "contact" });
    const reversed = [...listed].sort((a, b) => b.key.localeCompare(a.key));
    expect(await admin.caller.properties.reorder({ object: "contact", ids: reversed.map((p) => p.id) })).toEqual({
      ok: true,
    });
    const ordered = await admin.caller.properties.list({ object: "contact" });
    expect(ordered.map((p) => [p.key, p.position])).toEqual([...keys].reverse().map((key, i) => [key, i]));
  });

  it("is FORBIDDEN for a member", async () => {
    const { admin, member } = await team();
    const a = await admin.caller.properties.create({ object: "contact", key: "a", label: "A", type: "text" });
    const b = await admin.caller.properties.create({ object: "contact", key: "b", label: "B", type: "text" });
    await expectTRPCError(
      member.caller.properties.reorder({ object: "contact", ids: [b.id, a.id] }),
      "FORBIDDEN",
      forbidden("Acme"),
    );
    expect((await member.caller.properties.list({ object: "contact" })).map((p) => p.key)).toEqual(["a", "b"]);
  });

  it("is NOT_FOUND for an unknown id or one of another object, changing no position", async () => {
    const { admin } = await team();
    const a = await admin.caller.properties.create({ object: "contact", key: "a", label: "A", type: "text" });
    const b = await admin.caller.properties.create({ object: "contact", key: "b", label: "B", type: "text" });
    const other = await admin.caller.properties.create({ object: "company", key: "z", label: "Z", type: "text" });
    await expectTRPCError(
      admin.caller.properties.reorder({ object: "contact", ids: [b.id, a.id, "prp_unknown0000000"] }),
      "NOT_FOUND",
      "That property does not exist or was deleted.",
    );
    await expectTRPCError(
      admin.caller.properties.reorder({ object: "contact", ids: [b.id, other.id, a.id] }),
      "NOT_FOUND",
    );
    expect((await admin.caller.properties.list({ object: "contact" })).map((p) => p.key)).toEqual(["a", "b"]);
  });

  it("is BAD_REQUEST over HTTP for an empty list", async () => {
    const { admin } = await team();
    const error = await expectTRPCError(
      (await httpClientFor(admin.identity)).properties.reorder.mutate({ object: "contact", ids: [] }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toHaveProperty("ids");
  });
});

describe("properties.archive", () => {
  it("lets an admin archive a property: gone from the list, values kept on records, NOT_FOUND the second time", async () => {
    const { admin, member } = await team();
    const tier = await admin.caller.properties.create({ object: "contact", key: "tier", label: "Tier", type: "text" });
    const contact = await member.caller.contacts.create({ firstName: "Kept", properties: { tier: "gold" } });
    const archived = await admin.caller.properties.archive({ id: tier.id });
    expect(archived).toMatchObject({ id: tier.id, archivedAt: expect.any(Date) });
    expect(await member.caller.properties.list({ object: "contact" })).toEqual([]);
    expect((await member.caller.contacts.get({ id: contact.id })).contact.properties).toEqual({ tier: "gold" });
    await expectTRPCError(
      admin.caller.properties.archive({ id: tier.id }),
      "NOT_FOUND",
      "That property does not exist or was deleted.",
    );
  });

  it("is FORBIDDEN for a member, leaving the property live", async () => {
    const { admin, member } = await team();
    const tier = await admin.caller.properties.create({ object: "contact", key: "tier", label: "Tier", type: "text" });
    await expectTRPCError(member.caller.properties.archive({ id: tier.id }), "FORBIDDEN", forbidden("Acme"));
    expect(await rows("SELECT archived_at FROM property_definitions WHERE id = ?", tier.id)).toEqual([
      { archived_at: null },
    ]);
  });

  it("stops an archived property accepting values on contacts.create and contacts.update", async () => {
    const { admin, member } = await team();
    const tier = await admin.caller.properties.create({
      object: "contact",
      key: "tier",
      label: "Tier",
      type: "text",
      required: true,
    });
    const contact = await member.caller.contacts.create({ firstName: "Before", properties: { tier: "gold" } });
    await admin.caller.properties.archive({ id: tier.id });
    const message = 'There is no property "tier" on contacts.';
    await expectTRPCError(
      member.caller.contacts.create({ firstName: "After", properties: { tier: "silver" } }),
      "BAD_REQUEST",
      message,
    );
    await expectTRPCError(
      member.caller.contacts.update({ id: contact.id, version: contact.version, patch: { properties: { tier: "x" } } }),
      "BAD_REQUEST",
      message,
    );
    // Archived, it is no longer required either.
    await expect(member.caller.contacts.create({ firstName: "Free" })).resolves.toMatchObject({ properties: {} });
  });
});

describe("properties.archived and properties.restore", () => {
  it("lists an object's archived properties, latest first, to members too; an admin restores one, last in the order, with the values records kept", async () => {
    const { admin, member } = await team();
    const tier = await admin.caller.properties.create({ object: "contact", key: "tier", label: "Tier", type: "text" });
    const seats = await admin.caller.properties.create({
      object: "contact",
      key: "seats",
      label: "Seats",
      type: "number",
    });
    await admin.caller.properties.create({
      object: "contact",
      key: "region",
      label: "Region",
      type: "text",
    });
    await admin.caller.properties.create({ object: "company", key: "plan", label: "Plan", type: "text" });
    const kept = await member.caller.contacts.create({ firstName: "Kept", properties: { tier: "gold", seats: 3 } });
    await admin.caller.properties.archive({ id: tier.id });
    await admin.caller.properties.archive({ id: seats.id });

    const archived = await member.caller.properties.archived({ object: "contact" });
    expect(archived.map((p) => p.key).sort()).toEqual(["seats", "tier"]);
    expect(archived.every((p) => p.archivedAt instanceof Date)).toBe(true);
    expect(await member.caller.properties.archived({ object: "company" })).toEqual([]);

    const restored = await admin.caller.properties.restore({ id: tier.id });
    expect(restored).toMatchObject({ id: tier.id, archivedAt: null });
    expect((await member.caller.properties.list({ object: "contact" })).map((p) => p.key)).toEqual(["region", "tier"]);
    expect((await member.caller.properties.archived({ object: "contact" })).map((p) => p.key)).toEqual(["seats"]);
    // Its values are back in use: the kept one reads, a new one is accepted.
    expect((await member.caller.contacts.get({ id: kept.id })).contact.properties).toMatchObject({ tier: "gold" });
    await expect(
      member.caller.contacts.create({ firstName: "New", properties: { tier: "silver" } }),
    ).resolves.toMatchObject({ properties: { tier: "silver" } });
  });

  it("is NOT_FOUND for a live or unknown property, and FORBIDDEN for a member", async () => {
    const { admin, member } = await team();
    const tier = await admin.caller.properties.create({ object: "contact", key: "tier", label: "Tier", type: "text" });
    await expectTRPCError(
      admin.caller.properties.restore({ id: tier.id }),
      "NOT_FOUND",
      "That property does not exist or was deleted.",
    );
    await expectTRPCError(
      admin.caller.properties.restore({ id: "prp_unknown0000000" }),
      "NOT_FOUND",
      "That property does not exist or was deleted.",
    );
    await admin.caller.properties.archive({ id: tier.id });
    await expectTRPCError(member.caller.properties.restore({ id: tier.id }), "FORBIDDEN", forbidden("Acme"));
    expect(
      await rows("SELECT archived_at IS NOT NULL AS archived FROM property_definitions WHERE id = ?", tier.id),
    ).toEqual([{ archived: 1 }]);
  });
});

describe("custom property values on contacts", () => {
  async function withProperties() {
    const t = await team();
    const define = (input: Parameters<typeof t.admin.caller.properties.create>[0]) =>
      t.admin.caller.properties.create(input);
    await define({ object: "contact", key: "stage", label: "Stage", type: "select", options: ["Cold", "Warm", "Hot"] });
    await define({ object: "contact", key: "budget", label: "Budget", type: "number" });
    await define({ object: "contact", key: "langs", label: "Languages", type: "multi-select", options: ["en", "fr"] });
    await define({ object: "contact", key: "vip", label: "VIP", type: "boolean" });
    await define({ object: "contact", key: "met", label: "Met on", type: "date" });
    await define({ object: "contact", key: "site", label: "Site", type: "url" });
    await define({ object: "contact", key: "alt", label: "Other email", type: "email" });
    return t;
  }

  it("stores values checked against their types", async () => {
    const { member } = await withProperties();
    const contact = await member.caller.contacts.create({
      firstName: "Typed",
      properties: {
        stage: "Warm",
        budget: 1200.5,
        langs: ["en", "fr"],
        vip: true,
        met: "2030-06-15T10:00:00Z",
        site: " example.com/pricing ",
        alt: "Ada@Example.COM",
      },
    });
    expect(contact.properties).toEqual({
      stage: "Warm",
      budget: 1200.5,
      langs: ["en", "fr"],
      vip: true,
      met: "2030-06-15",
      site: "https://example.com/pricing",
      alt: "ada@example.com",
    });
  });

  it("rejects a select value outside its options on contacts.create and contacts.update", async () => {
    const { member, org } = await withProperties();
    const message = "Stage must be one of: Cold, Warm, Hot.";
    await expectTRPCError(
      member.caller.contacts.create({ firstName: "Bad", properties: { stage: "Lukewarm" } }),
      "BAD_REQUEST",
      message,
    );
    expect(await rows("SELECT id FROM contacts WHERE organization_id = ?", org.id)).toEqual([]);
    const contact = await member.caller.contacts.create({ firstName: "Good", properties: { stage: "Cold" } });
    await expectTRPCError(
      member.caller.contacts.update({ id: contact.id, version: 1, patch: { properties: { stage: "cold" } } }),
      "BAD_REQUEST",
      message,
    );
    await expectTRPCError(
      member.caller.contacts.update({ id: contact.id, version: 1, patch: { properties: { langs: ["en", "de"] } } }),
      "BAD_REQUEST",
      "Languages must be chosen from: en, fr.",
    );
    expect(await rows("SELECT properties, version FROM contacts WHERE id = ?", contact.id)).toEqual([
      { properties: '{"stage":"Cold"}', version: 1 },
    ]);
    const updated = await member.caller.contacts.update({
      id: contact.id,
      version: 1,
      patch: { properties: { stage: "Hot" } },
    });
    expect(updated.properties).toEqual({ stage: "Hot" });
  });

  it.each([
    ["budget", "lots", "Budget must be a number."],
    ["vip", "yes", "VIP must be yes or no."],
    ["met", "someday", "Met on must be a date."],
    ["met", "2026-02-30", "Met on must be a date."],
    ["met", "1", "Met on must be a date."],
    ["met", "March 5", "Met on must be a date."],
    ["site", "ftp://example.com", "Site must be a web address, like https://example.com."],
    ["site", "javascript:alert(1)", "Site must be a web address, like https://example.com."],
    ["site", "https://localhost", "Site must be a web address, like https://example.com."],
    ["alt", "not-an-email", "Other email must be an email address."],
    ["alt", "ann..lee@example.com", "Other email must be an email address."],
  ])("rejects %s = %j", async (key, value, message) => {
    const { member } = await withProperties();
    await expectTRPCError(
      member.caller.contacts.create({ firstName: "Bad", properties: { [key]: value } }),
      "BAD_REQUEST",
      message,
    );
  });

  it("rejects a key no property defines", async () => {
    const { member } = await withProperties();
    await expectTRPCError(
      member.caller.contacts.create({ firstName: "Bad", properties: { shoe_size: 42 } }),
      "BAD_REQUEST",
      'There is no property "shoe_size" on contacts.',
    );
  });

  it("requires a required property on create (missing or empty), not on an update that leaves it alone", async () => {
    const { admin, member } = await team();
    const contact = await member.caller.contacts.create({ firstName: "Early" });
    await admin.caller.properties.create({
      object: "contact",
      key: "region",
      label: "Region",
      type: "text",
      required: true,
    });
    await expectTRPCError(
      member.caller.contacts.create({ firstName: "Missing" }),
      "BAD_REQUEST",
      "Region must be filled in.",
    );
    await expectTRPCError(
      member.caller.contacts.create({ firstName: "Empty", properties: { region: "" } }),
      "BAD_REQUEST",
      "Region must be filled in.",
    );
    await expect(
      member.caller.contacts.create({ firstName: "Filled", properties: { region: "EMEA" } }),
    ).resolves.toMatchObject({ properties: { region: "EMEA" } });
    await expect(
      member.caller.contacts.update({ id: contact.id, version: 1, patch: { title: "CTO" } }),
    ).resolves.toMatchObject({ title: "CTO" });
    await expectTRPCError(
      member.caller.contacts.update({ id: contact.id, version: 2, patch: { properties: { region: null } } }),
      "BAD_REQUEST",
      "Region must be filled in.",
    );
  });

  it("sorts contacts.list by a property value (prop:<key>), empty values last either way", async () => {
    const { member } = await withProperties();
    const low = await member.caller.contacts.create({ firstName: "Low", properties: { budget: 5 } });
    const high = await member.caller.contacts.create({ firstName: "High", properties: { budget: 1000 } });
    const mid = await member.caller.contacts.create({ firstName: "Mid", properties: { budget: 80 } });
    const none = await member.caller.contacts.create({ firstName: "None" });
    const asc = await member.caller.contacts.list({ sort: { field: "prop:budget", direction: "asc" } });
    expect(asc.items.map((c) => c.id)).toEqual([low.id, mid.id, high.id, none.id]);
    const desc = await member.caller.contacts.list({ sort: { field: "prop:budget", direction: "desc" } });
    expect(desc.items.map((c) => c.id)).toEqual([high.id, mid.id, low.id, none.id]);
  });

  it("pages through a property sort with the cursor", async () => {
    const { member } = await withProperties();
    const created = [];
    for (const budget of [30, 10, 20])
      created.push(await member.caller.contacts.create({ firstName: `B${budget}`, properties: { budget } }));
    const first = await member.caller.contacts.list({ sort: { field: "prop:budget", direction: "asc" }, limit: 2 });
    expect(first.items.map((c) => c.firstName)).toEqual(["B10", "B20"]);
    const second = await member.caller.contacts.list({
      sort: { field: "prop:budget", direction: "asc" },
      limit: 2,
      cursor: first.nextCursor ?? undefined,
    });
    expect(second.items.map((c) => c.firstName)).toEqual(["B30"]);
    expect(second.nextCursor).toBeNull();
    expect(created).toHaveLength(3);
  });

  it("filters contacts.list by property values (prop:<key>)", async () => {
    const { member } = await withProperties();
    const hot = await member.caller.contacts.create({ firstName: "Hot", properties: { stage: "Hot", budget: 500 } });
    const warm = await member.caller.contacts.create({ firstName: "Warm", properties: { stage: "Warm", budget: 50 } });
    const french = await member.caller.contacts.create({ firstName: "Fr", properties: { langs: ["fr"], vip: true } });
    const ids = async (filter: Parameters<typeof member.caller.contacts.list>[0]["filter"]) =>
      (await member.caller.contacts.list({ filter })).items.map((c) => c.id).sort();
    expect(
      await ids({ combinator: "and", conditions: [{ field: "prop:stage", operator: "eq", value: "hot" }] }),
    ).toEqual([hot.id]);
    expect(
      await ids({ combinator: "and", conditions: [{ field: "prop:budget", operator: "gt", value: 100 }] }),
    ).toEqual([hot.id]);
    expect(
      await ids({ combinator: "and", conditions: [{ field: "prop:stage", operator: "in", value: ["Hot", "Warm"] }] }),
    ).toEqual([hot.id, warm.id].sort());
    expect(await ids({ combinator: "and", conditions: [{ field: "prop:stage", operator: "empty" }] })).toEqual([
      french.id,
    ]);
    expect(
      await ids({ combinator: "and", conditions: [{ field: "prop:langs", operator: "eq", value: "fr" }] }),
    ).toEqual([french.id]);
    expect(await ids({ combinator: "and", conditions: [{ field: "prop:vip", operator: "eq", value: true }] })).toEqual([
      french.id,
    ]);
    const listed = await member.caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "prop:budget", operator: "lt", value: 100 }] },
    });
    expect(listed.items.map((c) => c.id)).toEqual([warm.id]);
    expect(listed.total).toEqual({ count: 1, exact: true });
  });

  it("is BAD_REQUEST to sort or filter on a property that does not exist", async () => {
    const { member } = await withProperties();
    await expectTRPCError(
      member.caller.contacts.list({ sort: { field: "prop:nope", direction: "asc" } }),
      "BAD_REQUEST",
      'There is no field "prop:nope" to filter or sort on.',
    );
    await expectTRPCError(
      member.caller.contacts.list({
        filter: { combinator: "and", conditions: [{ field: "prop:nope", operator: "eq", value: "x" }] },
      }),
      "BAD_REQUEST",
      'There is no field "prop:nope" to filter or sort on.',
    );
  });
});

describe("properties across organizations", () => {
  async function twoOrganizations() {
    const a = await team("Org A");
    const secret = await a.admin.caller.properties.create({
      object: "contact",
      key: "secret",
      label: "Secret",
      type: "select",
      options: ["x"],
    });
    const other = await a.admin.caller.properties.create({ object: "contact", key: "other", label: "O", type: "text" });
    const b = await team("Org B");
    const own = await b.admin.caller.properties.create({ object: "contact", key: "mine", label: "Mine", type: "text" });
    return { a: { ...a, secret, other }, b: { ...b, own } };
  }

  it("never lists A's properties to B", async () => {
    const { a, b } = await twoOrganizations();
    expect((await b.member.caller.properties.list({ object: "contact" })).map((p) => p.id)).toEqual([b.own.id]);
    expect((await a.member.caller.properties.list({ object: "contact" })).map((p) => p.id)).toEqual([
      a.secret.id,
      a.other.id,
    ]);
  });

  it("is NOT_FOUND when an admin of B updates A's property, which stays as it was", async () => {
    const { a, b } = await twoOrganizations();
    for (const caller of [b.admin.caller, b.owner.caller])
      await expectTRPCError(
        caller.properties.update({ id: a.secret.id, label: "Pwned", options: ["y"], required: true }),
        "NOT_FOUND",
        "That property does not exist or was deleted.",
      );
    expect(await rows("SELECT label, options, required FROM property_definitions WHERE id = ?", a.secret.id)).toEqual([
      { label: "Secret", options: '["x"]', required: 0 },
    ]);
  });

  it("moves only its own organization's records when an option is renamed, and B cannot rename A's", async () => {
    const { a, b } = await twoOrganizations();
    const theirs = await b.admin.caller.properties.create({
      object: "contact",
      key: "secret",
      label: "Secret",
      type: "select",
      options: ["x"],
    });
    const inA = await a.owner.caller.contacts.create({ firstName: "Ann", properties: { secret: "x" } });
    const inB = await b.owner.caller.contacts.create({ firstName: "Bea", properties: { secret: "x" } });
    const view = await b.member.caller.views.create({
      object: "contact",
      name: "x",
      definition: {
        filters: { combinator: "and", conditions: [{ field: "prop:secret", operator: "eq", value: "x" }] },
      },
    });
    await expectTRPCError(
      b.admin.caller.properties.update({ id: a.secret.id, options: ["y"], renamedOptions: [{ from: "x", to: "y" }] }),
      "NOT_FOUND",
      "That property does not exist or was deleted.",
    );
    await a.admin.caller.properties.update({
      id: a.secret.id,
      options: ["y"],
      renamedOptions: [{ from: "x", to: "y" }],
    });
    expect((await a.owner.caller.contacts.get({ id: inA.id })).contact.properties).toEqual({ secret: "y" });
    expect((await b.owner.caller.contacts.get({ id: inB.id })).contact.properties).toEqual({ secret: "x" });
    expect((await b.member.caller.views.list({ object: "contact" }))[0]).toMatchObject({
      id: view.id,
      version: view.version,
      definition: { filters: { conditions: [{ value: "x" }] } },
    });
    expect((await b.admin.caller.properties.list({ object: "contact" })).find((p) => p.id === theirs.id)).toMatchObject(
      {
        options: ["x"],
      },
    );
  });

  it("is FORBIDDEN (role first) when a member of B updates A's property", async () => {
    const { a, b } = await twoOrganizations();
    await expectTRPCError(
      b.member.caller.properties.update({ id: a.secret.id, label: "Pwned" }),
      "FORBIDDEN",
      forbidden("Org B"),
    );
  });

  it("is NOT_FOUND when an admin of B archives A's property, which stays live", async () => {
    const { a, b } = await twoOrganizations();
    await expectTRPCError(
      b.admin.caller.properties.archive({ id: a.secret.id }),
      "NOT_FOUND",
      "That property does not exist or was deleted.",
    );
    expect(await rows("SELECT archived_at FROM property_definitions WHERE id = ?", a.secret.id)).toEqual([
      { archived_at: null },
    ]);
  });

  it("never lists A's archived properties to B, and is NOT_FOUND when an admin of B restores one, which stays archived", async () => {
    const { a, b } = await twoOrganizations();
    await a.admin.caller.properties.archive({ id: a.secret.id });
    expect(await b.member.caller.properties.archived({ object: "contact" })).toEqual([]);
    expect((await a.member.caller.properties.archived({ object: "contact" })).map((p) => p.id)).toEqual([a.secret.id]);
    for (const caller of [b.admin.caller, b.owner.caller])
      await expectTRPCError(
        caller.properties.restore({ id: a.secret.id }),
        "NOT_FOUND",
        "That property does not exist or was deleted.",
      );
    expect(
      await rows("SELECT archived_at IS NOT NULL AS archived FROM property_definitions WHERE id = ?", a.secret.id),
    ).toEqual([{ archived: 1 }]);
  });

  it("is NOT_FOUND when an admin of B reorders with A's property ids, moving nothing", async () => {
    const { a, b } = await twoOrganizations();
    await expectTRPCError(
      b.admin.caller.properties.reorder({ object: "contact", ids: [a.other.id, a.secret.id] }),
      "NOT_FOUND",
      "That property does not exist or was deleted.",
    );
    await expectTRPCError(
      b.admin.caller.properties.reorder({ object: "contact", ids: [a.other.id, b.own.id] }),
      "NOT_FOUND",
    );
    expect(
      await rows(
        "SELECT key, position FROM property_definitions WHERE organization_id = ? ORDER BY position",
        a.org.id,
      ),
    ).toEqual([
      { key: "secret", position: 0 },
      { key: "other", position: 1 },
    ]);
    expect(await rows("SELECT position FROM property_definitions WHERE id = ?", b.own.id)).toEqual([{ position: 0 }]);
  });

  it("does not let B use A's property keys in values, sorts or filters", async () => {
    const { a, b } = await twoOrganizations();
    await expectTRPCError(
      b.member.caller.contacts.create({ firstName: "B", properties: { secret: "x" } }),
      "BAD_REQUEST",
      'There is no property "secret" on contacts.',
    );
    await expectTRPCError(
      b.member.caller.contacts.list({ sort: { field: "prop:secret", direction: "asc" } }),
      "BAD_REQUEST",
      'There is no field "prop:secret" to filter or sort on.',
    );
    // A's own members use it as usual.
    await expect(
      a.member.caller.contacts.create({ firstName: "A", properties: { secret: "x" } }),
    ).resolves.toMatchObject({ properties: { secret: "x" } });
  });

  it("does not let A's required property bind B's contacts", async () => {
    const { a, b } = await twoOrganizations();
    await a.admin.caller.properties.update({ id: a.other.id, required: true });
    await expect(b.member.caller.contacts.create({ firstName: "Free" })).resolves.toMatchObject({ properties: {} });
  });
});
