import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RecordListInput } from "../../worker/src/schemas/records";
import {
  anonymousCaller,
  callerFor,
  expectTRPCError,
  newIdentity,
  ownerOfNewOrganization,
  rows,
  seedMember,
} from "./helpers";
import { pageStatements } from "./counting-database";
import { allPages, defineProperty, ids, importContacts } from "./records-helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];
type Tagged = "contact" | "company";
const tableOf = { contact: "contacts", company: "companies" } as const;

/**
 * What record_tags and tags must hold, recomputed from the records' own `tags` JSON: one row per
 * record and tag (case folded by SQLite's lower, as the triggers do), the record's deleted_at
 * mirrored, and per tag the number of live records carrying it (tags no live record carries absent).
 */
async function expectTablesFollowRecords(organizationId: string, object: Tagged) {
  const table = tableOf[object];
  const expected = await rows<{ record_id: string; tag_key: string; deleted_at: number | null }>(
    `SELECT DISTINCT c.id AS record_id, lower(j.value) AS tag_key, c.deleted_at
     FROM ${table} AS c, json_each(c.tags) AS j WHERE c.organization_id = ? ORDER BY 1, 2`,
    organizationId,
  );
  const mirrored = await rows(
    `SELECT record_id, tag_key, deleted_at FROM record_tags WHERE organization_id = ? AND object = ? ORDER BY 1, 2`,
    organizationId,
    object,
  );
  expect(mirrored).toEqual(expected);
  const counts = await rows<{ tag_key: string; count: number }>(
    `SELECT lower(j.value) AS tag_key, count(DISTINCT c.id) AS count
     FROM ${table} AS c, json_each(c.tags) AS j WHERE c.organization_id = ? AND c.deleted_at IS NULL
     GROUP BY lower(j.value) ORDER BY 1`,
    organizationId,
  );
  expect(
    await rows(
      `SELECT tag_key, count FROM tags WHERE organization_id = ? AND object = ? ORDER BY 1`,
      organizationId,
      object,
    ),
  ).toEqual(counts);
}

const vocabulary = async (caller: Caller, object: Tagged = "contact") => caller.tags.list({ object });

