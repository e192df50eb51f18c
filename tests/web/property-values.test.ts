import { describe, expect, it } from "vitest";
import {
  parsePropertyInput,
  propertiesFromInputs,
  propertyFilterField,
  propertyFromCsv,
  propertyOfError,
  propertyToInput,
  type PropertyDefinition,
} from "../../web/src/features/records/property-values";
import { dayFromCsv, numberFromCsv } from "../../web/src/lib/spreadsheet-values";
import { operatorsByKind, valueLabel, dateFilterValue } from "../../web/src/ui/data-table/filters";

const def = (type: PropertyDefinition["type"], extra: Partial<PropertyDefinition> = {}): PropertyDefinition => ({
  key: "k",
  label: "Field",
  type,
  options: null,
  required: false,
  ...extra,
});

describe("parsePropertyInput", () => {
  it("turns a number or currency input into a number and refuses other text", () => {
    expect(parsePropertyInput(def("number"), " 42.5 ")).toEqual({ ok: true, value: 42.5 });
    expect(parsePropertyInput(def("currency"), "1200")).toEqual({ ok: true, value: 1200 });
    expect(parsePropertyInput(def("number"), "abc")).toEqual({ ok: false, error: "Field must be a number." });
  });

  it("clears an optional property on blank and says a required one must be filled in", () => {
    expect(parsePropertyInput(def("text"), "  ")).toEqual({ ok: true, value: null });
    expect(parsePropertyInput(def("text", { required: true }), "")).toEqual({
      ok: false,
      error: "Field must be filled in.",
    });
    expect(parsePropertyInput(def("multi-select", { options: ["a"] }), "[]")).toEqual({ ok: true, value: null });
  });

  it("checks dates, URLs and emails the way the server does", () => {
    expect(parsePropertyInput(def("date"), "2026-05-05")).toEqual({ ok: true, value: "2026-05-05" });
    expect(parsePropertyInput(def("date"), "5 May")).toMatchObject({ ok: false });
    expect(parsePropertyInput(def("date"), "2026-02-30")).toEqual({ ok: false, error: "Field must be a date." });
    expect(parsePropertyInput(def("date"), "2028-02-29")).toEqual({ ok: true, value: "2028-02-29" });
    expect(parsePropertyInput(def("url"), "https://acme.com")).toEqual({ ok: true, value: "https://acme.com" });
    expect(parsePropertyInput(def("url"), "acme.com/pricing")).toEqual({ ok: true, value: "https://acme.com/pricing" });
    expect(parsePropertyInput(def("url"), "javascript:alert(1)")).toMatchObject({ ok: false });
    expect(parsePropertyInput(def("url"), "ftp://acme.com")).toEqual({
      ok: false,
      error: "Field must be a web address, like https://example.com.",
    });
    expect(parsePropertyInput(def("email"), "Ann@X.com")).toEqual({ ok: true, value: "ann@x.com" });
    expect(parsePropertyInput(def("email"), "ann")).toMatchObject({ ok: false });
    // As a contact's own Email field takes them (zod's email).
    expect(parsePropertyInput(def("email"), "ann..lee@x.com")).toMatchObject({ ok: false });
  });

  it("accepts only defined options for select and multi-select", () => {
    const select = def("select", { options: ["Gold", "Silver"] });
    expect(parsePropertyInput(select, "Gold")).toEqual({ ok: true, value: "Gold" });
    expect(parsePropertyInput(select, "Bronze")).toEqual({ ok: false, error: "Field must be one of: Gold, Silver." });
    const multi = def("multi-select", { options: ["a", "b"] });
    expect(parsePropertyInput(multi, '["a","b"]')).toEqual({ ok: true, value: ["a", "b"] });
    expect(parsePropertyInput(multi, '["c"]')).toMatchObject({ ok: false });
  });

  it("reads yes/no booleans", () => {
    expect(parsePropertyInput(def("boolean"), "true")).toEqual({ ok: true, value: true });
    expect(parsePropertyInput(def("boolean"), "No")).toEqual({ ok: true, value: false });
    expect(parsePropertyInput(def("boolean"), "maybe")).toMatchObject({ ok: false });
  });

  it("round-trips every type through its input text", () => {
    expect(propertyToInput(def("multi-select"), ["a"])).toBe('["a"]');
    expect(propertyToInput(def("boolean"), false)).toBe("false");
    expect(propertyToInput(def("number"), null)).toBe("");
  });
});

describe("propertiesFromInputs", () => {
  it("leaves unset properties out and reports every wrong one by key", () => {
    const defs = [def("number", { key: "seats" }), def("text", { key: "note" }), def("date", { key: "renewal" })];
    expect(propertiesFromInputs(defs, { seats: "5", renewal: "" })).toEqual({ values: { seats: 5 }, errors: {} });
    expect(propertiesFromInputs(defs, { seats: "five" }).errors).toEqual({ seats: "Field must be a number." });
  });
});

