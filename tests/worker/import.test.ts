import { describe, expect, it } from "vitest";
import { countedCaller, planOf, WALKS_THE_ORGANIZATION } from "./counting-database";
import { expectTRPCError, httpClientFor, ownerOfNewOrganization, rows, seedMember } from "./helpers";
import { contactImport, importRecords } from "../../worker/src/domain/records/import-records";
import { allPages, defineProperty, ids, newRecordIds, racingDatabase } from "./records-helpers";

let named = 0;
/** A member of `organizationId` called `name`, with an address of their own at `domain`. */
async function memberNamed(organizationId: string, name: string, domain = "team.example") {
  const uid = `${name.split(" ")[0].toLowerCase()}-${Date.now().toString(36)}-${++named}`;
  return (await seedMember(organizationId, "member", { uid, email: `${uid}@${domain}`, name })).identity;
}

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];

/** Line numbers as the web sends them: the header is line 1, so rows start at 2. */
const lines = (count: number, start = 2) => Array.from({ length: count }, (_, i) => start + i);

const allContacts = (caller: Caller) => allPages((input) => caller.contacts.list(input), {}, 200);
const allCompanies = (caller: Caller) => allPages((input) => caller.companies.list(input), {}, 200);
const contactTotal = async (caller: Caller) => (await caller.contacts.list({})).total?.count;
const companyTotal = async (caller: Caller) => (await caller.companies.list({})).total?.count;
const byEmail = async (caller: Caller, email: string) =>
  (
    await caller.contacts.list({
      filter: { combinator: "and", conditions: [{ field: "email", operator: "eq", value: email }] },
    })
  ).items;