describe("tags.list: the vocabulary follows the records", () => {
  it("counts each tag once per live record, whatever its case, most used first then by name", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Ann", tags: ["VIP", "beta"] });
    await caller.contacts.create({ firstName: "Bob", tags: ["vip", "Alpha"] });
    // Two spellings of one tag on one record count once.
    await caller.contacts.create({ firstName: "Cy", tags: ["Vip", "VIP", "beta"] });
    await caller.contacts.create({ firstName: "Di", tags: ["zeta"] });
    await caller.companies.create({ name: "Acme", tags: ["vip", "partner"] });
    // "VIP" as first written; ties by name, whatever their case.
    expect(await vocabulary(caller)).toEqual([
      { name: "VIP", count: 3 },
      { name: "beta", count: 2 },
      { name: "Alpha", count: 1 },
      { name: "zeta", count: 1 },
    ]);
    expect(await vocabulary(caller, "company")).toEqual([
      { name: "partner", count: 1 },
      { name: "vip", count: 1 },
    ]);
    await expectTablesFollowRecords(org.id, "contact");
    await expectTablesFollowRecords(org.id, "company");
  });

  it("follows an update that replaces the tags; a tag no record carries any more leaves the vocabulary", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", tags: ["vip", "beta"] });
    await caller.contacts.create({ firstName: "Bob", tags: ["vip"] });
    await caller.contacts.update({ id: ann.id, version: 1, patch: { tags: ["VIP", "churned"] } });
    expect(await vocabulary(caller)).toEqual([
      { name: "vip", count: 2 },
      { name: "churned", count: 1 },
    ]);
    await caller.contacts.update({ id: ann.id, version: 2, patch: { tags: [] } });
    expect(await vocabulary(caller)).toEqual([{ name: "vip", count: 1 }]);
    await expectTablesFollowRecords(org.id, "contact");

    const acme = await caller.companies.create({ name: "Acme", tags: ["partner"] });
    await caller.companies.update({ id: acme.id, version: 1, patch: { tags: ["customer"] } });
    expect(await vocabulary(caller, "company")).toEqual([{ name: "customer", count: 1 }]);
    await expectTablesFollowRecords(org.id, "company");
  });

  it("follows bulkUpdate addTag and removeTag", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", tags: ["hot"] });
    const bob = await caller.contacts.create({ firstName: "Bob", tags: ["vip"] });
    const cy = await caller.contacts.create({ firstName: "Cy" });
    await caller.contacts.bulkUpdate({ ids: [ann.id, bob.id, cy.id], action: { type: "addTag", tag: "HOT" } });
    expect(await vocabulary(caller)).toEqual([
      { name: "hot", count: 3 },
      { name: "vip", count: 1 },
    ]);
    await caller.contacts.bulkUpdate({ ids: [ann.id, bob.id], action: { type: "removeTag", tag: "Hot" } });
    await caller.contacts.bulkUpdate({ ids: [bob.id], action: { type: "removeTag", tag: "VIP" } });
    expect(await vocabulary(caller)).toEqual([{ name: "hot", count: 1 }]);
    await expectTablesFollowRecords(org.id, "contact");

    const acme = await caller.companies.create({ name: "Acme" });
    await caller.companies.bulkUpdate({ ids: [acme.id], action: { type: "addTag", tag: "partner" } });
    expect(await vocabulary(caller, "company")).toEqual([{ name: "partner", count: 1 }]);
    await expectTablesFollowRecords(org.id, "company");
  });

  it("follows a merge: the merged record leaves for the trash, the survivor carries both records' tags", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const survivor = await caller.contacts.create({ firstName: "Ann", tags: ["vip"] });
    const merged = await caller.contacts.create({ firstName: "Ann L", tags: ["VIP", "founder"] });
    expect(await vocabulary(caller)).toEqual([
      { name: "vip", count: 2 },
      { name: "founder", count: 1 },
    ]);
    await caller.contacts.merge({ survivorId: survivor.id, survivorVersion: 1, mergedId: merged.id });
    expect(await vocabulary(caller)).toEqual([
      { name: "founder", count: 1 },
      { name: "vip", count: 1 },
    ]);
    await expectTablesFollowRecords(org.id, "contact");

    const acme = await caller.companies.create({ name: "Acme", tags: ["customer"] });
    const acmeInc = await caller.companies.create({ name: "Acme Inc", tags: ["partner"] });
    await caller.companies.merge({ survivorId: acme.id, survivorVersion: 1, mergedId: acmeInc.id });
    expect(await vocabulary(caller, "company")).toEqual([
      { name: "customer", count: 1 },
      { name: "partner", count: 1 },
    ]);
    await expectTablesFollowRecords(org.id, "company");
  });

  it("does not count records in the trash; a restore counts them again", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", tags: ["vip", "beta"] });
    const bob = await caller.contacts.create({ firstName: "Bob", tags: ["vip"] });
    await caller.contacts.delete({ ids: [ann.id] });
    expect(await vocabulary(caller)).toEqual([{ name: "vip", count: 1 }]);
    expect(await rows("SELECT deleted_at IS NOT NULL AS trashed FROM record_tags WHERE record_id = ?", ann.id)).toEqual(
      [{ trashed: 1 }, { trashed: 1 }],
    );
    await caller.contacts.delete({ ids: [bob.id] });
    expect(await vocabulary(caller)).toEqual([]);
    await expectTablesFollowRecords(org.id, "contact");
    await caller.contacts.restore({ id: ann.id });
    expect(await vocabulary(caller)).toEqual([
      { name: "beta", count: 1 },
      { name: "vip", count: 1 },
    ]);
    await expectTablesFollowRecords(org.id, "contact");

    const acme = await caller.companies.create({ name: "Acme", tags: ["partner"] });
    await caller.companies.delete({ ids: [acme.id] });
    expect(await vocabulary(caller, "company")).toEqual([]);
    await caller.companies.restore({ id: acme.id });
    expect(await vocabulary(caller, "company")).toEqual([{ name: "partner", count: 1 }]);
    await expectTablesFollowRecords(org.id, "company");
  });

  it("follows contacts.import and companies.import, creating and updating", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await caller.contacts.import({
      rows: [
        { firstName: "Ann", emails: ["ann@acme.com"], tags: ["vip"] },
        { firstName: "Bob", emails: ["bob@acme.com"], tags: ["VIP", "lead"] },
        { firstName: "Cy", company: "Initech" },
      ],
      lineNumbers: [2, 3, 4],
    });
    expect(await vocabulary(caller)).toEqual([
      { name: "vip", count: 2 },
      { name: "lead", count: 1 },
    ]);
    // A duplicate row with `update` unites its tags with the record's.
    await caller.contacts.import({
      rows: [{ emails: ["ann@acme.com"], tags: ["Lead", "founder"] }],
      lineNumbers: [2],
      onDuplicate: "update",
    });
    expect(await vocabulary(caller)).toEqual([
      { name: "lead", count: 2 },
      { name: "vip", count: 2 },
      { name: "founder", count: 1 },
    ]);
    await expectTablesFollowRecords(org.id, "contact");

    await caller.companies.import({
      rows: [
        { name: "Acme", domain: "acme.com", tags: ["customer"] },
        { name: "Globex", domain: "globex.com", tags: ["Customer", "partner"] },
      ],
      lineNumbers: [2, 3],
    });
    expect(await vocabulary(caller, "company")).toEqual([
      { name: "customer", count: 2 },
      { name: "partner", count: 1 },
    ]);
    await expectTablesFollowRecords(org.id, "company");
  });

  it("forgets a hard-deleted record's tags, as when an organization's deletion cascades", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", tags: ["vip"] });
    await caller.contacts.create({ firstName: "Bob", tags: ["vip"] });
    await env.DB.prepare("DELETE FROM contacts WHERE id = ?").bind(ann.id).run();
    expect(await vocabulary(caller)).toEqual([{ name: "vip", count: 1 }]);
    expect(await rows("SELECT tag FROM record_tags WHERE record_id = ?", ann.id)).toEqual([]);
    await expectTablesFollowRecords(org.id, "contact");
    await env.DB.prepare("DELETE FROM organizations WHERE id = ?").bind(org.id).run();
    expect(await rows("SELECT * FROM record_tags WHERE organization_id = ?", org.id)).toEqual([]);
    expect(await rows("SELECT * FROM tags WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("reads only text elements, and a malformed tags value as no tags, without failing the write", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", tags: ["vip"] });
    await env.DB.prepare("UPDATE contacts SET tags = ? WHERE id = ?").bind('["vip", 7, null, "beta"]', ann.id).run();
    expect(await vocabulary(caller)).toEqual([
      { name: "beta", count: 1 },
      { name: "vip", count: 1 },
    ]);
    await env.DB.prepare("UPDATE contacts SET tags = ? WHERE id = ?").bind("not json", ann.id).run();
    expect(await vocabulary(caller)).toEqual([]);
    expect(await rows("SELECT tag FROM record_tags WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("returns at most 500 tags, the most used", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const many = Array.from({ length: 510 }, (_, i) => `tag${String(i).padStart(3, "0")}`);
    // Written straight to D1: the app caps a record at 50 tags.
    const now = Date.now();
    const insert =
      "INSERT INTO contacts (id, organization_id, tags, created_by, created_at, updated_at) VALUES (?, ?, ?, 'seed', ?, ?)";
    await env.DB.batch([
      env.DB.prepare(insert).bind("con_manytags00001", org.id, JSON.stringify(many), now, now),
      env.DB.prepare(insert).bind("con_manytags00002", org.id, JSON.stringify(["tag509", "tag508"]), now, now),
    ]);
    const listed = await vocabulary(caller);
    expect(listed).toHaveLength(500);
    expect(listed.slice(0, 3)).toEqual([
      { name: "tag508", count: 2 },
      { name: "tag509", count: 2 },
      { name: "tag000", count: 1 },
    ]);
    expect(listed.at(-1)).toEqual({ name: "tag497", count: 1 });
  });
});

