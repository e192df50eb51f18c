import { describe, expect, it } from "vitest";
import { expectTRPCError, httpClientFor, ownerOfNewOrganization, rows, seedMember } from "./helpers";

const day = (n: number, hour = 9) => new Date(Date.UTC(2100, 2, n, hour));

/** An organization's owner (who gives tasks) and two teammates. */
async function team(name = "Givers") {
  const owner = await ownerOfNewOrganization(name);
  const bo = await seedMember(owner.org.id, "member");
  const cy = await seedMember(owner.org.id, "member");
  return { owner, bo, cy, org: owner.org };
}

/** A member's notifications as they read them: what, about which task, how many, from whom, read or not. */
async function noticesOf(member: Awaited<ReturnType<typeof seedMember>>) {
  return (await member.caller.notifications.list()).map((n) => ({
    kind: n.kind,
    title: n.title,
    taskId: n.taskId,
    count: n.count,
    from: n.createdBy,
    read: n.readAt !== null,
  }));
}

describe("notifications of tasks given", () => {
  it("tells a teammate given a new task, not whoever gives one to themselves or to no one", async () => {
    const { owner, bo } = await team();
    const task = await owner.caller.tasks.create({ title: "Call Ann back", assigneeId: bo.identity.uid });
    await owner.caller.tasks.create({ title: "My own" });
    await bo.caller.tasks.create({ title: "Bo's own", assigneeId: bo.identity.uid });
    expect(await noticesOf(bo)).toEqual([
      {
        kind: "task-assigned",
        title: "Call Ann back",
        taskId: task.id,
        count: 1,
        from: owner.identity.uid,
        read: false,
      },
    ]);
    expect(await owner.caller.notifications.list()).toEqual([]);
    expect(await bo.caller.notifications.unreadCount()).toEqual({ unread: 1 });
  });

  it("tells the new assignee of a reassigned task, once, and no one for another edit or a refused one", async () => {
    const { owner, bo, cy } = await team();
    const task = await owner.caller.tasks.create({ title: "Send the deck" });
    const moved = await owner.caller.tasks.update({ id: task.id, version: 1, patch: { assigneeId: bo.identity.uid } });
    await owner.caller.tasks.update({ id: task.id, version: moved.version, patch: { title: "Send the new deck" } });
    // A stale version is refused, and tells no one.
    await expectTRPCError(
      owner.caller.tasks.update({ id: task.id, version: 1, patch: { assigneeId: cy.identity.uid } }),
      "CONFLICT",
    );
    expect(await noticesOf(cy)).toEqual([]);
    expect((await noticesOf(bo)).map((n) => [n.title, n.taskId])).toEqual([["Send the deck", task.id]]);
    // Bo hands it on to Cy: Cy hears from Bo; Bo taking it back himself tells no one.
    const current = (await bo.caller.tasks.get({ id: task.id })).task;
    const handed = await bo.caller.tasks.update({
      id: task.id,
      version: current.version,
      patch: { assigneeId: cy.identity.uid },
    });
    expect((await noticesOf(cy)).map((n) => [n.title, n.from])).toEqual([["Send the new deck", bo.identity.uid]]);
    await bo.caller.tasks.update({ id: task.id, version: handed.version, patch: { assigneeId: bo.identity.uid } });
    expect(await noticesOf(bo)).toHaveLength(1);
  });

  it("tells once of a task made under a key sent twice", async () => {
    const { owner, bo } = await team();
    const input = { title: "Renewal call", assigneeId: bo.identity.uid, key: "give-renewal-0001" };
    const first = await owner.caller.tasks.create(input);
    expect((await owner.caller.tasks.create(input)).id).toBe(first.id);
    expect(await noticesOf(bo)).toHaveLength(1);
  });

  it("tells each teammate given tasks in one bulk write once, counting theirs", async () => {
    const { owner, bo, cy } = await team();
    const made = [];
    for (const title of ["One", "Two", "Three", "Four"]) made.push(await owner.caller.tasks.create({ title }));
    await owner.caller.tasks.bulkUpdate({
      changes: [
        ...made.slice(0, 3).map((t) => ({ id: t.id, patch: { assigneeId: bo.identity.uid } })),
        { id: made[3].id, patch: { assigneeId: cy.identity.uid } },
      ],
    });
    expect((await noticesOf(bo)).map((n) => [n.title, n.taskId, n.count])).toEqual([["One", made[0].id, 3]]);
    expect((await noticesOf(cy)).map((n) => [n.title, n.count])).toEqual([["Four", 1]]);
    // Completing them, or giving them back to oneself, tells no one more.
    const reread = await Promise.all(made.map((t) => owner.caller.tasks.get({ id: t.id })));
    await owner.caller.tasks.bulkUpdate({
      changes: reread.map(({ task }) => ({ id: task.id, patch: { status: "done" } })),
    });
    expect(await bo.caller.notifications.unreadCount()).toEqual({ unread: 1 });
  });

  it("counts a bulk write's tasks into the giver's unread notification of minutes before; not once it is read", async () => {
    const { owner, bo } = await team();
    const first = await owner.caller.tasks.create({ title: "First", assigneeId: bo.identity.uid });
    const more = [];
    for (const title of ["Two", "Three"]) more.push(await owner.caller.tasks.create({ title }));
    await owner.caller.tasks.bulkUpdate({
      changes: more.map((t) => ({ id: t.id, patch: { assigneeId: bo.identity.uid } })),
    });
    expect((await noticesOf(bo)).map((n) => [n.title, n.taskId, n.count])).toEqual([["First", first.id, 3]]);
    // A single task given is a notification of its own.
    await owner.caller.tasks.create({ title: "Alone", assigneeId: bo.identity.uid });
    await bo.caller.notifications.markRead();
    const last = await owner.caller.tasks.create({ title: "Four" });
    await owner.caller.tasks.bulkUpdate({ changes: [{ id: last.id, patch: { assigneeId: bo.identity.uid } }] });
    expect((await noticesOf(bo)).map((n) => [n.title, n.count, n.read])).toEqual([
      ["Four", 1, false],
      ["Alone", 1, true],
      ["First", 3, true],
    ]);
  });

  it("tells once of 200 tasks given in one bulk write", async () => {
    const { owner, bo } = await team();
    const ids = [];
    for (let i = 0; i < 200; i++) ids.push(`tsk_bulk${String(i).padStart(12, "0")}`);
    const now = Date.now();
    for (let i = 0; i < ids.length; i += 25)
      await Promise.all(
        ids
          .slice(i, i + 25)
          .map((id, j) =>
            rows(
              "INSERT INTO tasks (id, organization_id, title, assignee_id, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
              id,
              owner.org.id,
              `Bulk ${i + j}`,
              owner.identity.uid,
              owner.identity.uid,
              now,
              now,
            ),
          ),
      );
    const result = await owner.caller.tasks.bulkUpdate({
      changes: ids.map((id) => ({ id, patch: { assigneeId: bo.identity.uid } })),
    });
    expect(result.updated).toBe(200);
    expect((await noticesOf(bo)).map((n) => [n.title, n.count])).toEqual([["Bulk 0", 200]]);
  });

  it("tells each owner of the records a task was added for, once, counting theirs", async () => {
    const { owner, bo, cy } = await team();
    const ids = [];
    for (const [firstName, ownerId] of [
      ["Ann", bo.identity.uid],
      ["Ben", bo.identity.uid],
      ["Cat", cy.identity.uid],
      ["Dan", null],
    ] as const)
      ids.push((await owner.caller.contacts.create({ firstName, ownerId })).id);
    const { ids: made } = await owner.caller.tasks.createForRecords({
      object: "contact",
      ids,
      title: "Follow-up call",
      assignTo: "owner",
    });
    const tasksGiven = async (member: typeof bo) => (await noticesOf(member)).filter((n) => n.kind === "task-assigned");
    expect((await tasksGiven(bo)).map((n) => [n.title, n.taskId, n.count])).toEqual([["Follow-up call", made[0], 2]]);
    expect((await tasksGiven(cy)).map((n) => [n.taskId, n.count])).toEqual([[made[2], 1]]);
    expect(await owner.caller.notifications.list()).toEqual([]);
  });

  it("tells no one of the next task a repeating one leaves once done", async () => {
    const { owner, bo } = await team();
    const task = await owner.caller.tasks.create({
      title: "Weekly call",
      dueAt: day(2),
      repeat: "weekly",
      repeatZone: "UTC",
      assigneeId: bo.identity.uid,
    });
    await owner.caller.tasks.update({ id: task.id, version: 1, patch: { status: "done" } });
    expect(await rows("SELECT title FROM tasks WHERE repeated_from_id = ?", task.id)).toEqual([
      { title: "Weekly call" },
    ]);
    expect(await noticesOf(bo)).toHaveLength(1);
  });
});

