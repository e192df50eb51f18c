import { describe, expect, it, vi } from "vitest";
import type { ImportBatchInput, ImportBatchResult } from "../../worker/src/schemas/imports";
import { companyImport } from "../../web/src/features/import/import-objects";
import {
  parentFailures,
  parentHeaders,
  parentInFile,
  parentsFirst,
  readFileCompanies,
} from "../../web/src/features/import/parent-links";
import { runImport } from "../../web/src/features/import/run-import";
import { linesSaid, severalNamedMessage } from "../../worker/src/domain/records/parent-messages";

vi.mock("../../web/src/lib/trpc", () => ({ trpcClient: {} }));

/** The file's rows' companies, the rows keyed by the targets' own names. */
const read = (rows: Record<string, string | undefined>[]) =>
  readFileCompanies(rows, { name: "name", domain: "domain", parent: "parentCompany" });

/** Imports `rows` (Name, Parent) through `send`, the file's parent links read first as the dialog reads them. */
async function importCompanies(
  rows: Record<string, string>[],
  send: (input: ImportBatchInput) => Promise<ImportBatchResult>,
) {
  const mapping = { Name: "name", Parent: "parentCompany" };
  return runImport({
    config: { ...companyImport, send },
    rows,
    mapping,
    properties: [],
    decimalComma: false,
    onDuplicate: "skip",
    companies: await readFileCompanies(rows, parentHeaders(mapping)),
    onProgress: () => undefined,
    signal: new AbortController().signal,
  });
}

