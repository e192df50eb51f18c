import { describe, expect, it } from "vitest";
import type { RecordListInput } from "../../worker/src/schemas/records";
import {
  callerFor,
  expectTRPCError,
  httpClientFor,
  newIdentity,
  ownerOfNewOrganization,
  rows,
  seedMember,
} from "./helpers";
import { countedCaller, planOf, WALKS_THE_ORGANIZATION } from "./counting-database";
import { allPages, contactInsert, defineProperty, ids, setCreatedAt } from "./records-helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];

const listOf = (caller: Caller) => (input: RecordListInput) => caller.companies.list(input);
const namesOf = (items: { name: string }[]) => items.map((c) => c.name);

/** Four companies with known domains, industries, sizes, tags and creation dates. */
async function fourCompanies() {
  const owner = await ownerOfNewOrganization();
  const { caller } = owner;
  const acme = await caller.companies.create({ name: "Acme", domain: "acme.com", industry: "Retail", tags: ["vip"] });
  const globex = await caller.companies.create({
    name: "globex",
    domain: "globex.io",
    industry: "Energy",
    size: "51-200",
  });
  const initech = await caller.companies.create({ name: "Initech", industry: "Software", tags: ["vip", "beta"] });
  const umbrella = await caller.companies.create({ name: "Umbrella", domain: "umbrella.org", size: "1000+" });
  await setCreatedAt("companies", acme.id, "2024-01-01T00:00:00Z");
  await setCreatedAt("companies", globex.id, "2024-06-01T00:00:00Z");
  await setCreatedAt("companies", initech.id, "2025-01-01T00:00:00Z");
  await setCreatedAt("companies", umbrella.id, "2025-06-01T00:00:00Z");
  return { ...owner, acme, globex, initech, umbrella };
}

