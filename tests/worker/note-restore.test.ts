import { describe, expect, it } from "vitest";
import { expectTRPCError, ownerOfNewOrganization, rows, seedMember } from "./helpers";

async function contactWithNote(body = "Decides with the CFO") {
  const owner = await ownerOfNewOrganization("Undo Co");
  const member = await seedMember(owner.org.id, "member");
  const company = await owner.caller.companies.create({ name: "Acme" });
  const contact = await owner.caller.contacts.create({ firstName: "Ada", companyId: company.id });
  const note = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body });
  return { owner, member, company, contact, note };
}

const lastActivity = async (table: "contacts" | "companies", id: string) =>
  (await rows<{ last_activity_at: number | null }>(`SELECT last_activity_at FROM ${table} WHERE id = ?`, id))[0]
    .last_activity_at;

const noteLines = (recordId: string) =>
  rows<{ summary: string; actor_id: string }>(
    "SELECT summary, actor_id FROM activities WHERE record_id = ? AND kind IN ('note', 'call') ORDER BY rowid",
    recordId,
  );

describe("notes.restore", () => {
  it("brings a deleted note back as it was, with the record's last activity, and says so on the timeline", async () => {
    const { owner, member, company, contact, note } = await contactWithNote();
    await owner.caller.notes.delete({ id: note.id });
    expect(await lastActivity("contacts", contact.id)).toBeNull();
    expect(await lastActivity("companies", company.id)).toBeNull();

    const restored = await member.caller.notes.restore({ id: note.id });
    expect(restored).toMatchObject({ id: note.id, body: note.body, version: 1, deletedAt: null });
    // Not "edited": its times are the ones it had.
    expect(+restored.updatedAt).toBe(+note.updatedAt);
    expect((await owner.caller.notes.list({ recordId: contact.id })).map((n) => n.id)).toEqual([note.id]);
    expect(await lastActivity("contacts", contact.id)).toBe(+note.occurredAt);
    expect(await lastActivity("companies", company.id)).toBe(+note.occurredAt);
    expect(await noteLines(contact.id)).toEqual([
      { summary: "Decides with the CFO", actor_id: owner.identity.uid },
      { summary: "Deleted a note", actor_id: owner.identity.uid },
      { summary: "Restored a note: Decides with the CFO", actor_id: member.identity.uid },
    ]);
  });

  it("answers a live note, or one restored twice at once, as it is, telling it once", async () => {
    const { owner, contact, note } = await contactWithNote();
    expect(await owner.caller.notes.restore({ id: note.id })).toMatchObject({ id: note.id, deletedAt: null });
    await owner.caller.notes.delete({ id: note.id });
    const both = await Promise.all([
      owner.caller.notes.restore({ id: note.id }),
      owner.caller.notes.restore({ id: note.id }),
    ]);
    expect(both.map((n) => n.deletedAt)).toEqual([null, null]);
    const restoredLines = (await noteLines(contact.id)).filter((line) => line.summary.startsWith("Restored"));
    expect(restoredLines).toHaveLength(1);
  });

  it("pins it again while its record has room, and leaves it unpinned when three were pinned meanwhile", async () => {
    const { owner, contact, note } = await contactWithNote();
    await owner.caller.notes.pin({ id: note.id, pinned: true });
    await owner.caller.notes.delete({ id: note.id });
    await owner.caller.notes.restore({ id: note.id });
    expect((await owner.caller.notes.pinned({ recordId: contact.id })).map((n) => n.id)).toEqual([note.id]);

    await owner.caller.notes.delete({ id: note.id });
    for (const body of ["One", "Two", "Three"]) {
      const other = await owner.caller.notes.create({ recordObject: "contact", recordId: contact.id, body });
      await owner.caller.notes.pin({ id: other.id, pinned: true });
    }
    const back = await owner.caller.notes.restore({ id: note.id });
    expect(back).toMatchObject({ pinnedAt: null, pinnedBy: null, deletedAt: null });
    expect(await owner.caller.notes.pinned({ recordId: contact.id })).toHaveLength(3);
  });

  it("is NOT_FOUND for an unknown note", async () => {
    const { owner } = await contactWithNote();
    await expectTRPCError(
      owner.caller.notes.restore({ id: "not_unknownnote00" }),
      "NOT_FOUND",
      "That note does not exist or was deleted.",
    );
  });
});