describe("parentsFirst: a companies file in the order its parents need", () => {
  it("puts each company after the row its Parent company cell names, by name in any case or by domain", async () => {
    const rows = [
      { name: "Store Berlin", parentCompany: "acme retail" },
      { name: "Acme Retail", domain: "retail.test", parentCompany: "https://www.group.test/" },
      { name: "Solo" },
      { name: "Acme Group", domain: "group.test" },
      { name: "Labs", parentCompany: "Acme Group" },
      { name: "Outside", parentCompany: "A company not in the file" },
    ];
    const order = parentsFirst((await read(rows))!);
    const names = order.map((i) => rows[i].name);
    expect(names).toEqual(["Solo", "Acme Group", "Outside", "Acme Retail", "Labs", "Store Berlin"]);
  });

  it("is nothing to read where no row names a parent; each row in a loop, or under one, is refused", async () => {
    expect(await read([{ name: "A" }, { name: "B", parentCompany: "" }])).toBeNull();
    const rows = [
      { name: "A", parentCompany: "B" },
      { name: "B", parentCompany: "a" },
      { name: "Under A", parentCompany: "A" },
      { name: "C", parentCompany: "c" },
      { name: "D", parentCompany: "C" },
    ];
    const file = (await read(rows))!;
    // The walk from A meets A again at B: B counts as naming none, A as its subsidiary. The server refuses both, as
    // neither's parent is written when it comes, and so the row under them. C names itself: the server says so.
    expect(parentsFirst(file).map((i) => rows[i].name)).toEqual(["B", "C", "A", "D", "Under A"]);
    expect(parentInFile(file, 0, "B")).toEqual({
      error: "Parent company: B (in this file) belongs to this company, so it cannot be its parent company.",
    });
    expect(parentInFile(file, 1, "a")).toEqual({
      error: "Parent company: A (in this file) belongs to this company, so it cannot be its parent company.",
    });
    expect(parentInFile(file, 2, "A")).toEqual({
      error: "Parent company: A (in this file) is not imported, as the companies above it name each other.",
    });
    expect(parentInFile(file, 4, "C")).toEqual({ name: "C (in this file)" });
    expect(parentInFile(file, 3, "c")).toEqual({
      error: "Parent company: no company here or in this file is named “c”.",
    });
  });

  it("reads a 12,000-row file in slices, letting the browser in between, to the same order", async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => ({
      name: `Company ${i}`,
      domain: `c${i}.example`,
      // Each names one further down the file, by name or by domain; every fifth none.
      parentCompany: i % 5 === 0 ? "" : i % 2 ? `company ${(i * 7) % 12_000}` : `c${(i * 7) % 12_000}.example`,
    }));
    // Each break is a message posted to the page through a MessageChannel of its own.
    let breaks = 0;
    const Channel = MessageChannel;
    vi.stubGlobal(
      "MessageChannel",
      class extends Channel {
        constructor() {
          super();
          breaks++;
        }
      },
    );
    const file = (await read(rows))!;
    // Three passes over 12,000 rows, 5,000 at a time at most: two breaks in each, more on a slow machine.
    expect(breaks).toBeGreaterThanOrEqual(6);
    const order = parentsFirst(file);
    expect(new Set(order).size).toBe(12_000);
    const position = new Map(order.map((row, at) => [row, at]));
    for (let i = 0; i < rows.length; i++) {
      const parent = file.parentOf[i];
      if (parent >= 0 && parent !== i && file.chain[i] === 0)
        expect(position.get(parent)).toBeLessThan(position.get(i)!);
    }
  });

  it("is sent in that order, with each row's line in the file, and its failures listed by line", async () => {
    const rows = [
      { Name: "Labs", Parent: "Acme Group" },
      { Name: "Acme Group", Parent: "" },
    ];
    const sent: ImportBatchInput[] = [];
    const send = async (input: ImportBatchInput): Promise<ImportBatchResult> => {
      sent.push(input);
      return {
        created: 1,
        updated: 0,
        skipped: 0,
        failed: [{ line: input.lineNumbers[1], message: "Parent company: no." }],
        createdIds: ["cmp_1"],
      };
    };
    const summary = await importCompanies(rows, send);
    expect(sent[0].rows.map((row) => row.name)).toEqual(["Acme Group", "Labs"]);
    expect(sent[0].lineNumbers).toEqual([3, 2]);
    expect(summary.failures).toEqual([{ line: 2, message: "Parent company: no." }]);
    expect(summary.failedRows).toEqual([{ Name: "Labs", Parent: "Acme Group", "Import error": "Parent company: no." }]);
  });

  it("says a row refused for its parent in the file's terms: its parent's row failed, or rows name each other", async () => {
    const rows = [
      { Name: "Child Co", Parent: "Lost Co" },
      { Name: "Lost Co", Parent: "Nowhere Inc" },
      { Name: "Ring One", Parent: "Ring Two" },
      { Name: "Ring Two", Parent: "Ring One" },
      { Name: "Bad Co", Parent: "Lost Co" },
      { Name: "Fine Co", Parent: "" },
      { Name: "Fine Child", Parent: "fine co" },
    ];
    // The server as it goes: a row's parent must be written before it, and "Bad Co" fails for a reason of its own.
    const written = new Set<string>();
    const send = async ({ rows: batch, lineNumbers }: ImportBatchInput): Promise<ImportBatchResult> => {
      const failed: ImportBatchResult["failed"] = [];
      batch.forEach((row, i) => {
        const parent = String(row.parentCompany ?? "");
        const message = `Parent company: no company here is named “${parent}”. Import it first, or put its row above this one.`;
        if (row.name === "Bad Co") failed.push({ line: lineNumbers[i], message: "Domain: Enter a domain." });
        else if (parent && !written.has(parent.toLowerCase()))
          failed.push({ line: lineNumbers[i], message, missingParent: parent });
        else written.add(String(row.name).toLowerCase());
      });
      return { created: batch.length - failed.length, updated: 0, skipped: 0, failed, createdIds: [] };
    };
    const summary = await importCompanies(rows, send);
    expect(summary.created).toBe(2);
    expect(summary.failures.map(({ line, message }) => [line, message])).toEqual([
      [2, "Parent company: Lost Co (line 3) was not imported, so this row is not either."],
      [3, "Parent company: no company here is named “Nowhere Inc”. Import it first, or put its row above this one."],
      [4, "Parent company: Ring Two (in this file) belongs to this company, so it cannot be its parent company."],
      [5, "Parent company: Ring One (in this file) belongs to this company, so it cannot be its parent company."],
      [6, "Domain: Enter a domain."],
    ]);
    expect(summary.failedRows.map((row) => [row.Name, row["Import error"]])).toEqual(
      summary.failures.map(({ line, message }) => [rows[line - 2].Name, message]),
    );
  });

  it("lists the rows the import will refuse for their parent: named nowhere, in a loop, under a refused row", async () => {
    const rows = [
      { name: "Initech Labs", parentCompany: "Initech" },
      { name: "Initech", domain: "not a domain" },
      { name: "Initech Shop", parentCompany: "initech labs" },
      { name: "Solo Sub", parentCompany: "Nowhere Inc" },
      { name: "Here Sub", parentCompany: "Stored Co" },
      { name: "Ring One", parentCompany: "Ring Two" },
      { name: "Ring Two", parentCompany: "Ring One" },
      { name: "Under Ring", parentCompany: "Ring One" },
      { name: "Fine" },
      { name: "Fine Sub", parentCompany: "fine" },
      // Named here as well as in the file: the server links it to the company here.
      { name: "Twin Sub", parentCompany: "Stored Twin" },
      { name: "Stored Twin", domain: "bad domain" },
    ];
    const file = (await read(rows))!;
    // Initech's row (line 3) and Stored Twin's (line 13) fail for their domain.
    const stored = new Map([
      ["Stored Co", [null]],
      ["Stored Twin", ["stored-twin.test"]],
    ]);
    const failures = await parentFailures(file, new Set([1, 11]), stored);
    expect(failures).toEqual([
      { line: 2, message: "Parent company: Initech (line 3) will not import, so this row will not either." },
      { line: 4, message: "Parent company: Initech Labs (line 2) will not import, so this row will not either." },
      { line: 5, message: "Parent company: no company here or in this file is named “Nowhere Inc”." },
      {
        line: 7,
        message: "Parent company: Ring Two (in this file) belongs to this company, so it cannot be its parent company.",
      },
      {
        line: 8,
        message: "Parent company: Ring One (in this file) belongs to this company, so it cannot be its parent company.",
      },
      {
        line: 9,
        message: "Parent company: Ring One (in this file) is not imported, as the companies above it name each other.",
      },
    ]);
    // With no cell naming a company here, Here Sub's names nobody, and Twin Sub's row goes down with Stored Twin's.
    const alone = await parentFailures(file, new Set([1, 11]), new Map());
    expect(alone.filter((failure) => [6, 12].includes(failure.line))).toEqual([
      { line: 6, message: "Parent company: no company here or in this file is named “Stored Co”." },
      { line: 12, message: "Parent company: Stored Twin (line 13) will not import, so this row will not either." },
    ]);
  });

  it("refuses a cell naming several companies, here or written by the rows sent before it, as the server does", async () => {
    const rows = [
      { name: "Acme Paris", parentCompany: "acme" },
      { name: "Globex" },
      { name: "Globex Sub", parentCompany: "Globex" },
      { name: "Umbrella Corp", domain: "umbrella.test" },
      { name: "Umbrella Sub", parentCompany: "UMBRELLA.test" },
      { name: "Hooli" },
      { name: "Hooli" },
      { name: "Hooli Sub", parentCompany: "hooli" },
      { name: "Hooli Sub Sub", parentCompany: "Hooli Sub" },
      { name: "Initrode", domain: "initrode.test" },
      { name: "Initrode Sub", parentCompany: "Initrode" },
    ];
    const file = (await read(rows))!;
    // Two companies here are named Acme; one, without a domain, Globex; Umbrella's row updates the one here.
    const stored = new Map([
      ["acme", ["acme.test", null]],
      ["Globex", [null]],
      ["UMBRELLA.test", ["umbrella.test"]],
    ]);
    const acme =
      "Parent company: several companies are named “acme” (acme.test and 1 with no domain); put the domain of the one " +
      "you mean in this cell (give it one first if it has none).";
    // The file's rows among them by their lines, to find them and give one a domain.
    const withoutDomains = (cell: string, where: string) =>
      `Parent company: several companies are named “${cell}” (2 with no domain, ${where} of this file); give the one ` +
      "you mean a domain, then put that domain in this cell.";
    expect(await parentFailures(file, new Set(), stored)).toEqual([
      { line: 2, message: acme },
      { line: 4, message: withoutDomains("Globex", "1 of them on line 3") },
      { line: 9, message: withoutDomains("hooli", "on lines 7 and 8") },
      { line: 10, message: "Parent company: Hooli Sub (line 9) will not import, so this row will not either." },
    ]);
    // A row renaming a company here: the cell naming it by its old name finds nothing once that row is sent.
    const renaming = (await read([
      { name: "Umbrella Group", domain: "umbrella.test" },
      { name: "Umbrella Sub", parentCompany: "Umbrella Corp" },
    ]))!;
    expect(await parentFailures(renaming, new Set(), new Map([["Umbrella Corp", ["umbrella.test"]]]))).toEqual([
      { line: 3, message: "Parent company: no company here or in this file is named “Umbrella Corp”." },
    ]);
    // Rows the import skips write nothing: Initrode's is no parent for the row below it, Globex's no second company
    // named Globex, and the cell naming Umbrella still names the company here.
    const skipped = new Set([1, 3, 9]);
    expect(await parentFailures(file, new Set(), stored, (row) => !skipped.has(row))).toEqual([
      { line: 2, message: acme },
      { line: 9, message: withoutDomains("hooli", "on lines 7 and 8") },
      { line: 10, message: "Parent company: Hooli Sub (line 9) will not import, so this row will not either." },
      { line: 12, message: "Parent company: Initrode (line 11) will not import, so this row will not either." },
    ]);
  });

  it("names the domains of the companies a cell names, three of them, and counts the rest", async () => {
    // Hooli here, with a domain, and five rows of the file named so: four with a domain, one without.
    const rows = [
      ...["d.test", "b.test", "e.test", "c.test", ""].map((domain) => ({ name: "Hooli", domain })),
      { name: "Hooli Sub", parentCompany: "Hooli" },
      { name: "Hooli Shop", parentCompany: "hooli" },
    ];
    // The server found the one here for "Hooli" only: the cell "hooli" names the file's five.
    const failures = await parentFailures((await read(rows))!, new Set(), new Map([["Hooli", ["a.test"]]]));
    const advice = "put the domain of the one you mean in this cell (give it one first if it has none).";
    expect(failures.map((failure) => failure.message)).toEqual([
      "Parent company: several companies are named “Hooli” (a.test, b.test, c.test, 2 more and 1 with no domain, on " +
        `line 6 of this file); ${advice}`,
      "Parent company: several companies are named “hooli” (b.test, c.test, d.test, 1 more and 1 with no domain, on " +
        `line 6 of this file); ${advice}`,
    ]);
    expect(linesSaid([9, 3, 4, 12, 7, 30, 31])).toBe("lines 3, 4, 7, 9, 12 and 2 more");
    expect(linesSaid([8, 3])).toBe("lines 3 and 8");
    expect(severalNamedMessage("Company", "Twin", ["twin.test", "twins.test"])).toBe(
      "Company: several companies are named “Twin” (twin.test and twins.test); put the domain of the one you mean in " +
        "this cell instead.",
    );
  });

  it("finds the file's company a preview row's parent names, by name in any case or by domain", async () => {
    const rows = [
      { Company: " Globex Holdings ", Website: "https://www.globex.example/", Parent: "" },
      { Company: "Globex Shop", Website: "", Parent: "globex holdings" },
      { Company: "Globex Labs", Website: "", Parent: "GLOBEX.example" },
      { Company: "Initech Shop", Website: "", Parent: "Initech" },
    ];
    const mapping = { Company: "name", Website: "domain", Parent: "parentCompany" };
    const file = await readFileCompanies(rows, parentHeaders(mapping));
    expect(parentInFile(file, 1, "globex holdings")).toEqual({ name: "Globex Holdings (in this file)" });
    expect(parentInFile(file, 2, "GLOBEX.example")).toEqual({ name: "Globex Holdings (in this file)" });
    expect(parentInFile(file, 3, "Initech")).toEqual({
      error: "Parent company: no company here or in this file is named “Initech”.",
    });
    // A parent row the import refuses for its own values takes its subsidiaries with it.
    const failing = (row: number) => row === 0;
    expect(parentInFile(file, 1, "globex holdings", failing)).toEqual({
      error: "Parent company: Globex Holdings (line 2) will not import, so this row will not either.",
    });
    expect(parentInFile(file, 1, "globex holdings", (row) => row === 2)).toEqual({
      name: "Globex Holdings (in this file)",
    });
    // Without a Name column, no row is named.
    const nameless = await readFileCompanies(rows, parentHeaders({ Parent: "parentCompany" }));
    expect(parentInFile(nameless, 1, "Globex Shop")).toEqual({
      error: "Parent company: no company here or in this file is named “Globex Shop”.",
    });
  });
});
