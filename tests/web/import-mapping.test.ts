import { describe, expect, it, vi } from "vitest";
import { companyImport, contactImport } from "../../web/src/features/import/import-objects";
import { autoMap, mapRow } from "../../web/src/features/import/mapping";
import type { PropertyDefinition } from "../../web/src/features/records/property-values";

// The configs send through the tRPC client; mapping needs none of it (nor Firebase behind it).
vi.mock("../../web/src/lib/trpc", () => ({ trpcClient: {} }));

const tier: PropertyDefinition = { key: "tier", label: "Tier", type: "select", options: ["Gold"], required: false };
const seats: PropertyDefinition = { key: "seats", label: "Seats", type: "number", options: null, required: false };

describe("autoMap", () => {
  it("maps contact headers by their usual names, Company to the company (matched or created)", () => {
    const mapping = autoMap(["First name", "E-mail", "Job title", "Company", "Tier"], contactImport.targets, [tier]);
    expect(mapping).toEqual({
      "First name": "firstName",
      "E-mail": "email",
      "Job title": "title",
      Company: "company",
      Tier: "prop:tier",
    });
  });

  it("maps every column of the app's own contacts export back to its field, so an export imports as it left", () => {
    const exported = ["First name", "Last name", "Email", "Phone", "Title", "Company", "Lead status", "Lead score"];
    const mapping = autoMap([...exported, "Source", "LinkedIn URL", "Tags"], contactImport.targets, []);
    expect(Object.entries(mapping).filter(([, target]) => !target)).toEqual([]);
  });

  it("maps company headers, website to domain, and custom properties by label or key", () => {
    const mapping = autoMap(["Company", "Website", "Employees", "seats"], companyImport.targets, [seats]);
    expect(mapping).toEqual({ Company: "name", Website: "domain", Employees: "size", seats: "prop:seats" });
  });

  it("uses each target once", () => {
    expect(autoMap(["Email", "Mail"], contactImport.targets, [])).toEqual({ Email: "email", Mail: "" });
  });

  it("keeps the columns mapped by hand and guesses the rest around them, again as the properties are read again", () => {
    const headers = ["Email", "Mail", "Tier", "Seats", "Notes"];
    // Read from an older copy of the property list: no Tier, no Seats yet.
    const chosen = { Email: "", Mail: "email", Notes: "prop:seats" };
    expect(autoMap(headers, contactImport.targets, [], chosen)).toEqual({
      Email: "",
      Mail: "email",
      Tier: "",
      Seats: "",
      Notes: "",
    });
    // The list read afresh: Tier maps itself; Seats is taken by hand by Notes, so Seats stays out.
    expect(autoMap(headers, contactImport.targets, [tier, seats], chosen)).toEqual({
      Email: "",
      Mail: "email",
      Tier: "prop:tier",
      Seats: "",
      Notes: "prop:seats",
    });
  });
});

