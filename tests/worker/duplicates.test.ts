import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countedCaller, planOf, WALKS_THE_ORGANIZATION } from "./counting-database";
import {
  anonymousCaller,
  callerFor,
  expectTRPCError,
  httpClientFor,
  newIdentity,
  ownerOfNewOrganization,
  rows,
  seedMember,
} from "./helpers";

describe("contacts.duplicates", () => {
  it("offers contacts with one of its emails first, then the same name unless they work at two different companies", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    const globex = await caller.companies.create({ name: "Globex" });
    const jane = await caller.contacts.create({
      firstName: "Jane",
      lastName: "Smith",
      emails: ["jane@acme.com", "Jane.Smith@Gmail.com"],
      companyId: acme.id,
    });
    // Her personal address as another contact's primary email, under another name.
    const personal = await caller.contacts.create({
      firstName: "J.",
      lastName: "S.",
      emails: ["jane.smith@gmail.com"],
    });
    const sameCompany = await caller.contacts.create({ firstName: "jane", lastName: "SMITH", companyId: acme.id });
    const noCompany = await caller.contacts.create({
      firstName: "Jane",
      lastName: "Smith",
      emails: ["js@example.org"],
    });
    await caller.contacts.create({ firstName: "Jane", lastName: "Smith", companyId: globex.id });
    await caller.contacts.create({ firstName: "Janet", lastName: "Smith", companyId: acme.id });
    const trashed = await caller.contacts.create({ firstName: "Jane", lastName: "Smith", companyId: acme.id });
    await caller.contacts.delete({ ids: [trashed.id] });
    // Another organization's Jane Smith, with the same email, is never offered.
    const other = await ownerOfNewOrganization("Other");
    await other.caller.contacts.create({ firstName: "Jane", lastName: "Smith", emails: ["jane.smith@gmail.com"] });

    const found = await caller.contacts.duplicates({ id: jane.id });
    expect(found[0]).toEqual({ id: personal.id, name: "J. S.", detail: "jane.smith@gmail.com", reason: "email" });
    expect(found.slice(1).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: sameCompany.id, name: "jane SMITH", detail: "Acme", reason: "name" },
        { id: noCompany.id, name: "Jane Smith", detail: "js@example.org", reason: "name" },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

    // Her personal address is the other's only email: from there, Jane is found too.
    expect(await caller.contacts.duplicates({ id: personal.id })).toEqual([
      { id: jane.id, name: "Jane Smith", detail: "jane@acme.com · Acme", reason: "email" },
    ]);

    // From the other side: Jane (Acme) and the one without a company look alike; Globex's Jane too.
    const fromNoCompany = await caller.contacts.duplicates({ id: noCompany.id });
    expect(fromNoCompany.map((d) => d.detail).sort()).toEqual(["Acme", "Globex", "jane@acme.com · Acme"]);
  });

  it("offers nothing for a contact without look-alikes, and never one without a name by its empty name", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ada = await caller.contacts.create({ firstName: "Ada", lastName: "Lovelace" });
    await caller.contacts.create({ firstName: "Grace", lastName: "Hopper" });
    expect(await caller.contacts.duplicates({ id: ada.id })).toEqual([]);
  });

  it("is NOT_FOUND for another organization's contact or a trashed one, FORBIDDEN without a membership", async () => {
    const { caller } = await ownerOfNewOrganization();
    const theirs = await (await ownerOfNewOrganization("Theirs")).caller.contacts.create({ firstName: "Theo" });
    await expectTRPCError(caller.contacts.duplicates({ id: theirs.id }), "NOT_FOUND");
    const gone = await caller.contacts.create({ firstName: "Gone" });
    await caller.contacts.delete({ ids: [gone.id] });
    await expectTRPCError(caller.contacts.duplicates({ id: gone.id }), "NOT_FOUND");
    const stranger = await callerFor(newIdentity("stranger"));
    await expectTRPCError(stranger.contacts.duplicates({ id: gone.id }), "FORBIDDEN");
  });
});

