import { env, SELF } from "cloudflare:test";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { D1_MAX_BOUND_PARAMETERS } from "../../worker/src/db";
import { deserializeResponse, serializeResponse } from "../../worker/src/serialize";
import { encodeCursor } from "../../worker/src/domain/records/list-query";
import type { RecordFilter, RecordListInput } from "../../worker/src/schemas/records";
import {
  callerForToken,
  expectTRPCError,
  newIdentity,
  ownerOfNewOrganization,
  rows,
  seedMember,
  signIdToken,
} from "./helpers";
import { countedCaller, WALKS_THE_ORGANIZATION } from "./counting-database";
import { allPages, defineProperty, ids, importContacts } from "./records-helpers";

describe("list reads: one D1 round trip", () => {
  it("checks a custom property's remembered kind on the page itself: a changed type is honoured, an empty page still answered right", async () => {
    const { identity, caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "size", label: "Size", type: "text" });
    await caller.contacts.create({ firstName: "Ann", properties: { size: "big" } });
    await caller.contacts.create({ firstName: "Bob", properties: { size: "small" } });
    const measure = await countedCaller(identity);
    const sized = (value: string): RecordListInput => ({
      filter: { combinator: "and", conditions: [{ field: "prop:size", operator: "eq", value }] },
    });
    const names = (page: { items: { firstName: string }[] }) => page.items.map((c) => c.firstName);

    expect(names((await measure((c) => c.contacts.list(sized("big")))).result)).toEqual(["Ann"]);
    const warm = await measure((c) => c.contacts.list(sized("BIG")));
    expect([warm.trips, warm.statements.length, names(warm.result)]).toEqual([1, 1, ["Ann"]]);
    // Nothing matches: the page cannot say whether the kind held, so the definitions are read (and prove the membership).
    const none = await measure((c) => c.contacts.list(sized("huge")));
    expect([none.trips, none.result.items, none.result.total]).toEqual([2, [], { count: 0, exact: true }]);

    // The type changes under the remembered kind (as when the caller moves to an organization whose
    // "size" is a multi-select): text compared as text would miss every list of values.
    await env.DB.prepare(
      `UPDATE property_definitions SET type = 'multi-select', options = '["big","small"]' WHERE organization_id = ? AND key = 'size'`,
    )
      .bind(org.id)
      .run();
    await env.DB.prepare(
      `UPDATE contacts SET properties = json_set(properties, '$.size', json_array(json_extract(properties, '$.size'))) WHERE organization_id = ?`,
    )
      .bind(org.id)
      .run();
    const changed = await measure((c) => c.contacts.list(sized("big")));
    expect(names(changed.result)).toEqual(["Ann"]);
    expect(changed.trips).toBeGreaterThan(1);
    const relearned = await measure((c) => c.contacts.list(sized("small")));
    expect([relearned.trips, names(relearned.result)]).toEqual([1, ["Bob"]]);

    // Removed from the organization with the kind still remembered: the page (read unchecked) is
    // empty, and the definitions' read says why.
    await env.DB.prepare("DELETE FROM memberships WHERE user_id = ?").bind(identity.uid).run();
    await expectTRPCError(
      measure((c) => c.contacts.list(sized("big"))),
      "FORBIDDEN",
      "Create or join an organization first.",
    );
  });

  it("lists, filters, searches, pages and sorts by a custom property with one batch each", async () => {
    const { identity, caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "tier", label: "Tier", type: "select", options: ["a", "b"] });
    for (const [firstName, tier] of [
      ["Ann", "b"],
      ["Bob", "a"],
      ["Cy", null],
    ] as const)
      await caller.contacts.create({ firstName, properties: tier ? { tier } : {} });
    const binned = await caller.contacts.create({ firstName: "Dee" });
    await caller.contacts.delete({ ids: [binned.id] });
    const measure = await countedCaller(identity);
    const inputs: RecordListInput[] = [
      {},
      { limit: 1 },
      { search: "bo" },
      { search: "bo", sort: { field: "name", direction: "desc" } },
      { filter: { combinator: "and", conditions: [{ field: "leadScore", operator: "gt", value: -1 }] } },
      { trash: true },
    ];
    // One statement: the rows read prove the membership (they are scoped by it).
    for (const input of inputs) {
      const { trips, statements } = await measure((c) => c.contacts.list(input));
      expect(trips, JSON.stringify(input)).toBe(1);
      expect(statements, JSON.stringify(input)).toHaveLength(1);
    }
    // Nothing read: a second round trip tells "no match" from "not a member".
    const none = await measure((c) => c.contacts.list({ search: "nobody" }));
    expect(none.trips).toBe(2);
    expect(none.result.items).toEqual([]);
    const first = await caller.contacts.list({ limit: 1 });
    expect((await measure((c) => c.contacts.list({ limit: 1, cursor: first.nextCursor! }))).trips).toBe(1);

    // A custom property: the first call learns the property kinds (two trips at most), later ones take one.
    const byTier = { sort: { field: "prop:tier", direction: "asc" } } as const;
    const cold = await measure((c) => c.contacts.list(byTier));
    expect(cold.trips).toBeLessThanOrEqual(2);
    const warm = await measure((c) => c.contacts.list(byTier));
    expect(warm.trips).toBe(1);
    expect(warm.statements).toHaveLength(1);
    expect(warm.result.items.map((c) => c.firstName)).toEqual(["Bob", "Ann", "Cy"]);
    const company = await caller.companies.create({ name: "Acme" });
    expect((await measure((c) => c.companies.list({}))).trips).toBe(1);
    // A record with its company, people and timeline: one batch too.
    const contact = warm.result.items[0];
    const opened = await measure((c) => c.contacts.get({ id: contact.id }));
    expect(opened.trips).toBe(1);
    expect(opened.result.contact.firstName).toBe("Bob");
    expect((await measure((c) => c.companies.get({ id: company.id }))).trips).toBe(1);
    // The counter sees every trip: a memberProcedure read takes the membership query and then its own.
    expect((await measure((c) => c.properties.list({ object: "contact" }))).trips).toBeGreaterThan(1);
  });

  it("serves each page and count from an index, without sorting the organization's rows", async () => {
    const { identity, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "tier", label: "Tier", type: "text" });
    const measure = await countedCaller(identity);
    /** The query plans of a list call's statements (the membership query left out). */
    const plansOf = async (input: RecordListInput, object: "contacts" | "companies" = "contacts") => {
      const { bound } = await measure<unknown>((c) =>
        object === "companies" ? c.companies.list(input) : c.contacts.list(input),
      );
      const plans = [];
      for (const { sql, values } of bound.filter((b) => !b.sql.includes('from "users"'))) {
        const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...values)
          .all<{ detail: string }>();
        plans.push(plan.results.map((p) => p.detail).join("\n"));
      }
      return plans;
    };
    const status = { field: "leadStatus", operator: "eq", value: "qualified" } as const;
    const score = { field: "leadScore", operator: "gt", value: 50 } as const;
    // One statement: the page, with its capped count as an uncorrelated subquery column.
    const [page, ...others] = await plansOf({ filter: { combinator: "and", conditions: [status, score] } });
    expect(others).toEqual([]);
    expect(page).toMatch(/SEARCH contacts USING INDEX contacts_org_status_idx/);
    expect(page).toMatch(/SEARCH contacts USING COVERING INDEX contacts_org_status_idx/);
    expect(page).not.toMatch(/TEMP B-TREE/);
    // Each row's company name (contactConfig.listColumns) is read from the row, not looked up in companies.
    expect(page).not.toMatch(/companies|related_company/);
    const [plain] = await plansOf({});
    expect(plain).toMatch(/SEARCH contacts USING INDEX contacts_org_name_idx \(organization_id=\? AND deleted_at=\?\)/);
    expect(plain).not.toMatch(/companies|related_company/);
    expect(plain).not.toMatch(/SCAN (contacts|related_company)/);
    expect(plain).not.toMatch(/TEMP B-TREE/);

    // A search's best matches: names from one index range, then full-text matches read newest first
    // (FTS5 consumes ORDER BY rowid DESC: index flags 0x40 | 0x80); only the page itself is sorted.
    // Both the matches and their capped count read only the organization's rowid range ("><": FTS5
    // takes both bounds of the BETWEEN), not the index's other organizations.
    const [search] = await plansOf({ search: "ann" });
    expect(search).toMatch(
      /SEARCH contacts USING COVERING INDEX contacts_org_name_idx \(.*sort_name>\? AND sort_name<\?\)/,
    );
    expect(search).toMatch(/SCAN contacts_fts VIRTUAL TABLE INDEX 192:M\d*></);
    expect(search).toMatch(/SCAN contacts_fts VIRTUAL TABLE INDEX 0:M\d*></);
    expect(search).not.toMatch(/SCAN contacts(?!_fts)/);
    expect(search.match(/TEMP B-TREE/g)).toHaveLength(1);
    expect(search.trim().split("\n").at(-1)).toBe("USE TEMP B-TREE FOR ORDER BY");
    // With a sort chosen, a search keeps that order: a walk of the sort's index probing each record
    // for the search, or the matches read by rowid and sorted (the capped count picks one, see
    // planList). Never the matches looped over for every index entry (a rowid term on the index).
    for (const [field, index] of [
      ["name", "contacts_org_name_idx"],
      ["title", "contacts_org_title_key_idx"],
      ["prop:tier", "record_values_sort_idx"],
    ] as const) {
      // (a property's sort reads the definitions first, on a cold cache)
      const sortedSearch = (await plansOf({ search: "ann", sort: { field, direction: "asc" } })).at(-1)!;
      expect(sortedSearch).toMatch(new RegExp(`SEARCH \\w+ USING (COVERING )?INDEX ${index} \\(organization_id=\\?`));
      expect(sortedSearch).toMatch(/SCAN contacts_fts VIRTUAL TABLE INDEX 0:M\d*></);
      expect(sortedSearch).toMatch(/SEARCH contacts USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(sortedSearch).not.toMatch(/AND rowid=\?/);
      // (but the records without a value of a property, walked by id after those with one)
      expect(sortedSearch.replace("SCAN contacts USING INDEX contacts_id_uq", "")).not.toMatch(/SCAN contacts(?!_fts)/);
    }

    // A sort by a field that may be empty reads its index in order, the empty ones by id after them,
    // both ways and past a cursor; only the page's own rows are sorted (the last TEMP B-TREE).
    // A field-then-name key (title, company…) reads only its records with a value first: a range
    // from '' (<expr>>?), not the empty ones' entries skipped one by one.
    for (const [field, index] of [
      ["title", "contacts_org_title_key_idx"],
      ["source", "contacts_org_source_key_idx"],
      ["lastActivityAt", "contacts_org_activity_idx"],
      ["nextTaskAt", "contacts_org_next_task_idx"],
      ["email", "contacts_org_email_idx"],
      ["company", "contacts_org_company_key_idx"],
      ["owner", "contacts_org_owner_key_idx"],
      ["createdAt", "contacts_org_created_idx"],
      ["ownerId", "contacts_org_owner_idx"],
    ] as const)
      for (const direction of ["asc", "desc"] as const) {
        const [byField] = await plansOf({ sort: { field, direction } });
        expect(byField).toMatch(new RegExp(`SEARCH contacts USING (COVERING )?INDEX ${index}`));
        if (index.endsWith("_key_idx"))
          expect(byField).toMatch(
            new RegExp(`INDEX ${index} \\(organization_id=\\? AND deleted_at=\\? AND <expr>>\\?\\)`),
          );
        expect(byField).not.toMatch(/SCAN contacts/);
        expect(byField.match(/TEMP B-TREE/g)?.length ?? 0, `${field} ${direction}:\n${byField}`).toBeLessThanOrEqual(1);
      }
    // Fields that are never empty, sorted by value then name, read their key's index in order.
    for (const [field, index] of [
      ["leadStatus", "contacts_org_status_key_idx"],
      ["leadScore", "contacts_org_score_key_idx"],
    ] as const)
      for (const direction of ["asc", "desc"] as const) {
        const [byField] = await plansOf({ sort: { field, direction } });
        expect(byField).toMatch(new RegExp(`SEARCH contacts USING (COVERING )?INDEX ${index}`));
        expect(byField).not.toMatch(/SCAN contacts|TEMP B-TREE/);
      }
    for (const direction of ["asc", "desc"] as const) {
      const [byActivity] = await plansOf({ sort: { field: "lastActivityAt", direction } }, "companies");
      expect(byActivity).toMatch(/SEARCH companies USING (COVERING )?INDEX companies_org_activity_idx/);
      expect(byActivity).not.toMatch(/SCAN companies/);
      const [byNextTask] = await plansOf({ sort: { field: "nextTaskAt", direction } }, "companies");
      expect(byNextTask).toMatch(/SEARCH companies USING (COVERING )?INDEX companies_org_next_task_idx/);
      expect(byNextTask).not.toMatch(/SCAN companies/);
      const [byDomain] = await plansOf({ sort: { field: "domain", direction } }, "companies");
      expect(byDomain).toMatch(/SEARCH companies USING (COVERING )?INDEX companies_org_domain_idx/);
      expect(byDomain).not.toMatch(/SCAN companies/);
      expect(byDomain.match(/TEMP B-TREE/g)?.length ?? 0, byDomain).toBeLessThanOrEqual(1);
      for (const [field, index] of [
        ["industry", "companies_org_industry_key_idx"],
        ["size", "companies_org_size_key_idx"],
      ] as const) {
        const [byField] = await plansOf({ sort: { field, direction } }, "companies");
        expect(byField).toMatch(new RegExp(`SEARCH companies USING (COVERING )?INDEX ${index} \\(.*<expr>>\\?\\)`));
        expect(byField).not.toMatch(/SCAN companies/);
      }
      const [byOwner] = await plansOf({ sort: { field: "owner", direction } }, "companies");
      expect(byOwner).toMatch(/SEARCH companies USING (COVERING )?INDEX companies_org_owner_key_idx/);
      expect(byOwner).not.toMatch(/SCAN companies/);
      // The People count is kept on the row (migrations/0016–0017): neither sorting nor showing it counts contacts.
      const [byPeople] = await plansOf({ sort: { field: "peopleCount", direction } }, "companies");
      expect(byPeople).toMatch(/SEARCH companies USING (COVERING )?INDEX companies_org_people_key_idx/);
      expect(byPeople).not.toMatch(/SCAN companies|contacts|person/);
    }
    // So does the walk of a tag's records in such an order.
    await measure((c) => c.contacts.create({ firstName: "Ann", tags: ["newsletter"] }));
    const newsletter: RecordFilter = {
      combinator: "and",
      conditions: [{ field: "tags", operator: "contains", value: "newsletter" }],
    };
    const [taggedByTitle] = await plansOf({ filter: newsletter, sort: { field: "title", direction: "desc" } });
    // (its titled records from the index's range, not the whole index then sorted)
    expect(taggedByTitle).toMatch(
      /SEARCH contacts USING (COVERING )?INDEX contacts_org_title_key_idx \(organization_id=\? AND deleted_at=\? AND <expr>>\?\)/,
    );
    expect(taggedByTitle).not.toMatch(/SCAN contacts/);
    // Past a cursor among the empty ones, by name: the index seeks the cursor's record's (name, id).
    const amongEmpty = encodeCursor({ v: null, id: "con_00000000000000000000" });
    for (const [field, index] of [
      ["title", "contacts_org_title_key_idx"],
      ["lastActivityAt", "contacts_org_activity_idx"],
      ["nextTaskAt", "contacts_org_next_task_idx"],
      ["email", "contacts_org_email_idx"],
    ] as const) {
      const [emptyPart] = await plansOf({ sort: { field, direction: "asc" }, cursor: amongEmpty });
      expect(emptyPart).toMatch(
        new RegExp(
          `SEARCH contacts USING (COVERING )?INDEX ${index} \\(.*=\\? AND \\(sort_name,id\\)>\\(\\?,\\?\\)\\)`,
        ),
      );
      expect(emptyPart).not.toMatch(/SCAN contacts/);
      expect(emptyPart.match(/TEMP B-TREE/g)).toHaveLength(1); // (the page's own rows)
    }

    // The first list learns the kinds; the next carries them in its page statement (its first).
    await measure((c) => c.contacts.list({ sort: { field: "prop:tier", direction: "asc" } }));
    const [byTier] = await plansOf({ sort: { field: "prop:tier", direction: "asc" } });
    expect(byTier).toMatch(/USING COVERING INDEX record_values_sort_idx/);
    expect(byTier).toMatch(/contacts USING INDEX contacts_id_uq/);
    // The records without a value, by name: the name index in order, nothing sorted but the page.
    expect(byTier).toMatch(
      /SEARCH contacts USING (COVERING )?INDEX contacts_org_name_idx \(organization_id=\? AND deleted_at=\?\)/,
    );
    expect(byTier.match(/TEMP B-TREE/g)).toHaveLength(1);
    // And past a cursor among them, from the cursor's record's name on.
    const amongUnset = encodeCursor({ v: null, id: "con_00000000000000000000" });
    const [unsetPart] = await plansOf({ sort: { field: "prop:tier", direction: "desc" }, cursor: amongUnset });
    expect(unsetPart).toMatch(
      /SEARCH contacts USING (COVERING )?INDEX contacts_org_name_idx \(organization_id=\? AND deleted_at=\? AND \(sort_name,id\)<\(\?,\?\)\)/,
    );
  });

  it("is FORBIDDEN on the next list once the member is removed, and reads nothing of the organization", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Ann" });
    const member = await seedMember(org.id, "member");
    expect((await member.caller.contacts.list({})).items.map((c) => c.firstName)).toEqual(["Ann"]);

    await env.DB.prepare("DELETE FROM memberships WHERE user_id = ?").bind(member.identity.uid).run();
    await expectTRPCError(member.caller.contacts.list({}), "FORBIDDEN");
    await expectTRPCError(member.caller.contacts.list({ search: "ann" }), "FORBIDDEN");
    await expectTRPCError(member.caller.companies.list({}), "FORBIDDEN");
    await expectTRPCError(member.caller.search.records({ query: "ann" }), "FORBIDDEN");
  });

  it("scopes rows by the membership inside the batch: a user row pointing at another organization reads nothing", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    await b.caller.contacts.create({ firstName: "Secret" });
    const member = await seedMember(a.org.id, "member");
    // The user row now names Org B, where they have no membership.
    await env.DB.prepare("UPDATE users SET organization_id = ? WHERE id = ?").bind(b.org.id, member.identity.uid).run();
    await expectTRPCError(member.caller.contacts.list({ search: "secret" }), "FORBIDDEN");
    await expectTRPCError(member.caller.contacts.list({}), "FORBIDDEN");
  });

  it("follows a move to another organization at once", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    await a.caller.contacts.create({ firstName: "Alpha" });
    await b.caller.contacts.create({ firstName: "Beta" });
    const member = await seedMember(a.org.id, "member");
    expect((await member.caller.contacts.list({})).items.map((c) => c.firstName)).toEqual(["Alpha"]);
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO memberships (id, organization_id, user_id, role, joined_at, created_by, created_at, updated_at) VALUES (?, ?, ?, 'member', ?, ?, ?, ?)",
      ).bind(`mem_move${now}`, b.org.id, member.identity.uid, now, member.identity.uid, now, now),
      env.DB.prepare("UPDATE users SET organization_id = ? WHERE id = ?").bind(b.org.id, member.identity.uid),
    ]);
    const listed = await member.caller.contacts.list({});
    expect(listed.items.map((c) => c.firstName)).toEqual(["Beta"]);
    expect(listed.total).toEqual({ count: 1, exact: true });
  });

  it("builds a list's statement once per caller and input, and still reads the rows afresh", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    await a.caller.contacts.create({ firstName: "Alpha" });
    await b.caller.contacts.create({ firstName: "Amber" });
    const input: RecordListInput = { search: "a", sort: { field: "name", direction: "asc" } };
    const names = (page: { items: { firstName: string }[] }) => page.items.map((c) => c.firstName);
    const measureA = await countedCaller(a.identity);
    const measureB = await countedCaller(b.identity);
    const first = await measureA((c) => c.contacts.list(input));
    const again = await measureA((c) => c.contacts.list(input));
    const other = await measureB((c) => c.contacts.list(input));
    // The same text for the same input; each caller's statement binds their own uid.
    expect(again.bound).toEqual(first.bound);
    expect(other.bound[0].sql).toBe(first.bound[0].sql);
    expect(first.bound[0].values).toContain(a.identity.uid);
    expect(other.bound[0].values).toContain(b.identity.uid);
    expect(other.bound[0].values).not.toContain(a.identity.uid);
    expect([names(first.result), names(again.result), names(other.result)]).toEqual([["Alpha"], ["Alpha"], ["Amber"]]);
    // Nothing read is kept: a contact added since is on the next call's page and in its count.
    await a.caller.contacts.create({ firstName: "Anna" });
    const later = (await measureA((c) => c.contacts.list(input))).result;
    expect([names(later), later.total]).toEqual([["Alpha", "Anna"], { count: 2, exact: true }]);
  });

  it("is UNAUTHORIZED without a token and FORBIDDEN without an organization", async () => {
    const stranger = await callerForToken(await signIdToken(newIdentity("stranger")));
    await expectTRPCError(stranger.contacts.list({}), "FORBIDDEN");
  });

  it("finds a record's possible duplicates in one round trip, from indexes only", async () => {
    const { identity, caller } = await ownerOfNewOrganization();
    const jane = await caller.contacts.create({ firstName: "Jane", emails: ["jane@acme.com", "js@gmail.com"] });
    const acme = await caller.companies.create({ name: "Acme" });
    const measure = await countedCaller(identity);
    for (const [object, call, lookups] of [
      [
        "contacts",
        (c: Parameters<Parameters<typeof measure>[0]>[0]) => c.contacts.duplicates({ id: jane.id }),
        [
          // Its own emails, then each one's holders: never every email of the organization.
          "x USING COVERING INDEX contact_emails_contact_idx \\(organization_id=\\? AND contact_id=\\?",
          "y USING PRIMARY KEY \\(organization_id=\\? AND email=\\?",
          "d USING INDEX contacts_id_uq \\(id=\\?\\)",
          "d USING (COVERING )?INDEX contacts_org_name_idx",
        ],
      ],
      [
        "companies",
        (c: Parameters<Parameters<typeof measure>[0]>[0]) => c.companies.duplicates({ id: acme.id }),
        ["d USING (COVERING )?INDEX companies_org_match_idx"],
      ],
    ] as const) {
      const { trips, bound } = await measure(call);
      expect(trips).toBe(1);
      const plans = await Promise.all(
        bound.map(async ({ sql, values }) =>
          (
            await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
              .bind(...values)
              .all<{ detail: string }>()
          ).results
            .map((p) => p.detail)
            .join("\n"),
        ),
      );
      const all = plans.join("\n");
      expect(all).not.toMatch(new RegExp(`SCAN (${object}|r|d|x|y)\\b`));
      expect(all).not.toMatch(WALKS_THE_ORGANIZATION);
      for (const lookup of lookups) expect(all).toMatch(new RegExp(`SEARCH ${lookup}`));
    }
  });
});