describe("companies.create", () => {
  it("stores the company with its domain normalised, at version 1, with a 'created' activity", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const created = await caller.companies.create({
      name: " Acme Inc ",
      domain: "HTTPS://www.Acme.com/about?x=1",
      industry: "Retail",
      linkedinUrl: "https://linkedin.com/company/acme",
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^cmp_[0-9a-z]{16}$/),
      organizationId: org.id,
      name: "Acme Inc",
      domain: "acme.com",
      industry: "Retail",
      size: null,
      tags: [],
      properties: {},
      version: 1,
      deletedAt: null,
      createdBy: identity.uid,
    });
    const { company, contacts, timeline } = await caller.companies.get({ id: created.id });
    expect(company).toEqual(created);
    expect(contacts).toEqual([]);
    expect(timeline).toMatchObject([{ kind: "created", recordObject: "company", actorId: identity.uid }]);
  });

  it("stores no domain as null, and several companies may have none", async () => {
    const { caller } = await ownerOfNewOrganization();
    expect((await caller.companies.create({ name: "One" })).domain).toBeNull();
    expect((await caller.companies.create({ name: "Two", domain: "" })).domain).toBeNull();
  });

  it.each(["not a domain", "acme", "https://", "acme..com", "-acme.com"])(
    "is BAD_REQUEST for the domain %j",
    async (domain) => {
      const { caller, org } = await ownerOfNewOrganization();
      await expectTRPCError(
        caller.companies.create({ name: "Acme", domain }),
        "BAD_REQUEST",
        "Enter a domain like acme.com.",
      );
      expect(await rows("SELECT id FROM companies WHERE organization_id = ?", org.id)).toEqual([]);
    },
  );

  it("is BAD_REQUEST for a missing name and a bad URL, naming the field", async () => {
    const { identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    const fieldErrors = (error: unknown) =>
      (error as { data?: { zodError?: { fieldErrors: Record<string, unknown> } } }).data?.zodError?.fieldErrors;
    expect(
      fieldErrors(
        await expectTRPCError(client.companies.create.mutate({ name: "  " }), "BAD_REQUEST", "Name the company."),
      ),
    ).toHaveProperty("name");
    expect(
      fieldErrors(
        await expectTRPCError(
          client.companies.create.mutate({ name: "Acme", linkedinUrl: "acme on linkedin" }),
          "BAD_REQUEST",
          "Enter a web address, like https://example.com",
        ),
      ),
    ).toHaveProperty("linkedinUrl");
  });

  it("is BAD_REQUEST for an unknown custom property and a select value outside the options", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "company", { key: "plan", label: "Plan", type: "select", options: ["free", "pro"] });
    await expectTRPCError(
      caller.companies.create({ name: "Acme", properties: { revenue: 1 } }),
      "BAD_REQUEST",
      'There is no property "revenue" on companies.',
    );
    await expectTRPCError(
      caller.companies.create({ name: "Acme", properties: { plan: "enterprise" } }),
      "BAD_REQUEST",
      "Plan must be one of: free, pro.",
    );
    // A contact property is not a company property.
    await defineProperty(org.id, "contact", { key: "tier", label: "Tier", type: "text" });
    await expectTRPCError(
      caller.companies.create({ name: "Acme", properties: { tier: "gold" } }),
      "BAD_REQUEST",
      'There is no property "tier" on companies.',
    );
    expect((await caller.companies.create({ name: "Acme", properties: { plan: "pro" } })).properties).toEqual({
      plan: "pro",
    });
  });

  it("is CONFLICT naming the holder for a domain another company has, compared normalised", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme Inc", domain: "acme.com" });
    const error = await expectTRPCError(
      caller.companies.create({ name: "Acme Copy", domain: "https://www.Acme.com/x" }),
      "CONFLICT",
      "acme.com already belongs to Acme Inc.",
    );
    expect(error.cause).toMatchObject({ holderId: acme.id });
    expect(await rows("SELECT id FROM companies WHERE organization_id = ?", org.id)).toEqual([{ id: acme.id }]);
  });

  it("lets another organization use the same domain", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    await a.caller.companies.create({ name: "Acme", domain: "acme.com" });
    await expect(b.caller.companies.create({ name: "Acme", domain: "acme.com" })).resolves.toMatchObject({
      domain: "acme.com",
    });
  });

  it("frees a deleted company's domain, and restoring it while another holds the domain is CONFLICT", async () => {
    const { caller } = await ownerOfNewOrganization();
    const old = await caller.companies.create({ name: "Acme Old", domain: "acme.com" });
    await caller.companies.delete({ ids: [old.id] });
    const current = await caller.companies.create({ name: "Acme New", domain: "ACME.com" });
    await expectTRPCError(
      caller.companies.restore({ id: old.id }),
      "CONFLICT",
      "acme.com already belongs to Acme New.",
    );
    await expectTRPCError(caller.companies.get({ id: old.id }), "NOT_FOUND");
    expect((await caller.companies.list({})).total).toEqual({ count: 1, exact: true });
    await caller.companies.delete({ ids: [current.id] });
    await expect(caller.companies.restore({ id: old.id })).resolves.toMatchObject({ id: old.id, version: 2 });
  });
});

describe("companies.get", () => {
  it("includes the company's live contacts by name, and not other companies' or deleted ones", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const other = await caller.companies.create({ name: "Other" });
    const zed = await caller.contacts.create({
      firstName: "Zed",
      lastName: "Ray",
      emails: ["zed@acme.com"],
      title: "CTO",
      companyId: acme.id,
    });
    const amy = await caller.contacts.create({ firstName: "Amy", companyId: acme.id });
    const gone = await caller.contacts.create({ firstName: "Gone", companyId: acme.id });
    await caller.contacts.delete({ ids: [gone.id] });
    await caller.contacts.create({ firstName: "Elsewhere", companyId: other.id });
    expect((await caller.companies.get({ id: acme.id })).contacts).toEqual([
      { id: amy.id, firstName: "Amy", lastName: "", email: null, title: null },
      { id: zed.id, firstName: "Zed", lastName: "Ray", email: "zed@acme.com", title: "CTO" },
    ]);
  });

  it("reads only the company's own contacts, in name order, and its timeline, never every contact of the organization", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    for (const firstName of ["Bo", "Al", "Cy"]) await caller.contacts.create({ firstName, companyId: acme.id });
    for (let i = 0; i < 5; i++) await caller.contacts.create({ firstName: `Elsewhere ${i}` });
    const measure = await countedCaller(identity);
    const { bound, result } = await measure((c) => c.companies.get({ id: acme.id }));
    expect(result.contacts.map((p) => p.firstName)).toEqual(["Al", "Bo", "Cy"]);
    const plans = await Promise.all(bound.map(planOf));
    expect(plans.join("\n")).toMatch(
      /SEARCH contacts USING (COVERING )?INDEX contacts_org_company_idx \(organization_id=\? AND company_id=\? AND deleted_at=\?\)/,
    );
    for (const plan of plans) {
      expect(plan).not.toMatch(WALKS_THE_ORGANIZATION);
      expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  });
});