describe("contacts.import", () => {
  it("creates the rows of a batch, each with a 'created' activity, and counts them", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const result = await caller.contacts.import({
      rows: [
        { firstName: "Ann", lastName: "Lee", emails: [" Ann@Acme.COM "], title: "CEO", tags: ["vip"] },
        { firstName: "Bob", phones: ["+1 555 0100"], leadStatus: "qualified", leadScore: 40 },
        { emails: ["cy@example.com"] },
      ],
      lineNumbers: lines(3),
    });
    expect(result).toEqual({ created: 3, createdIds: newRecordIds(3), updated: 0, skipped: 0, failed: [] });
    const contacts = await allContacts(caller);
    // The ids it answers are the contacts it created.
    expect([...result.createdIds].sort()).toEqual(ids(contacts).sort());
    const stored = await Promise.all(contacts.map(async (c) => (await caller.contacts.get({ id: c.id })).contact));
    expect(stored.map((c) => c.sortName).sort()).toEqual(["ann lee", "bob", "cy@example.com"]);
    const ann = contacts.find((c) => c.firstName === "Ann")!;
    expect(ann).toMatchObject({ emails: ["ann@acme.com"], primaryEmail: "ann@acme.com", title: "CEO", version: 1 });
    for (const contact of contacts) {
      const { timeline } = await caller.contacts.get({ id: contact.id });
      expect(timeline).toEqual([expect.objectContaining({ kind: "created", actorId: identity.uid })]);
    }
    expect(await contactTotal(caller)).toBe(3);
    // Imported contacts are searchable at once.
    expect(ids((await caller.contacts.list({ search: "ann" })).items)).toEqual([ann.id]);
  });

  it("reports invalid rows by line with a readable message and imports the valid ones", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", {
      key: "tier",
      label: "Tier",
      type: "select",
      options: ["gold", "silver"],
    });
    await defineProperty(org.id, "contact", { key: "seats", label: "Seats", type: "number" });
    const result = await caller.contacts.import({
      rows: [
        { firstName: "Ann", properties: { tier: "gold", seats: 3 } },
        { firstName: "Bad", emails: ["not-an-email"] },
        {},
        { firstName: "Cy", leadStatus: "hot" },
        { firstName: "Di", properties: { tier: "bronze" } },
        { firstName: "Ed", properties: { seats: Number("twelve") } },
        { firstName: "Flo", properties: { colour: "red" } },
        { firstName: "Gus", linkedinUrl: "linkedin" },
        { firstName: "Hal", leadScore: 5, linkedinUrl: "linkedin.com/in/hal" },
        { firstName: "Ida", leadScore: "high" },
      ],
      lineNumbers: lines(10, 102),
    });
    expect(result.created).toBe(2);
    expect(result.failed).toEqual([
      { line: 103, message: "Email: Enter a valid email address." },
      { line: 104, message: "Give the contact a name or an email address." },
      { line: 105, message: "Lead status must be one of: new, contacted, qualified, unqualified, customer." },
      { line: 106, message: "Tier must be one of: gold, silver." },
      { line: 107, message: "Seats must be a number." },
      { line: 108, message: 'There is no property "colour" on contacts.' },
      { line: 109, message: "LinkedIn URL: Enter a web address, like https://example.com" },
      { line: 111, message: "Lead score must be a number." },
    ]);
    const contacts = await allContacts(caller);
    expect(contacts.map((c) => c.firstName).sort()).toEqual(["Ann", "Hal"]);
    expect(contacts.find((c) => c.firstName === "Ann")?.properties).toEqual({ tier: "gold", seats: 3 });
    // As exports from other tools write it, without a scheme: stored as the https address it is.
    expect(contacts.find((c) => c.firstName === "Hal")?.linkedinUrl).toBe("https://linkedin.com/in/hal");
    expect(await contactTotal(caller)).toBe(2);
  });

  it("fails a row missing a required property", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "region", label: "Region", type: "text", required: true });
    const result = await caller.contacts.import({
      rows: [{ firstName: "Ann", properties: { region: "EMEA" } }, { firstName: "Bob" }],
      lineNumbers: lines(2),
    });
    expect(result).toEqual({
      created: 1,
      createdIds: newRecordIds(1),
      updated: 0,
      skipped: 0,
      failed: [{ line: 3, message: "Region must be filled in." }],
    });
  });

  it("names the first required property a row leaves empty as the settings order them, whatever their age", async () => {
    const { caller } = await ownerOfNewOrganization();
    const region = await caller.properties.create({
      object: "contact",
      key: "region",
      label: "Region",
      type: "text",
      required: true,
    });
    const plan = await caller.properties.create({
      object: "contact",
      key: "plan",
      label: "Plan",
      type: "text",
      required: true,
    });
    const fails = async () =>
      (await caller.contacts.import({ rows: [{ firstName: "Bob" }], lineNumbers: [2] })).failed.map((f) => f.message);
    expect(await fails()).toEqual(["Region must be filled in."]);
    await caller.properties.reorder({ object: "contact", ids: [plan.id, region.id] });
    expect(await fails()).toEqual(["Plan must be filled in."]);
  });

  it("skips a row whose email (normalised) a contact already has, by default", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    const result = await caller.contacts.import({
      rows: [{ firstName: "Annie", title: "CEO", emails: ["  ANN@acme.com"] }, { firstName: "Bob" }],
      lineNumbers: lines(2),
    });
    expect(result).toEqual({ created: 1, createdIds: newRecordIds(1), updated: 0, skipped: 1, failed: [] });
    expect((await caller.contacts.get({ id: ann.id })).contact).toMatchObject({
      firstName: "Ann",
      title: null,
      version: 1,
    });
    expect(await byEmail(caller, "ann@acme.com")).toHaveLength(1);
  });

  it("with update, fills in the existing contact without blanking what the row leaves empty", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    await defineProperty(org.id, "contact", { key: "seats", label: "Seats", type: "number" });
    await defineProperty(org.id, "contact", { key: "tier", label: "Tier", type: "text" });
    const ann = await caller.contacts.create({
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@acme.com", "ann@home.net"],
      title: "CTO",
      tags: ["vip"],
      properties: { tier: "gold" },
    });
    const result = await caller.contacts.import({
      rows: [
        {
          firstName: "Annie",
          emails: ["ANN@acme.com"],
          title: "CEO",
          tags: ["VIP", "founder"],
          properties: { seats: 4 },
        },
        { lastName: "", emails: ["ann@acme.com"], title: "CEO" },
      ],
      lineNumbers: lines(2),
      onDuplicate: "update",
    });
    expect(result).toEqual({ created: 0, createdIds: newRecordIds(0), updated: 1, skipped: 1, failed: [] });
    const { contact, timeline } = await caller.contacts.get({ id: ann.id });
    expect(contact).toMatchObject({
      firstName: "Annie",
      lastName: "Lee",
      sortName: "annie lee",
      emails: ["ann@acme.com", "ann@home.net"],
      primaryEmail: "ann@acme.com",
      title: "CEO",
      tags: ["vip", "founder"],
      properties: { tier: "gold", seats: 4 },
      version: 2,
    });
    expect(timeline[0]).toMatchObject({
      kind: "updated",
      actorId: identity.uid,
      changes: { firstName: ["Ann", "Annie"], title: ["CTO", "CEO"] },
    });
    expect(timeline[0]?.changes).not.toHaveProperty("sortName");
    expect(await contactTotal(caller)).toBe(1);
  });

  it("knows a contact by any of its emails: a row with its other address is skipped or fills it in, once", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com", "ann@home.net"] });
    // Bob's own address is also on Ann's list: a row with it is Bob's.
    const bob = await caller.contacts.create({ firstName: "Bob", emails: ["bob@acme.com"] });
    await caller.contacts.update({
      id: ann.id,
      version: 1,
      patch: { emails: ["ann@acme.com", "ann@home.net", "bob@acme.com"] },
    });
    const rowsFor = (title: string) => [
      { firstName: "Ann", emails: ["ANN@home.net"], title },
      { firstName: "Bob", emails: ["bob@acme.com"], title },
    ];
    expect(await caller.contacts.import({ rows: rowsFor("CEO"), lineNumbers: lines(2) })).toEqual({
      created: 0,
      createdIds: newRecordIds(0),
      updated: 0,
      skipped: 2,
      failed: [],
    });

    // Two rows with two of Ann's addresses: one update of Ann, both rows counted.
    const result = await caller.contacts.import({
      rows: [...rowsFor("CEO"), { emails: ["ann@acme.com"], phones: ["+1 555 0100"] }],
      lineNumbers: lines(3),
      onDuplicate: "update",
    });
    expect(result).toEqual({ created: 0, createdIds: newRecordIds(0), updated: 3, skipped: 0, failed: [] });
    expect((await caller.contacts.get({ id: ann.id })).contact).toMatchObject({
      emails: ["ann@acme.com", "ann@home.net", "bob@acme.com"],
      title: "CEO",
      phones: ["+1 555 0100"],
      version: 3,
    });
    expect((await caller.contacts.get({ id: bob.id })).contact).toMatchObject({ title: "CEO", version: 2 });
    expect(await contactTotal(caller)).toBe(2);
    expect(
      await rows(
        "SELECT kind FROM activities WHERE organization_id = ? AND record_id = ? AND kind = 'updated'",
        org.id,
        ann.id,
      ),
    ).toHaveLength(2);
  });

  it("looks a batch's emails up one by one, through indexes, never reading every contact of the organization", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    for (let i = 0; i < 30; i++) await caller.contacts.create({ firstName: `P${i}`, emails: [`p${i}@x.org`] });
    const measure = await countedCaller(identity);
    const { bound, result } = await measure((c) =>
      c.contacts.import({
        rows: [{ emails: ["p1@x.org"], title: "CEO" }, { emails: ["new@x.org"] }],
        lineNumbers: lines(2),
        onDuplicate: "update",
      }),
    );
    expect(result).toEqual({ created: 1, createdIds: newRecordIds(1), updated: 1, skipped: 0, failed: [] });
    const lookup = bound.find((statement) => statement.sql.includes("AS k"));
    const plan = await planOf(lookup!);
    expect(plan).toMatch(/SEARCH contact_emails USING PRIMARY KEY \(organization_id=\? AND email=\?\)/);
    expect(plan).toMatch(/SEARCH contacts USING INDEX contacts_id_uq \(id=\?\)/);
    for (const statement of bound) expect(await planOf(statement), statement.sql).not.toMatch(WALKS_THE_ORGANIZATION);
  });

  it("does not count an update that changes nothing", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    const result = await caller.contacts.import({
      rows: [{ firstName: "Ann", emails: ["ann@acme.com"] }],
      lineNumbers: lines(1),
      onDuplicate: "update",
    });
    expect(result).toEqual({ created: 0, createdIds: newRecordIds(0), updated: 0, skipped: 1, failed: [] });
    expect((await caller.contacts.get({ id: ann.id })).contact.version).toBe(1);
  });

  it("treats a repeated email inside one batch like one already stored", async () => {
    const skip = await ownerOfNewOrganization();
    expect(
      await skip.caller.contacts.import({
        rows: [
          { firstName: "Ann", emails: ["ann@acme.com"] },
          { firstName: "Annie", title: "CEO", emails: ["Ann@Acme.com"] },
        ],
        lineNumbers: lines(2),
      }),
    ).toEqual({ created: 1, createdIds: newRecordIds(1), updated: 0, skipped: 1, failed: [] });
    expect((await byEmail(skip.caller, "ann@acme.com")).map((c) => [c.firstName, c.title])).toEqual([["Ann", null]]);

    const update = await ownerOfNewOrganization();
    expect(
      await update.caller.contacts.import({
        rows: [
          { firstName: "Ann", emails: ["ann@acme.com"] },
          { firstName: "Annie", title: "CEO", emails: ["Ann@Acme.com"] },
        ],
        lineNumbers: lines(2),
        onDuplicate: "update",
      }),
    ).toEqual({ created: 1, createdIds: newRecordIds(1), updated: 1, skipped: 0, failed: [] });
    const [annie] = await byEmail(update.caller, "ann@acme.com");
    expect(annie).toMatchObject({ firstName: "Annie", title: "CEO", version: 1 });
    expect((await update.caller.contacts.get({ id: annie!.id })).timeline.map((a) => a.kind)).toEqual(["created"]);
    expect(await contactTotal(update.caller)).toBe(1);
  });

  it("creates every contact without an email (nothing to match them on)", async () => {
    const { caller } = await ownerOfNewOrganization();
    const result = await caller.contacts.import({
      rows: [{ firstName: "Ann" }, { firstName: "Ann" }],
      lineNumbers: lines(2),
      onDuplicate: "update",
    });
    expect(result.created).toBe(2);
  });

  it("links a company of the organization by id and fails a row naming another organization's", async () => {
    const { caller } = await ownerOfNewOrganization();
    const other = await ownerOfNewOrganization("Other");
    const acme = await caller.companies.create({ name: "Acme" });
    const initech = await other.caller.companies.create({ name: "Initech" });
    const result = await caller.contacts.import({
      rows: [
        { firstName: "Ann", companyId: acme.id },
        { firstName: "Eve", companyId: initech.id },
      ],
      lineNumbers: lines(2),
    });
    expect(result).toEqual({
      created: 1,
      createdIds: newRecordIds(1),
      updated: 0,
      skipped: 0,
      failed: [{ line: 3, message: "Company: that company does not exist or was deleted." }],
    });
    expect((await caller.companies.get({ id: acme.id })).contacts.map((c) => c.firstName)).toEqual(["Ann"]);
    expect((await other.caller.companies.get({ id: initech.id })).contacts).toEqual([]);
  });

  it("links each row to the company its company cell names, by domain or name, creating a missing one once", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const initech = await caller.companies.create({ name: "Initech" });
    const elan = await caller.companies.create({ name: "Élan" });
    const result = await caller.contacts.import({
      rows: [
        { firstName: "Flo", company: "Élan" },
        { firstName: "Ann", company: "https://www.ACME.com" },
        { firstName: "Bob", company: "initech" },
        { firstName: "Cy", company: "Globex" },
        { firstName: "Di", company: "GLOBEX" },
        { firstName: "Ed", company: "hooli.xyz" },
      ],
      lineNumbers: lines(6),
    });
    expect(result).toEqual({ created: 6, createdIds: newRecordIds(6), updated: 0, skipped: 0, failed: [] });
    expect((await caller.companies.get({ id: elan.id })).contacts.map((c) => c.firstName)).toEqual(["Flo"]);
    expect((await caller.companies.get({ id: acme.id })).contacts.map((c) => c.firstName)).toEqual(["Ann"]);
    expect((await caller.companies.get({ id: initech.id })).contacts.map((c) => c.firstName)).toEqual(["Bob"]);
    const companies = await allCompanies(caller);
    expect(companies.map((c) => [c.name, c.domain])).toEqual([
      ["Acme", "acme.com"],
      ["Globex", null],
      ["hooli.xyz", "hooli.xyz"],
      ["Initech", null],
      ["Élan", null],
    ]);
    const globex = companies.find((c) => c.name === "Globex")!;
    const globexPage = await caller.companies.get({ id: globex.id });
    expect(globexPage.contacts.map((c) => c.firstName)).toEqual(["Cy", "Di"]);
    expect(globexPage.timeline.map((a) => a.kind)).toEqual(["created"]);
    expect(await companyTotal(caller)).toBe(5);
  });

  it("links a cell naming a company whatever its legal form, unless two companies look like it", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const acmeLabs = await caller.companies.create({ name: "Acme Labs, Inc." });
    await caller.companies.create({ name: "Initech Inc" });
    await caller.companies.create({ name: "Initech LLC" });
    const result = await caller.contacts.import({
      rows: [
        { firstName: "Ann", company: "Acme, Inc." },
        { firstName: "Bob", company: "ACME Corp" },
        { firstName: "Cy", company: "acme labs" },
        { firstName: "Di", company: "Initech Ltd" },
        // A company with the very name is that one, though another looks like it.
        { firstName: "Ed", company: "Initech Inc" },
      ],
      lineNumbers: lines(5),
    });
    expect(result).toEqual({
      created: 4,
      createdIds: newRecordIds(4),
      updated: 0,
      skipped: 0,
      failed: [
        {
          line: 5,
          message:
            "Company: several companies have a name like “Initech Ltd” (Initech Inc, Initech LLC); put the domain of the " +
            "one you mean in this cell instead.",
        },
      ],
    });
    expect((await caller.companies.get({ id: acme.id })).contacts.map((c) => c.firstName)).toEqual(["Ann", "Bob"]);
    expect((await caller.companies.get({ id: acmeLabs.id })).contacts.map((c) => c.firstName)).toEqual(["Cy"]);
    expect(await companyTotal(caller)).toBe(4);
  });

  it("finds a company whose name has other than ASCII letters, whatever their case", async () => {
    const { caller } = await ownerOfNewOrganization();
    const elan = await caller.companies.create({ name: "Élan" });
    // SQLite's lower() folds ASCII only: lower("Élan") is "Élan", not "élan".
    const result = await caller.contacts.import({
      rows: [{ firstName: "Gus", company: "ÉLAN" }],
      lineNumbers: lines(1),
    });
    expect(result).toEqual({ created: 1, createdIds: newRecordIds(1), updated: 0, skipped: 0, failed: [] });
    expect((await caller.companies.get({ id: elan.id })).contacts.map((c) => c.firstName)).toEqual(["Gus"]);
    expect(await companyTotal(caller)).toBe(1);
  });

  it("creates no company for a skipped row and fails a row whose company name is ambiguous", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    await caller.companies.create({ name: "Twin" });
    await caller.companies.create({ name: "twin" });
    const result = await caller.contacts.import({
      rows: [
        { firstName: "Ann", emails: ["ann@acme.com"], company: "Acme" },
        { firstName: "Bob", company: "Twin" },
      ],
      lineNumbers: lines(2),
    });
    expect(result).toEqual({
      created: 0,
      createdIds: newRecordIds(0),
      updated: 0,
      skipped: 1,
      failed: [
        {
          line: 3,
          message:
            "Company: several companies are named “Twin” (2 with no domain); give the one you mean a domain, then put " +
            "that domain in this cell.",
        },
      ],
    });
    expect(await companyTotal(caller)).toBe(2);
  });

  it("importCompanyCells: says which Company cells the import refuses, and why, writing nothing", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.companies.create({ name: "Twin" });
    await caller.companies.create({ name: "twin", domain: "twin.example" });
    await caller.companies.create({ name: "Initech Inc" });
    await caller.companies.create({ name: "Initech LLC" });
    const refused = await caller.contacts.importCompanyCells({
      cells: ["Twin", " Initech Ltd ", "twin.example", "Initech Inc", "A new company", "Twin"],
    });
    expect(refused).toEqual([
      {
        cell: "Twin",
        error:
          "Company: several companies are named “Twin” (twin.example and 1 with no domain); put the domain of the one " +
          "you mean in this cell (give it one first if it has none).",
      },
      {
        cell: "Initech Ltd",
        error:
          "Company: several companies have a name like “Initech Ltd” (Initech Inc, Initech LLC); put the domain of the " +
          "one you mean in this cell instead.",
      },
    ]);
    // Asking made no company.
    expect(await companyTotal(caller)).toBe(4);
    await expectTRPCError(caller.contacts.importCompanyCells({ cells: ["x".repeat(201)] }), "BAD_REQUEST");
  });

  it("with update, moves an existing contact to the named company", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    expect(
      await caller.contacts.import({
        rows: [{ emails: ["ann@acme.com"], company: "acme.com" }],
        lineNumbers: lines(1),
        onDuplicate: "update",
      }),
    ).toMatchObject({ updated: 1 });
    expect((await caller.contacts.get({ id: ann.id })).company?.id).toBe(acme.id);
  });

  it("only updates the contacts already here when asked to add none, creating no contact nor company", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    const result = await caller.contacts.import({
      rows: [
        { emails: ["ANN@acme.com"], title: "CFO", company: "Acme" },
        { firstName: "Bea", emails: ["bea@acme.com"], company: "Globex" },
        { firstName: "No email" },
      ],
      lineNumbers: lines(3),
      onDuplicate: "update",
      onNew: "skip",
    });
    expect(result).toEqual({ created: 0, createdIds: [], updated: 1, skipped: 2, failed: [] });
    expect((await allContacts(caller)).map((c) => [c.firstName, c.title])).toEqual([["Ann", "CFO"]]);
    // Ann's company cell made Acme; Bea's skipped row made no Globex.
    expect((await allCompanies(caller)).map((c) => c.name)).toEqual(["Acme"]);
    expect((await caller.contacts.get({ id: ann.id })).contact.companyName).toBe("Acme");
  });

  it("links a row naming no company to the company holding its email's domain, never creating one", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const initech = await caller.companies.create({ name: "Initech", domain: "initech.com" });
    // Bo has a company already: an update leaves it.
    const bo = await caller.contacts.create({ firstName: "Bo", emails: ["bo@acme.com"], companyId: initech.id });
    const cy = await caller.contacts.create({ firstName: "Cy", emails: ["cy@acme.com"] });
    const result = await caller.contacts.import({
      rows: [
        { firstName: "Ann", emails: ["Ann@ACME.com"] },
        { firstName: "Di", emails: ["di@acme.com"], company: "Initech" },
        { firstName: "Ed", emails: ["ed@gmail.com"] },
        { emails: ["bo@acme.com"], title: "CTO" },
        { emails: ["cy@acme.com"], title: "CFO" },
      ],
      lineNumbers: lines(5),
      onDuplicate: "update",
    });
    expect(result).toMatchObject({ created: 3, updated: 2, failed: [] });
    expect((await caller.companies.get({ id: acme.id })).contacts.map((c) => c.firstName).sort()).toEqual([
      "Ann",
      "Cy",
    ]);
    expect((await caller.companies.get({ id: initech.id })).contacts.map((c) => c.firstName).sort()).toEqual([
      "Bo",
      "Di",
    ]);
    expect((await byEmail(caller, "ed@gmail.com"))[0].companyId).toBeNull();
    expect(await companyTotal(caller)).toBe(2);
    expect((await caller.contacts.get({ id: bo.id })).contact.title).toBe("CTO");
    expect((await caller.contacts.get({ id: cy.id })).timeline[0].changes).toMatchObject({
      companyId: [null, acme.id],
      title: [null, "CFO"],
    });
  });

  it("never links a row to another organization's company of the same name or domain", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const theirs = await b.caller.companies.create({ name: "Acme", domain: "acme.com" });
    await a.caller.contacts.import({
      rows: [
        { firstName: "Ann", company: "Acme" },
        { firstName: "Bob", company: "acme.com" },
        // Nor by an email's domain.
        { firstName: "Cy", emails: ["cy@acme.com"] },
      ],
      lineNumbers: lines(3),
    });
    expect((await b.caller.companies.get({ id: theirs.id })).contacts).toEqual([]);
    expect(await companyTotal(b.caller)).toBe(1);
    const mine = await allCompanies(a.caller);
    expect(mine.map((c) => [c.name, c.domain])).toEqual([
      ["Acme", null],
      ["acme.com", "acme.com"],
    ]);
    // Cy's email's domain is that of the company Bob's row created in this organization, not theirs.
    expect((await byEmail(a.caller, "cy@acme.com"))[0].companyId).toBe(mine[1].id);
    for (const company of mine)
      expect((await a.caller.companies.get({ id: company.id })).company.organizationId).toBe(a.org.id);
  });

  it("accepts an owner who is a member and fails one who is not", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const { identity: member } = await seedMember(org.id, "member");
    const stranger = await ownerOfNewOrganization("Other");
    const result = await caller.contacts.import({
      rows: [
        { firstName: "Ann", ownerId: member.uid },
        { firstName: "Bob", ownerId: stranger.identity.uid },
      ],
      lineNumbers: lines(2),
    });
    expect(result.failed).toEqual([{ line: 3, message: "Owner: that person is not a member of this workspace." }]);
    expect((await allContacts(caller)).map((c) => c.ownerId)).toEqual([member.uid]);
  });

  it("reads the owner from an Owner cell: a member's email, or a name one member has; says why it cannot", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await memberNamed(org.id, "Ann Lee");
    const bob = await memberNamed(org.id, "Sam Roe");
    await memberNamed(org.id, "sam  roe");
    // Someone of another workspace, by email and by name, is nobody here.
    const stranger = await ownerOfNewOrganization("Other");
    const outsider = await memberNamed(stranger.org.id, "Zoe Far", "else.example");
    const result = await caller.contacts.import({
      rows: [
        { firstName: "By email", owner: ann.email.toUpperCase() },
        { firstName: "By name", owner: "  ann   LEE " },
        { firstName: "As a mail client writes it", owner: `Bob <${bob.email}>` },
        { firstName: "Two Sams", owner: "Sam Roe" },
        { firstName: "Outsider", owner: outsider.email },
        { firstName: "Outsider by name", owner: "Zoe Far" },
        // An ownerId given outright wins over the cell.
        { firstName: "Both", ownerId: bob.uid, owner: "Ann Lee" },
      ],
      lineNumbers: lines(7),
    });
    expect(result).toEqual({
      created: 4,
      createdIds: newRecordIds(4),
      updated: 0,
      skipped: 0,
      failed: [
        { line: 5, message: "Owner: 2 members are called “Sam Roe”; give their email." },
        { line: 6, message: `Owner: “${outsider.email}” is not a member of this workspace.` },
        { line: 7, message: "Owner: “Zoe Far” is not a member of this workspace." },
      ],
    });
    const owners = Object.fromEntries((await allContacts(caller)).map((c) => [c.firstName, c.ownerId]));
    expect(owners).toEqual({
      "By email": ann.uid,
      "By name": ann.uid,
      "As a mail client writes it": bob.uid,
      Both: bob.uid,
    });
  });

  it("an update gives the record the owner its row names, and keeps the owner when the cell is empty", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await memberNamed(org.id, "Ann Lee");
    const bob = await memberNamed(org.id, "Bob Roe");
    await caller.companies.create({ name: "Acme", domain: "acme.example", ownerId: ann.uid });
    await caller.companies.create({ name: "Globex", domain: "globex.example", ownerId: ann.uid });
    const result = await caller.companies.import({
      rows: [
        { name: "Acme", domain: "acme.example", owner: bob.email },
        { name: "Globex", domain: "globex.example", industry: "Energy" },
      ],
      lineNumbers: lines(2),
      onDuplicate: "update",
    });
    expect(result).toEqual({ created: 0, createdIds: newRecordIds(0), updated: 2, skipped: 0, failed: [] });
    const owners = Object.fromEntries((await allCompanies(caller)).map((c) => [c.name, c.ownerId]));
    expect(owners).toEqual({ Acme: bob.uid, Globex: ann.uid });
    const acme = (await allCompanies(caller)).find((c) => c.name === "Acme")!;
    const { timeline } = await caller.companies.get({ id: acme.id });
    expect(timeline[0]).toMatchObject({ kind: "updated", changes: { ownerId: [ann.uid, bob.uid] } });
  });

  it("never reads or changes another organization's contact with the same email", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const theirs = await a.caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"], title: "CTO" });
    expect(
      await b.caller.contacts.import({
        rows: [{ firstName: "Annie", emails: ["ann@acme.com"], title: "CEO" }],
        lineNumbers: lines(1),
      }),
    ).toEqual({ created: 1, createdIds: newRecordIds(1), updated: 0, skipped: 0, failed: [] });
    // With update, the duplicate is B's own new contact, never A's.
    expect(
      await b.caller.contacts.import({
        rows: [{ firstName: "Annie", emails: ["ann@acme.com"], title: "VP" }],
        lineNumbers: lines(1),
        onDuplicate: "update",
      }),
    ).toEqual({ created: 0, createdIds: newRecordIds(0), updated: 1, skipped: 0, failed: [] });
    expect((await a.caller.contacts.get({ id: theirs.id })).contact).toMatchObject({
      firstName: "Ann",
      title: "CTO",
      version: 1,
    });
    expect((await a.caller.contacts.get({ id: theirs.id })).timeline).toHaveLength(1);
    expect(await contactTotal(a.caller)).toBe(1);
    expect((await byEmail(b.caller, "ann@acme.com")).map((c) => c.title)).toEqual(["VP"]);
    expect(await contactTotal(b.caller)).toBe(1);
  });

  it("imports a full batch of 100 rows with 100 distinct emails, and refuses 101 rows", async () => {
    const { caller } = await ownerOfNewOrganization();
    const rows = Array.from({ length: 100 }, (_, i) => ({ firstName: `P${i}`, emails: [`p${i}@example.com`] }));
    expect(await caller.contacts.import({ rows, lineNumbers: lines(100) })).toEqual({
      created: 100,
      createdIds: newRecordIds(100),
      updated: 0,
      skipped: 0,
      failed: [],
    });
    // The same file again: every row is a duplicate now.
    expect(await caller.contacts.import({ rows, lineNumbers: lines(100) })).toMatchObject({
      created: 0,
      createdIds: newRecordIds(0),
      skipped: 100,
    });
    expect(await contactTotal(caller)).toBe(100);
    await expectTRPCError(
      caller.contacts.import({ rows: [...rows, { firstName: "One more" }], lineNumbers: lines(101) }),
      "BAD_REQUEST",
      /100/,
    );
  });

  it("refuses a batch whose line numbers do not match its rows", async () => {
    const { caller } = await ownerOfNewOrganization();
    await expectTRPCError(
      caller.contacts.import({ rows: [{ firstName: "Ann" }, { firstName: "Bob" }], lineNumbers: [2] }),
      "BAD_REQUEST",
      /one line number per row/,
    );
    expect(await contactTotal(caller)).toBe(0);
  });

  it("ignores the trash: a deleted contact's email is imported as a new contact", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    await caller.contacts.delete({ ids: [ann.id] });
    expect(
      await caller.contacts.import({ rows: [{ firstName: "Ann", emails: ["ann@acme.com"] }], lineNumbers: lines(1) }),
    ).toMatchObject({ created: 1 });
    expect(await contactTotal(caller)).toBe(1);
  });
});