describe("search.records (the palette)", () => {
  it("finds contacts and companies in one round trip and never counts", async () => {
    const { identity, caller } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Annika", lastName: "Berg", emails: ["annika@berg.io"] });
    await caller.contacts.create({ firstName: "Bob" });
    await caller.companies.create({ name: "Annex Labs", domain: "annex.io" });
    const measure = await countedCaller(identity);
    const { result, trips, statements } = await measure((c) => c.search.records({ query: "ann" }));
    expect(result.contacts.map((c) => c.name)).toEqual(["Annika Berg"]);
    expect(result.companies.map((c) => c.name)).toEqual(["Annex Labs"]);
    expect(trips).toBe(1);
    expect(statements.filter((s) => /count\(/i.test(s))).toEqual([]);
  });

  it("searches only the kinds of record asked for, one statement each", async () => {
    const { identity, caller } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Annika", lastName: "Berg" });
    await caller.companies.create({ name: "Annex Labs", domain: "annex.io" });
    const measure = await countedCaller(identity);
    const companiesOnly = await measure((c) => c.search.records({ query: "ann", objects: ["company"] }));
    expect(companiesOnly.result).toEqual({
      contacts: [],
      companies: [{ id: expect.any(String), name: "Annex Labs", domain: "annex.io", nameMatch: true }],
    });
    expect(companiesOnly.trips).toBe(1);
    expect(companiesOnly.statements).toHaveLength(1);
    expect(companiesOnly.statements[0]).toMatch(/FROM "companies"/);
    expect(companiesOnly.statements[0]).not.toMatch(/"contacts"/);
    const contactsOnly = await measure((c) => c.search.records({ query: "ann", objects: ["contact"] }));
    expect(contactsOnly.result.contacts.map((c) => c.name)).toEqual(["Annika Berg"]);
    expect(contactsOnly.result.companies).toEqual([]);
    expect(contactsOnly.statements).toHaveLength(1);
    const both = await measure((c) => c.search.records({ query: "ann", objects: ["company", "contact"] }));
    expect(both.result).toEqual(await caller.search.records({ query: "ann" }));
    expect(both.statements).toHaveLength(2);
    await expectTRPCError(caller.search.records({ query: "ann", objects: [] }), "BAD_REQUEST");
    await expectTRPCError(caller.search.records({ query: "ann", objects: ["deal" as "company"] }), "BAD_REQUEST");
  });

  it("finds only the caller's organization's records when asked for one kind, and is FORBIDDEN without a membership", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    await a.caller.companies.create({ name: "Annex Labs" });
    await a.caller.contacts.create({ firstName: "Annika" });
    await b.caller.companies.create({ name: "Annapurna" });
    expect(await b.caller.search.records({ query: "ann", objects: ["company"] })).toEqual({
      contacts: [],
      companies: [{ id: expect.any(String), name: "Annapurna", domain: null, nameMatch: true }],
    });
    expect(await b.caller.search.records({ query: "ann", objects: ["contact"] })).toEqual({
      contacts: [],
      companies: [],
    });
    const stranger = await callerForToken(await signIdToken(newIdentity("stranger")));
    await expectTRPCError(stranger.search.records({ query: "ann", objects: ["company"] }), "FORBIDDEN");
  });

  it("lists names that start with the text first, then other matches newest first, without duplicates", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Aaron", lastName: "Annett" });
    await caller.contacts.create({ firstName: "Annika", lastName: "Berg" });
    await caller.contacts.create({ firstName: "Zed", emails: ["zed@annex.io"] });
    await caller.contacts.create({ firstName: "Ann", lastName: "Lee" });
    const gone = await caller.contacts.create({ firstName: "Annabel" });
    await caller.contacts.delete({ ids: [gone.id] });
    await caller.companies.create({ name: "Annex Labs", domain: "annex.io" });
    await caller.companies.create({ name: "Blue Annapurna" });
    const found = await caller.search.records({ query: "ann" });
    expect(found.contacts.map((c) => c.name)).toEqual(["Ann Lee", "Annika Berg", "Zed", "Aaron Annett"]);
    expect(found.companies.map((c) => c.name)).toEqual(["Annex Labs", "Blue Annapurna"]);
    expect((await caller.search.records({ query: "ANN L" })).contacts.map((c) => c.name)).toEqual(["Ann Lee"]);
    expect((await caller.search.records({ query: "ann", limit: 2 })).contacts.map((c) => c.name)).toEqual([
      "Ann Lee",
      "Annika Berg",
    ]);
    expect((await caller.search.records({ query: "annex" })).contacts.map((c) => c.name)).toEqual(["Zed"]);
  });

  it("says which hits matched by their own name, and each contact's company", async () => {
    const { caller } = await ownerOfNewOrganization();
    const bank = await caller.companies.create({ name: "Acme Bank Inc.", domain: "acmebank.com" });
    await caller.contacts.create({ firstName: "Sam", lastName: "Patel", title: "CFO", companyId: bank.id });
    await caller.contacts.create({ firstName: "Acme", lastName: "Banks" });
    await caller.companies.create({ name: "Blue Acme Bankers" });

    const found = await caller.search.records({ query: "acme bank" });
    expect(found.contacts).toEqual([
      expect.objectContaining({ name: "Acme Banks", company: null, nameMatch: true }),
      expect.objectContaining({ name: "Sam Patel", title: "CFO", company: "Acme Bank Inc.", nameMatch: false }),
    ]);
    expect(found.companies.map(({ name, nameMatch }) => ({ name, nameMatch }))).toEqual([
      { name: "Acme Bank Inc.", nameMatch: true },
      { name: "Blue Acme Bankers", nameMatch: false },
    ]);
  });
});

