import { describe, expect, it } from "vitest";
import { companiesFirst, contactHint, foundRecords, type FoundRecords } from "../../web/src/app/found-records";

type Contact = FoundRecords["contacts"][number];
type Company = FoundRecords["companies"][number];

const contact = (name: string, nameMatch: boolean, extra: Partial<Contact> = {}): Contact => ({
  id: `con_${name}`,
  name,
  email: null,
  title: null,
  company: null,
  nameMatch,
  ...extra,
});
const company = (name: string, nameMatch: boolean): Company => ({ id: `com_${name}`, name, domain: null, nameMatch });

describe("a search's contacts and companies, best match first", () => {
  it("puts the companies first when one is named as typed and no contact is", () => {
    const acmeBank = { contacts: [contact("Sam Patel", false)], companies: [company("Acme Bank", true)] };
    expect(companiesFirst(acmeBank)).toBe(true);
    expect(foundRecords(acmeBank).map((r) => r.name)).toEqual(["Acme Bank", "Sam Patel"]);
    // A contact named as typed keeps contacts first; so do neither, or no companies.
    const both = { contacts: [contact("Acme Banks", true)], companies: [company("Acme Bank", true)] };
    expect(companiesFirst(both)).toBe(false);
    expect(foundRecords(both).map((r) => r.name)).toEqual(["Acme Banks", "Acme Bank"]);
    expect(companiesFirst({ contacts: [contact("Zed", false)], companies: [company("Blue Acme", false)] })).toBe(false);
    expect(companiesFirst({ contacts: [], companies: [] })).toBe(false);
    expect(companiesFirst({ contacts: [], companies: [company("Acme", true)] })).toBe(true);
  });

  it("tells a contact apart by title and company, else by email", () => {
    expect(contactHint(contact("Sam", false, { title: "CFO", company: "Acme Bank" }))).toBe("CFO · Acme Bank");
    expect(contactHint(contact("Sam", false, { company: "Acme Bank", email: "sam@acme.com" }))).toBe("Acme Bank");
    expect(contactHint(contact("Sam", false, { email: "sam@acme.com" }))).toBe("sam@acme.com");
    expect(contactHint(contact("Sam", false))).toBeNull();
  });
});