describe("companies.import", () => {
  it("creates companies with normalised domains, custom values and a 'created' activity each", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "company", { key: "plan", label: "Plan", type: "select", options: ["free", "pro"] });
    const result = await caller.companies.import({
      rows: [
        { name: "Acme", domain: "https://www.Acme.com/about", industry: "Software", size: "11-50", tags: ["customer"] },
        {
          name: "Globex",
          properties: { plan: "pro" },
          address: "1 Main St",
          linkedinUrl: "https://linkedin.com/company/globex",
        },
      ],
      lineNumbers: lines(2),
    });
    expect(result).toEqual({ created: 2, createdIds: newRecordIds(2), updated: 0, skipped: 0, failed: [] });
    const companies = await allCompanies(caller);
    expect(companies.map((c) => [c.name, c.domain])).toEqual([
      ["Acme", "acme.com"],
      ["Globex", null],
    ]);
    expect(companies[0]).toMatchObject({ industry: "Software", size: "11-50", tags: ["customer"], version: 1 });
    expect(companies[1]).toMatchObject({ properties: { plan: "pro" }, address: "1 Main St" });
    for (const company of companies)
      expect((await caller.companies.get({ id: company.id })).timeline.map((a) => a.kind)).toEqual(["created"]);
    expect(await companyTotal(caller)).toBe(2);
    expect(ids((await caller.companies.list({ search: "acme" })).items)).toEqual([companies[0]!.id]);
  });

  it("reports invalid rows by line and imports the others", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await defineProperty(org.id, "company", { key: "plan", label: "Plan", type: "select", options: ["free", "pro"] });
    const result = await caller.companies.import({
      rows: [
        { name: "Acme" },
        { domain: "nameless.com" },
        { name: "Bad", domain: "https://" },
        { name: "Worse", domain: "not a domain" },
        { name: "Pricy", properties: { plan: "gold" } },
        { name: "Linky", linkedinUrl: "nope" },
      ],
      lineNumbers: lines(6),
    });
    expect(result).toEqual({
      created: 1,
      createdIds: newRecordIds(1),
      updated: 0,
      skipped: 0,
      failed: [
        { line: 3, message: "Name is required." },
        { line: 4, message: "Domain: enter a domain like acme.com." },
        { line: 5, message: "Domain: enter a domain like acme.com." },
        { line: 6, message: "Plan must be one of: free, pro." },
        { line: 7, message: "LinkedIn URL: Enter a web address, like https://example.com" },
      ],
    });
    expect(await companyTotal(caller)).toBe(1);
  });

  it("skips or updates a company whose normalised domain exists, and catches repeats inside the batch", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({
      name: "Acme",
      domain: "acme.com",
      industry: "Software",
      tags: ["customer"],
    });
    const rows = [
      { name: "Acme Inc", domain: "WWW.ACME.COM", size: "51-200", tags: ["partner"] },
      { name: "Globex", domain: "globex.com" },
      { name: "Globex Corp", domain: "http://globex.com/", industry: "Energy" },
    ];
    expect(await caller.companies.import({ rows, lineNumbers: lines(3) })).toEqual({
      created: 1,
      createdIds: newRecordIds(1),
      updated: 0,
      skipped: 2,
      failed: [],
    });
    expect((await caller.companies.get({ id: acme.id })).company).toMatchObject({ name: "Acme", version: 1 });

    // Globex as the first pass stored it: the second row changes nothing, the third fills it in.
    expect(await caller.companies.import({ rows, lineNumbers: lines(3), onDuplicate: "update" })).toEqual({
      created: 0,
      createdIds: newRecordIds(0),
      updated: 2,
      skipped: 1,
      failed: [],
    });
    const { company, timeline } = await caller.companies.get({ id: acme.id });
    expect(company).toMatchObject({
      name: "Acme Inc",
      domain: "acme.com",
      industry: "Software",
      size: "51-200",
      tags: ["customer", "partner"],
      version: 2,
    });
    expect(timeline[0]).toMatchObject({
      kind: "updated",
      changes: { name: ["Acme", "Acme Inc"], size: [null, "51-200"] },
    });
    const globex = (await allCompanies(caller)).find((c) => c.domain === "globex.com");
    expect(globex).toMatchObject({ name: "Globex Corp", industry: "Energy", version: 2 });
    expect(await companyTotal(caller)).toBe(2);
  });

  it("never reads or changes another organization's company with the same domain", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const theirs = await a.caller.companies.create({ name: "Acme", domain: "acme.com" });
    expect(
      await b.caller.companies.import({
        rows: [{ name: "Acme B", domain: "acme.com" }],
        lineNumbers: lines(1),
        onDuplicate: "update",
      }),
    ).toEqual({ created: 1, createdIds: newRecordIds(1), updated: 0, skipped: 0, failed: [] });
    expect((await a.caller.companies.get({ id: theirs.id })).company).toMatchObject({ name: "Acme", version: 1 });
    expect(await companyTotal(a.caller)).toBe(1);
    expect((await allCompanies(b.caller)).map((c) => [c.name, c.domain])).toEqual([["Acme B", "acme.com"]]);
  });

  it("answers over HTTP the way the web calls it, with the same result shape as contacts.import", async () => {
    const { identity, caller } = await ownerOfNewOrganization();
    const http = await httpClientFor(identity);
    const batch = { rows: [{ name: "Acme", domain: "acme.com" }, { name: "" }], lineNumbers: [2, 3] };
    expect(await http.companies.import.mutate(batch)).toEqual({
      created: 1,
      createdIds: newRecordIds(1),
      updated: 0,
      skipped: 0,
      failed: [{ line: 3, message: "Name: Name the company." }],
    });
    expect(
      await http.contacts.import.mutate({ rows: [{ firstName: "Ann", company: "acme.com" }], lineNumbers: [2] }),
    ).toEqual({
      created: 1,
      createdIds: newRecordIds(1),
      updated: 0,
      skipped: 0,
      failed: [],
    });
    expect((await caller.companies.list({})).items[0]?.name).toBe("Acme");
    await expectTRPCError(http.companies.import.mutate({ rows: batch.rows, lineNumbers: [2] }), "BAD_REQUEST");
  });

  it("refuses more than 100 rows and a non-member", async () => {
    const { caller } = await ownerOfNewOrganization();
    const rows = Array.from({ length: 101 }, (_, i) => ({ name: `C${i}`, domain: `c${i}.com` }));
    await expectTRPCError(caller.companies.import({ rows, lineNumbers: lines(101) }), "BAD_REQUEST");
    expect(await caller.companies.import({ rows: rows.slice(0, 100), lineNumbers: lines(100) })).toMatchObject({
      created: 100,
      createdIds: newRecordIds(100),
    });
    expect(await companyTotal(caller)).toBe(100);
    const outsider = await ownerOfNewOrganization("Other");
    // The outsider imports into their own organization, never this one.
    await outsider.caller.companies.import({ rows: rows.slice(0, 1), lineNumbers: lines(1) });
    expect(await companyTotal(caller)).toBe(100);
  });
});

