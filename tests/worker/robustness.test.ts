import { TRPCError } from "@trpc/server";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyTypes } from "../../drizzle/values";
import { filterOperators, MAX_FILTER_CONDITIONS, type RecordListInput } from "../../worker/src/schemas/records";
import { ownerOfNewOrganization } from "./helpers";
import { defineProperty } from "./records-helpers";

/**
 * Inputs the schemas accept, but in any combination a client could send: none may fail as a server
 * error (a 500 says "something went wrong on our side" and tells the person nothing). A refusal is
 * a TRPCError with a code the person can act on and a sentence.
 */
const REFUSALS = new Set(["BAD_REQUEST", "NOT_FOUND", "CONFLICT"]);

async function outcomeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "ok";
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    // The cause's message names the failure when there is one (D1's SQLite error).
    const cause = error.cause instanceof Error && error.cause !== error ? ` (${error.cause.message})` : "";
    if (!REFUSALS.has(error.code) || !error.message) return `${error.code}: ${error.message}${cause}`;
    return error.code;
  }
}

/** One property of each type, so filters, sorts and values meet every kind. */
const PROPERTY_KEYS = propertyTypes.map((type) => `p_${type.replace("-", "_")}`);
async function organizationWithEveryPropertyType() {
  const owner = await ownerOfNewOrganization();
  for (const [i, type] of propertyTypes.entries())
    for (const object of ["contact", "company"] as const)
      await defineProperty(owner.org.id, object, {
        key: PROPERTY_KEYS[i],
        label: `Prop ${type}`,
        type,
        options: type === "select" || type === "multi-select" ? ["gold", "silver"] : undefined,
      });
  const { caller } = owner;
  const acme = await caller.companies.create({ name: "Acme", domain: "acme.test", tags: ["vip"] });
  await caller.companies.create({ name: "Globex", properties: { p_number: 3, p_select: "gold" } });
  await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.test"], companyId: acme.id, tags: ["vip"] });
  await caller.contacts.create({ firstName: "Bob", title: "CTO", properties: { p_text: "x", p_date: "2025-01-02" } });
  const gone = await caller.contacts.create({ firstName: "Cy", leadScore: 40 });
  await caller.contacts.delete({ ids: [gone.id] });
  return owner;
}

/** Any JSON value a client could put where the schema takes `unknown`. */
const anyValue = fc.oneof(
  fc.constantFrom(null, true, false, 0, -0, 1.5, -7, 1e308, -1e308, "", " ", "gold", "2025-13-45", "2025-06-01"),
  fc.constantFrom("https://x.test/a", "not a url", "a@b.test", "12.345", "1e3", "NaN", "Infinity", "💼", "'); --"),
  fc.string({ maxLength: 30 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null), fc.constant("gold")), {
    maxLength: 4,
  }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxKeys: 3 }),
);

/** Any value a filter's schema accepts. */
const filterValue = fc.oneof(
  fc.constantFrom("gold", "", "2025-06-01", "2025-06-01T10:00:00Z", "yesterday", "vip", "%", "_", "\\", "'", '"'),
  fc.string({ maxLength: 20 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant("gold")), { maxLength: 6 }),
);

const CONTACT_FIELDS = [
  "name",
  "firstName",
  "lastName",
  "email",
  "title",
  "companyId",
  "ownerId",
  "leadStatus",
  "source",
  "leadScore",
  "lastActivityAt",
  "tags",
  "createdAt",
  "updatedAt",
  "deletedAt",
  "companyName",
  "primaryEmail",
  "nope",
];
const COMPANY_FIELDS = ["name", "domain", "industry", "size", "ownerId", "tags", "createdAt", "updatedAt", "deletedAt"];