describe("a company's people count", () => {
  it("counts its live contacts on list rows, its get and its returned writes, never another organization's", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    const other = await caller.companies.create({ name: "Other" });
    expect(acme.peopleCount).toBe(0);
    await caller.contacts.create({ firstName: "Zed", companyId: acme.id });
    const amy = await caller.contacts.create({ firstName: "Amy", companyId: acme.id });
    const gone = await caller.contacts.create({ firstName: "Gone", companyId: acme.id });
    await caller.contacts.delete({ ids: [gone.id] });
    await caller.contacts.create({ firstName: "Elsewhere", companyId: other.id });
    // A contact of another organization that names this company's id (never written by the app).
    const stranger = await ownerOfNewOrganization("Strangers");
    await contactInsert(stranger.org.id, { id: "con_stranger", first_name: "Stranger", company_id: acme.id }).run();

    const counts = async () =>
      Object.fromEntries((await caller.companies.list({})).items.map((c) => [c.name, c.peopleCount]));
    expect(await counts()).toEqual({ Acme: 2, Other: 1 });
    const projected = (await caller.companies.list({ fields: ["name", "peopleCount"] })).items;
    expect(projected.map((c) => [c.name, c.peopleCount])).toEqual([
      ["Acme", 2],
      ["Other", 1],
    ]);
    expect((await caller.companies.get({ id: acme.id })).company.peopleCount).toBe(2);

    await caller.contacts.update({ id: amy.id, version: amy.version, patch: { companyId: other.id } });
    expect(await counts()).toEqual({ Acme: 1, Other: 2 });
    const renamed = await caller.companies.update({
      id: other.id,
      version: other.version,
      patch: { name: "Other Co" },
    });
    expect(renamed.peopleCount).toBe(2);
  });
});

describe("companies.names", () => {
  it("names the organization's companies by id, deleted ones too, and skips unknown ids", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    const gone = await caller.companies.create({ name: "Gone Inc" });
    await caller.companies.delete({ ids: [gone.id] });
    const names = await caller.companies.names({ ids: [acme.id, gone.id, "cmp_nothing00"] });
    expect(names.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { id: acme.id, name: "Acme" },
      { id: gone.id, name: "Gone Inc" },
    ]);
  });

  it("is BAD_REQUEST for no ids or more than 100, and FORBIDDEN without a membership", async () => {
    const { caller } = await ownerOfNewOrganization();
    await expectTRPCError(caller.companies.names({ ids: [] }), "BAD_REQUEST");
    const many = Array.from({ length: 101 }, (_, i) => `cmp_${String(i).padStart(8, "0")}`);
    await expectTRPCError(caller.companies.names({ ids: many }), "BAD_REQUEST");
    const stranger = await callerFor(newIdentity("stranger"));
    await expectTRPCError(stranger.companies.names({ ids: ["cmp_nothing00"] }), "FORBIDDEN");
  });
});