describe("contacts.importHeldKeys and companies.importHeldKeys: the whole file's duplicates", () => {
  it("says which of a file's emails a live contact holds, by any of its emails, as the import would match them", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com", "ann@home.net"] });
    await caller.contacts.create({ firstName: "Bo", emails: ["bo@acme.com"] });
    const gone = await caller.contacts.create({ firstName: "Gus", emails: ["gus@acme.com"] });
    await caller.contacts.delete({ ids: [gone.id] });
    const held = await caller.contacts.importHeldKeys({
      keys: [" ANN@home.net ", "ann@acme.com", "bea@acme.com", "gus@acme.com", "bo@acme.com", "bo@acme.com", ""],
    });
    expect(held.sort()).toEqual(["ann@acme.com", "ann@home.net", "bo@acme.com"]);
    // As many as a call takes: 5,000 keys of 40 characters, 200,000 in all, in one read; one more refused, with why.
    const long = Array.from(
      { length: 4_999 },
      (_, i) => `someone.${String(i).padStart(4, "0")}@a-longer-company-na.example`,
    );
    expect(long.every((key) => key.length === 40)).toBe(true);
    const bo = `bo@acme.com${" ".repeat(29)}`;
    expect(await caller.contacts.importHeldKeys({ keys: [...long, bo] })).toEqual(["bo@acme.com"]);
    const refusal = caller.contacts.importHeldKeys({ keys: [...long, `${bo} `] });
    await expect(refusal).rejects.toThrow("Ask about at most 200,000 characters at once.");
    await expectTRPCError(refusal, "BAD_REQUEST");
    // What the import then does with rows of those emails: skips them, and creates Bea and Gus.
    const result = await caller.contacts.import({
      rows: ["ann@home.net", "bea@acme.com", "gus@acme.com", "bo@acme.com"].map((email) => ({ emails: [email] })),
      lineNumbers: lines(4),
    });
    expect(result).toMatchObject({ created: 2, skipped: 2 });
  });

  it("says which domains a live company holds, read as the import reads a domain, 5,000 at a time", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const keys = Array.from({ length: 4_998 }, (_, i) => `c${i}.example`);
    expect(await caller.companies.importHeldKeys({ keys: [...keys, "https://www.ACME.com/about", "nope"] })).toEqual([
      "acme.com",
    ]);
    await expectTRPCError(
      caller.companies.importHeldKeys({ keys: [...keys, "a.com", "b.com", "c.com"] }),
      "BAD_REQUEST",
    );
    await expectTRPCError(caller.companies.importHeldKeys({ keys: [] }), "BAD_REQUEST");
  });
});