describe("companies.duplicates", () => {
  it("offers live companies of the same name in any case, with their domains", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const upper = await caller.companies.create({ name: "ACME", domain: "acme.io" });
    const bare = await caller.companies.create({ name: "acme" });
    await caller.companies.create({ name: "Acme Robotics" });
    const trashed = await caller.companies.create({ name: "Acme" });
    await caller.companies.delete({ ids: [trashed.id] });
    await (await ownerOfNewOrganization("Other")).caller.companies.create({ name: "Acme" });

    const found = await caller.companies.duplicates({ id: acme.id });
    expect(found.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: upper.id, name: "ACME", detail: "acme.io", reason: "name" },
        { id: bare.id, name: "acme", detail: null, reason: "name" },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it("is NOT_FOUND for another organization's company, FORBIDDEN without a membership", async () => {
    const { caller } = await ownerOfNewOrganization();
    const theirs = await (await ownerOfNewOrganization("Theirs")).caller.companies.create({ name: "Initech" });
    await expectTRPCError(caller.companies.duplicates({ id: theirs.id }), "NOT_FOUND");
    const stranger = await callerFor(newIdentity("stranger"));
    await expectTRPCError(stranger.companies.duplicates({ id: theirs.id }), "FORBIDDEN");
  });
});

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];
type Page = Awaited<ReturnType<Caller["contacts"]["duplicatePairs"]>>;
/** A page's pairs as "first name / second name", with the details that tell them apart. */
const said = (page: Page) =>
  page.pairs.map(({ records: [x, y] }) => `${x.name} (${x.detail}) / ${y.name} (${y.detail})`);

