import { describe, expect, it, vi } from "vitest";
import { contactColumns } from "../../web/src/features/contacts/contact-columns";
import type { Contact } from "../../web/src/features/contacts/use-contacts";
import { propertyColumns } from "../../web/src/features/records/property-columns";
import type { PropertyDefinition } from "../../web/src/features/records/property-values";
import { copyTextOf, pastedInto, rowsAsTable } from "../../web/src/ui/data-table/clipboard";
import type { DataTableColumn } from "../../web/src/ui/data-table";

// The columns' pickers query the server when they open; nothing here opens one.
vi.mock("../../web/src/lib/trpc", () => ({ trpc: {}, trpcClient: {} }));
vi.mock("../../web/src/features/auth/use-current-user", () => ({ useCurrentUser: () => ({ data: null }) }));

const column = (id: string) => contactColumns.find((c) => c.id === id)!;
const ann = {
  firstName: "Ann",
  lastName: "Lee",
  primaryEmail: "ann@acme.example",
  emails: ["ann@acme.example", "ann@home.example"],
  companyId: "cmp_1",
  companyName: "Acme Robotics",
  title: "Head of Operations",
  leadStatus: "qualified",
  leadScore: 80,
  ownerId: null,
  tags: ["vip", "renewal"],
  updatedAt: new Date(2026, 4, 5, 9, 30),
} as unknown as Contact;

const definitions: PropertyDefinition[] = [
  { key: "plan", label: "Plan", type: "select", options: ["Starter", "Growth"], required: false },
  { key: "regions", label: "Regions", type: "multi-select", options: ["EMEA", "APAC", "US"], required: false },
  { key: "renewal", label: "Renewal", type: "date", options: null, required: false },
  { key: "seats", label: "Seats", type: "number", options: null, required: false },
];
type WithProperties = { properties: Record<string, unknown> };
const [plan, regions, renewal, seats] = propertyColumns<WithProperties>(definitions, "USD");
const withValues = {
  properties: { plan: "Growth", regions: ["EMEA", "US"], renewal: "2026-05-05", seats: 1500 },
} as WithProperties;

describe("copyTextOf", () => {
  it("copies a cell in the terms its editor reads back", () => {
    expect(copyTextOf(ann, column("name"))).toBe("Ann Lee");
    expect(copyTextOf(ann, column("email"))).toBe("ann@acme.example, ann@home.example");
    expect(copyTextOf(ann, column("company"))).toBe("Acme Robotics");
    expect(copyTextOf(ann, column("leadStatus"))).toBe("Qualified");
    expect(copyTextOf(ann, column("leadScore"))).toBe("80");
    expect(copyTextOf(ann, column("tags"))).toBe("vip, renewal");
    // The time itself, not how long ago it was.
    expect(copyTextOf(ann, column("updatedAt"))).toMatch(/2026/);
    // An owner by the name last read of the members: none here.
    expect(copyTextOf({ ...ann, ownerId: "u_1" }, column("owner"))).toBe("");
  });

  it("copies a custom property's value as its editor holds it", () => {
    expect([plan, regions, renewal, seats].map((c) => copyTextOf(withValues, c))).toEqual([
      "Growth",
      "EMEA, US",
      "2026-05-05",
      "1500",
    ]);
  });
});

describe("pastedInto", () => {
  it("reads what was copied from another row back as the same value", () => {
    for (const id of ["name", "email", "title", "leadStatus", "leadScore", "tags"]) {
      const pasted = pastedInto(column(id), copyTextOf(ann, column(id))!);
      expect(pasted, id).toHaveProperty("patch");
    }
    expect(pastedInto(column("name"), "Mary Ann Smith")).toEqual({
      patch: { firstName: "Mary", lastName: "Ann Smith" },
    });
    expect(pastedInto(column("leadStatus"), "qualified\r\n")).toEqual({ patch: { leadStatus: "qualified" } });
    expect(pastedInto(column("tags"), "vip; Renewal, VIP")).toEqual({ patch: { tags: '["vip","Renewal"]' } });
  });

  it("reads numbers and days as spreadsheets write them", () => {
    expect(pastedInto(column("leadScore"), "1,000")).toEqual({ patch: { leadScore: "1000" } });
    expect(pastedInto(column("leadScore"), "1,200")).toEqual({ error: "Lead score must be 1,000 at most." });
    expect(pastedInto(seats, "1,500")).toEqual({ patch: { "prop:seats": "1500" } });
    expect(pastedInto(renewal, "5/15/2026")).toEqual({ patch: { "prop:renewal": "2026-05-15" } });
    expect(pastedInto(regions, "us, emea")).toEqual({ patch: { "prop:regions": '["EMEA","US"]' } });
    expect(pastedInto(plan, "")).toEqual({ patch: { "prop:plan": "" } });
  });

  it("opens a company's or owner's picker on the pasted text rather than guessing", () => {
    expect(pastedInto(column("company"), "Acme")).toEqual({ search: "Acme" });
    expect(pastedInto(column("owner"), "Nina")).toEqual({ search: "Nina" });
    expect(pastedInto(column("company"), "")).toEqual({ patch: { companyId: "", companyName: "" } });
  });

  it("says why a value cannot be pasted, as the editor would", () => {
    expect(pastedInto(column("leadStatus"), "Hot")).toEqual({
      error: "“Hot” is not one of Lead status's choices: New, Contacted, Qualified, Unqualified, Customer.",
    });
    expect(pastedInto(regions, "EMEA, Mars")).toEqual({
      error: "“Mars” is not one of Regions's choices: EMEA, APAC, US.",
    });
    expect(pastedInto(column("email"), "not an email")).toHaveProperty("error");
    expect(pastedInto(renewal, "someday")).toEqual({ error: "Renewal must be a date." });
    expect(pastedInto(column("title"), "CEO\tAcme")).toEqual({
      error: "Paste one value into a cell: this holds several.",
    });
    expect(pastedInto(column("updatedAt") as DataTableColumn<Contact>, "today")).toEqual({
      error: "Updated is not edited here.",
    });
  });
});

describe("rowsAsTable", () => {
  it("writes the columns' names, then a line a row, as a spreadsheet takes a pasted table", () => {
    const bo = {
      ...ann,
      firstName: "=HYPERLINK(1)",
      lastName: "",
      title: 'Head "of" Sales\tEMEA',
      tags: [],
    } as Contact;
    const columns = ["name", "title", "leadStatus", "tags"].map(column);
    expect(rowsAsTable([ann, bo], columns).split("\n")).toEqual([
      "Name\tTitle\tLead status\tTags",
      "Ann Lee\tHead of Operations\tQualified\tvip, renewal",
      // A formula is written as text; a tab or a quote quoted.
      `'=HYPERLINK(1)\t"Head ""of"" Sales\tEMEA"\tQualified\t`,
    ]);
  });
});