describe("notifications.list, unreadCount and markRead", () => {
  it("lists the newest first, page by page, and marks those named read, or all", async () => {
    const { owner, bo } = await team();
    // A few milliseconds apart: two in the same one would list by id, either way round.
    for (let i = 1; i <= 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 3));
      await owner.caller.tasks.create({ title: `Task ${i}`, assigneeId: bo.identity.uid });
    }
    const page = (cursor?: string) => bo.caller.notifications.list({ limit: 2, cursor });
    const seen: string[] = [];
    let listed = await page();
    while (listed.length) {
      seen.push(...listed.map((n) => n.title));
      listed = await page(listed.at(-1)!.id);
    }
    expect(seen).toEqual(["Task 5", "Task 4", "Task 3", "Task 2", "Task 1"]);

    const all = await bo.caller.notifications.list();
    expect(await bo.caller.notifications.markRead({ ids: [all[0].id, all[1].id] })).toEqual({ marked: 2 });
    expect(await bo.caller.notifications.markRead({ ids: [all[0].id] })).toEqual({ marked: 0 });
    expect(await bo.caller.notifications.unreadCount()).toEqual({ unread: 3 });
    expect((await noticesOf(bo)).map((n) => n.read)).toEqual([true, true, false, false, false]);
    expect(await bo.caller.notifications.markRead()).toEqual({ marked: 3 });
    expect(await bo.caller.notifications.unreadCount()).toEqual({ unread: 0 });
  });

  it("forgets the reader's notifications read more than 90 days ago as they mark others read", async () => {
    const { owner, bo, cy } = await team();
    for (const [title, assignee] of [
      ["Old", bo],
      ["Recent", bo],
      ["Cy's old", cy],
    ] as const)
      await owner.caller.tasks.create({ title, assigneeId: assignee.identity.uid });
    const longAgo = Date.now() - 91 * 24 * 60 * 60 * 1000;
    await rows(
      "UPDATE notifications SET read_at = ? WHERE organization_id = ? AND title IN ('Old', 'Cy''s old')",
      longAgo,
      owner.org.id,
    );
    await owner.caller.tasks.create({ title: "New", assigneeId: bo.identity.uid });
    await bo.caller.notifications.markRead();
    expect((await noticesOf(bo)).map((n) => n.title)).toEqual(["New", "Recent"]);
    expect((await noticesOf(cy)).map((n) => n.title)).toEqual(["Cy's old"]);
  });

  it("is NOT_FOUND for a teammate's notification, marking none of those named", async () => {
    const { owner, bo, cy } = await team();
    await owner.caller.tasks.create({ title: "For Bo", assigneeId: bo.identity.uid });
    await owner.caller.tasks.create({ title: "For Cy", assigneeId: cy.identity.uid });
    const [bos] = await bo.caller.notifications.list();
    const [cys] = await cy.caller.notifications.list();
    await expectTRPCError(cy.caller.notifications.markRead({ ids: [bos.id] }), "NOT_FOUND");
    await expectTRPCError(cy.caller.notifications.markRead({ ids: [cys.id, bos.id] }), "NOT_FOUND");
    expect(await cy.caller.notifications.unreadCount()).toEqual({ unread: 1 });
    expect(await bo.caller.notifications.unreadCount()).toEqual({ unread: 1 });
    // "All" is the caller's own.
    await cy.caller.notifications.markRead();
    expect(await bo.caller.notifications.unreadCount()).toEqual({ unread: 1 });
  });

  it("is BAD_REQUEST over HTTP for no ids named as an empty list, or a page over 100", async () => {
    const { bo } = await team();
    const client = await httpClientFor(bo.identity);
    await expectTRPCError(client.notifications.markRead.mutate({ ids: [] }), "BAD_REQUEST");
    await expectTRPCError(client.notifications.list.query({ limit: 101 }), "BAD_REQUEST");
  });

  it("never shows one organization's notifications to another's members", async () => {
    const a = await team("Org A");
    await a.owner.caller.tasks.create({ title: "A's task", assigneeId: a.bo.identity.uid });
    const b = await ownerOfNewOrganization("Org B");
    const [theirs] = await a.bo.caller.notifications.list();
    await expectTRPCError(b.caller.notifications.markRead({ ids: [theirs.id] }), "NOT_FOUND");
    expect(await b.caller.notifications.list()).toEqual([]);
    expect(await b.caller.notifications.unreadCount()).toEqual({ unread: 0 });
    expect(await b.caller.notifications.list({ cursor: theirs.id })).toEqual([]);
    expect(await a.bo.caller.notifications.unreadCount()).toEqual({ unread: 1 });
  });
});