describe("mapRow", () => {
  it("builds a contact row: lists split, status lower-cased, typed properties", () => {
    const row = { Name: "Ada Lovelace", Email: "ADA@x.com; a@y.com", Status: "Qualified", Seats: "1,200" };
    const mapping = { Name: "fullName", Email: "email", Status: "leadStatus", Seats: "prop:seats" };
    expect(mapRow(row, mapping, contactImport.targets, [seats])).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      emails: ["ada@x.com", "a@y.com"],
      leadStatus: "qualified",
      properties: { seats: 1200 },
    });
  });

  it("builds a company row and skips empty or unmapped cells", () => {
    const row = { Company: "Acme", Website: "https://acme.com", Tags: "saas, b2b", Notes: "x", Industry: "" };
    const mapping = { Company: "name", Website: "domain", Tags: "tags", Notes: "", Industry: "industry" };
    const mapped = mapRow(row, mapping, companyImport.targets, []);
    expect(mapped).toEqual({ name: "Acme", domain: "https://acme.com", tags: ["saas", "b2b"] });
    expect(companyImport.check(mapped)).toBeNull();
    expect(companyImport.check({ domain: "acme.com" })).toBe("Name is required.");
    expect(contactImport.check({ emails: ["nope"] })).toBe("Email: Enter a valid email address.");
  });

  it("says before the import what the server refuses a row for on its cells alone, in the server's words", () => {
    const domainProblem = "Domain: enter a domain like acme.com.";
    expect(companyImport.check({ name: "Bad", domain: "https://" })).toBe(domainProblem);
    expect(companyImport.check({ name: "Worse", domain: "not a domain" })).toBe(domainProblem);
    expect(companyImport.check({ name: "Acme", domain: "https://www.acme.com/about" })).toBeNull();
    const ownParent = "Parent company: a company cannot be its own parent company.";
    expect(companyImport.check({ name: "Acme", parentCompany: "ACME" })).toBe(ownParent);
    expect(companyImport.check({ name: "Acme Labs", domain: "acme.com", parentCompany: "https://acme.com" })).toBe(
      ownParent,
    );
    expect(companyImport.check({ name: "Acme Labs", parentCompany: "Acme" })).toBeNull();
    expect(companyImport.check({ name: "Acme Labs", parentCompany: "x".repeat(201) })).toBe(
      "Parent company: a company name has at most 200 characters.",
    );
    expect(contactImport.check({ firstName: "Ada", company: "x".repeat(201) })).toBe(
      "Company: a company name has at most 200 characters.",
    );
    expect(contactImport.check({ firstName: "Ada", company: "Acme" })).toBeNull();
  });

  it("reads a lead score as spreadsheets write it, and says plainly when it is not a number", () => {
    const mapping = { Name: "fullName", Score: "leadScore" };
    expect(mapRow({ Name: "Ada", Score: "1,000" }, mapping, contactImport.targets, [])).toMatchObject({
      leadScore: 1000,
    });
    const unreadable = mapRow({ Name: "Ada", Score: "high" }, mapping, contactImport.targets, []);
    expect(contactImport.check(unreadable)).toBe("Lead score must be a number.");
    // Out of range, or too long, said in words rather than zod's "Too big: expected number to be <=1000".
    const check = (row: Record<string, string>) =>
      contactImport.check(mapRow(row, { ...mapping, Title: "title" }, contactImport.targets, []));
    expect(check({ Name: "Ada", Score: "5000" })).toBe("Lead score must be 1,000 at most.");
    expect(check({ Name: "Ada", Score: "-3" })).toBe("Lead score must be at least 0.");
    expect(check({ Name: "Ada", Score: "2.5" })).toBe("Lead score must be a whole number.");
    expect(check({ Name: "Ada", Title: "x".repeat(201) })).toBe("Title must be 200 characters at most.");
    // Any case of a known status is read; another is named with the ones there are, rather than zod's quoted list.
    const withStatus = (status: string) =>
      contactImport.check(
        mapRow({ Name: "Ada", Status: status }, { Name: "fullName", Status: "leadStatus" }, contactImport.targets, []),
      );
    expect(withStatus("Qualified")).toBeNull();
    expect(withStatus("lukewarm")).toBe(
      "Lead status must be one of: new, contacted, qualified, unqualified, customer.",
    );
  });
});

describe("a company's export", () => {
  it("carries its parent company, which imports back by name, and its People count, which no target takes", () => {
    const row = companyImport.toCsv({
      name: "Acme",
      domain: "acme.com",
      industry: null,
      size: null,
      address: null,
      linkedinUrl: null,
      tags: ["vip"],
      peopleCount: 12,
      parentCompanyName: "Acme Group",
    } as never);
    expect(row).toMatchObject({
      Name: "Acme",
      Domain: "acme.com",
      Tags: "vip",
      People: 12,
      "Parent company": "Acme Group",
    });
    const mapping = autoMap(Object.keys(row), companyImport.targets, []);
    expect([mapping.People, mapping["Parent company"]]).toEqual(["", "parentCompany"]);
  });
});