describe("contacts.importMatches and companies.importMatches: the preview's duplicates", () => {
  it("names the contact each row's email already belongs to, by any of its emails, as the import would match it", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@acme.com", "ann@home.net"],
    });
    const gone = await caller.contacts.create({ firstName: "Gus", emails: ["gus@acme.com"] });
    await caller.contacts.delete({ ids: [gone.id] });
    const matches = await caller.contacts.importMatches({
      rows: [
        { firstName: "Ann", emails: [" ANN@home.net "] },
        { firstName: "Bea", emails: ["bea@acme.com"] },
        { firstName: "Gus", emails: ["gus@acme.com"] },
        { firstName: "No email" },
        { firstName: "Broken", emails: ["not an email"] },
        { emails: ["ann@acme.com"] },
      ],
    });
    expect(matches.map((m) => m.match)).toEqual([
      { id: ann.id, name: "Ann Lee" },
      null,
      null,
      null,
      null,
      { id: ann.id, name: "Ann Lee" },
    ]);
    // What the import then does with those rows: the matched ones are skipped.
    expect(
      await caller.contacts.import({
        rows: [{ emails: ["ann@home.net"] }, { emails: ["bea@acme.com"] }],
        lineNumbers: lines(2),
      }),
    ).toEqual({ created: 1, createdIds: newRecordIds(1), updated: 0, skipped: 1, failed: [] });
  });

  it("names the company each row's normalised domain belongs to, and nothing for a bad domain", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme Robotics", domain: "acme.com" });
    expect(
      await caller.companies.importMatches({
        rows: [
          { name: "Acme", domain: "https://www.ACME.com/about" },
          { name: "Globex", domain: "globex.com" },
          { name: "Bad", domain: "not a domain" },
          { name: "None" },
        ],
      }),
    ).toEqual([{ id: acme.id, name: "Acme Robotics" }, null, null, null].map((match) => ({ match, company: null })));
  });

  it("names the company a contact row naming none is linked to by its email's domain, as the import links it", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme Robotics", domain: "acme.com" });
    const globex = await caller.companies.create({ name: "Globex", domain: "globex.com" });
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    const bo = await caller.contacts.create({ firstName: "Bo", emails: ["bo@acme.com"], companyId: globex.id });
    const gone = await caller.companies.create({ name: "Gone", domain: "gone.com" });
    await caller.companies.delete({ ids: [gone.id] });
    const rows = [
      { firstName: "Cy", emails: ["cy@ACME.com"] },
      { firstName: "Ann", emails: ["ann@acme.com"] },
      { firstName: "Bo", emails: ["bo@acme.com"] },
      { firstName: "Di", emails: ["di@acme.com"], company: "Globex" },
      { firstName: "Ed", emails: ["ed@gone.com"] },
      { firstName: "Flo", emails: ["flo@nowhere.com"] },
    ];
    const company = { id: acme.id, name: "Acme Robotics" };
    expect(await caller.contacts.importMatches({ rows })).toEqual([
      { match: null, company },
      // Ann has no company: an update would link her.
      { match: { id: ann.id, name: "Ann" }, company },
      // Bo is at Globex already; Di's own cell names her company; nothing is live at gone.com or nowhere.com.
      { match: { id: bo.id, name: "Bo" }, company: null },
      { match: null, company: null },
      { match: null, company: null },
      { match: null, company: null },
    ]);
    // The import does as the preview said.
    await caller.contacts.import({ rows, lineNumbers: lines(rows.length), onDuplicate: "update" });
    const companyOf = async (email: string) => (await byEmail(caller, email))[0].companyId;
    expect(await companyOf("cy@acme.com")).toBe(acme.id);
    expect(await companyOf("ann@acme.com")).toBe(acme.id);
    expect(await companyOf("bo@acme.com")).toBe(globex.id);
    expect(await companyOf("ed@gone.com")).toBeNull();
  });

  it("never names another organization's record, and refuses more than 100 rows", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const outsider = await ownerOfNewOrganization("Other");
    // Nor the company holding the email's domain there.
    expect(await outsider.caller.contacts.importMatches({ rows: [{ emails: ["ann@acme.com"] }] })).toEqual([
      { match: null, company: null },
    ]);
    expect(await outsider.caller.companies.importMatches({ rows: [{ name: "A", domain: "acme.com" }] })).toEqual([
      { match: null, company: null },
    ]);
    const many = Array.from({ length: 101 }, (_, i) => ({ emails: [`p${i}@acme.com`] }));
    await expectTRPCError(caller.contacts.importMatches({ rows: many }), "BAD_REQUEST");
  });
});

