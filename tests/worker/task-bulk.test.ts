import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { expectTRPCError, httpClientFor, ownerOfNewOrganization, rows, seedMember } from "./helpers";

type FieldErrors = {
  data?: { zodError?: { formErrors: string[]; fieldErrors: Record<string, string[] | undefined> } };
};
const zodErrorOf = (error: unknown) => (error as FieldErrors).data?.zodError;

const day = (n: number, hour = 9) => new Date(Date.UTC(2100, 5, n, hour));

async function teamWithTasks(count = 3) {
  const owner = await ownerOfNewOrganization("Bulk Co");
  const contact = await owner.caller.contacts.create({ firstName: "Ada", lastName: "Byron" });
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(
      await owner.caller.tasks.create({
        title: `Task ${i + 1}`,
        dueAt: day(i + 1),
        recordObject: "contact",
        recordId: contact.id,
      }),
    );
  return { ...owner, contact, tasks: made };
}

const stateOf = (organizationId: string) =>
  rows<{
    title: string;
    status: string;
    due_at: number | null;
    assignee_id: string | null;
    deleted: number;
    version: number;
  }>(
    "SELECT title, status, due_at, assignee_id, deleted_at IS NOT NULL AS deleted, version FROM tasks WHERE organization_id = ? ORDER BY title",
    organizationId,
  );

