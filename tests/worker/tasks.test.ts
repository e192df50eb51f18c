import { env } from "cloudflare:test";
import fc from "fast-check";
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
  taskLinesOn,
} from "./helpers";

type FieldErrors = { data?: { zodError?: { fieldErrors: Record<string, string[] | undefined> } } };
const fieldErrorsOf = (error: unknown) => (error as FieldErrors).data?.zodError?.fieldErrors;

/** The caller's local day in the tests: 15 June 2030 (UTC), far from the real clock on purpose. */
const dayStart = new Date("2030-06-15T00:00:00Z");
const dayEnd = new Date("2030-06-16T00:00:00Z");
const day = { dayStart, dayEnd };

/** An organization with its owner and a plain member. */
async function team(name = "Acme") {
  const owner = await ownerOfNewOrganization(name);
  const member = await seedMember(owner.org.id, "member");
  return { owner, member, org: owner.org };
}

/** A company written straight to D1 (there is no companies router to call yet). */
async function seedCompany(organizationId: string, name: string, createdBy: string) {
  const id = `cmp_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO companies (id, name, organization_id, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(id, name, organizationId, createdBy, now, now)
    .run();
  return { id };
}

type Caller = Awaited<ReturnType<typeof callerFor>>;

async function taskActivities(caller: Caller, contactId: string) {
  const { timeline } = await caller.contacts.get({ id: contactId });
  return timeline.filter((a) => a.kind === "task");
}

describe("tasks.create", () => {
  it("creates an open task with version 1, assigned to the caller by default", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const dueAt = new Date("2030-06-15T09:30:00Z");
    const task = await caller.tasks.create({ title: "  Call Ada back  ", notes: " about the renewal ", dueAt });
    expect(task).toMatchObject({
      id: expect.stringMatching(/^tsk_/),
      organizationId: org.id,
      title: "Call Ada back",
      notes: "about the renewal",
      dueAt,
      priority: "normal",
      status: "open",
      completedAt: null,
      assigneeId: identity.uid,
      recordObject: null,
      recordId: null,
      version: 1,
      deletedAt: null,
      createdBy: identity.uid,
    });
    expect(
      await rows(
        "SELECT organization_id, title, due_at, status, assignee_id, version FROM tasks WHERE id = ?",
        task.id,
      ),
    ).toEqual([
      {
        organization_id: org.id,
        title: "Call Ada back",
        due_at: dueAt.getTime(),
        status: "open",
        assignee_id: identity.uid,
        version: 1,
      },
    ]);
  });

  it("assigns the task to another member of the organization", async () => {
    const { owner, member } = await team();
    const task = await owner.caller.tasks.create({ title: "Send the quote", assigneeId: member.identity.uid });
    expect(task.assigneeId).toBe(member.identity.uid);
    expect((await member.caller.tasks.list({ ...day })).map((t) => t.task.id)).toEqual([task.id]);
  });

  it("links the task to a contact and adds a 'task' activity to the contact's timeline", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const contact = await caller.contacts.create({ firstName: "Ada", lastName: "Lovelace" });
    const task = await caller.tasks.create({ title: "Demo call", recordObject: "contact", recordId: contact.id });
    expect(task).toMatchObject({ recordObject: "contact", recordId: contact.id });
    expect(await taskActivities(caller, contact.id)).toEqual([
      expect.objectContaining({
        kind: "task",
        recordObject: "contact",
        recordId: contact.id,
        actorId: identity.uid,
        summary: "Task created: Demo call",
      }),
    ]);
  });

  it("adds no activity for a task linked to nothing", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await caller.tasks.create({ title: "Tidy the pipeline" });
    expect(await rows("SELECT id FROM activities WHERE organization_id = ? AND kind = 'task'", org.id)).toEqual([]);
  });

  it("links the task to a company", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const company = await seedCompany(org.id, "Initech", identity.uid);
    const task = await caller.tasks.create({ title: "Renewal", recordObject: "company", recordId: company.id });
    expect(task).toMatchObject({ recordObject: "company", recordId: company.id });
    expect(
      await rows(
        "SELECT kind, summary FROM activities WHERE organization_id = ? AND record_id = ?",
        org.id,
        company.id,
      ),
    ).toEqual([{ kind: "task", summary: "Task created: Renewal" }]);
  });

  it("is NOT_FOUND for a contact that does not exist, storing nothing", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await expectTRPCError(
      caller.tasks.create({ title: "Ghost", recordObject: "contact", recordId: "con_doesnotexist00" }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    expect(await rows("SELECT id FROM tasks WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is NOT_FOUND for a deleted contact", async () => {
    const { caller } = await ownerOfNewOrganization();
    const contact = await caller.contacts.create({ firstName: "Gone" });
    await caller.contacts.delete({ ids: [contact.id] });
    await expectTRPCError(
      caller.tasks.create({ title: "Too late", recordObject: "contact", recordId: contact.id }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
  });

  it("is BAD_REQUEST for a link to a deal", async () => {
    const { caller } = await ownerOfNewOrganization();
    await expectTRPCError(
      caller.tasks.create({ title: "Deal task", recordObject: "deal", recordId: "deal_0000000000000000" }),
      "BAD_REQUEST",
      "Tasks link to contacts and companies for now.",
    );
  });

  it("is NOT_FOUND when assigned to someone who is not a member", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await expectTRPCError(
      caller.tasks.create({ title: "Nobody's", assigneeId: newIdentity().uid }),
      "NOT_FOUND",
      "That person is not a member of this workspace.",
    );
    expect(await rows("SELECT id FROM tasks WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it.each([
    ["an empty title", { title: "   " }, "title", "Say what needs doing."],
    [
      "a record kind without an id",
      { title: "Half a link", recordObject: "contact" as const },
      "recordId",
      "Link a task to a record with both its kind and id.",
    ],
    [
      "a record id without a kind",
      { title: "Half a link", recordId: "con_0000000000000000" },
      "recordId",
      "Link a task to a record with both its kind and id.",
    ],
    [
      "a due date past the year 9999",
      { title: "Someday", dueAt: new Date(8.64e15) },
      "dueAt",
      "Pick a due date between the years 1900 and 9999.",
    ],
    [
      "a due date before 1900",
      { title: "Long ago", dueAt: new Date(Date.UTC(1899, 11, 31)) },
      "dueAt",
      "Pick a due date between the years 1900 and 9999.",
    ],
  ])("is BAD_REQUEST over HTTP for %s, naming the field", async (_case, input, field, message) => {
    const { identity, org } = await ownerOfNewOrganization();
    const error = await expectTRPCError(
      (await httpClientFor(identity)).tasks.create.mutate(input),
      "BAD_REQUEST",
      message,
    );
    expect(fieldErrorsOf(error)?.[field]).toEqual([message]);
    expect(await rows("SELECT id FROM tasks WHERE organization_id = ?", org.id)).toEqual([]);
  });

  it("is BAD_REQUEST over HTTP for an unknown priority or a title over 300 characters", async () => {
    const { identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    const urgent = "urgent" as "high"; // not a priority: the types forbid it, the server must too
    const error = await expectTRPCError(client.tasks.create.mutate({ title: "x", priority: urgent }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toHaveProperty("priority");
    const long = await expectTRPCError(client.tasks.create.mutate({ title: "x".repeat(301) }), "BAD_REQUEST");
    expect(fieldErrorsOf(long)).toHaveProperty("title");
  });

  it("is UNAUTHORIZED without a token and FORBIDDEN without an organization", async () => {
    await expectTRPCError((await anonymousCaller()).tasks.create({ title: "x" }), "UNAUTHORIZED");
    await expectTRPCError(
      (await callerFor(newIdentity())).tasks.create({ title: "x" }),
      "FORBIDDEN",
      "Create or join an organization first.",
    );
  });
});

describe("tasks.update", () => {
  it("applies the patch and bumps the version", async () => {
    const { owner, member } = await team();
    const task = await owner.caller.tasks.create({ title: "Draft" });
    const dueAt = new Date("2030-07-01T08:00:00Z");
    const updated = await owner.caller.tasks.update({
      id: task.id,
      version: 1,
      patch: { title: "Final", priority: "high", dueAt, notes: "bring coffee", assigneeId: member.identity.uid },
    });
    expect(updated).toMatchObject({
      id: task.id,
      title: "Final",
      priority: "high",
      dueAt,
      notes: "bring coffee",
      assigneeId: member.identity.uid,
      version: 2,
    });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(task.updatedAt.getTime());
    expect(await rows("SELECT title, version FROM tasks WHERE id = ?", task.id)).toEqual([
      { title: "Final", version: 2 },
    ]);
  });

  it("clears nullable fields with null", async () => {
    const { caller } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Clear me", notes: "n", dueAt: new Date("2030-06-15T10:00:00Z") });
    const updated = await caller.tasks.update({
      id: task.id,
      version: 1,
      patch: { notes: null, dueAt: null, assigneeId: null },
    });
    expect(updated).toMatchObject({ notes: null, dueAt: null, assigneeId: null, version: 2 });
  });

  it("returns the task unchanged (same version) for a patch that changes nothing", async () => {
    const { caller } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Same" });
    const same = await caller.tasks.update({ id: task.id, version: 1, patch: { title: "Same", status: "open" } });
    expect(same.version).toBe(1);
    expect(await rows("SELECT version FROM tasks WHERE id = ?", task.id)).toEqual([{ version: 1 }]);
  });

  it("completes a linked task: completedAt set, one 'task' activity; reopening clears completedAt", async () => {
    const { caller } = await ownerOfNewOrganization();
    const contact = await caller.contacts.create({ firstName: "Grace", lastName: "Hopper" });
    const task = await caller.tasks.create({ title: "Follow up", recordObject: "contact", recordId: contact.id });

    const done = await caller.tasks.update({ id: task.id, version: 1, patch: { status: "done" } });
    expect(done).toMatchObject({ status: "done", version: 2, completedAt: expect.any(Date) });
    const summaries = (await taskActivities(caller, contact.id)).map((a) => a.summary).sort();
    expect(summaries).toEqual(["Task completed: Follow up", "Task created: Follow up"]);

    // Marking a done task done again changes nothing and adds no second "completed" entry.
    const again = await caller.tasks.update({ id: task.id, version: 2, patch: { status: "done" } });
    expect(again.version).toBe(2);
    expect(await taskActivities(caller, contact.id)).toHaveLength(2);

    const reopened = await caller.tasks.update({ id: task.id, version: 2, patch: { status: "open" } });
    expect(reopened).toMatchObject({ status: "open", completedAt: null, version: 3 });
    expect(await taskActivities(caller, contact.id)).toHaveLength(2);
  });

  it("names the task by its new title when it is renamed and completed in one update", async () => {
    const { caller } = await ownerOfNewOrganization();
    const contact = await caller.contacts.create({ firstName: "Barbara" });
    const task = await caller.tasks.create({ title: "Old", recordObject: "contact", recordId: contact.id });
    await caller.tasks.update({ id: task.id, version: 1, patch: { title: "New", status: "done" } });
    expect((await taskActivities(caller, contact.id)).map((a) => a.summary).sort()).toEqual([
      "Task completed: New",
      "Task created: Old",
    ]);
  });

  it("is CONFLICT for a stale version and leaves the task as the other person saved it", async () => {
    const { owner, member } = await team();
    const task = await owner.caller.tasks.create({ title: "Shared work" });
    await owner.caller.tasks.update({ id: task.id, version: 1, patch: { title: "Owner's title" } });
    await expectTRPCError(
      member.caller.tasks.update({ id: task.id, version: 1, patch: { title: "Member's title" } }),
      "CONFLICT",
      /^This task was changed by .+\. Reload to see their change\.$/,
    );
    expect(await rows("SELECT title, version FROM tasks WHERE id = ?", task.id)).toEqual([
      { title: "Owner's title", version: 2 },
    ]);
  });

  it("is CONFLICT naming who last touched the linked contact", async () => {
    const { owner, member } = await team();
    const contact = await owner.caller.contacts.create({ firstName: "Linus" });
    const task = await owner.caller.tasks.create({ title: "Ping", recordObject: "contact", recordId: contact.id });
    await owner.caller.tasks.update({ id: task.id, version: 1, patch: { status: "done" } });
    await expectTRPCError(
      member.caller.tasks.update({ id: task.id, version: 1, patch: { title: "Late" } }),
      "CONFLICT",
      new RegExp(`^This task was changed by ${owner.identity.name} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.`),
    );
  });

  it("is NOT_FOUND when reassigning to someone who is not a member", async () => {
    const { caller } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Mine" });
    await expectTRPCError(
      caller.tasks.update({ id: task.id, version: 1, patch: { assigneeId: newIdentity().uid } }),
      "NOT_FOUND",
      "That person is not a member of this workspace.",
    );
  });

  it("is NOT_FOUND for a deleted or unknown task", async () => {
    const { caller } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Bin me" });
    await caller.tasks.delete({ id: task.id });
    await expectTRPCError(
      caller.tasks.update({ id: task.id, version: 1, patch: { title: "Back?" } }),
      "NOT_FOUND",
      "That task does not exist or was deleted.",
    );
    await expectTRPCError(
      caller.tasks.update({ id: "tsk_unknown0000000", version: 1, patch: { title: "?" } }),
      "NOT_FOUND",
      "That task does not exist or was deleted.",
    );
  });

  it("is BAD_REQUEST over HTTP for an empty title, a version of 0 or an unknown status", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Valid" });
    const client = await httpClientFor(identity);
    await expectTRPCError(
      client.tasks.update.mutate({ id: task.id, version: 1, patch: { title: "  " } }),
      "BAD_REQUEST",
    );
    const version = await expectTRPCError(
      client.tasks.update.mutate({ id: task.id, version: 0, patch: { title: "ok" } }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(version)).toHaveProperty("version");
    const archived = "archived" as "done";
    await expectTRPCError(
      client.tasks.update.mutate({ id: task.id, version: 1, patch: { status: archived } }),
      "BAD_REQUEST",
    );
    expect(await rows("SELECT title, version FROM tasks WHERE id = ?", task.id)).toEqual([
      { title: "Valid", version: 1 },
    ]);
  });
});

describe("tasks.update: the linked record", () => {
  it("links a task to a record, moves it to another and unlinks it, each told on both records' timelines", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const ada = await caller.contacts.create({ firstName: "Ada", lastName: "Lovelace" });
    const initech = await seedCompany(org.id, "Initech", identity.uid);
    const task = await caller.tasks.create({ title: "Send the deck" });

    const linked = await caller.tasks.update({
      id: task.id,
      version: 1,
      patch: { recordObject: "contact", recordId: ada.id },
    });
    expect(linked).toMatchObject({ recordObject: "contact", recordId: ada.id, version: 2 });
    expect((await caller.tasks.get({ id: task.id })).recordName).toBe("Ada Lovelace");
    expect((await caller.tasks.list({ ...day, recordId: ada.id })).map((t) => t.task.id)).toEqual([task.id]);

    await caller.tasks.update({ id: task.id, version: 2, patch: { recordObject: "company", recordId: initech.id } });
    expect((await caller.tasks.get({ id: task.id })).recordName).toBe("Initech");
    expect(await caller.tasks.list({ ...day, recordId: ada.id })).toEqual([]);

    const unlinked = await caller.tasks.update({
      id: task.id,
      version: 3,
      patch: { recordObject: null, recordId: null },
    });
    expect(unlinked).toMatchObject({ recordObject: null, recordId: null, version: 4 });
    expect((await caller.tasks.get({ id: task.id })).recordName).toBeNull();

    const said = (recordId: string) => taskLinesOn(org.id, recordId);
    expect(await said(ada.id)).toEqual(["Task linked: Send the deck", "Task unlinked: Send the deck"]);
    expect(await said(initech.id)).toEqual(["Task linked: Send the deck", "Task unlinked: Send the deck"]);
    // The task's own history says from → to.
    const [history] = await rows<{ changes: string }>(
      "SELECT changes FROM activities WHERE record_object = 'task' AND record_id = ? AND kind = 'updated' ORDER BY rowid LIMIT 1",
      task.id,
    );
    expect(JSON.parse(history.changes)).toEqual({ recordObject: [null, "contact"], recordId: [null, ada.id] });
  });

  it("completing a task while moving it tells the new record", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ada = await caller.contacts.create({ firstName: "Ada" });
    const grace = await caller.contacts.create({ firstName: "Grace" });
    const task = await caller.tasks.create({ title: "Wrap up", recordObject: "contact", recordId: ada.id });
    await caller.tasks.update({
      id: task.id,
      version: 1,
      patch: { status: "done", recordObject: "contact", recordId: grace.id },
    });
    expect(
      await rows(
        "SELECT record_id, summary FROM activities WHERE organization_id = ? AND kind = 'task' ORDER BY rowid",
        org.id,
      ),
    ).toEqual([
      { record_id: ada.id, summary: "Task created: Wrap up" },
      { record_id: ada.id, summary: "Task unlinked: Wrap up" },
      { record_id: grace.id, summary: "Task linked: Wrap up" },
      { record_id: grace.id, summary: "Task completed: Wrap up" },
    ]);
  });

  it("is NOT_FOUND for a record in the trash or unknown, and leaves the task as it was", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ada = await caller.contacts.create({ firstName: "Ada" });
    const task = await caller.tasks.create({ title: "Stay put", recordObject: "contact", recordId: ada.id });
    const binned = await caller.contacts.create({ firstName: "Binned" });
    await caller.contacts.delete({ ids: [binned.id] });
    for (const recordId of [binned.id, "con_unknown0000000"])
      await expectTRPCError(
        caller.tasks.update({ id: task.id, version: 1, patch: { recordObject: "contact", recordId } }),
        "NOT_FOUND",
        "That contact does not exist or was deleted.",
      );
    expect(await rows("SELECT record_id, version FROM tasks WHERE id = ?", task.id)).toEqual([
      { record_id: ada.id, version: 1 },
    ]);
  });

  it("is BAD_REQUEST for half a link or a link to a deal", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ada = await caller.contacts.create({ firstName: "Ada" });
    const task = await caller.tasks.create({ title: "Half" });
    const client = await httpClientFor(identity);
    const half = await expectTRPCError(
      client.tasks.update.mutate({ id: task.id, version: 1, patch: { recordId: ada.id } }),
      "BAD_REQUEST",
      "Link a task to a record with both its kind and id, or unlink it with neither.",
    );
    expect(fieldErrorsOf(half)).toHaveProperty("patch");
    await expectTRPCError(
      client.tasks.update.mutate({ id: task.id, version: 1, patch: { recordObject: "contact", recordId: null } }),
      "BAD_REQUEST",
    );
    await expectTRPCError(
      caller.tasks.update({ id: task.id, version: 1, patch: { recordObject: "deal", recordId: "deal_0000000000" } }),
      "BAD_REQUEST",
      "Tasks link to contacts and companies for now.",
    );
    expect(await rows("SELECT record_id, version FROM tasks WHERE id = ?", task.id)).toEqual([
      { record_id: null, version: 1 },
    ]);
  });
});

describe("tasks.delete and tasks.trash", () => {
  it("soft-deletes the task: gone from the list, shown in the trash, NOT_FOUND the second time", async () => {
    const { caller } = await ownerOfNewOrganization();
    const kept = await caller.tasks.create({ title: "Keep" });
    const binned = await caller.tasks.create({ title: "Bin" });
    expect(await caller.tasks.delete({ id: binned.id })).toMatchObject({ id: binned.id, version: 2 });
    expect((await caller.tasks.list({ ...day })).map((t) => t.task.id)).toEqual([kept.id]);
    const trash = await caller.tasks.trash();
    expect(trash.map((t) => t.task.id)).toEqual([binned.id]);
    expect(trash[0].task.deletedAt).toBeInstanceOf(Date);
    await expectTRPCError(
      caller.tasks.delete({ id: binned.id }),
      "NOT_FOUND",
      "That task does not exist or was deleted.",
    );
  });

  it("lists the trash newest deletion first", async () => {
    const { caller } = await ownerOfNewOrganization();
    const first = await caller.tasks.create({ title: "First" });
    const second = await caller.tasks.create({ title: "Second" });
    await caller.tasks.delete({ id: first.id });
    await caller.tasks.delete({ id: second.id });
    await env.DB.prepare("UPDATE tasks SET deleted_at = ? WHERE id = ?")
      .bind(Date.now() - 60_000, first.id)
      .run();
    expect((await caller.tasks.trash()).map((t) => t.task.id)).toEqual([second.id, first.id]);
  });

  it("reads the trash page by page after the last task of the page before, each deleted task once", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const created = await Promise.all(
      Array.from({ length: 9 }, (_, i) => caller.tasks.create({ title: `Binned ${i}` })),
    );
    await caller.tasks.create({ title: "Live" });
    // Deleted at three moments only, so the id settles most of the order.
    await env.DB.batch(
      created.map((task, i) =>
        env.DB.prepare("UPDATE tasks SET deleted_at = ? WHERE id = ? AND organization_id = ?").bind(
          1_900_000_000_000 + (i % 3) * 1000,
          task.id,
          org.id,
        ),
      ),
    );
    const want = created
      .map((task, i) => ({ id: task.id, at: i % 3 }))
      .sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1))
      .map((t) => t.id);
    for (const limit of [1, 2, 4]) {
      const read: string[] = [];
      for (let cursor: string | undefined, pages = 0; pages < 20; pages++) {
        const page = await caller.tasks.trash({ cursor, limit });
        read.push(...page.map((r) => r.task.id));
        if (page.length < limit) break;
        cursor = page[page.length - 1].task.id;
      }
      expect(read, `limit ${limit}`).toEqual(want);
    }
    // A task restored meanwhile still marks its place: none of its page repeats, none after it is skipped.
    await caller.tasks.restore({ id: want[3] });
    expect((await caller.tasks.trash({ cursor: want[3] })).map((r) => r.task.id)).toEqual([]);
    expect((await caller.tasks.trash({ cursor: want[2] })).map((r) => r.task.id)).toEqual(want.slice(4));
  });

  it("reads the trash from its own index, never every task of the organization", async () => {
    const { identity, caller } = await ownerOfNewOrganization();
    const binned = await caller.tasks.create({ title: "Binned" });
    await caller.tasks.delete({ id: binned.id });
    const measure = await countedCaller(identity);
    for (const cursor of [undefined, binned.id]) {
      const { bound } = await measure((c) => c.tasks.trash({ cursor }));
      const plan = (await Promise.all(bound.map(planOf))).join("\n");
      expect(plan).toMatch(/SEARCH tasks USING INDEX tasks_org_deleted_idx \(organization_id=\? AND deleted_at>\?/);
      expect(plan).not.toMatch(WALKS_THE_ORGANIZATION);
      expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
    // No list of live tasks reads it.
    for (const view of ["today", "undated", "all"] as const) {
      const { bound } = await measure((c) => c.tasks.list({ ...day, view, assignee: "anyone" }));
      expect((await Promise.all(bound.map(planOf))).join("\n")).not.toMatch(/tasks_org_deleted_idx/);
    }
  });

  it("is BAD_REQUEST over HTTP for a trash page over 100 or a malformed cursor", async () => {
    const { identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    expect(
      fieldErrorsOf(await expectTRPCError(client.tasks.trash.query({ limit: 101 }), "BAD_REQUEST")),
    ).toHaveProperty("limit");
    expect(
      fieldErrorsOf(await expectTRPCError(client.tasks.trash.query({ cursor: "x" }), "BAD_REQUEST")),
    ).toHaveProperty("cursor");
  });

  it("is BAD_REQUEST over HTTP for a malformed id", async () => {
    const { identity } = await ownerOfNewOrganization();
    const error = await expectTRPCError(
      (await httpClientFor(identity)).tasks.delete.mutate({ id: "x" }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toHaveProperty("id");
  });
});

describe("tasks.get and tasks.restore", () => {
  it("gets one live task with its linked record's name; NOT_FOUND once deleted", async () => {
    const { caller } = await ownerOfNewOrganization();
    const contact = await caller.contacts.create({ firstName: "Gina", lastName: "Gold" });
    const task = await caller.tasks.create({ title: "Send deck", recordObject: "contact", recordId: contact.id });
    expect(await caller.tasks.get({ id: task.id })).toEqual({ task, recordName: "Gina Gold" });
    await caller.tasks.delete({ id: task.id });
    await expectTRPCError(caller.tasks.get({ id: task.id }), "NOT_FOUND", "That task does not exist or was deleted.");
  });

  it("restores a deleted task to the list, and only a deleted one", async () => {
    const { caller } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Call back", dueAt: new Date("2030-06-15T09:00:00Z") });
    await expectTRPCError(
      caller.tasks.restore({ id: task.id }),
      "NOT_FOUND",
      "That deleted task does not exist or was deleted.",
    );
    await caller.tasks.delete({ id: task.id });
    const restored = await caller.tasks.restore({ id: task.id });
    expect(restored).toMatchObject({ id: task.id, deletedAt: null, version: 3, title: "Call back" });
    expect((await caller.tasks.list({ ...day, view: "today" })).map((r) => r.task.id)).toEqual([task.id]);
    expect(await caller.tasks.trash()).toEqual([]);
    await expectTRPCError(caller.tasks.restore({ id: "tsk_unknown00" }), "NOT_FOUND");
    await expectTRPCError(caller.tasks.restore({ id: "x" }), "BAD_REQUEST");
  });

  it("keeps a history of every write with who changed what, from → to, and the linked record's timeline", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const contact = await caller.contacts.create({ firstName: "Hal" });
    const task = await caller.tasks.create({ title: "Draft", recordObject: "contact", recordId: contact.id });
    const renamed = await caller.tasks.update({
      id: task.id,
      version: 1,
      patch: { title: "Draft offer", priority: "high" },
    });
    const done = await caller.tasks.update({ id: task.id, version: renamed.version, patch: { status: "done" } });
    await caller.tasks.delete({ id: task.id });
    await caller.tasks.restore({ id: task.id });
    const history = await rows<{ kind: string; changes: string | null; actor_id: string; record_object: string }>(
      "SELECT kind, changes, actor_id, record_object FROM activities WHERE record_id = ? ORDER BY rowid",
      task.id,
    );
    expect(history.map((h) => [h.record_object, h.kind, h.changes && JSON.parse(h.changes)])).toEqual([
      ["task", "created", null],
      ["task", "updated", { title: ["Draft", "Draft offer"], priority: ["normal", "high"] }],
      ["task", "updated", { status: ["open", "done"] }],
      ["task", "deleted", null],
      ["task", "restored", null],
    ]);
    expect(history.every((h) => h.actor_id === identity.uid)).toBe(true);
    expect(done.completedAt).toBeInstanceOf(Date);
    const { timeline } = await caller.contacts.get({ id: contact.id });
    expect(timeline.filter((t) => t.kind === "task").map((t) => t.summary)).toEqual([
      "Task restored: Draft offer",
      "Task deleted: Draft offer",
      "Task completed: Draft offer",
      "Task created: Draft",
    ]);
  });

  it("writes no history for an update that loses to a teammate's (CONFLICT), nor for a no-op", async () => {
    const { caller } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Race" });
    await caller.tasks.update({ id: task.id, version: 1, patch: { title: "Mine" } });
    await expectTRPCError(caller.tasks.update({ id: task.id, version: 1, patch: { title: "Stale" } }), "CONFLICT");
    await caller.tasks.update({ id: task.id, version: 2, patch: { title: "Mine" } });
    const kinds = await rows<{ kind: string }>(
      "SELECT kind FROM activities WHERE record_id = ? ORDER BY rowid",
      task.id,
    );
    expect(kinds.map((k) => k.kind)).toEqual(["created", "updated"]);
  });
});

describe("tasks.list", () => {
  /** One task per bucket around 15 June 2030, all assigned to the owner, plus one for the member. */
  async function agenda() {
    const { owner, member, org } = await team();
    const create = (title: string, extra: Omit<Parameters<Caller["tasks"]["create"]>[0], "title"> = {}) =>
      owner.caller.tasks.create({ ...extra, title });
    const overdue = await create("Overdue", { dueAt: new Date("2030-06-14T12:00:00Z") });
    const todayLate = await create("Today late", { dueAt: new Date("2030-06-15T17:00:00Z") });
    const todayNormal = await create("Today normal", { dueAt: new Date("2030-06-15T09:00:00Z") });
    const todayHigh = await create("Today high", {
      dueAt: new Date("2030-06-15T09:00:00Z"),
      priority: "high",
    });
    const upcoming = await create("Upcoming", { dueAt: new Date("2030-06-16T00:00:00Z") });
    const undated = await create("Undated");
    const doneEarlier = await create("Done earlier", { dueAt: new Date("2030-06-15T10:00:00Z") });
    const doneLater = await create("Done later", { dueAt: new Date("2030-06-13T10:00:00Z") });
    await owner.caller.tasks.update({ id: doneEarlier.id, version: 1, patch: { status: "done" } });
    await owner.caller.tasks.update({ id: doneLater.id, version: 1, patch: { status: "done" } });
    await env.DB.prepare("UPDATE tasks SET completed_at = ? WHERE id = ?")
      .bind(Date.now() - 60_000, doneEarlier.id)
      .run();
    const members = await owner.caller.tasks.create({
      title: "Member's task",
      assigneeId: member.identity.uid,
      dueAt: new Date("2030-06-15T11:00:00Z"),
    });
    return {
      owner,
      member,
      org,
      t: { overdue, todayLate, todayNormal, todayHigh, upcoming, undated, doneEarlier, doneLater, members },
    };
  }

  const titles = (listed: { task: { title: string } }[]) => listed.map((r) => r.task.title);

  it("shows today's open tasks by due time, high priority first at the same time", async () => {
    const { owner } = await agenda();
    expect(titles(await owner.caller.tasks.list({ ...day, view: "today" }))).toEqual([
      "Today high",
      "Today normal",
      "Today late",
    ]);
  });

  it("shows upcoming tasks from dayEnd on", async () => {
    const { owner } = await agenda();
    expect(titles(await owner.caller.tasks.list({ ...day, view: "upcoming" }))).toEqual(["Upcoming"]);
  });

  it("shows overdue open tasks, not done ones", async () => {
    const { owner } = await agenda();
    expect(titles(await owner.caller.tasks.list({ ...day, view: "overdue" }))).toEqual(["Overdue"]);
  });

  it("shows done tasks newest completion first", async () => {
    const { owner } = await agenda();
    const done = await owner.caller.tasks.list({ ...day, view: "done" });
    expect(titles(done)).toEqual(["Done later", "Done earlier"]);
    expect(done.every((r) => r.task.status === "done" && r.task.completedAt instanceof Date)).toBe(true);
  });

  it("shows open tasks without a due date in 'undated', however many dated tasks come before them in 'all'", async () => {
    const { owner } = await agenda();
    const doneUndated = await owner.caller.tasks.create({ title: "Done undated" });
    await owner.caller.tasks.update({ id: doneUndated.id, version: 1, patch: { status: "done" } });
    const urgent = await owner.caller.tasks.create({ title: "Undated but high", priority: "high" });
    // A page of 'all' is full of dated tasks before an undated one shows: a list built from it missed them.
    expect(titles(await owner.caller.tasks.list({ ...day, view: "all", limit: 3 }))).not.toContain("Undated");
    expect(titles(await owner.caller.tasks.list({ ...day, view: "undated", limit: 3 }))).toEqual([
      urgent.title,
      "Undated",
    ]);
  });

  it("shows everything (done included) by due date, undated last, for 'all' (the default view)", async () => {
    const { owner } = await agenda();
    expect(titles(await owner.caller.tasks.list({ ...day }))).toEqual([
      "Done later",
      "Overdue",
      "Today high",
      "Today normal",
      "Done earlier",
      "Today late",
      "Upcoming",
      "Undated",
    ]);
  });

  it("reads each view, mine or anyone's, from its own index range in order, never every task of the organization", async () => {
    const { owner } = await agenda();
    const measure = await countedCaller(owner.identity);
    for (const view of ["today", "upcoming", "overdue", "undated", "done"] as const)
      for (const assignee of ["me", "anyone"] as const) {
        const { bound } = await measure((c) => c.tasks.list({ ...day, view, assignee }));
        const plan = (await Promise.all(bound.map(planOf))).join("\n");
        expect(plan, `${view}, ${assignee}`).toMatch(
          /SEARCH tasks USING INDEX tasks_org_(assignee|status)_(due_|done_)?idx/,
        );
        expect(plan, `${view}, ${assignee}`).not.toMatch(WALKS_THE_ORGANIZATION);
        // Only tasks due at the same time are put in order (priority, then creation): never the whole view.
        expect(plan, `${view}, ${assignee}`).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      }
    // A record's tasks (its panel) by its own index.
    const { bound } = await measure((c) => c.tasks.list({ ...day, assignee: "anyone", recordId: "con_any" }));
    expect(await planOf(bound[bound.length - 1])).toMatch(
      /tasks_org_record_idx \(organization_id=\? AND record_id=\?\)/,
    );
  });

  it("lists a record's open tasks in 'open', dated then undated, however many done ones are due before them", async () => {
    const { caller } = await ownerOfNewOrganization();
    const account = await caller.contacts.create({ firstName: "Key", lastName: "Account" });
    const onIt = { recordObject: "contact" as const, recordId: account.id };
    for (let week = 1; week <= 4; week++) {
      const done = await caller.tasks.create({
        ...onIt,
        title: `Check-in ${week}`,
        dueAt: new Date(Date.UTC(2030, 0, week * 7)),
      });
      await caller.tasks.update({ id: done.id, version: 1, patch: { status: "done" } });
    }
    const someday = await caller.tasks.create({ ...onIt, title: "Someday" });
    const renewal = await caller.tasks.create({ ...onIt, title: "Renewal", dueAt: new Date("2030-09-01T09:00:00Z") });
    await caller.tasks.create({ title: "Elsewhere", dueAt: new Date("2030-01-02T09:00:00Z") });
    const panel = { ...day, assignee: "anyone", recordId: account.id, limit: 3 };
    // 'all' lists the done check-ins first (by due date): a page of them hid the open ones.
    expect(titles(await caller.tasks.list({ ...panel, view: "all" }))).toEqual([
      "Check-in 1",
      "Check-in 2",
      "Check-in 3",
    ]);
    expect((await caller.tasks.list({ ...panel, view: "open" })).map((r) => r.task.id)).toEqual([
      renewal.id,
      someday.id,
    ]);
    expect(titles(await caller.tasks.list({ ...panel, view: "done" }))).toHaveLength(3);
  });

  it("reads a record's open or done tasks from the record's index, never walking the organization's", async () => {
    const { owner } = await agenda();
    const measure = await countedCaller(owner.identity);
    for (const view of ["open", "done", "all"] as const) {
      const { bound } = await measure((c) =>
        c.tasks.list({ ...day, view, assignee: "anyone", recordId: "con_any", limit: 50 }),
      );
      const plan = await planOf(bound[bound.length - 1]);
      expect(plan, view).toMatch(/SEARCH tasks USING INDEX tasks_org_record_idx \(organization_id=\? AND record_id=\?/);
      expect(plan, view).not.toMatch(WALKS_THE_ORGANIZATION);
    }
  });

  it("is BAD_REQUEST over HTTP for the open view without a record", async () => {
    const { identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    const error = await expectTRPCError(client.tasks.list.query({ ...day, view: "open" }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)?.recordId).toEqual(["The open view lists one record's tasks: say which record."]);
  });

  it("reads the day from the input: the same tasks fall in other buckets for another day", async () => {
    const { owner } = await agenda();
    const nextDay = { dayStart: dayEnd, dayEnd: new Date("2030-06-17T00:00:00Z") };
    expect(titles(await owner.caller.tasks.list({ ...nextDay, view: "today" }))).toEqual(["Upcoming"]);
    expect(titles(await owner.caller.tasks.list({ ...nextDay, view: "overdue" }))).toEqual([
      "Overdue",
      "Today high",
      "Today normal",
      "Today late",
    ]);
  });

  it("filters by assignee: me (default), anyone, or a member's uid", async () => {
    const { owner, member, t } = await agenda();
    const mine = await owner.caller.tasks.list({ ...day, view: "today" });
    expect(titles(mine)).not.toContain("Member's task");
    expect(titles(await owner.caller.tasks.list({ ...day, view: "today", assignee: "me" }))).toEqual(titles(mine));
    expect(titles(await owner.caller.tasks.list({ ...day, view: "today", assignee: "anyone" }))).toEqual([
      "Today high",
      "Today normal",
      "Member's task",
      "Today late",
    ]);
    const theirs = await owner.caller.tasks.list({ ...day, assignee: member.identity.uid });
    expect(theirs.map((r) => r.task.id)).toEqual([t.members.id]);
    expect((await member.caller.tasks.list({ ...day })).map((r) => r.task.id)).toEqual([t.members.id]);
  });

  it("names the linked contact (name, else email) and company in recordName", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const ada = await caller.contacts.create({ firstName: "Ada", lastName: "Lovelace" });
    const onlyFirst = await caller.contacts.create({ firstName: "Cher" });
    const emailOnly = await caller.contacts.create({ emails: ["anon@example.com"] });
    const company = await seedCompany(org.id, "Initech", identity.uid);
    const due = (hour: number) => new Date(`2030-06-15T${String(hour).padStart(2, "0")}:00:00Z`);
    await caller.tasks.create({ title: "A", dueAt: due(8), recordObject: "contact", recordId: ada.id });
    await caller.tasks.create({ title: "B", dueAt: due(9), recordObject: "contact", recordId: onlyFirst.id });
    await caller.tasks.create({ title: "C", dueAt: due(10), recordObject: "contact", recordId: emailOnly.id });
    await caller.tasks.create({ title: "D", dueAt: due(11), recordObject: "company", recordId: company.id });
    await caller.tasks.create({ title: "E", dueAt: due(12) });
    const listed = await caller.tasks.list({ ...day, view: "today" });
    expect(listed.map((r) => [r.task.title, r.recordName])).toEqual([
      ["A", "Ada Lovelace"],
      ["B", "Cher"],
      ["C", "anon@example.com"],
      ["D", "Initech"],
      ["E", null],
    ]);
  });

  it("filters by linked record and honours the limit", async () => {
    const { caller } = await ownerOfNewOrganization();
    const contact = await caller.contacts.create({ firstName: "Linked" });
    const linked = await caller.tasks.create({ title: "Linked", recordObject: "contact", recordId: contact.id });
    await caller.tasks.create({ title: "Loose" });
    expect((await caller.tasks.list({ ...day, recordId: contact.id })).map((r) => r.task.id)).toEqual([linked.id]);
    expect(await caller.tasks.list({ ...day, limit: 1 })).toHaveLength(1);
  });

  describe("page by page (after the last task of the page before)", () => {
    const views = ["today", "upcoming", "overdue", "undated", "done"] as const;
    type View = (typeof views)[number];
    type Seeded = {
      id: string;
      dueAt: number | null;
      priority: "high" | "normal" | "low";
      status: "open" | "done";
      completedAt: number | null;
      createdAt: number;
      assigneeId: string;
    };
    const at = (iso: string) => new Date(iso).getTime();
    const rank = { high: 0, normal: 1, low: 2 };

    /** Tasks written straight to D1, with many ties on every key so that only the id tells some apart. */
    async function seedTasks(organizationId: string, assignees: string[], count: number, seed: number) {
      const shape = fc.record({
        dueAt: fc.option(
          fc.constantFrom(...["2030-06-10T09:00", "2030-06-15T09:00", "2030-06-15T12:00", "2030-06-20T08:00"].map(at)),
          {
            nil: null,
            freq: 4,
          },
        ),
        priority: fc.constantFrom("high" as const, "normal" as const, "low" as const),
        done: fc.boolean(),
        completedAt: fc.constantFrom(at("2030-06-01T10:00"), at("2030-06-02T10:00")),
        createdAt: fc.constantFrom(at("2030-05-01T10:00"), at("2030-05-02T10:00")),
        assigneeId: fc.constantFrom(...assignees),
        id: fc.stringMatching(/^[a-z0-9]{6}$/),
      });
      // One prefix for the whole set (ids are unique across organizations): the order among them stays the seed's.
      const prefix = crypto.randomUUID().slice(0, 8);
      const seeded: Seeded[] = fc.sample(shape, { numRuns: count, seed }).map((t, i) => ({
        id: `tsk_${prefix}${t.id}${i}`,
        dueAt: t.dueAt,
        priority: t.priority,
        status: t.done ? "done" : "open",
        completedAt: t.done ? t.completedAt : null,
        createdAt: t.createdAt,
        assigneeId: t.assigneeId,
      }));
      await env.DB.batch(
        seeded.map((t) =>
          env.DB.prepare(
            "INSERT INTO tasks (id, organization_id, title, due_at, priority, status, completed_at, assignee_id, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          ).bind(
            t.id,
            organizationId,
            t.id,
            t.dueAt,
            t.priority,
            t.status,
            t.completedAt,
            t.assigneeId,
            t.assigneeId,
            t.createdAt,
            t.createdAt,
          ),
        ),
      );
      return seeded;
    }

    /** The view as a reader expects it, worked out here from what was written. */
    function expected(seeded: Seeded[], view: View, assignee: string | null) {
      const inView = (t: Seeded) =>
        t.status === (view === "done" ? "done" : "open") &&
        (view === "done"
          ? true
          : view === "undated"
            ? t.dueAt === null
            : t.dueAt !== null &&
              {
                today: t.dueAt >= dayStart.getTime() && t.dueAt < dayEnd.getTime(),
                upcoming: t.dueAt >= dayEnd.getTime(),
                overdue: t.dueAt < dayStart.getTime(),
              }[view]);
      const byId = (a: Seeded, b: Seeded) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      const order =
        view === "done"
          ? (a: Seeded, b: Seeded) => b.completedAt! - a.completedAt! || byId(b, a)
          : (a: Seeded, b: Seeded) =>
              (a.dueAt ?? 0) - (b.dueAt ?? 0) ||
              rank[a.priority] - rank[b.priority] ||
              a.createdAt - b.createdAt ||
              byId(a, b);
      return seeded
        .filter((t) => inView(t) && (assignee === null || t.assigneeId === assignee))
        .sort(order)
        .map((t) => t.id);
    }

    it("reads every task of each view once, in the view's order, whatever the page size, mine or anyone's", async () => {
      const { owner, member, org } = await team();
      const seeded = await seedTasks(org.id, [owner.identity.uid, member.identity.uid], 160, 7);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...views),
          fc.constantFrom("me" as const, "anyone" as const),
          fc.integer({ min: 1, max: 6 }),
          async (view, assignee, limit) => {
            const read: string[] = [];
            let after: string | undefined;
            for (let pages = 0; pages < 100; pages++) {
              const page = await owner.caller.tasks.list({ ...day, view, assignee, limit, after });
              read.push(...page.map((r) => r.task.id));
              if (page.length < limit) break;
              after = page[page.length - 1].task.id;
            }
            const want = expected(seeded, view, assignee === "me" ? owner.identity.uid : null);
            expect(want.length, view).toBeGreaterThan(limit);
            expect(read).toEqual(want);
          },
        ),
        { numRuns: 25, seed: 3 },
      );
    });

    it("goes on after a task that has since been deleted or completed, from where it stood", async () => {
      const { owner, org } = await team();
      const seeded = await seedTasks(org.id, [owner.identity.uid], 40, 5);
      const want = expected(seeded, "overdue", null);
      const [firstPage, rest] = [want.slice(0, 3), want.slice(3)];
      const last = await owner.caller.tasks.get({ id: firstPage[2] });
      await owner.caller.tasks.update({ id: last.task.id, version: last.task.version, patch: { status: "done" } });
      const afterDone = await owner.caller.tasks.list({
        ...day,
        view: "overdue",
        assignee: "anyone",
        after: firstPage[2],
      });
      expect(afterDone.map((r) => r.task.id)).toEqual(rest.slice(0, 100));
      await owner.caller.tasks.delete({ id: firstPage[2] });
      const afterDeleted = await owner.caller.tasks.list({
        ...day,
        view: "overdue",
        assignee: "anyone",
        after: firstPage[2],
      });
      expect(afterDeleted.map((r) => r.task.id)).toEqual(rest.slice(0, 100));
    });

    it("starts each next page at its anchor in the view's index, never walking the organization", async () => {
      const { owner, org } = await team();
      await seedTasks(org.id, [owner.identity.uid], 20, 9);
      const measure = await countedCaller(owner.identity);
      for (const view of views)
        for (const assignee of ["me", "anyone"] as const) {
          const { bound } = await measure((c) => c.tasks.list({ ...day, view, assignee, after: "tsk_anchor" }));
          const plan = (await Promise.all(bound.map(planOf))).join("\n");
          expect(plan, `${view}, ${assignee}`).toMatch(
            /SEARCH tasks USING INDEX tasks_org_(assignee|status)_(due_|done_)?idx/,
          );
          expect(plan, `${view}, ${assignee}`).toMatch(/SEARCH anchor USING INDEX sqlite_autoindex_tasks_1 \(id=\?\)/);
          expect(plan, `${view}, ${assignee}`).not.toMatch(WALKS_THE_ORGANIZATION);
          expect(plan, `${view}, ${assignee}`).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
        }
    });

    it("is BAD_REQUEST over HTTP for a page after a task in 'all', or a malformed task id", async () => {
      const { identity } = await ownerOfNewOrganization();
      const client = await httpClientFor(identity);
      const inAll = await expectTRPCError(
        client.tasks.list.query({ ...day, view: "all", after: "tsk_abcdef" }),
        "BAD_REQUEST",
      );
      expect(fieldErrorsOf(inAll)?.after).toEqual([
        "Only the today, upcoming, overdue, undated and done views go on page by page.",
      ]);
      expect(
        fieldErrorsOf(
          await expectTRPCError(client.tasks.list.query({ ...day, view: "today", after: "x" }), "BAD_REQUEST"),
        ),
      ).toHaveProperty("after");
    });
  });

  it("is BAD_REQUEST over HTTP without the day, for an unknown view or a limit over 200", async () => {
    const { identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    const noDay = {} as typeof day;
    const error = await expectTRPCError(client.tasks.list.query(noDay), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toHaveProperty("dayStart");
    expect(fieldErrorsOf(error)).toHaveProperty("dayEnd");
    const week = "week" as "today";
    expect(
      fieldErrorsOf(await expectTRPCError(client.tasks.list.query({ ...day, view: week }), "BAD_REQUEST")),
    ).toHaveProperty("view");
    expect(
      fieldErrorsOf(await expectTRPCError(client.tasks.list.query({ ...day, limit: 201 }), "BAD_REQUEST")),
    ).toHaveProperty("limit");
  });
});

describe("tasks across organizations", () => {
  /** Org A with a task linked to a contact (and one in the trash); org B with a member. */
  async function twoOrganizations() {
    const a = await team("Org A");
    const contact = await a.owner.caller.contacts.create({ firstName: "Alice", lastName: "Anders" });
    const task = await a.owner.caller.tasks.create({
      title: "A's task",
      dueAt: new Date("2030-06-15T10:00:00Z"),
      recordObject: "contact",
      recordId: contact.id,
      assigneeId: a.member.identity.uid,
    });
    const binned = await a.owner.caller.tasks.create({ title: "A's binned task" });
    await a.owner.caller.tasks.delete({ id: binned.id });
    const b = await team("Org B");
    return { a: { ...a, contact, task, binned }, b };
  }

  it("is NOT_FOUND when a member of B updates A's task, which stays as it was", async () => {
    const { a, b } = await twoOrganizations();
    for (const caller of [b.member.caller, b.owner.caller])
      await expectTRPCError(
        caller.tasks.update({ id: a.task.id, version: 1, patch: { title: "Hijacked", status: "done" } }),
        "NOT_FOUND",
        "That task does not exist or was deleted.",
      );
    expect(await rows("SELECT title, status, version FROM tasks WHERE id = ?", a.task.id)).toEqual([
      { title: "A's task", status: "open", version: 1 },
    ]);
  });

  it("is NOT_FOUND when a member of B deletes A's task, which stays live", async () => {
    const { a, b } = await twoOrganizations();
    await expectTRPCError(
      b.member.caller.tasks.delete({ id: a.task.id }),
      "NOT_FOUND",
      "That task does not exist or was deleted.",
    );
    expect(await rows("SELECT deleted_at FROM tasks WHERE id = ?", a.task.id)).toEqual([{ deleted_at: null }]);
  });

  it("is NOT_FOUND when a member of B links a task to A's contact, storing nothing", async () => {
    const { a, b } = await twoOrganizations();
    await expectTRPCError(
      b.member.caller.tasks.create({ title: "Poach", recordObject: "contact", recordId: a.contact.id }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    expect(await rows("SELECT id FROM tasks WHERE organization_id = ?", b.org.id)).toEqual([]);
    expect(await rows("SELECT kind FROM activities WHERE record_id = ? AND kind = 'task'", a.contact.id)).toEqual([
      { kind: "task" },
    ]);
  });

  it("is NOT_FOUND when a member of B moves their task to A's contact, which hears nothing of it", async () => {
    const { a, b } = await twoOrganizations();
    const mine = await b.member.caller.tasks.create({ title: "Mine" });
    await expectTRPCError(
      b.member.caller.tasks.update({
        id: mine.id,
        version: 1,
        patch: { recordObject: "contact", recordId: a.contact.id },
      }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    expect(await rows("SELECT record_id, version FROM tasks WHERE id = ?", mine.id)).toEqual([
      { record_id: null, version: 1 },
    ]);
    expect(await rows("SELECT summary FROM activities WHERE record_id = ? AND kind = 'task'", a.contact.id)).toEqual([
      { summary: "Task created: A's task" },
    ]);
  });

  it("is NOT_FOUND when a member of B assigns a task to A's member, on create and on update", async () => {
    const { a, b } = await twoOrganizations();
    await expectTRPCError(
      b.member.caller.tasks.create({ title: "For A", assigneeId: a.member.identity.uid }),
      "NOT_FOUND",
      "That person is not a member of this workspace.",
    );
    const own = await b.member.caller.tasks.create({ title: "B's own" });
    await expectTRPCError(
      b.member.caller.tasks.update({ id: own.id, version: 1, patch: { assigneeId: a.owner.identity.uid } }),
      "NOT_FOUND",
      "That person is not a member of this workspace.",
    );
    expect(await rows("SELECT assignee_id FROM tasks WHERE organization_id = ?", b.org.id)).toEqual([
      { assignee_id: b.member.identity.uid },
    ]);
  });

  it("never lists A's tasks to B, whatever the view, assignee or record filter", async () => {
    const { a, b } = await twoOrganizations();
    const bTask = await b.member.caller.tasks.create({ title: "B's task", dueAt: new Date("2030-06-15T10:00:00Z") });
    for (const view of ["today", "upcoming", "overdue", "done", "all"] as const) {
      const listed = await b.member.caller.tasks.list({ ...day, view, assignee: "anyone" });
      expect(listed.every((r) => r.task.organizationId === b.org.id)).toBe(true);
    }
    expect(
      (await b.member.caller.tasks.list({ ...day, view: "today", assignee: "anyone" })).map((r) => r.task.id),
    ).toEqual([bTask.id]);
    expect(await b.member.caller.tasks.list({ ...day, assignee: a.member.identity.uid })).toEqual([]);
    for (const view of ["all", "open", "done"] as const)
      expect(await b.owner.caller.tasks.list({ ...day, view, assignee: "anyone", recordId: a.contact.id })).toEqual([]);
    // A page after A's task is empty for B: the anchor is looked for in B's tasks only.
    for (const view of ["today", "upcoming", "overdue", "undated", "done"] as const)
      expect(await b.owner.caller.tasks.list({ ...day, view, assignee: "anyone", after: a.task.id })).toEqual([]);
    // A still sees its own task, with its contact's name.
    expect((await a.member.caller.tasks.list({ ...day, view: "today" })).map((r) => [r.task.id, r.recordName])).toEqual(
      [[a.task.id, "Alice Anders"]],
    );
  });

  it("is NOT_FOUND when a member of B gets A's task or restores A's deleted task, which stays deleted", async () => {
    const { a, b } = await twoOrganizations();
    for (const caller of [b.member.caller, b.owner.caller]) {
      await expectTRPCError(
        caller.tasks.get({ id: a.task.id }),
        "NOT_FOUND",
        "That task does not exist or was deleted.",
      );
      await expectTRPCError(caller.tasks.restore({ id: a.binned.id }), "NOT_FOUND");
    }
    expect((await a.member.caller.tasks.trash()).map((t) => t.task.id)).toEqual([a.binned.id]);
    expect((await a.member.caller.tasks.get({ id: a.task.id })).recordName).toBe("Alice Anders");
  });

  it("never shows A's deleted tasks in B's trash", async () => {
    const { a, b } = await twoOrganizations();
    const bBinned = await b.owner.caller.tasks.create({ title: "B's binned" });
    await b.owner.caller.tasks.delete({ id: bBinned.id });
    expect((await b.member.caller.tasks.trash()).map((t) => t.task.id)).toEqual([bBinned.id]);
    expect((await a.member.caller.tasks.trash()).map((t) => t.task.id)).toEqual([a.binned.id]);
    // A page after A's deleted task is empty for B.
    expect(await b.member.caller.tasks.trash({ cursor: a.binned.id })).toEqual([]);
  });
});
