import { describe, expect, it } from "vitest";
import { expectTRPCError, httpClientFor, ownerOfNewOrganization, rows, seedMember, taskLinesOn } from "./helpers";

type FieldErrors = { data?: { zodError?: { fieldErrors: Record<string, string[] | undefined> } } };
const fieldErrorsOf = (error: unknown) => (error as FieldErrors).data?.zodError?.fieldErrors;

const day = (n: number, hour = 9) => new Date(Date.UTC(2100, 2, n, hour));
const week = { dayStart: day(1, 0), dayEnd: day(2, 0) };
const TYPE_MESSAGE = "Choose the task's type: todo, call, email, meeting.";

describe("task types", () => {
  it("makes a task a to-do unless told, keeps the type given, and lists one type at a time", async () => {
    const { caller } = await ownerOfNewOrganization("Typed Co");
    const todo = await caller.tasks.create({ title: "Prepare the QBR", dueAt: day(3) });
    const call = await caller.tasks.create({ title: "Call Ann", dueAt: day(4), type: "call" });
    await caller.tasks.create({ title: "Send the deck", dueAt: day(5), type: "email" });
    await caller.tasks.create({ title: "Demo at Acme", type: "meeting" });
    expect([todo.type, call.type]).toEqual(["todo", "call"]);

    const titles = async (input: Partial<Parameters<typeof caller.tasks.list>[0]>) =>
      (await caller.tasks.list({ view: "all", ...week, ...input })).map((row) => `${row.task.type}: ${row.task.title}`);
    expect(await titles({})).toEqual([
      "todo: Prepare the QBR",
      "call: Call Ann",
      "email: Send the deck",
      "meeting: Demo at Acme",
    ]);
    expect(await titles({ type: "call" })).toEqual(["call: Call Ann"]);
    expect(await titles({ view: "upcoming", type: "email" })).toEqual(["email: Send the deck"]);
    expect(await titles({ view: "undated", type: "meeting" })).toEqual(["meeting: Demo at Acme"]);
    expect(await titles({ view: "undated", type: "call" })).toEqual([]);
    expect(await titles({ view: "upcoming", type: "todo", assignee: "anyone" })).toEqual(["todo: Prepare the QBR"]);
  });

  it("changes a task's type with its history, and a call that repeats comes back a call", async () => {
    const { caller, org } = await ownerOfNewOrganization("Typed Co");
    const task = await caller.tasks.create({
      title: "Check in with Ann",
      dueAt: day(2),
      repeat: "weekly",
      repeatZone: "UTC",
    });
    const typed = await caller.tasks.update({ id: task.id, version: 1, patch: { type: "call" } });
    expect(typed).toMatchObject({ type: "call", version: 2 });
    const [history] = await rows<{ changes: string }>(
      "SELECT changes FROM activities WHERE organization_id = ? AND record_object = 'task' AND record_id = ? AND kind = 'updated'",
      org.id,
      task.id,
    );
    expect(JSON.parse(history!.changes)).toEqual({ type: ["todo", "call"] });

    await caller.tasks.update({ id: task.id, version: 2, patch: { status: "done" } });
    const next = await caller.tasks.list({ view: "upcoming", ...week, type: "call" });
    expect(next.map((row) => [row.task.title, row.task.type, row.task.dueAt])).toEqual([
      ["Check in with Ann", "call", day(9)],
    ]);
  });

  it("names the type on the linked records' timelines: added, completed, moved, trashed and restored", async () => {
    const { caller, org } = await ownerOfNewOrganization("Typed Co");
    const ann = await caller.contacts.create({ firstName: "Ann", lastName: "Lee" });
    const bo = await caller.contacts.create({ firstName: "Bo", lastName: "Ek" });
    const call = await caller.tasks.create({
      title: "Call Ann back",
      type: "call",
      recordObject: "contact",
      recordId: ann.id,
    });
    await caller.tasks.update({ id: call.id, version: 1, patch: { status: "done" } });
    await caller.tasks.update({
      id: call.id,
      version: 2,
      patch: { recordObject: "contact", recordId: bo.id, title: "Call Bo back" },
    });
    await caller.tasks.delete({ id: call.id });
    await caller.tasks.restore({ id: call.id });
    const meeting = await caller.tasks.create({
      title: "Kickoff",
      type: "meeting",
      recordObject: "contact",
      recordId: bo.id,
    });
    await caller.tasks.create({ title: "Send the deck", recordObject: "contact", recordId: bo.id });
    const lines = (recordId: string) => taskLinesOn(org.id, recordId);
    expect(await lines(ann.id)).toEqual([
      "Call created: Call Ann back",
      "Call completed: Call Ann back",
      "Call unlinked: Call Bo back",
    ]);
    expect(await lines(bo.id)).toEqual([
      "Call linked: Call Bo back",
      "Call deleted: Call Bo back",
      "Call restored: Call Bo back",
      "Meeting created: Kickoff",
      "Task created: Send the deck",
    ]);
    expect(meeting.type).toBe("meeting");
  });

  it("refuses a type it does not know, writing nothing", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization("Typed Co");
    const client = await httpClientFor(identity);
    const error = await expectTRPCError(
      client.tasks.create.mutate({ title: "Fax Ann", type: "fax" as "call" }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)?.type).toEqual([TYPE_MESSAGE]);
    const task = await caller.tasks.create({ title: "Call Ann" });
    await expectTRPCError(
      client.tasks.update.mutate({ id: task.id, version: 1, patch: { type: "fax" as "call" } }),
      "BAD_REQUEST",
      TYPE_MESSAGE,
    );
    await expectTRPCError(
      client.tasks.list.query({ view: "all", ...week, type: "fax" as "call" }),
      "BAD_REQUEST",
      TYPE_MESSAGE,
    );
    const stored = await rows<{ title: string; type: string; version: number }>(
      "SELECT title, type, version FROM tasks WHERE organization_id = ?",
      org.id,
    );
    expect(stored).toEqual([{ title: "Call Ann", type: "todo", version: 1 }]);
  });

  it("sets the priority and type of several tasks at once, and Undo's own values put each back", async () => {
    const { caller, org } = await ownerOfNewOrganization("Typed Co");
    const a = await caller.tasks.create({ title: "A", dueAt: day(2), priority: "low" });
    const b = await caller.tasks.create({ title: "B", dueAt: day(3), type: "email" });
    await caller.tasks.bulkUpdate({
      changes: [a, b].map((task) => ({ id: task.id, patch: { type: "call" as const, priority: "high" as const } })),
    });
    const state = () =>
      rows<{ title: string; type: string; priority: string; version: number }>(
        "SELECT title, type, priority, version FROM tasks WHERE organization_id = ? ORDER BY title",
        org.id,
      );
    expect(await state()).toEqual([
      { title: "A", type: "call", priority: "high", version: 2 },
      { title: "B", type: "call", priority: "high", version: 2 },
    ]);
    await caller.tasks.bulkUpdate({
      changes: [
        { id: a.id, patch: { type: "todo", priority: "low" } },
        { id: b.id, patch: { type: "email", priority: "normal" } },
      ],
    });
    expect(await state()).toEqual([
      { title: "A", type: "todo", priority: "low", version: 3 },
      { title: "B", type: "email", priority: "normal", version: 3 },
    ]);
  });

  it("gives a task for each selected record the type asked for, and another organization's calls stay its own", async () => {
    const acme = await ownerOfNewOrganization("Acme");
    const globex = await ownerOfNewOrganization("Globex");
    const ann = await acme.caller.contacts.create({ firstName: "Ann", lastName: "Lee" });
    const bo = await acme.caller.contacts.create({ firstName: "Bo", lastName: "Ek" });
    await acme.caller.tasks.createForRecords({
      object: "contact",
      ids: [ann.id, bo.id],
      title: "Follow-up call",
      dueAt: day(4),
      type: "call",
    });
    await globex.caller.tasks.create({ title: "Globex call", dueAt: day(4), type: "call" });
    const calls = await acme.caller.tasks.list({ view: "upcoming", ...week, type: "call", assignee: "anyone" });
    expect(calls.map((row) => [row.task.type, row.recordName]).sort()).toEqual([
      ["call", "Ann Lee"],
      ["call", "Bo Ek"],
    ]);
    const theirs = await globex.caller.tasks.list({ view: "upcoming", ...week, type: "call", assignee: "anyone" });
    expect(theirs.map((row) => row.task.title)).toEqual(["Globex call"]);
  });
});