describe("tasks.bulkUpdate", () => {
  it("completes several tasks in one batch, each with its history and a line on its record's timeline", async () => {
    const { caller, org, contact, tasks } = await teamWithTasks();
    const result = await caller.tasks.bulkUpdate({
      changes: tasks.slice(0, 2).map((t) => ({ id: t.id, patch: { status: "done" as const } })),
    });
    expect(result).toEqual({ updated: 2, ids: [tasks[0]!.id, tasks[1]!.id] });
    const done = await caller.tasks.list({ view: "done", dayStart: day(1, 0), dayEnd: day(2, 0) });
    expect(done.map((r) => [r.task.title, r.task.version, r.task.completedAt instanceof Date]).sort()).toEqual([
      ["Task 1", 2, true],
      ["Task 2", 2, true],
    ]);
    expect((await stateOf(org.id)).map((t) => t.status)).toEqual(["done", "done", "open"]);
    const timeline = await rows<{ summary: string }>(
      "SELECT summary FROM activities WHERE organization_id = ? AND record_id = ? AND kind = 'task' AND summary LIKE 'Task completed%' ORDER BY summary",
      org.id,
      contact.id,
    );
    expect(timeline.map((a) => a.summary)).toEqual(["Task completed: Task 1", "Task completed: Task 2"]);
    const { contact: read } = await caller.contacts.get({ id: contact.id });
    expect(read.nextTaskAt).toEqual(day(3));
  });

  it("reschedules and reassigns; Undo sends each task's own values back", async () => {
    const { caller, org, tasks } = await teamWithTasks();
    const member = await seedMember(org.id, "member");
    const tomorrow = day(20);
    await caller.tasks.bulkUpdate({
      changes: tasks.map((t) => ({ id: t.id, patch: { dueAt: tomorrow, assigneeId: member.identity.uid } })),
    });
    expect((await stateOf(org.id)).map((t) => [t.due_at, t.assignee_id])).toEqual(
      tasks.map(() => [tomorrow.getTime(), member.identity.uid]),
    );
    await caller.tasks.bulkUpdate({
      changes: tasks.map((t) => ({ id: t.id, patch: { dueAt: t.dueAt, assigneeId: t.assigneeId } })),
    });
    expect((await stateOf(org.id)).map((t) => [t.due_at, t.assignee_id])).toEqual(
      tasks.map((t) => [t.dueAt!.getTime(), t.assigneeId]),
    );
    const history = await rows<{ changes: string }>(
      "SELECT changes FROM activities WHERE organization_id = ? AND record_object = 'task' AND record_id = ? AND kind = 'updated' ORDER BY created_at, id",
      org.id,
      tasks[0]!.id,
    );
    expect(history.map((h) => JSON.parse(h.changes))).toContainEqual({
      dueAt: [day(1).toISOString(), tomorrow.toISOString()],
      assigneeId: [tasks[0]!.assigneeId, member.identity.uid],
    });
  });

  it("deletes to the trash and restores from it", async () => {
    const { caller, org, tasks } = await teamWithTasks();
    const ids = tasks.slice(1).map((t) => t.id);
    await caller.tasks.bulkUpdate({ changes: ids.map((id) => ({ id, patch: { deleted: true } })) });
    expect((await stateOf(org.id)).map((t) => t.deleted)).toEqual([0, 1, 1]);
    expect((await caller.tasks.trash({})).map((r) => r.task.id).sort()).toEqual([...ids].sort());
    await caller.tasks.bulkUpdate({ changes: ids.map((id) => ({ id, patch: { deleted: false } })) });
    expect((await stateOf(org.id)).map((t) => t.deleted)).toEqual([0, 0, 0]);
  });

  it("adds the next one of each repeating task done, and takes them back when reopened", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const weekly = { repeat: "weekly", repeatZone: "UTC" } as const;
    const a = await caller.tasks.create({ title: "Standup", dueAt: day(1), ...weekly });
    const b = await caller.tasks.create({ title: "Forecast", dueAt: day(2), ...weekly });
    const ids = [a.id, b.id];
    await caller.tasks.bulkUpdate({ changes: ids.map((id) => ({ id, patch: { status: "done" as const } })) });
    const next = await rows<{ title: string; due_at: number }>(
      "SELECT title, due_at FROM tasks WHERE organization_id = ? AND repeated_from_id IS NOT NULL ORDER BY due_at",
      org.id,
    );
    expect(next).toEqual([
      { title: "Standup", due_at: day(8).getTime() },
      { title: "Forecast", due_at: day(9).getTime() },
    ]);
    await caller.tasks.bulkUpdate({ changes: ids.map((id) => ({ id, patch: { status: "open" as const } })) });
    expect(
      await rows("SELECT id FROM tasks WHERE organization_id = ? AND repeated_from_id IS NOT NULL", org.id),
    ).toEqual([]);
  });

  it("makes the change over a teammate's edit made meanwhile, keeping theirs", async () => {
    const { caller, org, tasks } = await teamWithTasks(1);
    const task = tasks[0]!;
    // The teammate renames it after the list was read: the bulk change names no version, and keeps the new title.
    await caller.tasks.update({ id: task.id, version: 1, patch: { title: "Renamed by Sam" } });
    await caller.tasks.bulkUpdate({ changes: [{ id: task.id, patch: { status: "done" } }] });
    expect(await stateOf(org.id)).toEqual([
      expect.objectContaining({ title: "Renamed by Sam", status: "done", version: 3 }),
    ]);
  });

  it("refuses, writing nothing: a deleted task among them, a non-member assignee, repeats, mixed deletes, too many", async () => {
    const { caller, org, identity, tasks } = await teamWithTasks();
    await caller.tasks.delete({ id: tasks[2]!.id });
    const before = await stateOf(org.id);
    await expectTRPCError(
      caller.tasks.bulkUpdate({ changes: tasks.map((t) => ({ id: t.id, patch: { status: "done" as const } })) }),
      "NOT_FOUND",
      "1 of the 3 selected tasks do not exist or were deleted. Reload and try again.",
    );
    await expectTRPCError(
      caller.tasks.bulkUpdate({ changes: [{ id: tasks[2]!.id, patch: { status: "done" } }] }),
      "NOT_FOUND",
      "That task does not exist or was deleted.",
    );
    await expectTRPCError(
      caller.tasks.bulkUpdate({ changes: [{ id: tasks[0]!.id, patch: { assigneeId: "not-a-member" } }] }),
      "NOT_FOUND",
    );
    const client = await httpClientFor(identity);
    const repeated = await expectTRPCError(
      client.tasks.bulkUpdate.mutate({
        changes: [
          { id: tasks[0]!.id, patch: { status: "done" } },
          { id: tasks[0]!.id, patch: { status: "open" } },
        ],
      }),
      "BAD_REQUEST",
    );
    expect(zodErrorOf(repeated)?.fieldErrors.changes).toEqual(["Name each task once."]);
    const mixed = await expectTRPCError(
      client.tasks.bulkUpdate.mutate({ changes: [{ id: tasks[0]!.id, patch: { deleted: true, status: "done" } }] }),
      "BAD_REQUEST",
    );
    expect(JSON.stringify(zodErrorOf(mixed))).toContain("Delete or restore tasks on their own, without other changes.");
    const empty = await expectTRPCError(
      client.tasks.bulkUpdate.mutate({ changes: [{ id: tasks[0]!.id, patch: {} }] }),
      "BAD_REQUEST",
    );
    expect(JSON.stringify(zodErrorOf(empty))).toContain("Say what to change on the tasks.");
    const many = Array.from({ length: 201 }, (_, i) => ({
      id: `tsk_${String(i).padStart(6, "0")}`,
      patch: { status: "done" as const },
    }));
    const tooMany = await expectTRPCError(client.tasks.bulkUpdate.mutate({ changes: many }), "BAD_REQUEST");
    expect(zodErrorOf(tooMany)?.fieldErrors.changes).toEqual(["Act on at most 200 tasks at once."]);
    expect(await stateOf(org.id)).toEqual(before);
  });

  it("is made once per key: sent again, answered as the first time, with nothing written twice", async () => {
    const { caller, org, tasks } = await teamWithTasks(2);
    const key = "bulk-key-0000000000001";
    const changes = tasks.map((t) => ({ id: t.id, patch: { status: "done" as const } }));
    const first = await caller.tasks.bulkUpdate({ changes, key });
    const again = await caller.tasks.bulkUpdate({ changes, key });
    expect(again).toEqual(first);
    expect((await stateOf(org.id)).map((t) => t.version)).toEqual([2, 2]);
  });
});