describe("notifications of notes naming a teammate", () => {
  /** A team whose teammates have names to write after "@", and a contact to write notes on. */
  async function namedTeam() {
    const owner = await ownerOfNewOrganization("Mentioners");
    const bo = await seedMember(owner.org.id, "member", {
      uid: `bo-${crypto.randomUUID()}`,
      email: "bo@x.example",
      name: "Bo Brandt",
    });
    const cy = await seedMember(owner.org.id, "member", {
      uid: `cy-${crypto.randomUUID()}`,
      email: "cy@x.example",
      name: "Cy",
    });
    const ann = await owner.caller.contacts.create({ firstName: "Ann", lastName: "Lee" });
    return { owner, bo, cy, ann };
  }
  const mentionsOf = async (member: Awaited<ReturnType<typeof seedMember>>) =>
    (await member.caller.notifications.list()).map((n) => ({
      kind: n.kind,
      title: n.title,
      on: [n.recordObject, n.recordId, n.subject],
      from: n.createdBy,
    }));

  it("tells each member a new note names with @ and their name, any case, not its author nor a longer name", async () => {
    const { owner, bo, cy, ann } = await namedTeam();
    await owner.caller.notes.create({
      recordObject: "contact",
      recordId: ann.id,
      body: "Ask @bo brandt about pricing; @Cyrus is not Cy.",
    });
    expect(await mentionsOf(bo)).toEqual([
      {
        kind: "note-mention",
        title: "Ask @bo brandt about pricing; @Cyrus is not Cy.",
        on: ["contact", ann.id, "Ann Lee"],
        from: owner.identity.uid,
      },
    ]);
    expect(await cy.caller.notifications.list()).toEqual([]);
    // A note naming its own author tells no one.
    await bo.caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "Note to self, @Bo Brandt" });
    expect(await mentionsOf(bo)).toHaveLength(1);
  });

  it("tells only the teammate whose name is the longest at the @, and a namesake only by their email", async () => {
    const { owner, bo, cy, ann } = await namedTeam();
    // "Bo" is the start of "Bo Brandt"; a second "Bo Brandt" makes both of them named by their email.
    const shortBo = await seedMember(owner.org.id, "member", {
      uid: `b-${crypto.randomUUID()}`,
      email: "b@x.example",
      name: "Bo",
    });
    await owner.caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "Ask @Bo Brandt" });
    expect(await mentionsOf(bo)).toHaveLength(1);
    expect(await shortBo.caller.notifications.list()).toEqual([]);

    const twin = await seedMember(owner.org.id, "member", {
      uid: `bo2-${crypto.randomUUID()}`,
      email: "bo.brandt@y.example",
      name: "Bo Brandt",
    });
    await owner.caller.notes.create({ recordObject: "contact", recordId: ann.id, body: "@Bo Brandt, which one?" });
    await owner.caller.notes.create({
      recordObject: "contact",
      recordId: ann.id,
      body: "cc @bo.brandt@y.example and @Cy",
    });
    expect(await mentionsOf(bo)).toHaveLength(1);
    expect((await mentionsOf(twin)).map((n) => n.title)).toEqual(["cc @bo.brandt@y.example and @Cy"]);
    expect((await mentionsOf(cy)).map((n) => n.title)).toEqual(["cc @bo.brandt@y.example and @Cy"]);
    // "@Bo Brandt" names neither twin, nor the Bo whose name starts it.
    expect(await shortBo.caller.notifications.list()).toEqual([]);
  });

  it("tells those a task's notes name anew, of that task, once its edit is written", async () => {
    const { owner, bo, cy } = await namedTeam();
    const task = await owner.caller.tasks.create({ title: "Renewal call" });
    const once = await owner.caller.tasks.update({
      id: task.id,
      version: 1,
      patch: { notes: "@Bo Brandt has the numbers" },
    });
    await owner.caller.tasks.update({
      id: task.id,
      version: once.version,
      patch: { notes: "@Bo Brandt has the numbers; @Cy the contract" },
    });
    await expectTRPCError(
      owner.caller.tasks.update({ id: task.id, version: 1, patch: { notes: "stale @Cy" } }),
      "CONFLICT",
    );
    const [bos] = await bo.caller.notifications.list();
    expect(bos).toMatchObject({
      kind: "note-mention",
      taskId: task.id,
      recordObject: null,
      subject: "Renewal call",
      title: "@Bo Brandt has the numbers",
    });
    expect(await bo.caller.notifications.list()).toHaveLength(1);
    expect((await cy.caller.notifications.list()).map((n) => n.title)).toEqual([
      "@Bo Brandt has the numbers; @Cy the contract",
    ]);
  });

  it("tells of an edit only those it names anew, and no one of an edit refused", async () => {
    const { owner, bo, cy } = await namedTeam();
    const acme = await owner.caller.companies.create({ name: "Acme" });
    const note = await owner.caller.notes.create({
      recordObject: "company",
      recordId: acme.id,
      body: "@Bo Brandt, renewal?",
    });
    const edited = await owner.caller.notes.update({
      id: note.id,
      version: 1,
      body: "@Bo Brandt, renewal? And @Cy, the invoice.",
    });
    expect((await mentionsOf(bo)).map((n) => n.on)).toEqual([["company", acme.id, "Acme"]]);
    expect((await mentionsOf(cy)).map((n) => n.title)).toEqual(["@Bo Brandt, renewal? And @Cy, the invoice."]);
    await expectTRPCError(
      owner.caller.notes.update({ id: note.id, version: 1, body: "Stale, @Cy and @Bo Brandt" }),
      "CONFLICT",
    );
    expect(await cy.caller.notifications.unreadCount()).toEqual({ unread: 1 });
    expect(edited.version).toBe(2);
  });
});