describe("tasks.search", () => {
  it("finds tasks by their title or their record's name, any case: open ones by due date, then done ones", async () => {
    const { caller } = await ownerOfNewOrganization("Searchers");
    const ann = await caller.contacts.create({ firstName: "Ann", lastName: "Renewick" });
    const acme = await caller.companies.create({ name: "Renewal Partners" });
    const later = await caller.tasks.create({ title: "Renewal call", dueAt: day(9), type: "call" });
    await caller.tasks.create({ title: "Prepare the RENEWAL deck", dueAt: day(3) });
    await caller.tasks.create({ title: "Undated renewal notes" });
    await caller.tasks.create({ title: "Call her", dueAt: day(5), recordObject: "contact", recordId: ann.id });
    await caller.tasks.create({ title: "Visit", dueAt: day(6), recordObject: "company", recordId: acme.id });
    const done = await caller.tasks.create({ title: "Old renewal", dueAt: day(1) });
    await caller.tasks.update({ id: done.id, version: 1, patch: { status: "done" } });
    const gone = await caller.tasks.create({ title: "Deleted renewal" });
    await caller.tasks.delete({ id: gone.id });
    await caller.tasks.create({ title: "Something else", dueAt: day(2) });

    const titles = async (query: string, limit?: number) =>
      (await caller.tasks.search({ query, limit })).map((row) => [row.task.title, row.recordName]);
    expect(await titles("renew")).toEqual([
      ["Prepare the RENEWAL deck", null],
      ["Call her", "Ann Renewick"],
      ["Visit", "Renewal Partners"],
      ["Renewal call", null],
      ["Undated renewal notes", null],
    ]);
    expect(await titles("renew", 20)).toContainEqual(["Old renewal", null]);
    expect((await titles("renew", 20)).at(-1)).toEqual(["Old renewal", null]);
    expect(await titles("100%_")).toEqual([]);
    expect((await caller.tasks.search({ query: "renewal call" }))[0]?.task).toMatchObject({
      id: later.id,
      type: "call",
    });
  });

  it("refuses an empty search in words", async () => {
    const { identity } = await ownerOfNewOrganization("Searchers");
    const client = await httpClientFor(identity);
    const error = await expectTRPCError(client.tasks.search.query({ query: "   " }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)?.query).toEqual(["Type something to search for."]);
  });
});