const listInput = (fields: string[]): fc.Arbitrary<RecordListInput> => {
  const field = fc.oneof(
    fc.constantFrom(...fields),
    fc.constantFrom(...PROPERTY_KEYS.map((k) => `prop:${k}`), "prop:missing", "prop:", "prop:Bad-Key"),
  );
  return fc.record(
    {
      search: fc.oneof(fc.constantFrom("ann", "a", "acme.test", "'", "*", '"', "NEAR", "-x", "^"), fc.string()),
      filter: fc.record({
        combinator: fc.constantFrom("and" as const, "or" as const),
        conditions: fc.array(
          fc.record(
            { field, operator: fc.constantFrom(...filterOperators), value: filterValue },
            { requiredKeys: ["field", "operator"] },
          ),
          { maxLength: MAX_FILTER_CONDITIONS },
        ),
      }),
      sort: fc.record({ field, direction: fc.constantFrom("asc" as const, "desc" as const) }),
      limit: fc.integer({ min: 1, max: 200 }),
      trash: fc.boolean(),
      fields: fc.array(fc.constantFrom(...fields.filter((f) => /^[a-zA-Z]+$/.test(f)), "properties", "emails"), {
        maxLength: 8,
      }),
    },
    { requiredKeys: [] },
  );
};

describe("inputs the schemas accept never fail as server errors (property-based)", () => {
  it("lists contacts and companies on any filter, sort, search and fields", async () => {
    const { caller } = await organizationWithEveryPropertyType();
    const failures = new Set<string>();
    await fc.assert(
      fc.asyncProperty(listInput(CONTACT_FIELDS), listInput(COMPANY_FIELDS), async (contacts, companies) => {
        for (const [input, outcome] of [
          [contacts, await outcomeOf(caller.contacts.list(contacts))],
          [companies, await outcomeOf(caller.companies.list(companies))],
        ] as const)
          if (!REFUSALS.has(outcome) && outcome !== "ok") failures.add(`${outcome} for ${JSON.stringify(input)}`);
      }),
      { numRuns: 250, seed: 11 },
    );
    expect([...failures]).toEqual([]);
  }, 60_000);

  it("stores or refuses any custom property value on create, update and bulk update", async () => {
    const { caller } = await organizationWithEveryPropertyType();
    const contact = await caller.contacts.create({ firstName: "Dee" });
    const company = await caller.companies.create({ name: "Initech" });
    const failures = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PROPERTY_KEYS, "missing"), anyValue, async (key, value) => {
        const contactNow = await caller.contacts.get({ id: contact.id });
        const companyNow = await caller.companies.get({ id: company.id });
        for (const outcome of [
          await outcomeOf(caller.contacts.create({ firstName: "Eve", properties: { [key]: value } })),
          await outcomeOf(
            caller.contacts.update({
              id: contact.id,
              version: contactNow.contact.version,
              patch: { properties: { [key]: value } },
            }),
          ),
          await outcomeOf(
            caller.companies.update({
              id: company.id,
              version: companyNow.company.version,
              patch: { properties: { [key]: value } },
            }),
          ),
          await outcomeOf(
            caller.contacts.bulkUpdate({ ids: [contact.id], action: { type: "setProperty", key, value } }),
          ),
          await outcomeOf(
            caller.companies.bulkUpdate({ ids: [company.id], action: { type: "setProperty", key, value } }),
          ),
        ])
          if (!REFUSALS.has(outcome) && outcome !== "ok") failures.add(`${key}=${JSON.stringify(value)}: ${outcome}`);
      }),
      { numRuns: 150, seed: 5 },
    );
    expect([...failures]).toEqual([]);
  }, 60_000);

  it("imports any row a file could map (each row created, updated, skipped or failed with its line), and creates or refuses any record", async () => {
    const { caller } = await organizationWithEveryPropertyType();
    const text = fc.oneof(
      fc.constantFrom(
        "",
        " ",
        "Ann",
        "ann@acme.test",
        "ANN@ACME.TEST ",
        "acme.test",
        "https://www.Acme.test/x",
        "+1 555 0100",
      ),
      fc.constantFrom(
        "not an email",
        "a@b",
        "ä@ö.de",
        "xn--bcher-kva.example",
        "http://",
        "💼",
        "-",
        "gold",
        "2025-02-30",
      ),
      fc.string({ maxLength: 60 }),
    );
    const cell = fc.oneof(text, anyValue);
    const contactRow = fc.dictionary(
      fc.constantFrom(
        ...["firstName", "lastName", "emails", "phones", "title", "companyId", "linkedinUrl", "leadStatus"],
        ...["source", "leadScore", "ownerId", "tags", "properties", "companyName", "id", "version", "nope"],
      ),
      fc.oneof(cell, fc.array(text, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...PROPERTY_KEYS), cell)),
      { maxKeys: 6 },
    );
    const companyRow = fc.dictionary(
      fc.constantFrom("name", "domain", "industry", "size", "address", "linkedinUrl", "ownerId", "tags", "properties"),
      fc.oneof(cell, fc.array(text, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...PROPERTY_KEYS), cell)),
      { maxKeys: 5 },
    );
    const failures = new Set<string>();
    const note = (what: string, input: unknown, outcome: string) => {
      if (!REFUSALS.has(outcome) && outcome !== "ok") failures.add(`${what} ${JSON.stringify(input)}: ${outcome}`);
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(contactRow, { minLength: 1, maxLength: 8 }),
        fc.array(companyRow, { minLength: 1, maxLength: 8 }),
        fc.constantFrom("skip" as const, "update" as const),
        async (contactRows, companyRows, onDuplicate) => {
          for (const [importer, rows] of [
            [caller.contacts.import, contactRows],
            [caller.companies.import, companyRows],
          ] as const) {
            const lineNumbers = rows.map((_, i) => i + 2);
            try {
              const result = await importer({ rows, lineNumbers, onDuplicate });
              // Every row is accounted for once, a failed one by its line.
              expect(result.created + result.updated + result.skipped + result.failed.length).toBe(rows.length);
              for (const { line, message } of result.failed) {
                expect(lineNumbers).toContain(line);
                expect(message.length).toBeGreaterThan(0);
              }
            } catch (error) {
              note("import", rows, await outcomeOf(Promise.reject(error)));
            }
          }
          for (const row of contactRows)
            note("contacts.create", row, await outcomeOf(caller.contacts.create(row as never)));
          for (const row of companyRows)
            note("companies.create", row, await outcomeOf(caller.companies.create(row as never)));
        },
      ),
      { numRuns: 120, seed: 3 },
    );
    expect([...failures]).toEqual([]);
  }, 60_000);

  it("answers the import's whole-file questions for any emails, domains and company cells", async () => {
    const { caller } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    await caller.companies.create({ name: 'Acme 100% "Öl" _Ltd_', domain: "acme.com" });
    const cell = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("ann@acme.com", " ANN@ACME.COM ", "acme.com", "https://www.acme.com/x", "%", "_", "\\", "'", '"'),
      fc.constantFrom('Acme 100% "Öl" _Ltd_', 'acme 100% "öl" _ltd_', "Acme", "🏢", "a".repeat(200)),
    );
    const failures = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(cell, { minLength: 1, maxLength: 12 }), async (cells) => {
        for (const [what, call] of [
          ["contacts.importHeldKeys", () => caller.contacts.importHeldKeys({ keys: cells })],
          ["companies.importHeldKeys", () => caller.companies.importHeldKeys({ keys: cells })],
          ["companies.importParentCells", () => caller.companies.importParentCells({ cells })],
          ["contacts.importCompanyCells", () => caller.contacts.importCompanyCells({ cells })],
        ] as const) {
          const outcome = await outcomeOf(call());
          if (!REFUSALS.has(outcome) && outcome !== "ok") failures.add(`${what} ${JSON.stringify(cells)}: ${outcome}`);
        }
        // What is held is only ever what was asked, as the import reads it.
        const held = await caller.contacts.importHeldKeys({ keys: cells });
        for (const key of held) expect(cells.map((c) => c.trim().toLowerCase())).toContain(key);
      }),
      { numRuns: 60, seed: 5 },
    );
    expect([...failures]).toEqual([]);
    // The company's name, quotes, % and _ included, is found as written in any case, and nothing like it.
    expect(
      await caller.companies.importParentCells({ cells: ['ACME 100% "ÖL" _LTD_', "Acme 1000% Öl Ltd", "acme%"] }),
    ).toEqual([{ cell: 'ACME 100% "ÖL" _LTD_', domains: ["acme.com"] }]);
  }, 60_000);
});