describe("companies.update", () => {
  it("changes only the patched fields, bumps the version and records the changes", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com", industry: "Retail", tags: ["vip"] });
    const updated = await caller.companies.update({
      id: acme.id,
      version: 1,
      patch: { name: "Acme Corp", domain: "https://www.acme.co.uk/" },
    });
    expect(updated).toEqual({
      ...acme,
      name: "Acme Corp",
      domain: "acme.co.uk",
      version: 2,
      updatedAt: expect.any(Date),
    });
    const { timeline } = await caller.companies.get({ id: acme.id });
    expect(timeline.map((a) => a.kind)).toEqual(["updated", "created"]);
    expect(timeline[0]).toMatchObject({
      actorId: identity.uid,
      changes: { name: ["Acme", "Acme Corp"], domain: ["acme.com", "acme.co.uk"] },
    });
  });

  it("clears the domain with null and returns the company unchanged when nothing changes", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    expect(await caller.companies.update({ id: acme.id, version: 1, patch: { domain: "ACME.COM" } })).toEqual(acme);
    const cleared = await caller.companies.update({ id: acme.id, version: 1, patch: { domain: null } });
    expect(cleared).toMatchObject({ domain: null, version: 2 });
    expect((await caller.companies.get({ id: acme.id })).timeline[0].changes).toEqual({ domain: ["acme.com", null] });
  });

  it("is BAD_REQUEST for a bad domain and CONFLICT naming the holder of a taken one", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.companies.create({ name: "Globex Corporation", domain: "globex.io" });
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    await expectTRPCError(
      caller.companies.update({ id: acme.id, version: 1, patch: { domain: "acme" } }),
      "BAD_REQUEST",
      "Enter a domain like acme.com.",
    );
    await expectTRPCError(
      caller.companies.update({ id: acme.id, version: 1, patch: { domain: "www.GLOBEX.io" } }),
      "CONFLICT",
      "globex.io already belongs to Globex Corporation.",
    );
    expect((await caller.companies.get({ id: acme.id })).company).toEqual(acme);
  });

  it("is CONFLICT on a stale version, naming who changed the company", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const mia = await seedMember(org.id, "member", { ...newIdentity("mia"), name: "Mia Rossi" });
    const acme = await caller.companies.create({ name: "Acme" });
    await mia.caller.companies.update({ id: acme.id, version: 1, patch: { industry: "Retail" } });
    await expectTRPCError(
      caller.companies.update({ id: acme.id, version: 1, patch: { industry: "Energy" } }),
      "CONFLICT",
      /^This record was changed by Mia Rossi at .* UTC\. Reload to see their change\.$/,
    );
    await expectTRPCError(
      mia.caller.companies.update({ id: acme.id, version: 1, patch: { industry: "Food" } }),
      "CONFLICT",
      /changed by Mia Rossi/,
    );
    expect((await caller.companies.get({ id: acme.id })).company).toMatchObject({ industry: "Retail", version: 2 });
  });

  it("validates and merges custom property values", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "company", { key: "plan", label: "Plan", type: "select", options: ["free", "pro"] });
    await defineProperty(org.id, "company", { key: "site", label: "Site", type: "url" });
    const acme = await caller.companies.create({ name: "Acme", properties: { plan: "free" } });
    await expectTRPCError(
      caller.companies.update({ id: acme.id, version: 1, patch: { properties: { site: "acme dot com" } } }),
      "BAD_REQUEST",
      "Site must be a web address, like https://example.com.",
    );
    const updated = await caller.companies.update({
      id: acme.id,
      version: 1,
      patch: { properties: { site: "https://acme.com" } },
    });
    expect(updated.properties).toEqual({ plan: "free", site: "https://acme.com" });
    expect((await caller.companies.get({ id: acme.id })).timeline[0].changes).toEqual({
      properties: [{ plan: "free" }, { plan: "free", site: "https://acme.com" }],
    });
  });
});