describe("notifications of contacts and companies given", () => {
  const givenOf = async (member: Awaited<ReturnType<typeof seedMember>>) =>
    (await member.caller.notifications.list())
      .filter((n) => n.kind === "record-assigned")
      .map((n) => ({ on: [n.recordObject, n.recordId, n.subject], count: n.count, from: n.createdBy }));

  it("tells the owner a teammate makes of a new or edited record, by its name as it is now", async () => {
    const { owner, bo, cy } = await team();
    const ann = await owner.caller.contacts.create({ firstName: "Ann", lastName: "Lee", ownerId: bo.identity.uid });
    await owner.caller.contacts.create({ firstName: "Mine", ownerId: owner.identity.uid });
    const acme = await owner.caller.companies.create({ name: "Acme" });
    await owner.caller.companies.update({ id: acme.id, version: 1, patch: { ownerId: cy.identity.uid } });
    await owner.caller.contacts.update({ id: ann.id, version: 1, patch: { firstName: "Annie" } });
    expect(await givenOf(bo)).toEqual([{ on: ["contact", ann.id, "Annie Lee"], count: 1, from: owner.identity.uid }]);
    expect(await givenOf(cy)).toEqual([{ on: ["company", acme.id, "Acme"], count: 1, from: owner.identity.uid }]);
    // A refused edit tells no one; taking a record oneself neither.
    await expectTRPCError(
      owner.caller.companies.update({ id: acme.id, version: 1, patch: { ownerId: bo.identity.uid } }),
      "CONFLICT",
    );
    await cy.caller.companies.update({ id: acme.id, version: 2, patch: { ownerId: cy.identity.uid } });
    expect(await givenOf(bo)).toHaveLength(1);
    expect(await givenOf(cy)).toHaveLength(1);
  });

  it("counts the records a bulk assign gives into one notification, write after write", async () => {
    const { owner, bo, cy } = await team();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await owner.caller.contacts.create({ firstName: `Lead ${i}` })).id);
    await owner.caller.contacts.bulkUpdate({
      ids: ids.slice(0, 3),
      action: { type: "assign", ownerId: bo.identity.uid },
    });
    await owner.caller.contacts.bulkUpdate({ ids: ids.slice(3), action: { type: "assign", ownerId: bo.identity.uid } });
    expect(await givenOf(bo)).toEqual([{ on: ["contact", ids[0], "Lead 0"], count: 5, from: owner.identity.uid }]);
    // Once read, the next bulk write is a notification of its own; another giver's too.
    await bo.caller.notifications.markRead();
    await owner.caller.contacts.bulkUpdate({ ids, action: { type: "assign", ownerId: cy.identity.uid } });
    await bo.caller.contacts.bulkUpdate({ ids: ids.slice(0, 2), action: { type: "assign", ownerId: cy.identity.uid } });
    await owner.caller.contacts.bulkUpdate({
      ids: ids.slice(0, 2),
      action: { type: "assign", ownerId: bo.identity.uid },
    });
    expect((await givenOf(bo)).map((n) => n.count)).toEqual([2, 5]);
    expect((await givenOf(cy)).map((n) => [n.count, n.from])).toEqual([[5, owner.identity.uid]]);
  });
});