describe("contacts.duplicatePairs and contacts.dismissDuplicate", () => {
  it("lists live contacts sharing a name two by two, by name, unless they work at two different companies", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    const globex = await caller.companies.create({ name: "Globex" });
    await caller.contacts.create({
      firstName: "Jane",
      lastName: "Smith",
      emails: ["jane@acme.com"],
      companyId: acme.id,
    });
    await caller.contacts.create({ firstName: "Jane", lastName: "Smith", companyId: globex.id });
    await caller.contacts.create({ firstName: "jane", lastName: "SMITH", emails: ["js@example.org"] });
    await caller.contacts.create({ firstName: "Ada", lastName: "Lovelace", emails: ["ada@a.org"] });
    await caller.contacts.create({ firstName: "Ada", lastName: "Lovelace", emails: ["ada@b.org"] });
    await caller.contacts.create({ firstName: "Grace", lastName: "Hopper" });
    const trashed = await caller.contacts.create({ firstName: "Grace", lastName: "Hopper" });
    await caller.contacts.delete({ ids: [trashed.id] });
    // Nameless contacts are not alike by their empty names; another organization's Ada is never paired.
    await caller.contacts.create({ emails: ["a@x.org"] });
    await caller.contacts.create({ emails: ["b@x.org"] });
    await (await ownerOfNewOrganization("Other")).caller.contacts.create({ firstName: "Ada", lastName: "Lovelace" });

    const page = await caller.contacts.duplicatePairs({});
    expect(page.next).toBeNull();
    const pairs = said(page).map((pair) => pair.split(" / ").sort().join(" / "));
    expect(pairs.slice(0, 1)).toEqual(["Ada Lovelace (ada@a.org) / Ada Lovelace (ada@b.org)"]);
    // Jane at Acme and Jane at Globex are two people; the one without a company may be either.
    expect(pairs.slice(1).sort()).toEqual([
      "Jane Smith (Globex) / jane SMITH (js@example.org)",
      "Jane Smith (jane@acme.com · Acme) / jane SMITH (js@example.org)",
    ]);
  });

  it("lists contacts sharing an email first, whichever of their emails, each pair once, then the name pairs without them", async () => {
    const { caller } = await ownerOfNewOrganization();
    const a = await caller.contacts.create({
      firstName: "Jane",
      lastName: "Smith",
      emails: ["jane@acme.com", "jsmith@home.net"],
    });
    const b = await caller.contacts.create({ firstName: "J.", lastName: "S.", emails: ["jsmith@home.net"] });
    // Neither of these two is C's primary email, and C shares both with A.
    const c = await caller.contacts.create({
      firstName: "Jane",
      lastName: "Smith",
      emails: ["c@x.org", "JANE@Acme.com", "JSmith@home.net"],
    });
    await caller.contacts.create({ firstName: "Ada", lastName: "Lovelace", emails: ["ada@a.org"] });
    await caller.contacts.create({ firstName: "Ada", lastName: "Lovelace", emails: ["ada@b.org"] });
    // Another organization's contact with the same address is never paired.
    await (await ownerOfNewOrganization("Other")).caller.contacts.create({ emails: ["jsmith@home.net"] });

    const ids = (...contacts: { id: string }[]) =>
      contacts
        .map((x) => x.id)
        .sort()
        .join();
    const listed = (page: Page) => page.pairs.map((p) => `${p.reason} ${p.key}: ${ids(...p.records)}`);
    const all = await caller.contacts.duplicatePairs({});
    expect(all.next).toBeNull();
    expect(listed(all).slice(0, 3)).toEqual([
      `email jane@acme.com: ${ids(a, c)}`,
      ...[`email jsmith@home.net: ${ids(a, b)}`, `email jsmith@home.net: ${ids(b, c)}`].sort(),
    ]);
    // The two Jane Smiths share an email: listed by it, not again by their name.
    expect(listed(all).slice(3)).toHaveLength(1);
    expect(said(all)[3].split(" / ").sort()).toEqual(["Ada Lovelace (ada@a.org)", "Ada Lovelace (ada@b.org)"]);

    // One pair a page: the same pairs in the same order, across the emails' end.
    const seen: string[] = [];
    let cursor: Page["next"] = null;
    do {
      const page: Page = await caller.contacts.duplicatePairs({ limit: 1, cursor });
      seen.push(...listed(page));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(listed(all));

    // Dismissed, the email pair is gone, and A and C are not offered by their name either.
    await caller.contacts.dismissDuplicate({ ids: [c.id, a.id] });
    expect(listed(await caller.contacts.duplicatePairs({}))).toEqual(listed(all).slice(1));
  });

  it("keeps up with each contact's emails: changed, trashed, restored, merged or removed", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const a = await caller.contacts.create({ firstName: "Al", emails: ["al@work.com", "Al@Home.net"] });
    const b = await caller.contacts.create({ firstName: "Bo", emails: ["bo@work.com", "al@home.net"] });
    const emails = () =>
      rows<{ email: string; contact_id: string }>(
        "SELECT email, contact_id FROM contact_emails WHERE organization_id = ? ORDER BY contact_id, email",
        org.id,
      );
    const pairs = async () => (await caller.contacts.duplicatePairs({})).pairs.map((p) => p.key);
    expect(await emails()).toEqual(
      [
        { email: "al@home.net", contact_id: a.id },
        { email: "al@work.com", contact_id: a.id },
        { email: "al@home.net", contact_id: b.id },
        { email: "bo@work.com", contact_id: b.id },
      ].sort((x, y) => x.contact_id.localeCompare(y.contact_id)),
    );
    expect(await pairs()).toEqual(["al@home.net"]);

    const changed = await caller.contacts.update({ id: b.id, version: b.version, patch: { emails: ["bo@work.com"] } });
    expect(await pairs()).toEqual([]);
    expect(await caller.contacts.duplicates({ id: a.id })).toEqual([]);
    await caller.contacts.update({
      id: b.id,
      version: changed.version,
      patch: { emails: ["bo@work.com", "AL@work.com"] },
    });
    expect(await pairs()).toEqual(["al@work.com"]);

    await caller.contacts.delete({ ids: [b.id] });
    expect(await pairs()).toEqual([]);
    expect((await emails()).map((row) => row.contact_id)).toEqual([a.id, a.id]);
    await caller.contacts.restore({ id: b.id });
    expect(await pairs()).toEqual(["al@work.com"]);

    // Merged, B's emails are A's alone.
    const survivor = (await caller.contacts.get({ id: a.id })).contact;
    await caller.contacts.merge({ survivorId: a.id, survivorVersion: survivor.version, mergedId: b.id });
    expect(await pairs()).toEqual([]);
    expect((await emails()).map((row) => `${row.contact_id === a.id ? "a" : "b"} ${row.email}`)).toEqual([
      "a al@home.net",
      "a al@work.com",
      "a bo@work.com",
    ]);
    // A contact's row removed (its organization deleted, say) takes its emails along.
    await env.DB.prepare("DELETE FROM contacts WHERE id = ?").bind(a.id).run();
    expect(await emails()).toEqual([]);
  });

  it("pages by cursor without losing or repeating a pair, the last page saying there is no more", async () => {
    const { caller } = await ownerOfNewOrganization();
    for (const name of ["Ann", "Bob", "Cy"])
      for (let i = 0; i < 3; i++)
        await caller.contacts.create({ firstName: name, lastName: "Lee", emails: [`${name}${i}@x.org`] });
    const all = await caller.contacts.duplicatePairs({ limit: 50 });
    expect(all.pairs).toHaveLength(9);
    const seen: string[] = [];
    let cursor: Page["next"] = null;
    let pages = 0;
    do {
      const page: Page = await caller.contacts.duplicatePairs({ limit: 2, cursor });
      seen.push(...page.pairs.map((p) => p.records.map((r) => r.id).join()));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(all.pairs.map((p) => p.records.map((r) => r.id).join()));
  });

  it("forgets a pair dismissed as not duplicates, in the list and in each one's panel, whoever dismissed it", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const member = await seedMember(org.id, "member");
    const one = await caller.contacts.create({ firstName: "Sam", lastName: "Lee", emails: ["sam@one.org"] });
    const two = await caller.contacts.create({ firstName: "Sam", lastName: "Lee", emails: ["sam@two.org"] });
    const three = await caller.contacts.create({ firstName: "Sam", lastName: "Lee", emails: ["sam@three.org"] });
    expect((await caller.contacts.duplicatePairs({})).pairs).toHaveLength(3);

    // Said from either side, in either order, twice: one row.
    await member.caller.contacts.dismissDuplicate({ ids: [two.id, one.id] });
    await caller.contacts.dismissDuplicate({ ids: [one.id, two.id] });
    expect(
      await rows(
        "SELECT object, first_id, second_id, dismissed_by FROM duplicate_dismissals WHERE organization_id = ?",
        org.id,
      ),
    ).toEqual([
      {
        object: "contact",
        first_id: [one.id, two.id].sort()[0],
        second_id: [one.id, two.id].sort()[1],
        dismissed_by: member.identity.uid,
      },
    ]);
    const ids = (page: Page) =>
      page.pairs.map((p) =>
        p.records
          .map((r) => r.id)
          .sort()
          .join(),
      );
    expect(ids(await caller.contacts.duplicatePairs({})).sort()).toEqual(
      [[one.id, three.id].sort().join(), [two.id, three.id].sort().join()].sort(),
    );
    expect((await caller.contacts.duplicates({ id: one.id })).map((d) => d.id)).toEqual([three.id]);
    expect((await caller.contacts.duplicates({ id: two.id })).map((d) => d.id)).toEqual([three.id]);
    expect(identity.uid).not.toBe(member.identity.uid);

    // Undo, from either order: offered again; twice is no error.
    await caller.contacts.undismissDuplicate({ ids: [two.id, one.id] });
    await caller.contacts.undismissDuplicate({ ids: [one.id, two.id] });
    expect((await caller.contacts.duplicatePairs({})).pairs).toHaveLength(3);
    expect((await caller.contacts.duplicates({ id: one.id })).map((d) => d.id).sort()).toEqual(
      [two.id, three.id].sort(),
    );
  });

  it("refuses a pair with a trashed, unknown or other organization's contact (NOT_FOUND), or a contact with itself (BAD_REQUEST)", async () => {
    const { caller, identity, org } = await ownerOfNewOrganization();
    const mine = await caller.contacts.create({ firstName: "Mo" });
    const gone = await caller.contacts.create({ firstName: "Mo" });
    await caller.contacts.delete({ ids: [gone.id] });
    const theirs = await (await ownerOfNewOrganization("Theirs")).caller.contacts.create({ firstName: "Mo" });
    for (const other of [gone.id, theirs.id, "con_unknown0000000"])
      await expectTRPCError(
        caller.contacts.dismissDuplicate({ ids: [mine.id, other] }),
        "NOT_FOUND",
        "That contact does not exist or was deleted.",
      );
    const client = await httpClientFor(identity);
    await expectTRPCError(
      client.contacts.dismissDuplicate.mutate({ ids: [mine.id, mine.id] }),
      "BAD_REQUEST",
      "A record is not a duplicate of itself.",
    );
    expect(await rows("SELECT * FROM duplicate_dismissals WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("never pairs or dismisses across organizations, and needs a membership and a sign-in", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const [a1, a2] = [
      await a.caller.contacts.create({ firstName: "Kim" }),
      await a.caller.contacts.create({ firstName: "Kim" }),
    ];
    await b.caller.contacts.create({ firstName: "Kim" });
    expect((await b.caller.contacts.duplicatePairs({})).pairs).toEqual([]);
    await expectTRPCError(b.caller.contacts.dismissDuplicate({ ids: [a1.id, a2.id] }), "NOT_FOUND");
    expect((await a.caller.contacts.duplicatePairs({})).pairs).toHaveLength(1);
    // A dismissal row forged into B for A's pair changes nothing for A.
    await env.DB.prepare(
      "INSERT INTO duplicate_dismissals (organization_id, object, first_id, second_id, dismissed_by, dismissed_at) VALUES (?, 'contact', ?, ?, ?, ?)",
    )
      .bind(b.org.id, ...[a1.id, a2.id].sort(), b.identity.uid, Date.now())
      .run();
    expect((await a.caller.contacts.duplicatePairs({})).pairs).toHaveLength(1);
    expect(await a.caller.contacts.duplicates({ id: a1.id })).toHaveLength(1);
    // And B cannot take back A's dismissal.
    await a.caller.contacts.dismissDuplicate({ ids: [a1.id, a2.id] });
    await b.caller.contacts.undismissDuplicate({ ids: [a1.id, a2.id] });
    expect((await a.caller.contacts.duplicatePairs({})).pairs).toEqual([]);
    expect(
      await rows("SELECT organization_id FROM duplicate_dismissals WHERE first_id = ?", [a1.id, a2.id].sort()[0]),
    ).toEqual([{ organization_id: a.org.id }]);

    const outsider = await callerFor(newIdentity("outsider"));
    await expectTRPCError(outsider.contacts.duplicatePairs({}), "FORBIDDEN", "Create or join an organization first.");
    await expectTRPCError(outsider.contacts.dismissDuplicate({ ids: [a1.id, a2.id] }), "FORBIDDEN");
    await expectTRPCError(outsider.contacts.undismissDuplicate({ ids: [a1.id, a2.id] }), "FORBIDDEN");
    const anonymous = await anonymousCaller();
    await expectTRPCError(anonymous.contacts.duplicatePairs({}), "UNAUTHORIZED");
    await expectTRPCError(anonymous.companies.dismissDuplicate({ ids: [a1.id, a2.id] }), "UNAUTHORIZED");
  });

  it("is one statement finding the pairs from the name index alone, then reading the page's rows by id", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Pat", lastName: "Doe" });
    await caller.contacts.create({ firstName: "Pat", lastName: "Doe" });
    const measure = await countedCaller(identity);
    const { trips, bound, result } = await measure((c) =>
      c.contacts.duplicatePairs({ cursor: { key: "a", firstId: "con_0000", secondId: "con_0000" } }),
    );
    expect(result.pairs).toHaveLength(1);
    expect(trips).toBe(1);
    expect(bound).toHaveLength(1);
    const details = await planOf(bound[0]);
    expect(details).toMatch(
      /SEARCH a USING COVERING INDEX contacts_org_name_idx \(organization_id=\? AND deleted_at=\? AND sort_name>\?\)/,
    );
    expect(details).toMatch(
      /SEARCH b USING COVERING INDEX contacts_org_name_idx \(organization_id=\? AND deleted_at=\? AND sort_name=\? AND id>\?\)/,
    );
    // Only each name's few others are put in id order (SQLite's per-group sort); the walk is never sorted.
    expect(details).not.toMatch(/TEMP B-TREE FOR ORDER BY[\s\S]*SCAN p|SCAN a|SCAN b/);
    expect(details).toMatch(
      /SEARCH duplicate_dismissals USING COVERING INDEX \w+ \(organization_id=\? AND object=\? AND first_id=\? AND second_id=\?\)/,
    );
    // Whether a pair shares an email (then it is listed as such) is looked up from one side's emails.
    expect(details).toMatch(
      /SEARCH [xy]2 USING COVERING INDEX contact_emails_contact_idx \(organization_id=\? AND contact_id=\?\)/,
    );
    expect(details).not.toMatch(/\(organization_id=\?\)$/m);
    // Then the page's rows alone are read, by id.
    expect(details).toMatch(/SEARCH one USING INDEX contacts_id_uq \(id=\?\)/);
    expect(details).toMatch(/SEARCH other USING INDEX contacts_id_uq \(id=\?\)/);
  });
  it("walks the shared emails by contact_emails' key, in the same batch as the names on the first pages", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Pat", emails: ["pat@doe.org"] });
    await caller.contacts.create({ firstName: "Patricia", emails: ["p@doe.org", "Pat@doe.org"] });
    const measure = await countedCaller(identity);
    const { trips, bound, result } = await measure((c) =>
      c.contacts.duplicatePairs({ cursor: { reason: "email", key: "a", firstId: "con_0000", secondId: "con_0000" } }),
    );
    expect(result.pairs.map((p) => [p.reason, p.key])).toEqual([["email", "pat@doe.org"]]);
    expect(trips).toBe(1);
    expect(bound).toHaveLength(2);
    const details = await planOf(bound[0]);
    expect(details).toMatch(/SEARCH x USING PRIMARY KEY \(organization_id=\? AND email>\?\)/);
    expect(details).toMatch(/SEARCH y USING PRIMARY KEY \(organization_id=\? AND email=\? AND contact_id>\?\)/);
    // Whether the pair shares an earlier email, from one side's emails.
    expect(details).toMatch(
      /SEARCH [xy]2 USING COVERING INDEX contact_emails_contact_idx \(organization_id=\? AND contact_id=\? AND email<\?\)/,
    );
    expect(details).not.toMatch(/TEMP B-TREE FOR ORDER BY[\s\S]*SCAN p|SCAN x|SCAN y/);
    expect(details).not.toMatch(/\(organization_id=\?\)$/m);
  });
});