describe("full-text search keyed on seq, in one rowid range per organization", () => {
  const partitionOf = async (organizationId: string) =>
    (
      await rows<{ partition: number }>(
        "SELECT partition FROM search_partitions WHERE organization_id = ?",
        organizationId,
      )
    )[0]?.partition;
  const ftsRowids = async (seqs: number[]) =>
    (
      await rows<{ rowid: number }>(
        `SELECT rowid FROM contacts_fts WHERE (rowid & 4294967295) IN (${seqs.map(() => "?").join(", ")}) ORDER BY rowid`,
        ...seqs,
      )
    ).map((r) => r.rowid);

  it("keys each FTS row on (partition × 2 + trashed) × 2^32 + contacts.seq, an INTEGER PRIMARY KEY that VACUUM cannot renumber", async () => {
    const columns = await rows<{ name: string; type: string; pk: number }>("PRAGMA table_info(contacts)");
    expect(columns.find((c) => c.pk === 1)).toMatchObject({ name: "seq", type: "INTEGER" });
    const [fts] = await rows<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'contacts_fts'");
    expect(fts.sql).toContain("content_rowid='fts_rowid'");
    expect(fts.sql).not.toContain("organization_id");

    const first = await ownerOfNewOrganization();
    const second = await ownerOfNewOrganization("Later");
    const [p1, p2] = [await partitionOf(first.org.id), await partitionOf(second.org.id)];
    expect(p1).toBeGreaterThan(0);
    expect(p2).toBeGreaterThan(p1!);

    const zed = await first.caller.contacts.create({ firstName: "Zephyrine", emails: ["zeph@example.com"] });
    const [stored] = await rows<{ seq: number }>("SELECT seq FROM contacts WHERE id = ?", zed.id);
    expect(await ftsRowids([stored.seq])).toEqual([p1! * 2 * 2 ** 32 + stored.seq]);
    await first.caller.contacts.delete({ ids: [zed.id] });
    expect(await ftsRowids([stored.seq])).toEqual([(p1! * 2 + 1) * 2 ** 32 + stored.seq]);
    await first.caller.contacts.restore({ id: zed.id });
    expect(await ftsRowids([stored.seq])).toEqual([p1! * 2 * 2 ** 32 + stored.seq]);
    // The neighbouring partition's search does not reach it, live or in the trash.
    expect((await second.caller.contacts.list({ search: "zephyr" })).total).toEqual({ count: 0, exact: true });
    expect((await second.caller.contacts.list({ search: "zephyr", trash: true })).items).toEqual([]);
    expect(ids((await first.caller.contacts.list({ search: "zephyr" })).items)).toEqual([zed.id]);

    // A forged best-match cursor (its seq is the client's) stays inside the caller's range.
    const theirs = await second.caller.contacts.create({ firstName: "Zephyrine", lastName: "Other" });
    const [theirSeq] = await rows<{ seq: number }>("SELECT seq FROM contacts WHERE id = ?", theirs.id);
    for (const below of [2 ** 40, (p2! - p1!) * 2 * 2 ** 32 + theirSeq.seq + 1, theirSeq.seq + 1])
      expect(
        (await first.caller.contacts.list({ search: "other", cursor: encodeCursor({ v: [1, below], id: "con_x" }) }))
          .items,
      ).toEqual([]);
  });

  it("keeps the index whole when an organization is deleted, and never gives its number to another", async () => {
    const doomed = await ownerOfNewOrganization("Doomed");
    const kept = await doomed.caller.contacts.create({ firstName: "Xanthe" });
    const binned = await doomed.caller.contacts.create({ firstName: "Xavier" });
    await doomed.caller.contacts.delete({ ids: [binned.id] });
    await doomed.caller.companies.create({ name: "Xylo Works", domain: "xylo.io" });
    const seqs = (await rows<{ seq: number }>("SELECT seq FROM contacts WHERE id IN (?, ?)", kept.id, binned.id)).map(
      (r) => r.seq,
    );
    expect(await ftsRowids(seqs)).toHaveLength(2);
    const number = await partitionOf(doomed.org.id);

    // Its records' delete triggers run as the deletion cascades, after the organization row is gone.
    await env.DB.prepare("DELETE FROM organizations WHERE id = ?").bind(doomed.org.id).run();
    expect(await rows("SELECT id FROM contacts WHERE organization_id = ?", doomed.org.id)).toEqual([]);
    expect(await ftsRowids(seqs)).toEqual([]);
    await env.DB.prepare("INSERT INTO contacts_fts(contacts_fts, rank) VALUES ('integrity-check', 1)").run();
    await env.DB.prepare("INSERT INTO companies_fts(companies_fts, rank) VALUES ('integrity-check', 1)").run();

    const next = await ownerOfNewOrganization("Next");
    expect(await partitionOf(next.org.id)).toBeGreaterThan(number!);
    await next.caller.contacts.create({ firstName: "Xena" });
    expect((await next.caller.contacts.list({ search: "x" })).items.map((c) => c.firstName)).toEqual(["Xena"]);
  });

  it("stays consistent with contacts and companies through creates, renames, deletes, restores and purges", async () => {
    const { caller } = await ownerOfNewOrganization();
    const yara = await caller.contacts.create({ firstName: "Yarael", title: "Pilot" });
    const other = await caller.contacts.create({ firstName: "Quinlan" });
    const company = await caller.companies.create({ name: "Yonder Ltd", domain: "yonder.io" });
    await caller.contacts.update({ id: yara.id, version: 1, patch: { lastName: "Poof" } });
    await caller.contacts.delete({ ids: [other.id] });
    const search = async (text: string, trash = false) =>
      (await caller.contacts.list({ search: text, trash })).items.map((c) => c.id);
    expect(await search("poof")).toEqual([yara.id]);
    expect(await search("quin")).toEqual([]);
    expect(await search("quin", true)).toEqual([other.id]);
    expect((await caller.contacts.list({ search: "quin", trash: true })).total).toEqual({ count: 1, exact: true });
    await caller.contacts.restore({ id: other.id });
    expect(await search("quin")).toEqual([other.id]);
    expect(await search("quin", true)).toEqual([]);
    await caller.companies.delete({ ids: [company.id] });
    expect((await caller.companies.list({ search: "yonder", trash: true })).items.map((c) => c.id)).toEqual([
      company.id,
    ]);
    // A hard delete (as an organization's deletion cascades) leaves no FTS row behind.
    await env.DB.prepare("DELETE FROM contacts WHERE id = ?").bind(yara.id).run();
    expect(await search("poof")).toEqual([]);
    // FTS5's own check compares the index with its content (rank 1: against the content view).
    await env.DB.prepare("INSERT INTO contacts_fts(contacts_fts, rank) VALUES ('integrity-check', 1)").run();
    await env.DB.prepare("INSERT INTO companies_fts(companies_fts, rank) VALUES ('integrity-check', 1)").run();
  });

  it("finds contacts by their company's name, which follows the company through renames, the trash, merges and imports", async () => {
    const { caller } = await ownerOfNewOrganization();
    const integrity = () =>
      env.DB.prepare("INSERT INTO contacts_fts(contacts_fts, rank) VALUES ('integrity-check', 1)").run();
    const search = async (text: string, trash = false) =>
      ids((await caller.contacts.list({ search: text, trash })).items).sort();
    const acme = await caller.companies.create({ name: "Acme Robotics", domain: "acme.io" });
    const globex = await caller.companies.create({ name: "Globex", domain: "globex.io" });
    const ann = await caller.contacts.create({ firstName: "Ann", lastName: "Lee", companyId: acme.id });
    const bob = await caller.contacts.create({ firstName: "Bob", companyId: acme.id });
    const cy = await caller.contacts.create({ firstName: "Cy", companyId: globex.id });
    const annAtGlobex = await caller.contacts.create({ firstName: "Ann", lastName: "Gray", companyId: globex.id });
    expect(await search("acme")).toEqual([ann.id, bob.id].sort());
    expect(await search("robot")).toEqual([ann.id, bob.id].sort());
    // Words may come from the person and from the company: Ann at Acme, not Ann at Globex.
    expect(await search("ann acme")).toEqual([ann.id]);
    expect((await caller.contacts.list({ search: "acme" })).total).toEqual({ count: 2, exact: true });
    await integrity();

    // Moved to another company, renamed with it, and through the trash and back.
    await caller.contacts.update({ id: bob.id, version: 1, patch: { companyId: globex.id, title: "Buyer" } });
    expect(await search("acme")).toEqual([ann.id]);
    expect(await search("globex buyer")).toEqual([bob.id]);
    await caller.companies.update({ id: globex.id, version: 1, patch: { name: "Initech" } });
    expect(await search("globex")).toEqual([]);
    expect(await search("initech")).toEqual([bob.id, cy.id, annAtGlobex.id].sort());
    await caller.contacts.delete({ ids: [cy.id] });
    expect(await search("initech", true)).toEqual([cy.id]);
    await caller.companies.delete({ ids: [acme.id] });
    expect(await search("acme")).toEqual([]);
    await caller.companies.restore({ id: acme.id });
    expect(await search("acme")).toEqual([ann.id]);
    await integrity();

    // A merge moves the merged company's people to the survivor, and they are found by its name.
    const { company: survivor } = await caller.companies.get({ id: acme.id });
    await caller.companies.merge({ survivorId: acme.id, survivorVersion: survivor.version, mergedId: globex.id });
    expect(await search("acme")).toEqual([ann.id, bob.id, annAtGlobex.id].sort());
    expect(await search("initech")).toEqual([]);
    // An import naming a company by name links it, creating it when new.
    await caller.contacts.import({
      rows: [{ firstName: "Dee", company: "Umbrella Corp" }],
      lineNumbers: [2],
    });
    expect((await caller.contacts.list({ search: "umbrella" })).items.map((c) => c.firstName)).toEqual(["Dee"]);
    await integrity();
    // The palette finds them the same way.
    expect((await caller.search.records({ query: "umbrella" })).contacts.map((c) => c.name)).toEqual(["Dee"]);
  });

  it("finds records by one letter, as a search box's first keystroke asks, from a one-letter prefix index", async () => {
    for (const table of ["contacts_fts", "companies_fts"]) {
      const [fts] = await rows<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = ?", table);
      expect(fts.sql).toContain("prefix='1 2 3'");
    }
    const { caller } = await ownerOfNewOrganization();
    const zoe = await caller.contacts.create({ firstName: "Zoë", lastName: "Lee" });
    const zimmer = await caller.contacts.create({ firstName: "Ann", lastName: "Zimmer" });
    const byEmail = await caller.contacts.create({ firstName: "Bob", emails: ["bob@zeta.io"] });
    const byTitle = await caller.contacts.create({ firstName: "Cy", title: "Zookeeper" });
    await caller.contacts.create({ firstName: "Dee", lastName: "Azure", emails: ["dee@example.com"] });
    const binned = await caller.contacts.create({ firstName: "Zed" });
    await caller.contacts.delete({ ids: [binned.id] });
    const zeta = await caller.companies.create({ name: "Zeta Labs", domain: "zeta.io" });
    await caller.companies.create({ name: "Acme", domain: "acme.com" });
    // Another organization's Z-names stay out.
    const other = await ownerOfNewOrganization("Other Z");
    await other.caller.contacts.create({ firstName: "Zara" });

    const page = await caller.contacts.list({ search: "z" });
    expect(ids(page.items).sort()).toEqual([zoe.id, zimmer.id, byEmail.id, byTitle.id].sort());
    expect(page.total).toEqual({ count: 4, exact: true });
    expect(ids((await caller.contacts.list({ search: "Z", trash: true })).items)).toEqual([binned.id]);
    const palette = await caller.search.records({ query: "z" });
    // Names that start with the letter first, then the other matches, newest first.
    expect(palette.contacts.map((c) => c.name)).toEqual(["Zoë Lee", "Cy", "Bob", "Ann Zimmer"]);
    expect(palette.companies.map((c) => c.id)).toEqual([zeta.id]);
    await env.DB.prepare("INSERT INTO contacts_fts(contacts_fts, rank) VALUES ('integrity-check', 1)").run();
    await env.DB.prepare("INSERT INTO companies_fts(companies_fts, rank) VALUES ('integrity-check', 1)").run();
  });
});