describe("migration 0005", () => {
  it("backfills record_tags and tags from the records' JSON, trashed records included but not counted", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Ann", tags: ["VIP", "beta", "vip"] });
    const bob = await caller.contacts.create({ firstName: "Bob", tags: ["vip", "old"] });
    await caller.contacts.delete({ ids: [bob.id] });
    await caller.companies.create({ name: "Acme", tags: ["partner"] });
    // As before the migration: nothing but the JSON (the triggers empty tags as record_tags empties).
    await env.DB.prepare("DELETE FROM record_tags").run();
    expect(await rows("SELECT * FROM tags")).toEqual([]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0005_"))!;
    const backfill = migration.queries.filter((q) => q.trim().startsWith("INSERT INTO record_tags"));
    expect(backfill).toHaveLength(2);
    for (const query of backfill) await env.DB.prepare(query).run();
    expect(await vocabulary(caller)).toEqual([
      { name: "beta", count: 1 },
      { name: "VIP", count: 1 },
    ]);
    expect(await vocabulary(caller, "company")).toEqual([{ name: "partner", count: 1 }]);
    await expectTablesFollowRecords(org.id, "contact");
    await expectTablesFollowRecords(org.id, "company");
  });

  it("keeps every trigger of the earlier migrations (no table was rebuilt)", async () => {
    const triggers = await rows<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name",
    );
    expect(triggers.map((t) => t.name)).toEqual(
      [
        ...["contacts", "companies"].flatMap((table) =>
          ["fts_ai", "fts_ad", "fts_au", "values_ai", "values_au", "values_ad", "tags_ai", "tags_au", "tags_ad"].map(
            (suffix) => `${table}_${suffix}`,
          ),
        ),
        "record_tags_ai",
        "record_tags_ad",
        "record_tags_au_trashed",
        "record_tags_au_restored",
        "organizations_search_partition",
        // migration 0013: a contact's company name, kept for the Company column's sort (the contact's
        // side moved into contacts_fts_ai/_au in 0026, which index it)
        "companies_contact_names_ai",
        "companies_contact_names_au",
        // migration 0014: the owner's name, kept for the Owner column's sort
        "contacts_owner_name_ai",
        "contacts_owner_name_au",
        "companies_owner_name_ai",
        "companies_owner_name_au",
        "users_contacts_owner_name_au",
        "users_companies_owner_name_au",
        // migrations 0016–0017: a company's live contacts, counted for the People column
        "contacts_people_count_ai",
        "contacts_people_count_au",
        "contacts_people_count_ad",
        "companies_people_count_ai",
        // migration 0021: a company's name as look-alikes share it
        "companies_match_name_ai",
        "companies_match_name_au",
        // migration 0022: every email of every live contact, for look-alikes sharing one
        "contacts_emails_ai",
        "contacts_emails_au",
        "contacts_emails_ad",
        // migration 0028: a record's name on its custom values, which a sort by one lists ties by
        "contacts_values_name_au",
        "companies_values_name_au",
        // migration 0033: a record's next task, for the Next task column
        "tasks_next_task_ai",
        "tasks_next_task_au",
        "tasks_next_task_ad",
        // migration 0044: live contacts per lead status, a board lane's count
        "contacts_status_count_ai",
        "contacts_status_count_au",
        "contacts_status_count_ad",
        // migration 0045: live records per value of each select property, a board lane's count
        "record_values_count_ai",
        "record_values_count_ad",
      ].sort(),
    );
  });
});