describe("companies.delete and companies.restore", () => {
  it("lists the trash by deletion time, newest first, and only the caller's own", async () => {
    const { caller } = await ownerOfNewOrganization();
    const other = await ownerOfNewOrganization();
    const [acme, globex] = [
      await caller.companies.create({ name: "Acme" }),
      await caller.companies.create({ name: "Globex" }),
    ];
    await caller.companies.delete({ ids: [globex.id] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await caller.companies.delete({ ids: [acme.id] });
    const sort = { field: "deletedAt", direction: "desc" } as const;
    const first = await caller.companies.list({ trash: true, sort, limit: 1 });
    const second = await caller.companies.list({ trash: true, sort, limit: 1, cursor: first.nextCursor! });
    expect([...namesOf(first.items), ...namesOf(second.items)]).toEqual(["Acme", "Globex"]);
    expect(second.nextCursor).toBeNull();
    expect((await other.caller.companies.list({ trash: true, sort })).items).toEqual([]);
  });

  it("moves many companies to the trash, counts them, and restores one with activities", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    const globex = await caller.companies.create({ name: "Globex" });
    const initech = await caller.companies.create({ name: "Initech" });
    expect((await caller.companies.list({})).total).toEqual({ count: 3, exact: true });
    expect(await caller.companies.delete({ ids: [acme.id, globex.id] })).toEqual({ deleted: 2 });
    expect(await caller.companies.list({})).toMatchObject({
      items: [{ id: initech.id }],
      total: { count: 1, exact: true },
    });
    expect(namesOf((await caller.companies.list({ trash: true })).items)).toEqual(["Acme", "Globex"]);
    await expectTRPCError(
      caller.companies.delete({ ids: [acme.id] }),
      "NOT_FOUND",
      "That company does not exist or was deleted.",
    );
    expect((await caller.companies.list({})).total).toEqual({ count: 1, exact: true });

    expect(await caller.companies.restore({ id: acme.id })).toMatchObject({ id: acme.id, deletedAt: null, version: 2 });
    expect((await caller.companies.list({})).total).toEqual({ count: 2, exact: true });
    expect((await caller.companies.get({ id: acme.id })).timeline.map((a) => [a.kind, a.actorId])).toEqual([
      ["restored", identity.uid],
      ["deleted", identity.uid],
      ["created", identity.uid],
    ]);
    await expectTRPCError(caller.companies.restore({ id: acme.id }), "NOT_FOUND");
  });

  it("restores many at once; one whose domain a live company took stays in the trash, refused with why", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const globex = await caller.companies.create({ name: "Globex", domain: "globex.com" });
    const initech = await caller.companies.create({ name: "Initech" });
    await caller.companies.delete({ ids: [acme.id, globex.id, initech.id] });
    await caller.companies.create({ name: "Acme Two", domain: "ACME.com" });
    expect(await caller.companies.restoreMany({ ids: [acme.id, globex.id, initech.id] })).toEqual({
      restored: 2,
      refused: [{ id: acme.id, message: "acme.com already belongs to Acme Two." }],
    });
    expect(namesOf((await caller.companies.list({})).items)).toEqual(["Acme Two", "Globex", "Initech"]);
    expect((await caller.companies.list({})).total).toEqual({ count: 3, exact: true });
    expect((await caller.companies.get({ id: globex.id })).company.version).toBe(2);
    expect(ids((await caller.companies.list({ trash: true })).items)).toEqual([acme.id]);
  });

  it("keeps the contacts' link to a deleted company, which a contact can no longer be linked to", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    const ann = await caller.contacts.create({ firstName: "Ann", companyId: acme.id });
    await caller.companies.delete({ ids: [acme.id] });
    expect((await caller.contacts.get({ id: ann.id })).contact.companyId).toBe(acme.id);
    await expectTRPCError(
      caller.contacts.create({ firstName: "Bob", companyId: acme.id }),
      "NOT_FOUND",
      "That company does not exist or was deleted.",
    );
    await caller.companies.restore({ id: acme.id });
    expect(ids((await caller.companies.get({ id: acme.id })).contacts)).toEqual([ann.id]);
  });
});