describe("tasks.createForRecords", () => {
  it("adds a task to each selected contact, each on its timeline, assigned to the caller", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    const bo = await caller.contacts.create({ firstName: "Bo" });
    const dueAt = day(10);
    const { ids } = await caller.tasks.createForRecords({
      object: "contact",
      ids: [bo.id, ann.id],
      title: "Follow-up call",
      dueAt,
      priority: "high",
    });
    expect(ids).toHaveLength(2);
    const made = await rows<{ id: string; record_id: string; assignee_id: string; due_at: number; priority: string }>(
      "SELECT id, record_id, assignee_id, due_at, priority FROM tasks WHERE organization_id = ? ORDER BY record_id",
      org.id,
    );
    expect(made.map((t) => [t.record_id, t.assignee_id, t.due_at, t.priority]).sort()).toEqual(
      [
        [ann.id, identity.uid, dueAt.getTime(), "high"],
        [bo.id, identity.uid, dueAt.getTime(), "high"],
      ].sort(),
    );
    expect(new Set(made.map((t) => t.id))).toEqual(new Set(ids));
    for (const contact of [ann, bo]) {
      const { contact: read, timeline } = await caller.contacts.get({ id: contact.id });
      expect(read.nextTaskAt).toEqual(dueAt);
      expect(timeline.filter((a) => a.kind === "task").map((a) => a.summary)).toEqual(["Task created: Follow-up call"]);
    }
  });

  it("assigns each to its record's owner, and to the caller where a record has none or its owner has left", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const sam = await seedMember(org.id, "member");
    const owned = await caller.companies.create({ name: "Owned", ownerId: sam.identity.uid });
    const unowned = await caller.companies.create({ name: "Unowned" });
    const orphaned = await caller.companies.create({ name: "Orphaned" });
    await env.DB.prepare("UPDATE companies SET owner_id = 'gone-user' WHERE id = ?").bind(orphaned.id).run();
    await caller.tasks.createForRecords({
      object: "company",
      ids: [owned.id, unowned.id, orphaned.id],
      title: "Quarterly review",
      assignTo: "owner",
    });
    const made = await rows<{ record_id: string; assignee_id: string }>(
      "SELECT record_id, assignee_id FROM tasks WHERE organization_id = ?",
      org.id,
    );
    const byRecord = Object.fromEntries(made.map((t) => [t.record_id, t.assignee_id]));
    expect(byRecord).toEqual({ [owned.id]: sam.identity.uid, [unowned.id]: identity.uid, [orphaned.id]: identity.uid });
  });

  it("makes repeating tasks when asked, and refuses a repeat without a due date", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await expectTRPCError(
      caller.tasks.createForRecords({
        object: "contact",
        ids: [ann.id],
        title: "Check in",
        repeat: "weekly",
        repeatZone: "UTC",
      }),
      "BAD_REQUEST",
    );
    await caller.tasks.createForRecords({
      object: "contact",
      ids: [ann.id],
      title: "Check in",
      dueAt: day(3),
      repeat: "weekly",
      repeatZone: "UTC",
    });
    expect(await rows("SELECT repeat, repeat_zone FROM tasks WHERE organization_id = ?", org.id)).toEqual([
      { repeat: "weekly", repeat_zone: "UTC" },
    ]);
  });

  it("writes nothing when a record is deleted or unknown, and is made once per key", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    const gone = await caller.contacts.create({ firstName: "Gone" });
    await caller.contacts.delete({ ids: [gone.id] });
    await expectTRPCError(
      caller.tasks.createForRecords({ object: "contact", ids: [ann.id, gone.id], title: "Call" }),
      "NOT_FOUND",
      "1 of the 2 selected contacts do not exist or were deleted. Reload and try again.",
    );
    await expectTRPCError(
      caller.tasks.createForRecords({ object: "company", ids: [ann.id], title: "Call" }),
      "NOT_FOUND",
    );
    expect(await rows("SELECT id FROM tasks WHERE organization_id = ?", org.id)).toEqual([]);
    const key = "for-records-key-000001";
    const first = await caller.tasks.createForRecords({ object: "contact", ids: [ann.id], title: "Call", key });
    const again = await caller.tasks.createForRecords({ object: "contact", ids: [ann.id], title: "Call", key });
    expect(again).toEqual(first);
    expect(await rows("SELECT id FROM tasks WHERE organization_id = ?", org.id)).toHaveLength(1);
  });
});
