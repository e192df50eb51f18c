import { describe, expect, it } from "vitest";
import { expectTRPCError, ownerOfNewOrganization, seedMember } from "./helpers";

const HOUR = 3_600_000;

describe("tasks.teamCounts", () => {
  it("counts each member's open tasks, the overdue among them and those done since, not the trash's", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization("Team Counters");
    const teammate = await seedMember(org.id, "member");
    const idle = await seedMember(org.id, "member");
    const now = Date.now();
    const dayStart = new Date(now - 2 * HOUR);
    const range = { dayStart, doneSince: new Date(now - 7 * 24 * HOUR) };
    expect(await caller.tasks.teamCounts(range)).toEqual([]);

    await caller.tasks.create({ title: "Late", dueAt: new Date(now - 30 * HOUR) });
    await caller.tasks.create({ title: "Later today", dueAt: new Date(now + HOUR) });
    await caller.tasks.create({ title: "Someday" });
    const done = await caller.tasks.create({ title: "Done", dueAt: new Date(now - 40 * HOUR) });
    await caller.tasks.update({ id: done.id, version: done.version, patch: { status: "done" } });
    const trashed = await caller.tasks.create({ title: "Trashed", dueAt: new Date(now - 40 * HOUR) });
    await caller.tasks.delete({ id: trashed.id });
    const trashedDone = await caller.tasks.create({ title: "Done, then trashed" });
    await caller.tasks.update({ id: trashedDone.id, version: trashedDone.version, patch: { status: "done" } });
    await caller.tasks.delete({ id: trashedDone.id });
    await caller.tasks.create({
      title: "Hers, late",
      dueAt: new Date(now - 3 * HOUR),
      assigneeId: teammate.identity.uid,
    });
    const hers = await teammate.caller.tasks.create({ title: "Hers, done" });
    await teammate.caller.tasks.update({ id: hers.id, version: hers.version, patch: { status: "done" } });

    const byAssignee = async (input: typeof range) =>
      Object.fromEntries(
        (await teammate.caller.tasks.teamCounts(input)).map(({ assigneeId, ...c }) => [assigneeId, c]),
      );
    expect(await byAssignee(range)).toEqual({
      [identity.uid]: { open: 3, overdue: 1, doneRecently: 1 },
      [teammate.identity.uid]: { open: 1, overdue: 1, doneRecently: 1 },
    });
    expect(idle.identity.uid in (await byAssignee(range))).toBe(false);
    // Done before the counted days: not counted; a later day start makes the task due later today overdue.
    expect(await byAssignee({ dayStart: new Date(now + 2 * HOUR), doneSince: new Date(now + HOUR) })).toEqual({
      [identity.uid]: { open: 3, overdue: 2, doneRecently: 0 },
      [teammate.identity.uid]: { open: 1, overdue: 1, doneRecently: 0 },
    });
  });

  it("refuses a count of done tasks that starts after the day", async () => {
    const { caller } = await ownerOfNewOrganization("Backwards Counters");
    const error = await expectTRPCError(
      caller.tasks.teamCounts({ dayStart: new Date(), doneSince: new Date(Date.now() + HOUR) }),
      "BAD_REQUEST",
    );
    expect(error.message).toContain("Done tasks are counted from a moment before the day starts.");
  });
});
