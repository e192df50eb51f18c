import { describe, expect, it } from "vitest";
import {
  companyCellFailures,
  fileOutcomes,
  unfilledFailures,
  type OutcomeWords,
} from "../../web/src/features/import/file-outcomes";
import type { FileCheck } from "../../web/src/features/import/use-file-check";

const contacts: OutcomeWords = { keyName: "email", noun: ["contact", "contacts"], update: false, create: true };

/**
 * A 12-row file (lines 2–13): line 3 fails; ann@ is on lines 2, 6 and 9, bo@ on 4 and 11, cy@ on 5, each other row
 * has an email of its own but line 13, which has none.
 */
function fileCheck(): FileCheck {
  const rows = Array.from({ length: 12 }, () => ({}));
  const emails = new Map<number, string>([
    [2, "ann@acme.com"],
    [4, "bo@acme.com"],
    [5, "cy@acme.com"],
    [7, "di@acme.com"],
    [8, "ed@acme.com"],
    [10, "flo@acme.com"],
    [12, "gus@acme.com"],
  ]);
  const keys = new Map([...emails].map(([line, email]) => [email, line]));
  const repeats = new Map([
    [6, 2],
    [9, 2],
    [11, 4],
  ]);
  const failures = [{ line: 3, message: "Email: Enter a valid email address." }];
  return { rows, failures, keys, repeats, unfilled: new Map(), companyCells: new Map(), askedCompanyCells: [] };
}

describe("fileOutcomes: what an import will do with a file's rows that are not simply new", () => {
  it("says nothing where no email is here or repeated", () => {
    const check = { ...fileCheck(), repeats: new Map() };
    expect(fileOutcomes(check, new Set(), contacts)).toEqual([]);
    // Asking failed: the preview's own rows still say it.
    expect(fileOutcomes(check, null, contacts)).toEqual([]);
  });

  it("counts the rows a record here holds, their repeats included, and the other repeats apart", () => {
    const held = new Set(["ann@acme.com", "gus@acme.com", "someone@else.com"]);
    expect(fileOutcomes(fileCheck(), held, contacts)).toEqual([
      "4 rows are contacts here already (lines 2, 6, 9 and 1 more), so they will be skipped.",
      "1 row repeats the email of a row above it (line 11), so it will be skipped.",
    ]);
    expect(fileOutcomes(fileCheck(), held, { ...contacts, update: true })).toEqual([
      "4 rows are contacts here already (lines 2, 6, 9 and 1 more): each updates that contact.",
      "1 row repeats the email of a row above it (line 11): it updates the contact that row makes.",
    ]);
    expect(fileOutcomes(fileCheck(), new Set(["cy@acme.com"]), contacts)).toEqual([
      "1 row is a contact here already (line 5), so it will be skipped.",
      "3 rows repeat the email of a row above them (lines 6, 9, 11), so they will be skipped.",
    ]);
  });

  it("with Only update, counts the valid rows no record here holds instead of the repeats: none is imported", () => {
    const onlyUpdate = { ...contacts, update: true, create: false };
    expect(fileOutcomes(fileCheck(), new Set(["ann@acme.com"]), onlyUpdate)).toEqual([
      "3 rows are contacts here already (lines 2, 6, 9): each updates that contact.",
      // 12 rows, 1 failing, 3 held: the row without an email too.
      "8 rows name no contact here, so they will be skipped.",
    ]);
    const companies = {
      keyName: "domain",
      noun: ["company", "companies"] as [string, string],
      update: true,
      create: false,
    };
    const one = {
      rows: [{}],
      failures: [],
      keys: new Map([["acme.com", 2]]),
      repeats: new Map(),
      unfilled: new Map(),
      companyCells: new Map(),
      askedCompanyCells: [],
    };
    expect(fileOutcomes(one, new Set(), companies)).toEqual(["1 row names no company here, so it will be skipped."]);
  });

  it("refuses a row leaving a required property empty only where the import creates its record", () => {
    const plan = "Plan must be filled in.";
    const check = {
      ...fileCheck(),
      // Ann's first row (new), her repeat, Cy's (here already), and line 13, which has no email.
      unfilled: new Map([
        [2, { message: plan, key: "ann@acme.com" }],
        [6, { message: plan, key: "ann@acme.com" }],
        [5, { message: plan, key: "cy@acme.com" }],
        [13, { message: plan, key: null }],
      ]),
    };
    const held = new Set(["cy@acme.com"]);
    expect(unfilledFailures(check, held, true)).toEqual([
      { line: 2, message: plan },
      { line: 13, message: plan },
    ]);
    // Once Ann is here, her rows update her.
    expect(unfilledFailures(check, new Set([...held, "ann@acme.com"]), true)).toEqual([{ line: 13, message: plan }]);
    // With Only update, none is created.
    expect(unfilledFailures(check, held, false)).toEqual([]);
    // Where the workspace could not be asked, only the row without an email is sure to be created.
    expect(unfilledFailures(check, null, true)).toEqual([{ line: 13, message: plan }]);
  });

  it("refuses a row for its Company cell only where the import links it: a row it creates or updates", () => {
    const twin = 'Company: several companies are named "Twin"; give its domain instead.';
    const check = {
      ...fileCheck(),
      // Ann's first row (new), her repeat, Cy's (here already), line 13 (no email), and Bo's row naming one company.
      companyCells: new Map([
        [2, { cell: "Twin", key: "ann@acme.com" }],
        [6, { cell: "Twin", key: "ann@acme.com" }],
        [5, { cell: "Twin", key: "cy@acme.com" }],
        [13, { cell: "Twin", key: null }],
        [4, { cell: "Acme", key: "bo@acme.com" }],
      ]),
    };
    const held = new Set(["cy@acme.com"]);
    const refused = new Map([["Twin", twin]]);
    const lines = (choices: { update: boolean; create: boolean }, known: Set<string> | null = held) =>
      companyCellFailures(check, known, refused, choices).map((failure) => failure.line);
    // Skip: Cy's row and Ann's repeat are skipped, linking nothing.
    expect(lines({ update: false, create: true })).toEqual([2, 13]);
    expect(lines({ update: true, create: true })).toEqual([2, 6, 5, 13]);
    // Only update: Ann's first row adds no one, so her repeat finds no one either.
    expect(lines({ update: true, create: false })).toEqual([5]);
    expect(lines({ update: true, create: true }, null)).toEqual([13]);
    expect(companyCellFailures(check, held, refused, { update: false, create: true })[0]).toEqual({
      line: 2,
      message: twin,
    });
  });
});