describe("companies.list", () => {
  it("finds companies by name prefix and domain, not deleted ones nor another organization's", async () => {
    const { caller, acme, globex } = await fourCompanies();
    const other = await ownerOfNewOrganization("Other");
    await other.caller.companies.create({ name: "Acme Elsewhere", domain: "acme.com" });
    const gone = await caller.companies.create({ name: "Acme Gone" });
    await caller.companies.delete({ ids: [gone.id] });
    expect(ids((await caller.companies.list({ search: "ac" })).items)).toEqual([acme.id]);
    expect(ids((await caller.companies.list({ search: "globex.io" })).items)).toEqual([globex.id]);
    expect(namesOf((await caller.companies.list({ search: "org" })).items)).toEqual(["Umbrella"]);
    expect(namesOf((await other.caller.companies.list({ search: "acme" })).items)).toEqual(["Acme Elsewhere"]);
  });

  it("filters with and / or, on text, tags, empty and dates", async () => {
    const { caller } = await fourCompanies();
    const filtered = async (combinator: "and" | "or", ...conditions: unknown[]) =>
      namesOf(
        (
          await caller.companies.list({
            filter: { combinator, conditions: conditions as NonNullable<RecordListInput["filter"]>["conditions"] },
          })
        ).items,
      );
    expect(await filtered("and", { field: "industry", operator: "eq", value: "retail" })).toEqual(["Acme"]);
    expect(await filtered("and", { field: "domain", operator: "contains", value: "X.I" })).toEqual(["globex"]);
    expect(await filtered("and", { field: "domain", operator: "contains", value: ".o" })).toEqual(["Umbrella"]);
    expect(await filtered("and", { field: "domain", operator: "empty" })).toEqual(["Initech"]);
    expect(await filtered("and", { field: "size", operator: "in", value: ["51-200", "1000+"] })).toEqual([
      "globex",
      "Umbrella",
    ]);
    expect(await filtered("and", { field: "tags", operator: "eq", value: "vip" })).toEqual(["Acme", "Initech"]);
    expect(await filtered("and", { field: "createdAt", operator: "after", value: "2024-12-01" })).toEqual([
      "Initech",
      "Umbrella",
    ]);
    expect(
      await filtered(
        "and",
        { field: "tags", operator: "eq", value: "vip" },
        { field: "createdAt", operator: "before", value: "2024-12-01" },
      ),
    ).toEqual(["Acme"]);
    expect(
      await filtered(
        "or",
        { field: "tags", operator: "eq", value: "beta" },
        { field: "industry", operator: "eq", value: "Energy" },
      ),
    ).toEqual(["globex", "Initech"]);
  });

  it("sorts by name case-insensitively, by a nullable field with nulls last, and by a custom property", async () => {
    const { caller, org, acme, globex, initech, umbrella } = await fourCompanies();
    const sorted = async (field: string, direction: "asc" | "desc") =>
      namesOf((await caller.companies.list({ sort: { field, direction } })).items);
    expect(await sorted("name", "asc")).toEqual(["Acme", "globex", "Initech", "Umbrella"]);
    expect(await sorted("name", "desc")).toEqual(["Umbrella", "Initech", "globex", "Acme"]);
    expect(await sorted("domain", "asc")).toEqual(["Acme", "globex", "Umbrella", "Initech"]);
    expect(await sorted("domain", "desc")).toEqual(["Umbrella", "globex", "Acme", "Initech"]);

    await defineProperty(org.id, "company", { key: "arr", label: "ARR", type: "currency" });
    await caller.companies.update({ id: acme.id, version: 1, patch: { properties: { arr: 5000 } } });
    await caller.companies.update({ id: umbrella.id, version: 1, patch: { properties: { arr: 90 } } });
    await caller.companies.update({ id: initech.id, version: 1, patch: { properties: { arr: 700 } } });
    expect(await sorted("prop:arr", "asc")).toEqual(["Umbrella", "Initech", "Acme", "globex"]);
    expect(await sorted("prop:arr", "desc")).toEqual(["Acme", "Initech", "Umbrella", "globex"]);
    expect(ids(await allPages(listOf(caller), { sort: { field: "prop:arr", direction: "desc" } }, 1))).toEqual([
      acme.id,
      initech.id,
      umbrella.id,
      globex.id,
    ]);
  });

  it("walks every company exactly once, in order, 7 at a time, with the total on the first page only", async () => {
    const { caller } = await ownerOfNewOrganization();
    for (let i = 0; i < 25; i++)
      await caller.companies.create({
        name: ["acme", "Acme", "Ålborg Ltd", "北京"][i % 4] + ` ${i % 3}`,
        domain: i % 2 ? `c${i}.example.com` : null,
      });
    for (const input of [
      {},
      { sort: { field: "name", direction: "desc" } },
      { sort: { field: "domain", direction: "asc" } },
      { sort: { field: "domain", direction: "desc" } },
      { search: "acme" },
    ] satisfies RecordListInput[]) {
      const whole = (await caller.companies.list({ ...input, limit: 200 })).items;
      const walked = await allPages(listOf(caller), input, 7);
      expect(ids(walked), JSON.stringify(input)).toEqual(ids(whole));
      expect(new Set(ids(walked)).size).toBe(walked.length);
    }
    expect((await caller.companies.list({ limit: 7 })).total).toEqual({ count: 25, exact: true });
    expect((await allPages(listOf(caller), {}, 7)).length).toBe(25);
  });
});