describe("sort by a custom property (record_values)", () => {
  type Row = { id: string; firstName: string; properties: Record<string, unknown> };

  /**
   * The reference order: values by SQLite's order (numbers before text), unset last; ties and the
   * unset ones by name (first names here, lower-cased), then id.
   */
  function reference(list: Row[], key: string, direction: "asc" | "desc") {
    const sign = direction === "asc" ? 1 : -1;
    const rank = (v: unknown) => (typeof v === "number" ? 0 : 1);
    const byName = (a: Row, b: Row) => {
      const [x, y] = [a.firstName.toLowerCase(), b.firstName.toLowerCase()];
      return sign * (x !== y ? (x < y ? -1 : 1) : a.id < b.id ? -1 : 1);
    };
    return [...list].sort((a, b) => {
      const x = a.properties[key] ?? null;
      const y = b.properties[key] ?? null;
      if (x === null || y === null) return x !== y ? (x === null ? 1 : -1) : byName(a, b);
      if (rank(x) !== rank(y)) return sign * (rank(x) - rank(y));
      if (x !== y) return sign * ((x as number | string) < (y as number | string) ? -1 : 1);
      return byName(a, b);
    });
  }

  it("walks every live contact once in value order, unset last, both ways, after updates and deletes", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "seats", label: "Seats", type: "number" });
    await defineProperty(org.id, "contact", { key: "plan", label: "Plan", type: "text" });
    const made: Row[] = [];
    for (let i = 0; i < 23; i++) {
      const properties: Record<string, unknown> = {};
      if (i % 4 !== 0) properties.seats = (i * 7) % 5;
      if (i % 3 !== 0) properties.plan = ["pro", "basic", "Team"][i % 3];
      // Names in no order of creation, some shared (those tie on to the id).
      made.push(await caller.contacts.create({ firstName: ["Zed", "ann", "Mo", "Bea", "Ann"][i % 5], properties }));
    }
    // Rename one (its values move among their ties), change a value, clear one, and delete a
    // contact: the values table follows.
    await caller.contacts.update({ id: made[5].id, version: 1, patch: { firstName: "Aaron" } });
    await caller.contacts.update({ id: made[1].id, version: 1, patch: { properties: { seats: 99 } } });
    await caller.contacts.update({ id: made[2].id, version: 1, patch: { properties: { seats: null } } });
    await caller.contacts.delete({ ids: [made[3].id] });
    const live = await rows<{ id: string; first_name: string; properties: string }>(
      "SELECT id, first_name, properties FROM contacts WHERE organization_id = ? AND deleted_at IS NULL",
      org.id,
    );
    const current: Row[] = live.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      properties: JSON.parse(r.properties),
    }));
    expect(current.find((r) => r.id === made[1].id)?.properties.seats).toBe(99);

    for (const key of ["seats", "plan"])
      for (const direction of ["asc", "desc"] as const)
        for (const limit of [1, 4, 50]) {
          const walked = await allPages(
            (input) => caller.contacts.list(input),
            { sort: { field: `prop:${key}`, direction } },
            limit,
          );
          expect(ids(walked), `${key} ${direction} ${limit}`).toEqual(ids(reference(current, key, direction)));
        }

    // With a filter, and in the trash.
    const filtered = await caller.contacts.list({
      sort: { field: "prop:seats", direction: "asc" },
      filter: { combinator: "and", conditions: [{ field: "prop:plan", operator: "eq", value: "pro" }] },
    });
    const pro = current.filter((r) => r.properties.plan === "pro");
    expect(ids(filtered.items)).toEqual(ids(reference(pro, "seats", "asc")));
    expect(filtered.total).toEqual({ count: pro.length, exact: true });
    const trash = await caller.contacts.list({ sort: { field: "prop:seats", direction: "asc" }, trash: true });
    expect(ids(trash.items)).toEqual([made[3].id]);
  }, 30_000);

  it("is BAD_REQUEST for a property the organization has not defined", async () => {
    const { caller } = await ownerOfNewOrganization();
    await expectTRPCError(
      caller.contacts.list({ sort: { field: "prop:nothing", direction: "asc" } }),
      "BAD_REQUEST",
      /no field "prop:nothing"/,
    );
  });

  it("reads one index range in record_values, not every record's JSON", async () => {
    const plan = await rows<{ detail: string }>(
      `EXPLAIN QUERY PLAN SELECT record_id FROM record_values WHERE organization_id = 'o' AND object = 'contact'
       AND key = 'tier' AND deleted_at IS NULL ORDER BY value, sort_name, record_id LIMIT 51`,
    );
    expect(plan.map((p) => p.detail).join("\n")).toMatch(/USING COVERING INDEX record_values_sort_idx/);
    expect(plan.map((p) => p.detail).join("\n")).not.toMatch(/TEMP B-TREE/);
  });
});