describe("propertyOfError", () => {
  it("finds the property a server message is about by its label", () => {
    const defs = [def("date", { key: "renewal", label: "Renewal" }), def("date", { key: "rd", label: "Renewal date" })];
    expect(propertyOfError(defs, "Renewal date must be a date.")).toBe("rd");
    expect(propertyOfError(defs, "Name the company.")).toBeNull();
  });
});

describe("propertyFilterField", () => {
  it("gives each type the operators and values of its kind", () => {
    expect(propertyFilterField(def("currency"))).toMatchObject({ field: "prop:k", kind: "number" });
    expect(propertyFilterField(def("url")).kind).toBe("text");
    const select = propertyFilterField(def("select", { options: ["Gold"] }));
    expect(select.kind).toBe("select");
    expect(select.options).toEqual([{ value: "Gold", label: "Gold" }]);
    expect(operatorsByKind[select.kind]).toEqual(["eq", "neq", "in", "empty", "notEmpty"]);
    const multi = propertyFilterField(def("multi-select", { options: ["a"] }));
    expect(multi.kind).toBe("array");
    expect(operatorsByKind.array).toContain("contains");
    const flag = propertyFilterField(def("boolean"));
    expect(flag.options?.map((o) => o.value)).toEqual(["1", "0"]);
    expect(valueLabel(flag, 1)).toBe("Yes");
  });

  it("compares custom dates as the calendar day typed, not a timestamp", () => {
    const date = propertyFilterField(def("date"));
    expect(date.isoDate).toBe(true);
    expect(dateFilterValue(date, "2026-05-05")).toBe("2026-05-05");
    expect(dateFilterValue({ field: "createdAt", label: "Created", kind: "date" }, "2026-05-05")).toBe(
      new Date(2026, 4, 5).getTime(),
    );
  });
});

describe("numberFromCsv", () => {
  it("reads numbers as spreadsheets of any country write them", () => {
    const read = (cells: string[], decimalComma = false) => cells.map((cell) => numberFromCsv(cell, decimalComma));
    expect(read(["42", "-7", "3.5", "1,234.5", "1,234,567", "12 500", "1\u00a0500", "1'250.75"])).toEqual([
      42, -7, 3.5, 1234.5, 1234567, 12500, 1500, 1250.75,
    ]);
    // Decimal commas: both marks (the last is the decimal one), or a comma before other than three digits.
    expect(read(["1.234,56", "12,5", "0,99", "1.234.567"])).toEqual([1234.56, 12.5, 0.99, 1234567]);
    // Currency signs and codes either side.
    expect(read(["$1,200", "$1,200.00", "1.234,50 €", "€ 99", "EUR 99", "99 USD", "-$40", "£3.50"])).toEqual([
      1200, 1200, 1234.5, 99, 99, 99, -40, 3.5,
    ]);
    // A file whose columns are separated by ";" writes decimals with a comma: a lone dot groups thousands there.
    expect(read(["12.000", "1.234", "12,5", "1.234,5", "1,234", "42"], true)).toEqual([
      12000, 1234, 12.5, 1234.5, 1.234, 42,
    ]);
    expect(read(["12.000", "1.234"])).toEqual([12, 1.234]);
  });

  it("refuses what is not a number, so the row says why", () => {
    expect(["lots", "", "12abc", "1.2.3", "$", "1,2,3"].map((cell) => numberFromCsv(cell))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("dayFromCsv", () => {
  it("reads days as spreadsheets write them: ISO, day first with dots, US month first with slashes", () => {
    const read = (cells: string[]) => cells.map(dayFromCsv);
    expect(
      read(["2026-03-15", "15.03.2026", "5.3.26", "15/03/2026", "3/15/2026", "03/04/2026", "Mar 15, 2026"]),
    ).toEqual(["2026-03-15", "2026-03-15", "2026-03-05", "2026-03-15", "2026-03-15", "2026-03-04", "2026-03-15"]);
  });

  it("refuses what is no day, so the row says why", () => {
    const notDays = ["31.02.2026", "13/13/2026", "2026-13-01", "2026-02-31", "soon", ""];
    expect(notDays.map(dayFromCsv)).toEqual(notDays.map(() => null));
  });
});

describe("propertyFromCsv", () => {
  it("reads spreadsheet cells as typed values", () => {
    expect(propertyFromCsv(def("number"), "1,234.5")).toBe(1234.5);
    expect(propertyFromCsv(def("boolean"), "yes")).toBe(true);
    expect(propertyFromCsv(def("multi-select"), "a; b")).toEqual(["a", "b"]);
    expect(propertyFromCsv(def("date"), "2026-05-05")).toBe("2026-05-05");
    expect(propertyFromCsv(def("number"), "lots")).toBe("lots");
  });
});