describe("companies.duplicatePairs and companies.dismissDuplicate", () => {
  it("pairs companies whatever the case, punctuation or legal form of their names, renamed ones too", async () => {
    const { caller } = await ownerOfNewOrganization();
    const names = ["Acme, Inc.", "ACME Corp", "Acme Robotics", "O'Reilly Media", "OReilly Media LLC", "Globex GmbH"];
    const made = new Map<string, string>();
    for (const name of names) made.set(name, (await caller.companies.create({ name })).id);
    const initech = await caller.companies.create({ name: "Initech" });
    const pairs = async () =>
      (await caller.companies.duplicatePairs({})).pairs.map((p) => [p.key, ...p.records.map((r) => r.name).sort()]);
    expect(await pairs()).toEqual([
      ["acme", "ACME Corp", "Acme, Inc."],
      ["oreilly media", "O'Reilly Media", "OReilly Media LLC"],
    ]);
    // A rename makes a look-alike (and unmakes one), at once.
    await caller.companies.update({ id: initech.id, version: 1, patch: { name: "Globex" } });
    await caller.companies.update({ id: made.get("ACME Corp")!, version: 1, patch: { name: "Acme Labs" } });
    expect(await pairs()).toEqual([
      ["globex", "Globex", "Globex GmbH"],
      ["oreilly media", "O'Reilly Media", "OReilly Media LLC"],
    ]);
    expect((await caller.companies.duplicates({ id: initech.id })).map((d) => d.name)).toEqual(["Globex GmbH"]);
    // The derived name is the server's own: never in a company a caller reads.
    const { company } = await caller.companies.get({ id: initech.id });
    expect(company).not.toHaveProperty("matchName");
  });

  it("lists live companies sharing a name in any case, two by two, and forgets a dismissed pair", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    const upper = await caller.companies.create({ name: "ACME", domain: "acme.io" });
    await caller.companies.create({ name: "Acme Robotics" });
    const trashed = await caller.companies.create({ name: "acme" });
    await caller.companies.delete({ ids: [trashed.id] });
    await (await ownerOfNewOrganization("Other")).caller.companies.create({ name: "Acme" });

    const page = await caller.companies.duplicatePairs({});
    expect(said(page).map((pair) => pair.split(" / ").sort().join(" / "))).toEqual([
      "ACME (acme.io) / Acme (acme.com)",
    ]);
    expect(page.pairs[0].key).toBe("acme");

    await caller.companies.dismissDuplicate({ ids: [acme.id, upper.id] });
    expect((await caller.companies.duplicatePairs({})).pairs).toEqual([]);
    expect(await caller.companies.duplicates({ id: acme.id })).toEqual([]);
    await caller.companies.undismissDuplicate({ ids: [upper.id, acme.id] });
    expect((await caller.companies.duplicatePairs({})).pairs).toHaveLength(1);
    await caller.companies.dismissDuplicate({ ids: [acme.id, upper.id] });
    // A contact's dismissal is not a company's: the same ids under "contact" would not have hidden it.
    await expectTRPCError(caller.contacts.dismissDuplicate({ ids: [acme.id, upper.id] }), "NOT_FOUND");
  });

  it("is NOT_FOUND for another organization's company, FORBIDDEN without a membership", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const [x, y] = [
      await a.caller.companies.create({ name: "Initech" }),
      await a.caller.companies.create({ name: "Initech" }),
    ];
    expect((await b.caller.companies.duplicatePairs({})).pairs).toEqual([]);
    await expectTRPCError(
      b.caller.companies.dismissDuplicate({ ids: [x.id, y.id] }),
      "NOT_FOUND",
      "That company does not exist or was deleted.",
    );
    expect((await a.caller.companies.duplicatePairs({})).pairs).toHaveLength(1);
    const outsider = await callerFor(newIdentity("outsider"));
    await expectTRPCError(outsider.companies.duplicatePairs({}), "FORBIDDEN");
  });
});