describe("counts", () => {
  it("are exact up to 1,000 matches for a filter or search, then say 1,000+; the whole list is always exact", async () => {
    const { caller } = await ownerOfNewOrganization();
    await importContacts(caller, 1_100, (i) => ({
      firstName: `Nell${i}`,
      leadStatus: i < 1_000 ? "qualified" : "new",
    }));
    const qualified = { field: "leadStatus", operator: "eq", value: "qualified" } as const;
    const total = async (input: RecordListInput) => (await caller.contacts.list(input)).total;
    expect(await total({})).toEqual({ count: 1_100, exact: true });
    expect(await total({ filter: { combinator: "and", conditions: [qualified] } })).toEqual({
      count: 1_000,
      exact: true,
    });
    expect(await total({ filter: { combinator: "and", conditions: [{ ...qualified, operator: "neq" }] } })).toEqual({
      count: 100,
      exact: true,
    });
    expect(await total({ search: "nell" })).toEqual({ count: 1_000, exact: false });
    expect(await total({ search: "nell", filter: { combinator: "and", conditions: [qualified] } })).toEqual({
      count: 1_000,
      exact: true,
    });
    expect(
      await total({ filter: { combinator: "or", conditions: [qualified, { ...qualified, value: "new" }] } }),
    ).toEqual({ count: 1_000, exact: false });
  }, 30_000);
});

