import { beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../../worker/src/routers";
import { expectTRPCError, ownerOfNewOrganization, rows, seedMember } from "./helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];

/**
 * Every procedure, called by one organization's owner with another organization's ids, names, emails and
 * keys: NOT_FOUND for what it addresses, nothing of the other organization in what it reads, nothing of it
 * changed. The last test holds this table to the router: a new procedure fails it until it has its case here.
 */

/** Organization A's records, which B's owner names in every call. */
type Theirs = Awaited<ReturnType<typeof organizationA>>;

async function organizationA() {
  const owner = await ownerOfNewOrganization("Theirs Ltd");
  const { caller } = owner;
  const company = await caller.companies.create({ name: "Zephyr Works", domain: "zephyr.test", tags: ["theirs-tag"] });
  const twin = await caller.companies.create({ name: "Zephyr Works Inc" });
  const contact = await caller.contacts.create({
    firstName: "Zelda",
    lastName: "Quist",
    emails: ["zelda@zephyr.test"],
    companyId: company.id,
    tags: ["theirs-tag"],
  });
  const other = await caller.contacts.create({ firstName: "Zelda", lastName: "Quist", emails: ["zq@zephyr.test"] });
  const trashed = await caller.contacts.create({ firstName: "Zane", emails: ["zane@zephyr.test"] });
  await caller.contacts.delete({ ids: [trashed.id] });
  const trashedCompany = await caller.companies.create({ name: "Zenith Gone" });
  await caller.companies.delete({ ids: [trashedCompany.id] });
  // Due now: counted among its owner's tasks due today (tasks.dueCount), never among B's.
  const task = await caller.tasks.create({
    title: "Call Zelda",
    dueAt: new Date(),
    recordObject: "contact",
    recordId: contact.id,
  });
  const trashedTask = await caller.tasks.create({ title: "Zap the old deck" });
  await caller.tasks.delete({ id: trashedTask.id });
  const note = await caller.notes.create({
    recordObject: "contact",
    recordId: contact.id,
    body: "Zelda likes Zeppelins",
  });
  await caller.notes.pin({ id: note.id, pinned: true });
  await caller.favorites.set({ recordObject: "contact", recordId: contact.id, favorite: true });
  const deletedNote = await caller.notes.create({ recordObject: "contact", recordId: contact.id, body: "Zapped note" });
  await caller.notes.delete({ id: deletedNote.id });
  const view = await caller.views.create({
    object: "contact",
    name: "Zed view",
    definition: {},
    shared: true,
    key: "zed-view-key",
  });
  const property = await caller.properties.create({ object: "contact", key: "zodiac", label: "Zodiac", type: "text" });
  const archived = await caller.properties.create({ object: "contact", key: "zombie", label: "Zombie", type: "text" });
  await caller.properties.archive({ id: archived.id });
  const invite = await caller.organization.invite({ email: "zoe@zephyr.test" });
  const third = await caller.contacts.create({ firstName: "Zed", emails: ["zed@zephyr.test"] });
  await caller.contacts.dismissDuplicate({ ids: [contact.id, third.id] });
  await caller.companies.dismissDuplicate({ ids: [company.id, twin.id] });
  await caller.feedback.create({ text: "Zany idea from theirs" });
  // A teammate given a task: a notification of theirs.
  const teammate = await seedMember(owner.org.id, "member");
  await caller.tasks.create({ title: "Zoom with Zelda", assigneeId: teammate.identity.uid });
  const [notice] = await rows<{ id: string }>("SELECT id FROM notifications WHERE organization_id = ?", owner.org.id);
  return {
    ...owner,
    company,
    twin,
    contact,
    other,
    trashed,
    trashedCompany,
    task,
    trashedTask,
    note,
    deletedNote,
    view,
    property,
    archived,
    notice,
    inviteId: (await rows<{ id: string }>("SELECT id FROM invites WHERE organization_id = ?", owner.org.id))[0].id,
    invite,
  };
}

/** What a read returned, as text: none of A's names, emails, ids or tags may be in it. */
function expectNothingOf(a: Theirs, result: unknown) {
  const text = JSON.stringify(result);
  for (const mark of [
    "Zephyr",
    "Zelda",
    "Zane",
    "Zenith",
    "zephyr.test",
    "theirs-tag",
    "Zed view",
    "Zodiac",
    "Zombie",
    "Zany",
    a.company.id,
    a.contact.id,
    a.task.id,
    a.note.id,
    a.notice.id,
    a.org.id,
  ])
    expect(text, `found ${mark}`).not.toContain(mark);
}

/** An id no organization has: another organization's must answer as this does. */
const NO_SUCH_CONTACT = "con_nosuchcontact0";

/** The day holding `at`: A's task's own day, so that a midnight between its writing and the count changes nothing. */
const day = (at = new Date()) => {
  const start = new Date(at);
  start.setUTCHours(0, 0, 0, 0);
  return { dayStart: start, dayEnd: new Date(start.getTime() + 86_400_000) };
};

/** Each procedure: what B's owner (`b`) sees when it names A's records. */
const cases: Record<string, (b: Caller, a: Theirs) => Promise<unknown>> = {
  // The email A invited is B's to invite too; A's invite stays as it was (the state check after each case).
  "organization.invite": (b) => b.organization.invite({ email: "zoe@zephyr.test" }),
  "organization.listInvites": async (b, a) => {
    await b.organization.invite({ email: "bo@ours.test" });
    expectNothingOf(a, await b.organization.listInvites());
  },
  "organization.listMembers": async (b, a) => {
    const members = await b.organization.listMembers();
    expect(members.map((m) => m.userId)).not.toContain(a.identity.uid);
  },
  "invite.revoke": async (b, a) => {
    await expectTRPCError(b.invite.revoke({ inviteId: a.inviteId }), "NOT_FOUND");
  },
  "feedback.list": async (b, a) => expectNothingOf(a, await b.feedback.list()),

  "contacts.list": async (b, a) => {
    expectNothingOf(a, await b.contacts.list({ search: "Zelda" }));
    expectNothingOf(a, await b.contacts.list({ trash: true }));
  },
  "contacts.bulkPage": async (b, a) => {
    expectNothingOf(a, await b.contacts.bulkPage({}));
    expectNothingOf(a, await b.contacts.bulkPage({ search: "Zelda", trash: true }));
    const named = {
      combinator: "and" as const,
      conditions: [{ field: "id", operator: "in" as const, value: [a.contact.id] }],
    };
    expect((await b.contacts.bulkPage({ filter: named })).items).toEqual([]);
  },
  "contacts.byIds": async (b, a) => {
    const { items } = await b.contacts.byIds({ ids: [a.contact.id, a.other.id, a.trashed.id] });
    expect(items).toEqual([]);
  },
  "contacts.get": (b, a) => expectTRPCError(b.contacts.get({ id: a.contact.id }), "NOT_FOUND"),
  "contacts.duplicates": (b, a) => expectTRPCError(b.contacts.duplicates({ id: a.contact.id }), "NOT_FOUND"),
  "contacts.emailHolders": async (b, a) =>
    expectNothingOf(a, await b.contacts.emailHolders({ email: "zelda@zephyr.test" })),
  "contacts.duplicatePairs": async (b, a) => expectNothingOf(a, await b.contacts.duplicatePairs({})),
  "contacts.dismissDuplicate": (b, a) =>
    expectTRPCError(b.contacts.dismissDuplicate({ ids: [a.contact.id, a.other.id] }), "NOT_FOUND"),
  "contacts.undismissDuplicate": async (b, a) => {
    // A's dismissal (made with the fixture) stays: the state check after each case holds it.
    await b.contacts.undismissDuplicate({ ids: [a.contact.id, a.other.id] });
  },
  "contacts.create": async (b, a) => {
    await expectTRPCError(b.contacts.create({ firstName: "Bo", companyId: a.company.id }), "NOT_FOUND");
    await expectTRPCError(b.contacts.create({ firstName: "Bo", ownerId: a.identity.uid }), "NOT_FOUND");
    // A's email is no clash here: B's contact of it is B's own.
    const own = await b.contacts.create({ firstName: "Zelda", emails: ["zelda@zephyr.test"] });
    await b.contacts.delete({ ids: [own.id] });
  },
  "contacts.update": (b, a) =>
    expectTRPCError(b.contacts.update({ id: a.contact.id, version: 1, patch: { title: "Spy" } }), "NOT_FOUND"),
  "contacts.delete": (b, a) => expectTRPCError(b.contacts.delete({ ids: [a.contact.id] }), "NOT_FOUND"),
  "contacts.restore": (b, a) => expectTRPCError(b.contacts.restore({ id: a.trashed.id }), "NOT_FOUND"),
  "contacts.restoreMany": (b, a) => expectTRPCError(b.contacts.restoreMany({ ids: [a.trashed.id] }), "NOT_FOUND"),
  "contacts.bulkUpdate": (b, a) =>
    expectTRPCError(b.contacts.bulkUpdate({ ids: [a.contact.id], action: { type: "addTag", tag: "x" } }), "NOT_FOUND"),
  "contacts.merge": (b, a) =>
    expectTRPCError(
      b.contacts.merge({ survivorId: a.contact.id, survivorVersion: 1, mergedId: a.other.id }),
      "NOT_FOUND",
    ),
  "contacts.importMatches": async (b, a) =>
    expectNothingOf(a, await b.contacts.importMatches({ rows: [{ emails: ["zelda@zephyr.test"] }] })),
  "contacts.importHeldKeys": async (b, a) => {
    expect(await b.contacts.importHeldKeys({ keys: ["zelda@zephyr.test"] })).toEqual([]);
    expect(await a.caller.contacts.importHeldKeys({ keys: ["zelda@zephyr.test"] })).toEqual(["zelda@zephyr.test"]);
  },
  "contacts.importCompanyCells": async (b, a) => {
    // A's two Zephyr companies make the name ambiguous for A, not for B, where it is a new company.
    expect(await b.contacts.importCompanyCells({ cells: ["Zephyr Works Ltd"] })).toEqual([]);
    expect(await a.caller.contacts.importCompanyCells({ cells: ["Zephyr Works Ltd"] })).toHaveLength(1);
  },
  "contacts.import": async (b, a) => {
    const result = await b.contacts.import({
      rows: [{ firstName: "Zelda", emails: ["zelda@zephyr.test"], title: "Imported" }],
      lineNumbers: [2],
      onDuplicate: "update",
    });
    expect(result).toMatchObject({ created: 1, updated: 0 });
    expect((await a.caller.contacts.get({ id: a.contact.id })).contact.title).toBeNull();
  },

  "companies.list": async (b, a) => {
    expectNothingOf(a, await b.companies.list({ search: "Zephyr" }));
    expectNothingOf(a, await b.companies.list({ trash: true }));
  },
  "companies.bulkPage": async (b, a) => {
    expectNothingOf(a, await b.companies.bulkPage({ search: "Zephyr" }));
    const named = {
      combinator: "and" as const,
      conditions: [{ field: "id", operator: "in" as const, value: [a.company.id] }],
    };
    expect((await b.companies.bulkPage({ filter: named })).items).toEqual([]);
  },
  "companies.byIds": async (b, a) =>
    expect((await b.companies.byIds({ ids: [a.company.id, a.twin.id, a.trashedCompany.id] })).items).toEqual([]),
  "companies.get": (b, a) => expectTRPCError(b.companies.get({ id: a.company.id }), "NOT_FOUND"),
  "companies.names": async (b, a) => expect(await b.companies.names({ ids: [a.company.id] })).toEqual([]),
  "companies.groupIds": (b, a) => expectTRPCError(b.companies.groupIds({ id: a.company.id }), "NOT_FOUND"),
  "companies.duplicates": (b, a) => expectTRPCError(b.companies.duplicates({ id: a.company.id }), "NOT_FOUND"),
  "companies.lookAlikes": async (b, a) => expectNothingOf(a, await b.companies.lookAlikes({ name: "Zephyr Works" })),
  "companies.duplicatePairs": async (b, a) => expectNothingOf(a, await b.companies.duplicatePairs({})),
  "companies.dismissDuplicate": (b, a) =>
    expectTRPCError(b.companies.dismissDuplicate({ ids: [a.company.id, a.twin.id] }), "NOT_FOUND"),
  "companies.undismissDuplicate": async (b, a) => {
    await b.companies.undismissDuplicate({ ids: [a.company.id, a.twin.id] });
  },
  "companies.create": async (b, a) => {
    await expectTRPCError(b.companies.create({ name: "Bo Co", ownerId: a.identity.uid }), "NOT_FOUND");
    const own = await b.companies.create({ name: "Zephyr Works", domain: "zephyr.test" });
    await b.companies.delete({ ids: [own.id] });
  },
  "companies.update": (b, a) =>
    expectTRPCError(b.companies.update({ id: a.company.id, version: 1, patch: { industry: "Spying" } }), "NOT_FOUND"),
  "companies.delete": (b, a) => expectTRPCError(b.companies.delete({ ids: [a.company.id] }), "NOT_FOUND"),
  "companies.restore": (b, a) => expectTRPCError(b.companies.restore({ id: a.trashedCompany.id }), "NOT_FOUND"),
  "companies.restoreMany": (b, a) =>
    expectTRPCError(b.companies.restoreMany({ ids: [a.trashedCompany.id] }), "NOT_FOUND"),
  "companies.bulkUpdate": (b, a) =>
    expectTRPCError(
      b.companies.bulkUpdate({ ids: [a.company.id], action: { type: "assign", ownerId: null } }),
      "NOT_FOUND",
    ),
  "companies.merge": (b, a) =>
    expectTRPCError(
      b.companies.merge({ survivorId: a.company.id, survivorVersion: 1, mergedId: a.twin.id }),
      "NOT_FOUND",
    ),
  "companies.importMatches": async (b, a) => {
    expectNothingOf(a, await b.companies.importMatches({ rows: [{ name: "Zephyr Works", domain: "zephyr.test" }] }));
    // A's company is no parent B's rows can name, by name or domain.
    const named = await b.companies.importMatches({
      rows: [
        { name: "B Sub", parentCompany: "Zephyr Works" },
        { name: "B Sub Two", parentCompany: "zephyr.test" },
      ],
    });
    expect(named.map((row) => row.parent)).toEqual([{ missing: "Zephyr Works" }, { missing: "zephyr.test" }]);
  },
  "companies.importHeldKeys": async (b, a) => {
    expect(await b.companies.importHeldKeys({ keys: ["zephyr.test"] })).toEqual([]);
    expect(await a.caller.companies.importHeldKeys({ keys: ["https://zephyr.test/"] })).toEqual(["zephyr.test"]);
  },
  "companies.importParentCells": async (b, a) => {
    expect(await b.companies.importParentCells({ cells: ["Zephyr Works", "zephyr.test"] })).toEqual([]);
    expect(await a.caller.companies.importParentCells({ cells: ["Zephyr Works", "zephyr.test"] })).toEqual([
      { cell: "Zephyr Works", domains: ["zephyr.test"] },
      { cell: "zephyr.test", domains: ["zephyr.test"] },
    ]);
  },
  "companies.import": async (b, a) => {
    const result = await b.companies.import({
      rows: [{ name: "Zephyr Works", domain: "zephyr.test", industry: "Imported" }],
      lineNumbers: [2],
      onDuplicate: "update",
    });
    expect(result).toMatchObject({ created: 1, updated: 0 });
    expect((await a.caller.companies.get({ id: a.company.id })).company.industry).toBeNull();
  },

  "search.records": async (b, a) => {
    expectNothingOf(a, await b.search.records({ query: "Zelda" }));
    expectNothingOf(a, await b.search.records({ query: "zephyr" }));
  },
  "tags.list": async (b, a) => {
    expectNothingOf(a, await b.tags.list({ object: "contact" }));
    expectNothingOf(a, await b.tags.list({ object: "company" }));
  },
  "timeline.recent": async (b, a) => expectNothingOf(a, await b.timeline.recent()),
  "timeline.members": async (b, a) => {
    // A's owner wrote notes; B's rows are B's members alone (recent-activity.test.ts: a member of both organizations
    // is counted in each for what they did there).
    const theirs = await a.caller.timeline.members({ since: new Date(0) });
    expect(theirs.find((row) => row.userId === a.identity.uid)?.recent).toBeGreaterThan(0);
    const ours = await b.timeline.members({ since: new Date(0) });
    const ourPeople = (await b.organization.listMembers()).map((member) => member.userId);
    expect(ours.map((row) => row.userId).sort()).toEqual([...ourPeople].sort());
  },
  "timeline.byMember": async (b, a) => {
    await expectTRPCError(
      b.timeline.byMember({ memberId: a.identity.uid }),
      "NOT_FOUND",
      "That member is not in this workspace.",
    );
    const cursor = (await a.caller.timeline.byMember({ memberId: a.identity.uid })).items[0].id;
    const me = (await b.user.getUser())!.id;
    expectNothingOf(a, await b.timeline.byMember({ memberId: me, cursor }));
  },
  "timeline.older": (b, a) =>
    expectTRPCError(b.timeline.older({ object: "contact", recordId: a.contact.id }), "NOT_FOUND"),

  "views.list": async (b, a) => expectNothingOf(a, await b.views.list({ object: "contact" })),
  "views.create": async (b, a) => {
    // Under the key A's view was made with, B's create is B's own view, not an answer with A's.
    const own = await b.views.create({ object: "contact", name: "Mine", definition: {}, key: "zed-view-key" });
    expect(own.id).not.toBe(a.view.id);
    expectNothingOf(a, own);
  },
  "views.update": (b, a) => expectTRPCError(b.views.update({ id: a.view.id, version: 1, name: "Mine" }), "NOT_FOUND"),
  "views.delete": (b, a) => expectTRPCError(b.views.delete({ id: a.view.id }), "NOT_FOUND"),
  "views.setDefault": async (b, a) => {
    await expectTRPCError(b.views.setDefault({ object: "contact", viewId: a.view.id }), "NOT_FOUND");
    expect(await rows("SELECT * FROM view_defaults WHERE view_id = ?", a.view.id)).toEqual([]);
  },

  "tasks.list": async (b, a) => {
    await b.tasks.create({ title: "Our own task" });
    expectNothingOf(a, await b.tasks.list({ ...day(), view: "all", assignee: "anyone" }));
    // A's contact's tasks: as for a contact that does not exist.
    const list = (recordId: string) => b.tasks.list({ ...day(), view: "all", assignee: "anyone", recordId });
    expect(await list(a.contact.id)).toEqual(await list(NO_SUCH_CONTACT));
  },
  "tasks.create": (b, a) =>
    expectTRPCError(b.tasks.create({ title: "Spy", recordObject: "contact", recordId: a.contact.id }), "NOT_FOUND"),
  "tasks.get": (b, a) => expectTRPCError(b.tasks.get({ id: a.task.id }), "NOT_FOUND"),
  "tasks.update": (b, a) =>
    expectTRPCError(b.tasks.update({ id: a.task.id, version: 1, patch: { status: "done" } }), "NOT_FOUND"),
  "tasks.delete": (b, a) => expectTRPCError(b.tasks.delete({ id: a.task.id }), "NOT_FOUND"),
  "tasks.restore": (b, a) => expectTRPCError(b.tasks.restore({ id: a.trashedTask.id }), "NOT_FOUND"),
  "tasks.trash": async (b, a) => expectNothingOf(a, await b.tasks.trash({})),
  "tasks.dueCount": async (b, a) => {
    // A's owner has "Call Zelda" due today; B counts its own alone.
    const today = day(a.task.dueAt!);
    expect(await a.caller.tasks.dueCount(today)).toEqual({ overdue: 0, today: 1 });
    await b.tasks.create({ title: "Ours", dueAt: a.task.dueAt! });
    expect(await b.tasks.dueCount(today)).toEqual({ overdue: 0, today: 1 });
  },
  "tasks.teamCounts": async (b, a) => {
    // A's owner has "Call Zelda" open; B's counts name only B's own people.
    const range = { dayStart: day().dayStart, doneSince: new Date(0) };
    const theirs = await a.caller.tasks.teamCounts(range);
    expect(theirs.map((row) => row.assigneeId)).toContain(a.task.assigneeId);
    await b.tasks.create({ title: "Ours" });
    const ourPeople = (await b.organization.listMembers()).map((member) => member.userId);
    const ours = await b.tasks.teamCounts(range);
    expect(ours.length).toBeGreaterThan(0);
    for (const row of ours) expect(ourPeople).toContain(row.assigneeId);
  },
  "tasks.search": async (b, a) => {
    await b.tasks.create({ title: "Call Zelda's namesake" });
    const found = await b.tasks.search({ query: "zelda" });
    expect(found.map((row) => row.task.title)).toEqual(["Call Zelda's namesake"]);
    expectNothingOf(a, await b.tasks.search({ query: "zep" }));
    expect(await b.tasks.search({ query: "Zap" })).toEqual([]);
  },
  "tasks.createForRecords": async (b, a) => {
    await expectTRPCError(
      b.tasks.createForRecords({ object: "contact", ids: [a.contact.id], title: "Spy" }),
      "NOT_FOUND",
    );
    await expectTRPCError(
      b.tasks.createForRecords({ object: "company", ids: [a.company.id], title: "Spy" }),
      "NOT_FOUND",
    );
    expect(await rows("SELECT id FROM tasks WHERE title = 'Spy'")).toEqual([]);
  },
  "tasks.bulkUpdate": async (b, a) => {
    await expectTRPCError(b.tasks.bulkUpdate({ changes: [{ id: a.task.id, patch: { status: "done" } }] }), "NOT_FOUND");
    await expectTRPCError(
      b.tasks.bulkUpdate({ changes: [{ id: a.trashedTask.id, patch: { deleted: false } }] }),
      "NOT_FOUND",
    );
    // With one of B's own: all or nothing, and B's is left as it was too.
    const own = await b.tasks.create({ title: "Ours" });
    await expectTRPCError(
      b.tasks.bulkUpdate({
        changes: [
          { id: own.id, patch: { status: "done" } },
          { id: a.task.id, patch: { status: "done" } },
        ],
      }),
      "NOT_FOUND",
      "1 of the 2 selected tasks do not exist or were deleted. Reload and try again.",
    );
    expect((await b.tasks.get({ id: own.id })).task.status).toBe("open");
  },

  "properties.list": async (b, a) => expectNothingOf(a, await b.properties.list({ object: "contact" })),
  "properties.archived": async (b, a) => expectNothingOf(a, await b.properties.archived({ object: "contact" })),
  "properties.create": async (b, a) => {
    // The same key is B's own to define.
    const own = await b.properties.create({ object: "contact", key: "zodiac", label: "Area", type: "text" });
    expect(own.id).not.toBe(a.property.id);
    await b.properties.archive({ id: own.id });
  },
  "properties.update": (b, a) =>
    expectTRPCError(b.properties.update({ id: a.property.id, label: "Mine" }), "NOT_FOUND"),
  "properties.reorder": (b, a) =>
    expectTRPCError(b.properties.reorder({ object: "contact", ids: [a.property.id] }), "NOT_FOUND"),
  "properties.archive": (b, a) => expectTRPCError(b.properties.archive({ id: a.property.id }), "NOT_FOUND"),
  "properties.restore": (b, a) => expectTRPCError(b.properties.restore({ id: a.archived.id }), "NOT_FOUND"),

  "notes.list": async (b, a) =>
    expect(await b.notes.list({ recordId: a.contact.id })).toEqual(await b.notes.list({ recordId: NO_SUCH_CONTACT })),
  "notes.create": (b, a) =>
    expectTRPCError(b.notes.create({ recordObject: "contact", recordId: a.contact.id, body: "Spy" }), "NOT_FOUND"),
  "notes.update": (b, a) => expectTRPCError(b.notes.update({ id: a.note.id, version: 1, body: "Spy" }), "NOT_FOUND"),
  "notes.delete": (b, a) => expectTRPCError(b.notes.delete({ id: a.note.id }), "NOT_FOUND"),
  "notes.restore": async (b, a) => {
    await expectTRPCError(b.notes.restore({ id: a.note.id }), "NOT_FOUND");
    await expectTRPCError(b.notes.restore({ id: a.deletedNote.id }), "NOT_FOUND");
  },
  "notes.pin": async (b, a) => {
    await expectTRPCError(b.notes.pin({ id: a.note.id, pinned: false }), "NOT_FOUND");
    await expectTRPCError(b.notes.pin({ id: a.note.id, pinned: true }), "NOT_FOUND");
  },
  "notifications.list": async (b, a) => {
    expect(await b.notifications.list()).toEqual([]);
    expect(await b.notifications.list({ cursor: a.notice.id })).toEqual([]);
  },
  "notifications.unreadCount": async (b) => expect(await b.notifications.unreadCount()).toEqual({ unread: 0 }),
  "notifications.markRead": async (b, a) => {
    await expectTRPCError(b.notifications.markRead({ ids: [a.notice.id] }), "NOT_FOUND");
    expect(await b.notifications.markRead()).toEqual({ marked: 0 });
  },
  "favorites.list": async (b, a) => expectNothingOf(a, await b.favorites.list()),
  "favorites.set": async (b, a) => {
    await expectTRPCError(
      b.favorites.set({ recordObject: "contact", recordId: a.contact.id, favorite: true }),
      "NOT_FOUND",
    );
    await expectTRPCError(
      b.favorites.set({ recordObject: "contact", recordId: a.contact.id, favorite: false }),
      "NOT_FOUND",
    );
    await expectTRPCError(
      b.favorites.set({ recordObject: "company", recordId: a.company.id, favorite: true }),
      "NOT_FOUND",
    );
  },
  "favorites.reorder": async (b, a) => {
    // Even one of B's own beside it: nothing moves.
    const ours = await b.companies.create({ name: "Ours" });
    await b.favorites.set({ recordObject: "company", recordId: ours.id, favorite: true });
    await expectTRPCError(b.favorites.reorder({ recordIds: [a.contact.id, ours.id] }), "NOT_FOUND");
  },
  "notes.pinned": async (b, a) =>
    expect(await b.notes.pinned({ recordId: a.contact.id })).toEqual(
      await b.notes.pinned({ recordId: NO_SUCH_CONTACT }),
    ),
};

/** Procedures that name nothing of an organization's, each with where its isolation is tested. */
const addressNoOrganizationData: Record<string, string> = {
  "user.getUser": "the caller's own user and membership (tenancy.test.ts: each user sees their own organization)",
  "user.getConnectedAccounts": "the caller's own sign-in providers, from its token (user.test.ts)",
  "organization.create": "makes a new organization for a caller without one (organization.test.ts)",
  "invite.get": "addressed by an invite's secret token, public by design (invite.test.ts)",
  "invite.accept": "addressed by an invite's token, bound to its email (invite.test.ts)",
  "feedback.create": "writes to the caller's organization whatever the input says (tenancy.test.ts)",
};

describe("another organization's records, named by id, email, name or key", () => {
  let a: Theirs;
  beforeAll(async () => {
    a = await organizationA();
  });

  // Each case by the owner of an organization of its own, so what one case makes is not another's to read.
  it.each(Object.keys(cases))("%s: NOT_FOUND, or nothing of theirs read or changed", async (procedure) => {
    const b = await ownerOfNewOrganization("Ours Ltd");
    const before = await theirState(a);
    await cases[procedure](b.caller, a);
    expect(await theirState(a), "their records are as they were").toEqual(before);
  });

  it("covers every procedure of the router", () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    const covered = [...Object.keys(cases), ...Object.keys(addressNoOrganizationData)].sort();
    expect(covered).toEqual(procedures);
  });
});

/** What A holds: each record's version and whether it is in the trash or archived. */
async function theirState(a: Theirs) {
  const columns: Record<string, string> = {
    contacts: "id, version, deleted_at",
    companies: "id, version, deleted_at",
    tasks: "id, version, deleted_at",
    notes: "id, version, deleted_at, pinned_at",
    saved_views: "id, version",
    property_definitions: "id, archived_at, position",
    invites: "id",
    duplicate_dismissals: "first_id, second_id",
    notifications: "id, read_at",
    favorites: "id, user_id, record_id, position",
  };
  const state: Record<string, unknown> = {};
  for (const [table, read] of Object.entries(columns))
    state[table] = await rows(`SELECT ${read} FROM ${table} WHERE organization_id = ? ORDER BY 1`, a.org.id);
  return state;
}
