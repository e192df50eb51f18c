import { describe, expect, it } from "vitest";
import { expectTRPCError, httpClientFor, ownerOfNewOrganization, rows, seedMember } from "./helpers";

const TOO_MANY = "A record keeps 3 pinned notes at most. Unpin one to pin this one.";

/** An organization with its owner, a member, and a contact holding `bodies` as notes, oldest first. */
const apart = () => new Promise((resolve) => setTimeout(resolve, 3));

async function contactWithNotes(...bodies: string[]) {
  const owner = await ownerOfNewOrganization("Pins");
  const member = await seedMember(owner.org.id, "member");
  const contact = await owner.caller.contacts.create({ firstName: "Ada", lastName: "Lovelace" });
  const notes = [];
  // A few milliseconds apart: two written in the same one would list by id, either way round.
  for (const body of bodies) {
    await apart();
    notes.push(await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body }));
  }
  return { owner, member, contact, notes };
}

/** The contact's timeline lines about pins, oldest first. */
const pinLines = (recordId: string) =>
  rows<{ summary: string; actor_id: string }>(
    "SELECT summary, actor_id FROM activities WHERE record_id = ? AND summary LIKE '%inned a %' ORDER BY rowid",
    recordId,
  );

describe("notes.pin", () => {
  it("pins a note above the others without making it an edit, and unpins it, each said on the timeline", async () => {
    const { member, contact, notes } = await contactWithNotes("Decides with the CFO", "Sent the deck");
    const [standing] = notes;

    const pinned = await member.caller.notes.pin({ id: standing.id, pinned: true });
    expect(pinned).toMatchObject({ id: standing.id, pinnedBy: member.identity.uid, version: 1, body: standing.body });
    expect(pinned.pinnedAt).toBeInstanceOf(Date);
    expect(+pinned.updatedAt).toBe(+standing.updatedAt); // not "edited"
    expect((await member.caller.notes.pinned({ recordId: contact.id })).map((n) => n.id)).toEqual([standing.id]);
    // Still in its place among the record's notes, marked.
    const listed = await member.caller.notes.list({ recordId: contact.id });
    expect(listed.map((n) => [n.body, Boolean(n.pinnedAt)])).toEqual([
      ["Sent the deck", false],
      ["Decides with the CFO", true],
    ]);
    // An edit from the version it had before the pin is no conflict.
    await member.caller.notes.update({ id: standing.id, version: 1, body: "Decides with the CFO and the CEO" });
    expect((await member.caller.notes.pinned({ recordId: contact.id }))[0].body).toBe(
      "Decides with the CFO and the CEO",
    );

    const unpinned = await member.caller.notes.pin({ id: standing.id, pinned: false });
    expect(unpinned).toMatchObject({ pinnedAt: null, pinnedBy: null, version: 2 });
    expect(await member.caller.notes.pinned({ recordId: contact.id })).toEqual([]);
    expect(await pinLines(contact.id)).toEqual([
      { summary: "Pinned a note: Decides with the CFO", actor_id: member.identity.uid },
      { summary: "Unpinned a note: Decides with the CFO and the CEO", actor_id: member.identity.uid },
    ]);
  });

  it("names a logged call's kind and outcome on the timeline", async () => {
    const { owner, contact } = await contactWithNotes();
    const call = await owner.caller.notes.create({
      recordObject: "contact",
      recordId: contact.id,
      kind: "call",
      outcome: "connected",
      body: "Budget approved in March",
    });
    await owner.caller.notes.pin({ id: call.id, pinned: true });
    expect((await pinLines(contact.id)).map((line) => line.summary)).toEqual([
      "Pinned a call: Connected · Budget approved in March",
    ]);
  });

  it("answers a note already so as it is, writing nothing", async () => {
    const { owner, contact, notes } = await contactWithNotes("Prefers email");
    const first = await owner.caller.notes.pin({ id: notes[0].id, pinned: true });
    const again = await owner.caller.notes.pin({ id: notes[0].id, pinned: true });
    expect(+again.pinnedAt!).toBe(+first.pinnedAt!);
    expect((await owner.caller.notes.pin({ id: notes[0].id, pinned: false })).pinnedAt).toBeNull();
    expect((await owner.caller.notes.pin({ id: notes[0].id, pinned: false })).pinnedAt).toBeNull();
    expect((await pinLines(contact.id)).map((line) => line.summary)).toEqual([
      "Pinned a note: Prefers email",
      "Unpinned a note: Prefers email",
    ]);
  });

  it("keeps 3 pinned notes a record at most, listed the latest pinned first, and says so for a fourth", async () => {
    const { member, contact, notes } = await contactWithNotes("One", "Two", "Three", "Four");
    for (const note of notes.slice(0, 3)) {
      await apart();
      await member.caller.notes.pin({ id: note.id, pinned: true });
    }
    expect((await member.caller.notes.pinned({ recordId: contact.id })).map((n) => n.body)).toEqual([
      "Three",
      "Two",
      "One",
    ]);
    await expectTRPCError(member.caller.notes.pin({ id: notes[3].id, pinned: true }), "BAD_REQUEST", TOO_MANY);
    expect(await rows("SELECT pinned_at FROM notes WHERE id = ?", notes[3].id)).toEqual([{ pinned_at: null }]);
    expect(await pinLines(contact.id)).toHaveLength(3);

    await member.caller.notes.pin({ id: notes[1].id, pinned: false });
    await member.caller.notes.pin({ id: notes[3].id, pinned: true });
    expect((await member.caller.notes.pinned({ recordId: contact.id })).map((n) => n.body)).toEqual([
      "Four",
      "Three",
      "One",
    ]);
  });

  it("counts another record's pins apart", async () => {
    const { owner, contact, notes } = await contactWithNotes("One", "Two", "Three");
    for (const note of notes) await owner.caller.notes.pin({ id: note.id, pinned: true });
    const other = await owner.caller.contacts.create({ firstName: "Grace", lastName: "Hopper" });
    const hers = await owner.caller.notes.create({ recordObject: "contact", recordId: other.id, body: "Navy" });
    await owner.caller.notes.pin({ id: hers.id, pinned: true });
    expect(await owner.caller.notes.pinned({ recordId: other.id })).toHaveLength(1);
    expect(await owner.caller.notes.pinned({ recordId: contact.id })).toHaveLength(3);
  });

  it("lets one of two pins sent at once for the last place land, and refuses the other", async () => {
    const { owner, member, contact, notes } = await contactWithNotes("One", "Two", "Three", "Four");
    for (const note of notes.slice(0, 2)) await owner.caller.notes.pin({ id: note.id, pinned: true });
    const results = await Promise.allSettled([
      owner.caller.notes.pin({ id: notes[2].id, pinned: true }),
      member.caller.notes.pin({ id: notes[3].id, pinned: true }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected")!;
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "BAD_REQUEST", message: TOO_MANY });
    expect(await owner.caller.notes.pinned({ recordId: contact.id })).toHaveLength(3);
    expect(await pinLines(contact.id)).toHaveLength(3);
  });

  it("is NOT_FOUND for a deleted or unknown note, and a pinned note deleted leaves the pins", async () => {
    const { owner, contact, notes } = await contactWithNotes("Gone", "Pinned then gone");
    await owner.caller.notes.delete({ id: notes[0].id });
    await expectTRPCError(
      owner.caller.notes.pin({ id: notes[0].id, pinned: true }),
      "NOT_FOUND",
      "That note does not exist or was deleted.",
    );
    await expectTRPCError(owner.caller.notes.pin({ id: "not_nosuchnote00", pinned: true }), "NOT_FOUND");
    await owner.caller.notes.pin({ id: notes[1].id, pinned: true });
    await owner.caller.notes.delete({ id: notes[1].id });
    expect(await owner.caller.notes.pinned({ recordId: contact.id })).toEqual([]);
  });

  it("answers a pin sent again under its key as it was made, not pinning again what a teammate unpinned", async () => {
    const { owner, member, contact, notes } = await contactWithNotes("Renewal in May");
    const key = "pin-renewal-0001";
    await owner.caller.notes.pin({ id: notes[0].id, pinned: true, key });
    await member.caller.notes.pin({ id: notes[0].id, pinned: false });
    const again = await owner.caller.notes.pin({ id: notes[0].id, pinned: true, key });
    expect(again.pinnedAt).toBeNull();
    expect(await owner.caller.notes.pinned({ recordId: contact.id })).toEqual([]);
    expect(await pinLines(contact.id)).toHaveLength(2);
  });

  it("moves a merged contact's pinned note to the survivor, still pinned", async () => {
    const { owner, contact, notes } = await contactWithNotes("Survivor's own");
    const duplicate = await owner.caller.contacts.create({ firstName: "Ada", lastName: "King" });
    const theirs = await owner.caller.notes.create({
      recordObject: "contact",
      recordId: duplicate.id,
      body: "Key fact",
    });
    await owner.caller.notes.pin({ id: theirs.id, pinned: true });
    await owner.caller.notes.pin({ id: notes[0].id, pinned: true });
    await owner.caller.contacts.merge({ survivorId: contact.id, survivorVersion: 1, mergedId: duplicate.id });
    expect((await owner.caller.notes.pinned({ recordId: contact.id })).map((n) => n.body)).toEqual([
      "Survivor's own",
      "Key fact",
    ]);
  });

  it("is BAD_REQUEST over HTTP without a pinned flag, or for a malformed record id", async () => {
    const { owner, notes } = await contactWithNotes("Hi");
    const client = await httpClientFor(owner.identity);
    await expectTRPCError(client.notes.pin.mutate({ id: notes[0].id } as never), "BAD_REQUEST");
    await expectTRPCError(client.notes.pinned.query({ recordId: "x" }), "BAD_REQUEST");
  });

  it("is NOT_FOUND for another organization's note, which stays pinned, and lists none of its pins", async () => {
    const a = await contactWithNotes("A's pinned fact");
    await a.owner.caller.notes.pin({ id: a.notes[0].id, pinned: true });
    const b = await contactWithNotes();
    for (const pinned of [false, true])
      await expectTRPCError(
        b.member.caller.notes.pin({ id: a.notes[0].id, pinned }),
        "NOT_FOUND",
        "That note does not exist or was deleted.",
      );
    expect(await b.owner.caller.notes.pinned({ recordId: a.contact.id })).toEqual([]);
    expect(await a.member.caller.notes.pinned({ recordId: a.contact.id })).toHaveLength(1);
    expect(await pinLines(a.contact.id)).toHaveLength(1);
  });
});
