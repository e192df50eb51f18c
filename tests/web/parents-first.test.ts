import { describe, expect, it, vi } from "vitest";
import type { ImportBatchInput, ImportBatchResult } from "../../worker/src/schemas/imports";
import { companyImport } from "../../web/src/features/import/import-objects";
import { fileCompanyNamed, parentsFirst } from "../../web/src/features/import/parents-first";
import { runImport } from "../../web/src/features/import/run-import";

vi.mock("../../web/src/lib/trpc", () => ({ trpcClient: {} }));

describe("parentsFirst: a companies file in the order its parents need", () => {
  it("puts each company after the row its Parent company cell names, by name in any case or by domain", () => {
    const rows = [
      { name: "Store Berlin", parentCompany: "acme retail" },
      { name: "Acme Retail", domain: "retail.test", parentCompany: "https://www.group.test/" },
      { name: "Solo" },
      { name: "Acme Group", domain: "group.test" },
      { name: "Labs", parentCompany: "Acme Group" },
      { name: "Outside", parentCompany: "A company not in the file" },
    ];
    const order = parentsFirst(rows)!;
    const names = order.map((i) => rows[i].name);
    expect(names).toEqual(["Solo", "Acme Group", "Outside", "Acme Retail", "Labs", "Store Berlin"]);
  });

  it("is no order where no row names a parent; rows naming each other in a loop count as one naming none", () => {
    expect(parentsFirst([{ name: "A" }, { name: "B", parentCompany: "" }])).toBeNull();
    const loop = [
      { name: "A", parentCompany: "B" },
      { name: "B", parentCompany: "A" },
      { name: "C", parentCompany: "c" },
    ];
    // The walk from A meets A again at B: B counts as naming none, A as its subsidiary. The server refuses both,
    // as neither's parent is written when it comes.
    expect(parentsFirst(loop)!.map((i) => loop[i].name)).toEqual(["B", "C", "A"]);
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
    const summary = await runImport({
      config: { ...companyImport, send },
      rows,
      mapping: { Name: "name", Parent: "parentCompany" },
      properties: [],
      decimalComma: false,
      onDuplicate: "skip",
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    expect(sent[0].rows.map((row) => row.name)).toEqual(["Acme Group", "Labs"]);
    expect(sent[0].lineNumbers).toEqual([3, 2]);
    expect(summary.failures).toEqual([{ line: 2, message: "Parent company: no." }]);
    expect(summary.failedRows).toEqual([{ Name: "Labs", Parent: "Acme Group", "Import error": "Parent company: no." }]);
  });

  it("finds the file's company a preview row's parent names, by name in any case or by domain", () => {
    const rows = [
      { Company: " Globex Holdings ", Website: "https://www.globex.example/", Parent: "" },
      { Company: "Globex Shop", Website: "", Parent: "globex holdings" },
    ];
    const mapping = { Company: "name", Website: "domain", Parent: "parentCompany" };
    expect(fileCompanyNamed(rows, mapping, "GLOBEX HOLDINGS")).toBe("Globex Holdings");
    expect(fileCompanyNamed(rows, mapping, "globex.example")).toBe("Globex Holdings");
    expect(fileCompanyNamed(rows, mapping, "Initech")).toBeNull();
    expect(fileCompanyNamed(rows, { Parent: "parentCompany" }, "Globex Shop")).toBeNull();
  });
});
