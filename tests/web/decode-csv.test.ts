import { describe, expect, it } from "vitest";
import { decodeCsv } from "../../web/src/features/import/decode-csv";

const csv = "First name,Last name,Email\nZoë,Müller,zoe@müller.example\nJosé,Nuñez,jose@example.com\n";

describe("decodeCsv", () => {
  it("reads UTF-8, and drops its byte-order mark so the first header reads as typed", () => {
    const utf8 = new TextEncoder().encode(csv);
    expect(decodeCsv(utf8)).toBe(csv);
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(csv);
  });

  it("reads a Windows-1252 file (Excel's CSV on Windows) with its accents", () => {
    // Every character of the sample is one byte in Windows-1252, its Latin-1 code.
    const cp1252 = Uint8Array.from(csv, (char) => char.charCodeAt(0));
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(cp1252)).toThrow();
    expect(decodeCsv(cp1252)).toBe(csv);
    // Its bytes 0x80–0x9F (€, curly quotes) are checked in Chromium (records-import e2e): Node 20.18.3 and later decode
    // them as Latin-1 (nodejs/node#60888), browsers as the Encoding Standard says.
  });

  it("reads UTF-16 as Excel's Unicode text saves it, with its mark", () => {
    const le = new Uint8Array(2 + csv.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < csv.length; i++) le[2 + i * 2] = csv.charCodeAt(i);
    expect(decodeCsv(le)).toBe(csv);
    const be = new Uint8Array(2 + csv.length * 2);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < csv.length; i++) be[3 + i * 2] = csv.charCodeAt(i);
    expect(decodeCsv(be)).toBe(csv);
  });
});