describe("companies across organizations", () => {
  async function twoOrganizations() {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const bMember = await seedMember(b.org.id, "member");
    const live = await a.caller.companies.create({ name: "Acme", domain: "acme.com" });
    const trashed = await a.caller.companies.create({ name: "Trashed", domain: "trashed.com" });
    await a.caller.companies.delete({ ids: [trashed.id] });
    return { a, b: bMember, live, trashed };
  }
  const notFound = "That company does not exist or was deleted.";

  it("is NOT_FOUND for get, update, delete and restore of another organization's company, which stays as it was", async () => {
    const { a, b, live, trashed } = await twoOrganizations();
    await expectTRPCError(b.caller.companies.get({ id: live.id }), "NOT_FOUND", notFound);
    await expectTRPCError(
      b.caller.companies.update({ id: live.id, version: 1, patch: { name: "Hacked" } }),
      "NOT_FOUND",
      notFound,
    );
    await expectTRPCError(b.caller.companies.delete({ ids: [live.id] }), "NOT_FOUND", notFound);
    await expectTRPCError(b.caller.companies.restore({ id: trashed.id }), "NOT_FOUND", notFound);
    await expectTRPCError(b.caller.companies.restoreMany({ ids: [trashed.id] }), "NOT_FOUND", notFound);
    expect((await a.caller.companies.get({ id: live.id })).company).toEqual(live);
    expect(ids((await a.caller.companies.list({ trash: true })).items)).toEqual([trashed.id]);
    expect((await a.caller.companies.list({})).total).toEqual({ count: 1, exact: true });
  });

  it("never lists another organization's companies, live, searched, filtered or in the trash", async () => {
    const { b } = await twoOrganizations();
    expect((await b.caller.companies.list({})).items).toEqual([]);
    expect((await b.caller.companies.list({ search: "acme" })).items).toEqual([]);
    expect((await b.caller.companies.list({ trash: true })).items).toEqual([]);
    expect(
      (
        await b.caller.companies.list({
          filter: { combinator: "and", conditions: [{ field: "name", operator: "notEmpty" }] },
        })
      ).items,
    ).toEqual([]);
    expect((await b.caller.companies.list({})).total).toEqual({ count: 0, exact: true });
  });

  it("never names another organization's companies", async () => {
    const { b, live, trashed } = await twoOrganizations();
    expect(await b.caller.companies.names({ ids: [live.id, trashed.id] })).toEqual([]);
  });

  it("does not show another organization's contacts in get(), even with a forged company link", async () => {
    const { a, b } = await twoOrganizations();
    const own = await b.caller.companies.create({ name: "B Co" });
    const ann = await a.caller.contacts.create({ firstName: "Ann" });
    // Forge the link in storage: the router would have refused it.
    await rows("UPDATE contacts SET company_id = ? WHERE id = ?", own.id, ann.id);
    expect((await b.caller.companies.get({ id: own.id })).contacts).toEqual([]);
  });
});