describe("tasks.dueCount", () => {
  it("counts the caller's open tasks overdue and due today, not a teammate's, done or deleted ones", async () => {
    const { caller, org } = await ownerOfNewOrganization("Counters");
    const teammate = await seedMember(org.id, "member");
    const today = { dayStart: day(10, 0), dayEnd: day(11, 0) };
    expect(await caller.tasks.dueCount(today)).toEqual({ overdue: 0, today: 0 });
    await caller.tasks.create({ title: "Late one", dueAt: day(8) });
    await caller.tasks.create({ title: "Late two", dueAt: day(9, 23) });
    await caller.tasks.create({ title: "This morning", dueAt: day(10, 9) });
    await caller.tasks.create({ title: "Tomorrow", dueAt: day(11, 9) });
    await caller.tasks.create({ title: "Someday" });
    await caller.tasks.create({ title: "Theirs", dueAt: day(10, 9), assigneeId: teammate.identity.uid });
    const done = await caller.tasks.create({ title: "Done", dueAt: day(9) });
    await caller.tasks.update({ id: done.id, version: 1, patch: { status: "done" } });
    const gone = await caller.tasks.create({ title: "Gone", dueAt: day(10, 12) });
    await caller.tasks.delete({ id: gone.id });
    expect(await caller.tasks.dueCount(today)).toEqual({ overdue: 2, today: 1 });
    expect(await teammate.caller.tasks.dueCount(today)).toEqual({ overdue: 0, today: 1 });
  });
});