describe("importRecords, losing a race after its reads", () => {
  it("reports a row whose record changed meanwhile as failed instead of overwriting it, and still creates the rest", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    const db = racingDatabase(() => caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CFO" } }));
    const result = await importRecords(db, contactImport, org.id, identity.uid, {
      rows: [{ emails: ["ann@acme.com"], title: "CEO" }, { firstName: "Bob" }],
      lineNumbers: lines(2),
      onDuplicate: "update",
    });
    expect(result).toEqual({
      created: 1,
      createdIds: newRecordIds(1),
      updated: 0,
      skipped: 0,
      failed: [{ line: 2, message: "Someone changed this record during the import; import this row again." }],
    });
    const { contact, timeline } = await caller.contacts.get({ id: ann.id });
    expect(contact).toMatchObject({ title: "CFO", version: 2 });
    expect(timeline.map((a) => a.kind)).toEqual(["updated", "created"]);
    expect(await contactTotal(caller)).toBe(2);
  });

  it("refuses the whole batch (CONFLICT) when a company it would create by name was created meanwhile; sent again, it links that one", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const batch = {
      rows: [{ firstName: "Ann", company: "Initech" }, { firstName: "Bob" }],
      lineNumbers: lines(2),
      onDuplicate: "skip" as const,
    };
    let theirs: { id: string } | undefined;
    const db = racingDatabase(async () => {
      theirs = await caller.companies.create({ name: "initech" });
    });

    const refused = importRecords(db, contactImport, org.id, identity.uid, batch);
    await expect(refused).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("Someone added one of these records while this batch was importing"),
    });
    expect(await contactTotal(caller)).toBe(0);
    expect((await allCompanies(caller)).map((c) => c.name)).toEqual(["initech"]);

    const again = await importRecords(db, contactImport, org.id, identity.uid, batch);
    expect(again).toEqual({ created: 2, createdIds: newRecordIds(2), updated: 0, skipped: 0, failed: [] });
    const ann = (await allContacts(caller)).find((c) => c.firstName === "Ann");
    expect(ann?.companyId).toBe(theirs?.id);
    expect(await companyTotal(caller)).toBe(1);
  });

  it("still creates a company by name when only a deleted one or another organization's has that name", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const other = await ownerOfNewOrganization();
    const db = racingDatabase(async () => {
      await other.caller.companies.create({ name: "Initech" });
      const gone = await caller.companies.create({ name: "Initech" });
      await caller.companies.delete({ ids: [gone.id] });
    });
    const result = await importRecords(db, contactImport, org.id, identity.uid, {
      rows: [{ firstName: "Ann", company: "Initech" }],
      lineNumbers: lines(1),
      onDuplicate: "skip",
    });
    expect(result).toEqual({ created: 1, createdIds: newRecordIds(1), updated: 0, skipped: 0, failed: [] });
    expect(await companyTotal(caller)).toBe(1);
  });
});