describe("bound parameters", () => {
  it("binds each value once, within D1's 100 parameters, for the heaviest filters a list accepts", async () => {
    const { identity, caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "tier", label: "Tier", type: "text" });
    const tagged = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    // Ann carries ten tags, Anna nine of them, Bob none: ten tag conditions and ten score
    // conditions (the twenty a filter may hold), each with its own value.
    const ann = await caller.contacts.create({
      firstName: "Ann",
      tags: tagged(10),
      leadScore: 50,
      properties: { tier: "b" },
    });
    const anna = await caller.contacts.create({
      firstName: "Anna",
      tags: tagged(9),
      leadScore: 50,
      properties: { tier: "a" },
    });
    const bob = await caller.contacts.create({ firstName: "Bob", leadScore: 50 });
    const conditions: RecordFilter["conditions"] = [
      ...tagged(10).map((tag) => ({ field: "tags", operator: "contains" as const, value: tag })),
      ...Array.from({ length: 10 }, (_, i) => ({ field: "leadScore", operator: "gt" as const, value: i })),
    ];
    const all = { combinator: "and", conditions } as const;
    const any = { combinator: "or", conditions } as const;
    const measure = await countedCaller(identity);
    const cases: [RecordListInput, string[]][] = [
      [{ filter: all }, [ann.id]],
      [{ filter: all, search: "ann" }, [ann.id]],
      [{ filter: all, sort: { field: "prop:tier", direction: "desc" } }, [ann.id]],
      [{ filter: any, sort: { field: "prop:tier", direction: "asc" } }, [anna.id, ann.id, bob.id]],
      [{ filter: any, search: "an" }, [ann.id, anna.id]],
      [{ filter: all, trash: true }, []],
    ];
    for (const [input, expected] of cases) {
      const label = JSON.stringify({ ...input, filter: input.filter?.combinator });
      const { result, bound } = await measure((c) => c.contacts.list(input));
      expect(
        result.items.map((c) => c.id),
        label,
      ).toEqual(expected);
      expect(bound.length, label).toBeGreaterThan(0);
      for (const { values } of bound) {
        expect(values.length, label).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
        expect(new Set(values).size, `${label}: each value bound once`).toBe(values.length);
      }
    }
    // The same values bound anonymously, once per place, were 113 for ten tag conditions alone.
    const tagsOnly = await measure((c) =>
      c.contacts.list({ filter: { combinator: "and", conditions: conditions.slice(0, 10) } }),
    );
    expect(tagsOnly.bound[0].values.filter((v) => v === identity.uid)).toHaveLength(1);
  });
});

