import { describe, expect, it } from "vitest";
import type { RecordListInput } from "../../worker/src/schemas/records";
import { ownerOfNewOrganization } from "./helpers";
import { allPages } from "./records-helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];

/** Contacts' first names sorted by `field`, walked one record a page (every tie crosses a cursor). */
async function contactsBy(caller: Caller, field: string, direction: "asc" | "desc") {
  const input: RecordListInput = { sort: { field, direction } };
  return (await allPages((i) => caller.contacts.list(i), input, 1)).map((c) => c.firstName);
}

async function companiesBy(caller: Caller, field: string, direction: "asc" | "desc") {
  const input: RecordListInput = { sort: { field, direction } };
  return (await allPages((i) => caller.companies.list(i), input, 1)).map((c) => c.name);
}

describe("a sort's ties are listed by name", () => {
  it("lists the contacts of one title, source, status or score by name, whatever order they were made in", async () => {
    const { caller } = await ownerOfNewOrganization();
    // Made in no order of name; the titles differ only in case; scores that sort wrongly as text (9, 10, 100).
    for (const [firstName, title, leadScore] of [
      ["Zara", "VP Sales", 10],
      ["Mia", "vp sales", 100],
      ["Abe", "VP SALES", 10],
      ["Cy", "Buyer", 9],
      ["Bo", null, 10],
    ] as const)
      await caller.contacts.create({
        firstName,
        title,
        leadScore,
        source: title === null ? null : "Referral",
        leadStatus: leadScore === 100 ? "qualified" : "new",
      });

    expect(await contactsBy(caller, "title", "asc")).toEqual(["Cy", "Abe", "Mia", "Zara", "Bo"]);
    // Z to A reverses the names too; the empty title stays last.
    expect(await contactsBy(caller, "title", "desc")).toEqual(["Zara", "Mia", "Abe", "Cy", "Bo"]);
    expect(await contactsBy(caller, "source", "asc")).toEqual(["Abe", "Cy", "Mia", "Zara", "Bo"]);
    expect(await contactsBy(caller, "leadScore", "asc")).toEqual(["Cy", "Abe", "Bo", "Zara", "Mia"]);
    expect(await contactsBy(caller, "leadScore", "desc")).toEqual(["Mia", "Zara", "Bo", "Abe", "Cy"]);
    expect(await contactsBy(caller, "leadStatus", "asc")).toEqual(["Abe", "Bo", "Cy", "Zara", "Mia"]);
  });

  it("lists the companies of one industry, size or head count by name", async () => {
    const { caller } = await ownerOfNewOrganization();
    const made: Record<string, string> = {};
    for (const [name, industry, size] of [
      ["Zed Labs", "Software", "11-50"],
      ["acme", "software", "11-50"],
      ["Mango", "SOFTWARE", "1-10"],
      ["Bravo", "Retail", null],
    ] as const)
      made[name] = (await caller.companies.create({ name, industry, size })).id;
    // People: Zed Labs 2, acme 2, Mango 12 (more than 2 as a number, fewer as text), Bravo none.
    const people = { "Zed Labs": 2, acme: 2, Mango: 12 };
    for (const [company, count] of Object.entries(people))
      for (let i = 0; i < count; i++)
        await caller.contacts.create({ firstName: `${company} ${i}`, companyId: made[company] });

    expect(await companiesBy(caller, "industry", "asc")).toEqual(["Bravo", "acme", "Mango", "Zed Labs"]);
    expect(await companiesBy(caller, "size", "desc")).toEqual(["Zed Labs", "acme", "Mango", "Bravo"]);
    expect(await companiesBy(caller, "peopleCount", "asc")).toEqual(["Bravo", "acme", "Zed Labs", "Mango"]);
    expect(await companiesBy(caller, "peopleCount", "desc")).toEqual(["Mango", "Zed Labs", "acme", "Bravo"]);
  });

  it("lists the records without a value by name too, after the others both ways", async () => {
    const { caller } = await ownerOfNewOrganization();
    for (const [firstName, title] of [
      ["Zara", null],
      ["Bob", "Buyer"],
      ["abe", null],
      ["Mia", null],
    ] as const)
      await caller.contacts.create({ firstName, title });
    expect(await contactsBy(caller, "title", "asc")).toEqual(["Bob", "abe", "Mia", "Zara"]);
    expect(await contactsBy(caller, "title", "desc")).toEqual(["Bob", "Zara", "Mia", "abe"]);
    // Nobody has had activity yet: all are empty, by name.
    expect(await contactsBy(caller, "lastActivityAt", "desc")).toEqual(["Zara", "Mia", "Bob", "abe"]);
    expect(await contactsBy(caller, "company", "asc")).toEqual(["abe", "Bob", "Mia", "Zara"]);

    for (const [name, industry] of [
      ["Zed Labs", null],
      ["acme", null],
      ["Bravo", "Retail"],
    ] as const)
      await caller.companies.create({ name, industry });
    expect(await companiesBy(caller, "industry", "asc")).toEqual(["Bravo", "acme", "Zed Labs"]);
    expect(await companiesBy(caller, "lastActivityAt", "asc")).toEqual(["acme", "Bravo", "Zed Labs"]);
  });

  it("lists the contacts without an email and the companies without a domain by name, after the others", async () => {
    const { caller } = await ownerOfNewOrganization();
    for (const [firstName, emails] of [
      ["Zara", []],
      ["Yan", ["b@y.io"]],
      ["abe", []],
      ["Mia", []],
      ["Xu", ["a@x.io"]],
    ] as const)
      await caller.contacts.create({ firstName, emails: [...emails] });
    expect(await contactsBy(caller, "email", "asc")).toEqual(["Xu", "Yan", "abe", "Mia", "Zara"]);
    expect(await contactsBy(caller, "email", "desc")).toEqual(["Yan", "Xu", "Zara", "Mia", "abe"]);

    for (const [name, domain] of [
      ["Zed Labs", null],
      ["Bravo", "bravo.io"],
      ["acme", null],
      ["Mango", "apple.com"],
    ] as const)
      await caller.companies.create({ name, domain });
    expect(await companiesBy(caller, "domain", "asc")).toEqual(["Mango", "Bravo", "acme", "Zed Labs"]);
    expect(await companiesBy(caller, "domain", "desc")).toEqual(["Bravo", "Mango", "Zed Labs", "acme"]);

    // So does the trash (the unique indexes hold live records only).
    const inTrash = await caller.contacts.list({ trash: true, sort: { field: "email", direction: "asc" } });
    expect(inTrash.items).toEqual([]);
    const all = await caller.contacts.list({ sort: { field: "email", direction: "asc" } });
    await caller.contacts.delete({ ids: all.items.map((c) => c.id) });
    const trashed = await allPages(
      (i) => caller.contacts.list(i),
      { trash: true, sort: { field: "email", direction: "asc" } },
      2,
    );
    expect(trashed.map((c) => c.firstName)).toEqual(["Xu", "Yan", "abe", "Mia", "Zara"]);
  });

  it("keeps a record's place in its group after an edit moves it", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", title: "CEO" });
    await caller.contacts.create({ firstName: "Bea", title: "CTO" });
    await caller.contacts.create({ firstName: "Cal", title: "CTO" });
    expect(await contactsBy(caller, "title", "asc")).toEqual(["Ann", "Bea", "Cal"]);
    await caller.contacts.update({ id: ann.id, version: ann.version, patch: { title: "cto", firstName: "Zed" } });
    expect(await contactsBy(caller, "title", "asc")).toEqual(["Bea", "Cal", "Zed"]);
  });
});