describe("an import batch sent again under its key (its answer was lost)", () => {
  const batchOf = (key: string) => ({
    rows: [{ firstName: "Ann", emails: ["ann@acme.com"] }, { firstName: "Bob" }, { emails: ["not-an-email"] }],
    lineNumbers: lines(3),
    key,
  });
  const kept = (organizationId: string) =>
    rows<{ key: string }>("SELECT key FROM write_keys WHERE organization_id = ? ORDER BY key", organizationId);

  it("is answered as the first time and writes nothing twice, even the rows without an email", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const first = await caller.contacts.import(batchOf("first-run-0"));
    expect(first).toEqual({
      created: 2,
      createdIds: newRecordIds(2),
      updated: 0,
      skipped: 0,
      failed: [{ line: 4, message: expect.stringContaining("Email") }],
    });
    expect(await caller.contacts.import(batchOf("first-run-0"))).toEqual(first);
    expect(await contactTotal(caller)).toBe(2);
    const bob = (await allContacts(caller)).find((c) => c.firstName === "Bob")!;
    expect((await caller.contacts.get({ id: bob.id })).timeline).toHaveLength(1);
    // Another key is another batch: its rows are checked again (Ann's email now exists: skipped).
    expect(await caller.contacts.import(batchOf("second-run-0"))).toMatchObject({
      created: 1,
      createdIds: newRecordIds(1),
      skipped: 1,
    });
    expect(await kept(org.id)).toEqual([{ key: "first-run-0" }, { key: "second-run-0" }]);
  });

  it("keeps the answer of a batch that lost an update to a race, as the person was told", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    const batch = {
      rows: [{ emails: ["ann@acme.com"], title: "CEO" }],
      lineNumbers: lines(1),
      onDuplicate: "update" as const,
      key: "race-batch-1",
    };
    const db = racingDatabase(() => caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CFO" } }));
    const refused = await importRecords(db, contactImport, org.id, identity.uid, batch);
    expect(refused).toMatchObject({ updated: 0, failed: [{ line: 2 }] });
    expect(await importRecords(db, contactImport, org.id, identity.uid, batch)).toEqual(refused);
    expect((await caller.contacts.get({ id: ann.id })).contact).toMatchObject({ title: "CFO", version: 2 });
  });

  it("is the organization's own: another organization's batch with the same key is imported, not answered", async () => {
    const ours = await ownerOfNewOrganization();
    const theirs = await ownerOfNewOrganization();
    await ours.caller.contacts.import(batchOf("shared-key-0"));
    expect(await theirs.caller.contacts.import(batchOf("shared-key-0"))).toMatchObject({ created: 2 });
    expect(await contactTotal(theirs.caller)).toBe(2);
    expect(await contactTotal(ours.caller)).toBe(2);
  });

  it("forgets keys older than a day as later batches are written", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await caller.contacts.import(batchOf("old-batch-0"));
    await rows(
      "UPDATE write_keys SET created_at = ? WHERE organization_id = ?",
      Date.now() - 25 * 60 * 60 * 1000,
      org.id,
    );
    await caller.contacts.import({ rows: [{ firstName: "Cy" }], lineNumbers: lines(1), key: "new-batch-0" });
    expect(await kept(org.id)).toEqual([{ key: "new-batch-0" }]);
  });

  it("refuses a key that is not one", async () => {
    const { caller } = await ownerOfNewOrganization();
    await expectTRPCError(
      caller.contacts.import({ ...batchOf("x"), key: "no spaces allowed" }),
      "BAD_REQUEST",
      /A write's key is 8 to 64 letters, digits, '-' or '_'\./,
    );
  });
});