describe("tags.list across organizations and without a membership", () => {
  it("lists only the caller's organization's tags", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const bMember = await seedMember(b.org.id, "member");
    await a.caller.contacts.create({ firstName: "Ann", tags: ["secret-a", "shared"] });
    await a.caller.companies.create({ name: "Acme", tags: ["secret-a"] });
    expect(await vocabulary(bMember.caller)).toEqual([]);
    expect(await vocabulary(bMember.caller, "company")).toEqual([]);
    await b.caller.contacts.create({ firstName: "Bea", tags: ["shared"] });
    expect(await vocabulary(bMember.caller)).toEqual([{ name: "shared", count: 1 }]);
    expect(await vocabulary(a.caller)).toEqual([
      { name: "secret-a", count: 1 },
      { name: "shared", count: 1 },
    ]);
  });

  it("is FORBIDDEN without an organization, or once the membership is gone, and UNAUTHORIZED without a token", async () => {
    const stranger = await callerFor(newIdentity("stranger"));
    await expectTRPCError(
      stranger.tags.list({ object: "contact" }),
      "FORBIDDEN",
      "Create or join an organization first.",
    );
    const { caller, org } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Ann", tags: ["vip"] });
    const member = await seedMember(org.id, "member");
    expect(await vocabulary(member.caller)).toEqual([{ name: "vip", count: 1 }]);
    await env.DB.prepare("DELETE FROM memberships WHERE user_id = ?").bind(member.identity.uid).run();
    await expectTRPCError(member.caller.tags.list({ object: "contact" }), "FORBIDDEN");
    await expectTRPCError(
      (await anonymousCaller()).tags.list({ object: "contact" }),
      "UNAUTHORIZED",
      "Sign in to continue.",
    );
  });

  it("is BAD_REQUEST for an object without tags", async () => {
    const { caller } = await ownerOfNewOrganization();
    await expectTRPCError(caller.tags.list({ object: "deal" as "contact" }), "BAD_REQUEST");
  });
});

