import { describe, expect, it } from "vitest";
import { expectTRPCError, ownerOfNewOrganization, rows, seedMember } from "./helpers";

const TOO_MANY = "You keep 50 favorites at most. Remove one to add this one.";

async function organizationWithRecords() {
  const owner = await ownerOfNewOrganization("Favorites");
  const member = await seedMember(owner.org.id, "member");
  const acme = await owner.caller.companies.create({ name: "Acme", domain: "acme.test" });
  const ann = await owner.caller.contacts.create({ firstName: "Ann", lastName: "Lee", emails: ["ann@acme.test"] });
  const bo = await owner.caller.contacts.create({ firstName: "Bo", emails: ["bo@acme.test"] });
  return { owner, member, acme, ann, bo };
}

const namesOf = (list: { name: string }[]) => list.map((f) => f.name);

describe("favorites", () => {
  it("lists a member's favorites in the order made, named as they are called now, each member their own", async () => {
    const { owner, member, acme, ann } = await organizationWithRecords();
    expect(await member.caller.favorites.list()).toEqual([]);

    await member.caller.favorites.set({ recordObject: "contact", recordId: ann.id, favorite: true });
    await member.caller.favorites.set({ recordObject: "company", recordId: acme.id, favorite: true });
    // Sent again (its answer lost): still one favorite.
    await member.caller.favorites.set({ recordObject: "contact", recordId: ann.id, favorite: true });
    await owner.caller.contacts.update({ id: ann.id, version: ann.version, patch: { firstName: "Annie" } });

    const due = new Date(Date.now() - 60 * 60 * 1000);
    await owner.caller.tasks.create({ title: "Call Acme", dueAt: due, recordObject: "company", recordId: acme.id });
    expect(await member.caller.favorites.list()).toEqual([
      { recordObject: "contact", recordId: ann.id, name: "Annie Lee", detail: "ann@acme.test", nextTaskAt: null },
      { recordObject: "company", recordId: acme.id, name: "Acme", detail: "acme.test", nextTaskAt: due },
    ]);
    expect(await owner.caller.favorites.list()).toEqual([]);

    await member.caller.favorites.set({ recordObject: "contact", recordId: ann.id, favorite: false });
    await member.caller.favorites.set({ recordObject: "contact", recordId: ann.id, favorite: false });
    expect(namesOf(await member.caller.favorites.list())).toEqual(["Acme"]);
  });

  it("leaves a record in the trash out until it is restored, and lets it be removed meanwhile", async () => {
    const { owner, member, ann, bo } = await organizationWithRecords();
    await member.caller.favorites.set({ recordObject: "contact", recordId: ann.id, favorite: true });
    await member.caller.favorites.set({ recordObject: "contact", recordId: bo.id, favorite: true });
    await owner.caller.contacts.delete({ ids: [ann.id, bo.id] });
    expect(await member.caller.favorites.list()).toEqual([]);
    // One in the trash is no new favorite…
    await expectTRPCError(
      owner.caller.favorites.set({ recordObject: "contact", recordId: ann.id, favorite: true }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    // …but can stop being one.
    await member.caller.favorites.set({ recordObject: "contact", recordId: bo.id, favorite: false });
    await owner.caller.contacts.restore({ id: ann.id });
    await owner.caller.contacts.restore({ id: bo.id });
    expect(namesOf(await member.caller.favorites.list())).toEqual(["Ann Lee"]);
  });

  it("reorders them, a favorite not named going after", async () => {
    const { member, acme, ann, bo } = await organizationWithRecords();
    for (const [recordObject, recordId] of [
      ["contact", ann.id],
      ["contact", bo.id],
      ["company", acme.id],
    ] as const)
      await member.caller.favorites.set({ recordObject, recordId, favorite: true });

    await member.caller.favorites.reorder({ recordIds: [acme.id, ann.id, bo.id] });
    expect(namesOf(await member.caller.favorites.list())).toEqual(["Acme", "Ann Lee", "Bo"]);
    // Another tab's order, from before Bo was made a favorite there.
    await member.caller.favorites.reorder({ recordIds: [ann.id, acme.id] });
    expect(namesOf(await member.caller.favorites.list())).toEqual(["Ann Lee", "Acme", "Bo"]);
    // A new favorite goes last.
    await member.caller.favorites.set({ recordObject: "contact", recordId: bo.id, favorite: false });
    await member.caller.favorites.set({ recordObject: "contact", recordId: bo.id, favorite: true });
    expect(namesOf(await member.caller.favorites.list())).toEqual(["Ann Lee", "Acme", "Bo"]);

    // All must be the caller's: nothing moves otherwise.
    await expectTRPCError(
      member.caller.favorites.reorder({ recordIds: [bo.id, "con_notafavorite"] }),
      "NOT_FOUND",
      "1 of the 2 selected favorites do not exist or were deleted. Reload and try again.",
    );
    await expectTRPCError(member.caller.favorites.reorder({ recordIds: [bo.id, bo.id] }), "BAD_REQUEST");
    expect(namesOf(await member.caller.favorites.list())).toEqual(["Ann Lee", "Acme", "Bo"]);
  });

  it("keeps 50 at most, also when two are made at once for the last place", async () => {
    const { owner, member } = await organizationWithRecords();
    const made = [];
    for (let i = 0; i < 51; i++) made.push(await owner.caller.companies.create({ name: `Company ${i}` }));
    for (const company of made.slice(0, 49))
      await member.caller.favorites.set({ recordObject: "company", recordId: company.id, favorite: true });

    const [first, second] = await Promise.allSettled([
      member.caller.favorites.set({ recordObject: "company", recordId: made[49].id, favorite: true }),
      member.caller.favorites.set({ recordObject: "company", recordId: made[50].id, favorite: true }),
    ]);
    expect([first.status, second.status].sort()).toEqual(["fulfilled", "rejected"]);
    const refused = [first, second].find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "BAD_REQUEST", message: TOO_MANY });
    expect(await member.caller.favorites.list()).toHaveLength(50);
    // One of the 50 made again is as asked, not refused.
    await member.caller.favorites.set({ recordObject: "company", recordId: made[0].id, favorite: true });
  });

  it("hands a merged record's favorites to the survivor, once for a member who kept both", async () => {
    const { owner, member, ann, bo, acme } = await organizationWithRecords();
    await member.caller.favorites.set({ recordObject: "contact", recordId: bo.id, favorite: true });
    await member.caller.favorites.set({ recordObject: "company", recordId: acme.id, favorite: true });
    await owner.caller.favorites.set({ recordObject: "contact", recordId: ann.id, favorite: true });
    await owner.caller.favorites.set({ recordObject: "contact", recordId: bo.id, favorite: true });

    await owner.caller.contacts.merge({ survivorId: ann.id, survivorVersion: ann.version, mergedId: bo.id });
    // The member's Bo is Ann now, in its place; the owner, who kept both, keeps one.
    expect(namesOf(await member.caller.favorites.list())).toEqual(["Ann Lee", "Acme"]);
    expect(namesOf(await owner.caller.favorites.list())).toEqual(["Ann Lee"]);
    expect(await rows("SELECT id FROM favorites WHERE record_id = ?", bo.id)).toEqual([]);
  });

  it("refuses what is no contact or company of the organization", async () => {
    const { member, acme } = await organizationWithRecords();
    await expectTRPCError(
      member.caller.favorites.set({ recordObject: "contact", recordId: acme.id, favorite: true }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    await expectTRPCError(
      member.caller.favorites.set({ recordObject: "company", recordId: "cmp_unknown", favorite: false }),
      "NOT_FOUND",
    );
  });
});