describe("GET /health/db", () => {
  it("answers {ok: true} after a round trip to D1", async () => {
    const response = await SELF.fetch("http://crm.test/health/db");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe("serializeResponse (the tRPC transformer's output side)", () => {
  it("writes exactly what superjson writes, for plain data and for everything it hands to superjson", () => {
    const shared = { a: 1 };
    const values: unknown[] = [
      null,
      "text",
      0,
      true,
      new Date(0),
      [new Date(1), "x"],
      { items: [{ id: "con_1", createdAt: new Date(2), tags: ["a"], properties: { tier: "gold" }, gone: null }] },
      { total: { count: 3, exact: true }, nextCursor: null },
      undefined,
      { missing: undefined },
      { "dotted.key": new Date(3) },
      { n: Number.NaN, m: -0 },
      { map: new Map([["k", 1]]), set: new Set([1]) },
      { x: shared, y: shared },
      { bad: new Date(Number.NaN) },
      { big: 10n },
    ];
    for (const value of values)
      expect(JSON.stringify(serializeResponse(value)), String(JSON.stringify(superjson.serialize(value)))).toBe(
        JSON.stringify(superjson.serialize(value)),
      );
  });

  it("sends a list page packed, and the client gets back exactly the records the procedure returned", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({
      firstName: "Ann",
      emails: ["ann@acme.com"],
      tags: ["vip", "ünï"],
      properties: {},
      title: 'Says "hi"',
    });
    await caller.contacts.create({ firstName: "Bob" });
    await caller.contacts.delete({ ids: [ann.id] });
    for (const input of [{}, { trash: true }, { limit: 1 }, { search: "bob" }]) {
      const page = await caller.contacts.list(input);
      expect(page.items.length).toBeGreaterThan(0);
      const wire = JSON.stringify(serializeResponse(page));
      const back = deserializeResponse(JSON.parse(wire)) as typeof page;
      expect(back).toEqual({ ...page });
      expect(back.items[0].createdAt).toBeInstanceOf(Date);
      // The names travel once, not once a row.
      const plain = JSON.stringify(superjson.serialize({ ...page }));
      expect(wire.length).toBeLessThan(plain.length);
      expect(wire.split('"firstName"').length - 1).toBe(1);
    }
    const binned = (await caller.contacts.list({ trash: true })).items[0];
    expect(binned.deletedAt).toBeInstanceOf(Date);
  });

  it("reads unpacked responses (errors, other procedures) as superjson does", () => {
    for (const value of [{ a: new Date(5), b: [1, "x"] }, null, { total: { count: 3, exact: true }, nextCursor: null }])
      expect(deserializeResponse(JSON.parse(JSON.stringify(serializeResponse(value))))).toEqual(value);
  });
});

describe("list rows packed", () => {
  it("reads each contact's primary email as stored, whether or not it is the first of its emails", async () => {
    const { caller } = await ownerOfNewOrganization();
    const first = await caller.contacts.create({ firstName: "Ann", emails: ["ann@x.com", "ann@y.com"] });
    const other = await caller.contacts.create({ firstName: "Bob", emails: ["bob@x.com"] });
    const none = await caller.contacts.create({ firstName: "Cy" });
    const numeric = await caller.contacts.create({ firstName: "Di", emails: ["di@x.com"] });
    // Rows written outside the app: a primary email that is not the first email, and one without emails.
    await env.DB.prepare("UPDATE contacts SET primary_email = 'bob@elsewhere.com' WHERE id = ?").bind(other.id).run();
    await env.DB.prepare("UPDATE contacts SET emails = '[5]', primary_email = '5' WHERE id = ?").bind(numeric.id).run();
    const expected = {
      [first.id]: { primaryEmail: "ann@x.com", emails: ["ann@x.com", "ann@y.com"] },
      [other.id]: { primaryEmail: "bob@elsewhere.com", emails: ["bob@x.com"] },
      [none.id]: { primaryEmail: null, emails: [] },
      [numeric.id]: { primaryEmail: "5", emails: [5] },
    };
    for (const input of [{}, { search: "x" }, { sort: { field: "createdAt", direction: "desc" } }] as const) {
      const page = await caller.contacts.list(input);
      for (const contact of page.items)
        expect({ primaryEmail: contact.primaryEmail, emails: contact.emails }, JSON.stringify(input)).toEqual(
          expected[contact.id],
        );
      // Over the wire too (the packed rows the web reads), where a primary email that is the first
      // email travels once.
      const wire = JSON.stringify(serializeResponse(page));
      const back = deserializeResponse(JSON.parse(wire)) as typeof page;
      expect(back.items).toEqual(page.items);
      if (page.items.some((contact) => contact.id === first.id)) expect(wire.split("ann@x.com").length - 1).toBe(1);
      if (page.items.some((contact) => contact.id === other.id)) expect(wire).toContain("bob@elsewhere.com");
    }
    expect((await caller.contacts.get({ id: other.id })).contact.primaryEmail).toBe("bob@elsewhere.com");
  });
});

describe("list fields", () => {
  it("sends only the fields asked for, with id and version, in every way a page is read", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "tier", label: "Tier", type: "text" });
    const acme = await caller.companies.create({ name: "Acme" });
    const ann = await caller.contacts.create({
      firstName: "Ann",
      emails: ["ann@acme.com", "ann@home.net"],
      phones: ["+1 555 0100"],
      linkedinUrl: "https://www.linkedin.com/in/ann",
      companyId: acme.id,
      properties: { tier: "gold" },
    });
    await caller.contacts.create({ firstName: "Bob", emails: ["bob@acme.com"], properties: { tier: "silver" } });
    const fields = ["firstName", "primaryEmail", "emails", "companyName"];
    const inputs: RecordListInput[] = [
      { fields },
      { fields, sort: { field: "prop:tier", direction: "asc" } },
      { fields, search: "ann" },
      { fields, filter: { combinator: "and", conditions: [{ field: "firstName", operator: "eq", value: "Ann" }] } },
      { fields, limit: 1 },
    ];
    for (const input of inputs) {
      const page = await caller.contacts.list(input);
      const row = page.items.find((item) => item.id === ann.id)!;
      expect(row, JSON.stringify(input)).toEqual({
        id: ann.id,
        version: ann.version,
        firstName: "Ann",
        primaryEmail: "ann@acme.com",
        emails: ["ann@acme.com", "ann@home.net"],
        companyName: "Acme",
      });
      // The wire carries no more than that: no LinkedIn URL, no phone.
      const wire = JSON.stringify(serializeResponse(page));
      expect(wire).not.toContain("linkedin.com");
      expect(wire).not.toContain("555 0100");
      expect((deserializeResponse(JSON.parse(wire)) as typeof page).items).toEqual(page.items);
    }
    // The next page of a projected list goes on where the first stopped.
    const first = await caller.contacts.list({ fields: ["firstName"], limit: 1 });
    const next = await caller.contacts.list({ fields: ["firstName"], limit: 1, cursor: first.nextCursor! });
    expect([...first.items, ...next.items].map((c) => c.firstName)).toEqual(["Ann", "Bob"]);
    // A primary email asked for without the emails travels whole.
    const alone = await caller.contacts.list({ fields: ["primaryEmail"], search: "ann" });
    expect(alone.items).toEqual([{ id: ann.id, version: ann.version, primaryEmail: "ann@acme.com" }]);
    // Without `fields`, every field, as before.
    expect((await caller.contacts.list({ search: "ann" })).items[0]).toMatchObject({
      linkedinUrl: "https://www.linkedin.com/in/ann",
      phones: ["+1 555 0100"],
      properties: { tier: "gold" },
    });
  });

  it("says which field does not exist, for contacts and companies alike", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.companies.create({ name: "Acme" });
    await expectTRPCError(
      caller.contacts.list({ fields: ["firstName", "salary"] }),
      "BAD_REQUEST",
      'There is no field "salary" to list.',
    );
    // Server-only columns are not fields either.
    await expectTRPCError(caller.companies.list({ fields: ["organizationId"] }), "BAD_REQUEST", /organizationId/);
    await expectTRPCError(caller.companies.list({ fields: ["na-me"] }), "BAD_REQUEST", /A field name is letters only/);
    expect((await caller.companies.list({ fields: ["domain"] })).items).toEqual([
      expect.objectContaining({ domain: null }),
    ]);
  });

  it("keeps another organization's records out of a projected list", async () => {
    const mine = await ownerOfNewOrganization();
    const theirs = await ownerOfNewOrganization();
    await theirs.caller.contacts.create({ firstName: "Zed", emails: ["zed@other.org"] });
    await mine.caller.contacts.create({ firstName: "Ann" });
    const page = await mine.caller.contacts.list({ fields: ["firstName", "emails"], search: "zed" });
    expect(page.items).toEqual([]);
    expect((await mine.caller.contacts.list({ fields: ["firstName"] })).items.map((c) => c.firstName)).toEqual(["Ann"]);
  });
});
