import { describe, expect, it, vi } from "vitest";
import { companyPatch, contactPatch } from "../../worker/src/schemas/records";
import { contactColumns, toContactPatch } from "../../web/src/features/contacts/contact-columns";
import { toCompanyPatch } from "../../web/src/features/companies/company-columns";
import { checkWith, splitList, textEditor } from "../../web/src/features/records/field-editors";
import { applyPatch, readPatch, samePatch } from "../../web/src/ui/data-table/editing";
import { pickedLabels, valueLabel, type FilterField } from "../../web/src/ui/data-table/filters";
import type { CellEditor } from "../../web/src/ui/data-table/types";

// The columns' pickers query the server when they open; nothing here opens one.
vi.mock("../../web/src/lib/trpc", () => ({ trpc: {}, trpcClient: {} }));

type Row = { id: string; tags: string[]; companyId: string | null; companyName: string | null; emails: string[] };
const row: Row = { id: "con_1", tags: ["vip"], companyId: "cmp_1", companyName: "Acme", emails: ["a@x.com"] };
const noOptions = () => ({ options: [] });

describe("splitList", () => {
  it("reads commas, semicolons and lines, dropping blanks", () => {
    expect(splitList(" a@x.com, b@y.com;\nc@z.com ,, ")).toEqual(["a@x.com", "b@y.com", "c@z.com"]);
    expect(splitList("")).toEqual([]);
    expect(splitList(undefined)).toEqual([]);
  });
});

describe("editors checked by the server's own schemas", () => {
  it("says what the server would say about a bad email among several", () => {
    const check = checkWith(contactPatch.shape.emails, (patch) => splitList(patch.emails), "Email");
    expect(check({ emails: "a@x.com, nope" })).toBe("Enter a valid email address.");
    expect(check({ emails: "a@x.com, b@y.com" })).toBeNull();
  });

  it("sends a blank optional field as null, and checks a required one as the blank it is", () => {
    const url = textEditor<Row>("linkedinUrl", "LinkedIn", { schema: contactPatch.shape.linkedinUrl });
    expect(url.validate?.({ linkedinUrl: "  " })).toBeNull();
    expect(url.validate?.({ linkedinUrl: "not a url" })).toBe("Enter a web address, like https://example.com");
    const name = textEditor<Row>("name", "Name", { schema: companyPatch.shape.name, required: true });
    expect(name.validate?.({ name: " " })).toBe("Name the company.");
  });

  it("checks a lead score as a whole number from 0 to 1000, saying so in words as an import's preview does", () => {
    const score = contactColumns.find((c) => c.id === "leadScore")!.editor!;
    expect(score.validate?.({ leadScore: "50" })).toBeNull();
    expect(score.validate?.({ leadScore: "2.5" })).toBe("Lead score must be a whole number.");
    expect(score.validate?.({ leadScore: "5000" })).toBe("Lead score must be 1,000 at most.");
    expect(score.validate?.({ leadScore: "-3" })).toBe("Lead score must be at least 0.");
  });

  it("says a text too long in words", () => {
    const title = textEditor<Row>("title", "Title", { schema: contactPatch.shape.title });
    expect(title.validate?.({ title: "x".repeat(201) })).toBe("Title must be 200 characters at most.");
  });
});

describe("lookup and tags editors on a row", () => {
  const tags: CellEditor<Row> = { kind: "tags", field: "tags", label: "Tags", useOptions: noOptions };
  const company: CellEditor<Row> = {
    kind: "lookup",
    field: "companyId",
    labelField: "companyName",
    label: "Company",
    useOptions: noOptions,
  };

  it("reads tags as JSON and puts a list back on the row", () => {
    expect(readPatch(row, tags)).toEqual({ tags: '["vip"]' });
    expect(applyPatch(row, tags, { tags: '["vip","beta"]' }).tags).toEqual(["vip", "beta"]);
  });

  it("reads a lookup with its label, shows a new pick's label at once, and clears to null", () => {
    expect(readPatch(row, company)).toEqual({ companyId: "cmp_1", companyName: "Acme" });
    expect(samePatch(readPatch(row, company), { companyId: "cmp_1", companyName: "Acme" })).toBe(true);
    expect(applyPatch(row, company, { companyId: "cmp_2", companyName: "Globex" })).toMatchObject({
      companyId: "cmp_2",
      companyName: "Globex",
    });
    expect(applyPatch(row, company, { companyId: "", companyName: "" })).toMatchObject({
      companyId: null,
      companyName: null,
    });
  });
});

describe("an edit's texts as the update patch", () => {
  it("turns a contact's texts into typed fields, and only those touched", () => {
    expect(
      toContactPatch({
        emails: "a@x.com, b@y.com",
        phones: "+1 555 0100",
        companyId: "",
        companyName: "",
        ownerId: "usr_1",
        tags: '["vip"]',
        leadScore: "42",
        title: " ",
      }),
    ).toEqual({
      emails: ["a@x.com", "b@y.com"],
      phones: ["+1 555 0100"],
      companyId: null,
      ownerId: "usr_1",
      tags: ["vip"],
      leadScore: 42,
      title: null,
    });
    expect(toContactPatch({ title: "CEO" })).toEqual({ title: "CEO" });
  });

  it("turns a company's texts into typed fields", () => {
    expect(toCompanyPatch({ name: " Acme ", domain: "", ownerId: "", tags: "[]" })).toEqual({
      name: "Acme",
      domain: null,
      ownerId: null,
      tags: [],
    });
  });
});

describe("a reference filter's chip", () => {
  const field: FilterField = { field: "companyId", label: "Company", kind: "reference", labels: { cmp_1: "Acme" } };

  it("names the company by the labels given, then by what was picked in this tab, else waits", () => {
    expect(valueLabel(field, "cmp_1")).toBe("Acme");
    expect(valueLabel(field, "cmp_2")).toBe("…");
    pickedLabels.set("cmp_2", "Globex");
    expect(valueLabel(field, "cmp_2")).toBe("Globex");
  });
});