describe("companies.lookAlikes", () => {
  it("finds the live companies a typed name looks like, whatever its case, punctuation or legal form", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme", domain: "acme.com" });
    await caller.companies.create({ name: "Acme Robotics" });
    const gone = await caller.companies.create({ name: "ACME Ltd" });
    await caller.companies.delete({ ids: [gone.id] });
    await (await ownerOfNewOrganization("Other")).caller.companies.create({ name: "Acme" });
    for (const typed of ["Acme, Inc.", "acme corp", "  ACME  ", "Acme (GmbH)"])
      expect(await caller.companies.lookAlikes({ name: typed }), typed).toEqual([
        { id: acme.id, name: "Acme", domain: "acme.com" },
      ]);
    expect(await caller.companies.lookAlikes({ name: "Acme Robotics LLC" })).toMatchObject([{ name: "Acme Robotics" }]);
    expect(await caller.companies.lookAlikes({ name: "Acmes" })).toEqual([]);
  });

  it("reads a typed name as the triggers read a stored one", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const names = [
      "O'Reilly Media, LLC",
      "Globex (Holdings) Co. Ltd",
      'The "Best" Co',
      "Inc",
      "Siemens AG",
      "  Spaced   Out  SA ",
    ];
    for (const name of names) await caller.companies.create({ name });
    const stored = await rows<{ name: string; match_name: string }>(
      "SELECT name, match_name FROM companies WHERE organization_id = ?",
      org.id,
    );
    for (const { name, match_name } of stored)
      expect(
        (await caller.companies.lookAlikes({ name })).map((c) => c.name),
        name,
      ).toEqual(
        stored
          .filter((other) => other.match_name === match_name)
          .map((other) => other.name)
          .sort(),
      );
    expect(stored.map((c) => c.match_name).sort()).toEqual(
      ["globex holdings", "inc", "oreilly media", "siemens", "spaced out", 'the "best"'.replace(/"/g, "")].sort(),
    );
  });

  it("is BAD_REQUEST for an empty name, FORBIDDEN without a membership, UNAUTHORIZED without a sign-in", async () => {
    const { identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    await expectTRPCError(client.companies.lookAlikes.query({ name: "  " }), "BAD_REQUEST");
    await expectTRPCError(
      (await callerFor(newIdentity("outsider"))).companies.lookAlikes({ name: "Acme" }),
      "FORBIDDEN",
    );
    await expectTRPCError((await anonymousCaller()).companies.lookAlikes({ name: "Acme" }), "UNAUTHORIZED");
  });
});

describe("contacts.emailHolders", () => {
  it("names the live contacts holding an email, as their primary one first, then as another address", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", lastName: "Lee", emails: ["ann@acme.com"] });
    const bo = await caller.contacts.create({
      firstName: "Bo",
      emails: ["bo@acme.com", "ANN@acme.com"],
      title: "CTO",
    });
    const gone = await caller.contacts.create({ firstName: "Gone", emails: ["gone@x.org", "ann@acme.com"] });
    await caller.contacts.delete({ ids: [gone.id] });
    await (await ownerOfNewOrganization("Other")).caller.contacts.create({ emails: ["ann@acme.com"] });

    expect(await caller.contacts.emailHolders({ email: "  Ann@Acme.com " })).toEqual([
      { id: ann.id, name: "Ann Lee", email: "ann@acme.com", title: null },
      { id: bo.id, name: "Bo", email: "bo@acme.com", title: "CTO" },
    ]);
    expect(await caller.contacts.emailHolders({ email: "nobody@acme.com" })).toEqual([]);

    const measure = await countedCaller(identity);
    const { bound } = await measure((c) => c.contacts.emailHolders({ email: "ann@acme.com" }));
    const plan = await planOf(bound[0]);
    expect(plan).toMatch(/SEARCH \w+ USING PRIMARY KEY \(organization_id=\? AND email=\?\)/);
    expect(plan).not.toMatch(WALKS_THE_ORGANIZATION);
  });

  it("is BAD_REQUEST for what is not an email, FORBIDDEN without a membership, UNAUTHORIZED without a sign-in", async () => {
    const { identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    await expectTRPCError(
      client.contacts.emailHolders.query({ email: "ann at acme" }),
      "BAD_REQUEST",
      "Enter a valid email address.",
    );
    await expectTRPCError(
      (await callerFor(newIdentity("outsider"))).contacts.emailHolders({ email: "ann@acme.com" }),
      "FORBIDDEN",
    );
    await expectTRPCError((await anonymousCaller()).contacts.emailHolders({ email: "ann@acme.com" }), "UNAUTHORIZED");
  });
});