describe("tag filters read record_tags", () => {
  /** The ids the list gave before record_tags: json_each over every record's tags, compared lower-cased. */
  async function byJson(organizationId: string, value: string, { trash = false, negate = false } = {}) {
    const found = await rows<{ id: string }>(
      `SELECT id FROM contacts WHERE organization_id = ? AND deleted_at IS ${trash ? "NOT " : ""}NULL
       AND ${negate ? "NOT " : ""}EXISTS (SELECT 1 FROM json_each(contacts.tags) WHERE lower(json_each.value) = ?)`,
      organizationId,
      value.toLowerCase(),
    );
    return found.map((r) => r.id).sort();
  }

  it("finds what json_each found, live and in the trash, with has (contains, eq), has not (neq) and any of (in)", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const tagSets = [["VIP"], ["vip", "beta"], ["Beta"], [], ["gamma", "VIP"], ["beta", "gamma"], ["zoë"]];
    const made = [];
    for (const [i, tags] of tagSets.entries()) made.push(await caller.contacts.create({ firstName: `P${i}`, tags }));
    await caller.contacts.delete({ ids: [made[1].id, made[4].id] });
    const list = (input: RecordListInput) => allPages((i) => caller.contacts.list(i), input, 2);
    const has = (operator: "contains" | "eq" | "neq", value: string) => ({
      filter: { combinator: "and" as const, conditions: [{ field: "tags", operator, value }] },
    });
    for (const value of ["vip", "VIP", "Beta", "gamma", "zoë", "ZOË", "nothing"])
      for (const trash of [false, true]) {
        const expected = await byJson(org.id, value, { trash });
        expect(ids(await list({ ...has("contains", value), trash })).sort(), `${value} ${trash}`).toEqual(expected);
        expect(ids(await list({ ...has("eq", value), trash })).sort()).toEqual(expected);
        expect(ids(await list({ ...has("neq", value), trash })).sort()).toEqual(
          await byJson(org.id, value, { trash, negate: true }),
        );
      }
    const anyOf = await list({
      filter: { combinator: "and", conditions: [{ field: "tags", operator: "in", value: ["VIP", "gamma"] }] },
    });
    expect(ids(anyOf).sort()).toEqual([made[0].id, made[5].id].sort());
    // With a search, an or, and the totals.
    const searched = await caller.contacts.list({ search: "p2", ...has("contains", "beta") });
    expect(ids(searched.items)).toEqual([made[2].id]);
    const either = await caller.contacts.list({
      filter: {
        combinator: "or",
        conditions: [
          { field: "tags", operator: "contains", value: "gamma" },
          { field: "firstName", operator: "eq", value: "p6" },
        ],
      },
    });
    expect(ids(either.items).sort()).toEqual([made[5].id, made[6].id].sort());
    expect(either.total).toEqual({ count: 2, exact: true });
    expect((await caller.contacts.list(has("neq", "vip"))).total).toEqual({ count: 4, exact: true });
  });

  it("finds a tag with non-ASCII capitals as the vocabulary names it, and as before record_tags", async () => {
    const { caller } = await ownerOfNewOrganization();
    const upper = await caller.contacts.create({ firstName: "Ann", tags: ["Ünï"] });
    const lower = await caller.contacts.create({ firstName: "Bob", tags: ["ünï"] });
    expect((await vocabulary(caller)).map((t) => t.name).sort()).toEqual(["Ünï", "ünï"]);
    const has = async (value: string) =>
      ids(
        (
          await caller.contacts.list({
            filter: { combinator: "and", conditions: [{ field: "tags", operator: "contains", value }] },
          })
        ).items,
      );
    // SQLite's lower() folds ASCII only: "Ünï" is its own key; JavaScript's lower case finds "ünï" as before.
    expect(await has("Ünï")).toEqual([upper.id, lower.id]);
    expect(await has("ünï")).toEqual([lower.id]);
  });

  it("leaves a custom multi-select property's filters on its JSON", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", {
      key: "langs",
      label: "Languages",
      type: "multi-select",
      options: ["en", "fr", "de"],
    });
    const ann = await caller.contacts.create({ firstName: "Ann", properties: { langs: ["en", "fr"] }, tags: ["en"] });
    const bob = await caller.contacts.create({ firstName: "Bob", properties: { langs: ["de"] } });
    const filtered = async (operator: "contains" | "neq", value: string) =>
      ids(
        (
          await caller.contacts.list({
            filter: { combinator: "and", conditions: [{ field: "prop:langs", operator, value }] },
          })
        ).items,
      );
    expect(await filtered("contains", "fr")).toEqual([ann.id]);
    expect(await filtered("neq", "fr")).toEqual([bob.id]);
  });

  it("reads one range of record_tags_filter_idx per condition", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Ann", tags: ["vip"] });
    const pageOf = await pageStatements(identity);
    const planOf = async (input: RecordListInput) => {
      const page = await pageOf(input);
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${page.sql}`)
        .bind(...page.values)
        .all<{ detail: string }>();
      return plan.results.map((p) => p.detail).join("\n");
    };
    for (const operator of ["contains", "neq", "in"] as const)
      for (const trash of [false, true]) {
        const plan = await planOf({
          trash,
          filter: {
            combinator: "and",
            conditions: [{ field: "tags", operator, value: operator === "in" ? ["vip", "beta"] : "vip" }],
          },
        });
        expect(plan, `${operator} ${trash}`).toMatch(/record_tags USING COVERING INDEX record_tags_filter_idx/);
        expect(plan).not.toMatch(/SCAN record_tags/);
        // json_each reads nothing but the list of keys of an "in" (one bound parameter for them all).
        if (operator !== "in") expect(plan).not.toMatch(/json_each/);
        // The page itself still reads the contacts by an index, not the whole table.
        expect(plan).toMatch(/contacts USING (COVERING )?INDEX/);
        expect(plan).not.toMatch(/SCAN contacts\b(?! USING)/);
      }
  });
});

describe("tag filters: read from the tag's side or along the sort, by the tag's count", () => {
  type Contact = Awaited<ReturnType<Caller["contacts"]["list"]>>["items"][number];
  const hasTag = (contact: Contact, tag: string) => contact.tags.some((t) => t.toLowerCase() === tag.toLowerCase());

  /**
   * 400 contacts: "common" on three in four, "Rare" on five, names in an order unrelated to either;
   * a few of each in the trash. Returns a caller, and one whose list statements can be run again
   * for D1's rows_read (how many rows and index entries SQLite visited).
   */
  async function taggedOrganization() {
    const { caller, identity } = await ownerOfNewOrganization();
    await importContacts(caller, 400, (i) => ({
      firstName: `P${(i * 37) % 400}`,
      lastName: `L${i % 7}`,
      leadScore: i % 50,
      tags: [...(i % 4 !== 0 ? ["common"] : []), ...(i % 83 === 5 ? ["Rare"] : [])],
    }));
    const everyone = await allPages((input) => caller.contacts.list(input), {}, 200);
    const binned = [
      everyone.find((c) => hasTag(c, "rare"))!,
      ...everyone.filter((c) => hasTag(c, "common")).slice(0, 3),
    ];
    await caller.contacts.delete({ ids: binned.map((c) => c.id) });

    const pageOf = await pageStatements(identity);
    /** Rows and index entries SQLite read for the page statement of `input` (its first page). */
    const rowsRead = async (input: RecordListInput) => {
      const page = await pageOf(input);
      const result = await env.DB.prepare(page.sql)
        .bind(...page.values)
        .all();
      return result.meta.rows_read;
    };
    return { caller, rowsRead };
  }

  const tagged = (operator: "contains" | "eq" | "neq" | "in", value: string | string[]): RecordListInput => ({
    filter: { combinator: "and", conditions: [{ field: "tags", operator, value }] },
  });

  it("reads a rare tag's records instead of walking the names, and walks the names for a common one", async () => {
    const { caller, rowsRead } = await taggedOrganization();
    // 400 contacts, 10 a page. Reading the rare tag's side visits its 4 live records (about 50 rows
    // with the statement's fixed lookups); walking the names would visit all 400 and probe each
    // (about 800). The common tag's walk stops after about 15 names; its side holds 297 records.
    expect(await rowsRead({ ...tagged("contains", "rare"), limit: 10 })).toBeLessThan(100);
    expect(await rowsRead({ ...tagged("contains", "common"), limit: 10 })).toBeLessThan(150);
    expect(await rowsRead({ ...tagged("contains", "nobody-has-this"), limit: 10 })).toBeLessThan(50);
    // Either way, one tag's count is the vocabulary's (exact).
    const live = await allPages((input) => caller.contacts.list(input), {}, 200);
    const carrying = (tag: string) => live.filter((c) => hasTag(c, tag)).length;
    expect(carrying("rare")).toBe(4);
    expect((await caller.contacts.list(tagged("contains", "RARE"))).total).toEqual({ count: 4, exact: true });
    expect((await caller.contacts.list(tagged("eq", "common"))).total).toEqual({
      count: carrying("common"),
      exact: true,
    });
  }, 30_000);

  it("lists the same rows as the unfiltered list filtered by hand, both ways, in every sort and the trash", async () => {
    const { caller } = await taggedOrganization();
    const sorts: RecordListInput["sort"][] = [
      undefined,
      { field: "name", direction: "desc" },
      { field: "leadScore", direction: "desc" },
      { field: "title", direction: "asc" },
    ];
    const cases = [
      ["rare", tagged("contains", "Rare"), (c: Contact) => hasTag(c, "rare")],
      ["common", tagged("eq", "common"), (c: Contact) => hasTag(c, "common")],
      ["any of", tagged("in", ["rare", "nobody"]), (c: Contact) => hasTag(c, "rare")],
      ["has not", tagged("neq", "common"), (c: Contact) => !hasTag(c, "common")],
    ] as const;
    for (const trash of [false, true])
      for (const sort of sorts) {
        const all = await allPages((input) => caller.contacts.list(input), { trash, sort }, 200);
        for (const [name, input, keep] of cases) {
          const label = `${name} ${JSON.stringify(sort)} trash=${trash}`;
          const expected = ids(all.filter(keep));
          expect(ids(await allPages((i) => caller.contacts.list(i), { ...input, trash, sort }, 7)), label).toEqual(
            expected,
          );
          const first = await caller.contacts.list({ ...input, trash, sort, limit: 7 });
          expect(first.total, label).toEqual({ count: expected.length, exact: true });
        }
      }
  }, 60_000);
});

describe("a tag filter's total", () => {
  it("is the tag's exact count beyond the 1,000 cap for one tag alone, and capped once other conditions join", async () => {
    const { caller } = await ownerOfNewOrganization();
    await importContacts(caller, 1200, (i) => ({
      firstName: `P${i}`,
      leadScore: i % 100,
      tags: i < 1100 ? ["Big"] : ["small"],
    }));
    const big = { field: "tags", operator: "contains", value: "big" } as const;
    const first = await caller.contacts.list({ filter: { combinator: "and", conditions: [big] }, limit: 10 });
    expect(first.total).toEqual({ count: 1100, exact: true });
    expect(first.items.every((c) => c.tags.includes("Big"))).toBe(true);
    // With a second condition the count is SQLite's, capped as every filtered count is.
    const scored = await caller.contacts.list({
      filter: { combinator: "and", conditions: [big, { field: "leadScore", operator: "gt", value: -1 }] },
      limit: 10,
    });
    expect(scored.total).toEqual({ count: 1000, exact: false });
    // A contact in the trash leaves the tag's count.
    await caller.contacts.delete({ ids: [first.items[0].id] });
    const after = await caller.contacts.list({ filter: { combinator: "and", conditions: [big] }, limit: 10 });
    expect(after.total).toEqual({ count: 1099, exact: true });
  }, 60_000);
});
