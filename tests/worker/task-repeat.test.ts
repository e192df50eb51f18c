import { describe, expect, it } from "vitest";
import { nextDueAt } from "../../worker/src/domain/tasks/repeat";
import { expectTRPCError, httpClientFor, ownerOfNewOrganization, rows } from "./helpers";

type FieldErrors = { data?: { zodError?: { fieldErrors: Record<string, string[] | undefined> } } };
const fieldErrorsOf = (error: unknown) => (error as FieldErrors).data?.zodError?.fieldErrors;

const PARIS = "Europe/Paris";
const NEW_YORK = "America/New_York";

describe("nextDueAt", () => {
  // Wednesday 2 December 2026, 10:00 in Paris.
  const now = new Date("2026-12-02T09:00:00Z");

  it("comes back a day, a week, two weeks later at the same wall time", () => {
    const due = new Date("2026-12-02T08:00:00Z"); // 09:00 in Paris
    expect(nextDueAt(due, "daily", PARIS, now)).toEqual(new Date("2026-12-03T08:00:00Z"));
    expect(nextDueAt(due, "weekly", PARIS, now)).toEqual(new Date("2026-12-09T08:00:00Z"));
    expect(nextDueAt(due, "biweekly", PARIS, now)).toEqual(new Date("2026-12-16T08:00:00Z"));
  });

  it("goes from Friday to Monday on weekdays", () => {
    const friday = new Date("2026-12-04T14:00:00Z");
    expect(nextDueAt(friday, "weekdays", PARIS, now)).toEqual(new Date("2026-12-07T14:00:00Z"));
    const monday = new Date("2026-12-07T14:00:00Z");
    expect(nextDueAt(monday, "weekdays", PARIS, now)).toEqual(new Date("2026-12-08T14:00:00Z"));
  });

  it("keeps the day of the month, or the month's last day, for months, quarters and years", () => {
    const jan31 = new Date("2027-01-31T10:00:00Z"); // 11:00 in Paris
    expect(nextDueAt(jan31, "monthly", PARIS, now)).toEqual(new Date("2027-02-28T10:00:00Z"));
    expect(nextDueAt(jan31, "quarterly", PARIS, now)).toEqual(new Date("2027-04-30T09:00:00Z")); // summer time
    const leapDay = new Date("2028-02-29T10:00:00Z");
    expect(nextDueAt(leapDay, "yearly", PARIS, now)).toEqual(new Date("2029-02-28T10:00:00Z"));
  });

  it("keeps 9:00 across a change of summer time, in the rule's own time zone", () => {
    // Monday 2 March 2026, 09:00 in New York (EST); clocks go forward on 8 March.
    const due = new Date("2026-03-02T14:00:00Z");
    const early = new Date("2026-03-01T12:00:00Z");
    expect(nextDueAt(due, "weekly", NEW_YORK, early)).toEqual(new Date("2026-03-09T13:00:00Z"));
    // The same instant in Paris is 15:00; its clocks change later (29 March), so a week is 168 hours there.
    expect(nextDueAt(due, "weekly", PARIS, early)).toEqual(new Date("2026-03-09T14:00:00Z"));
  });

  it("keeps a task due some time that day (23:59) at 23:59", () => {
    const due = new Date("2026-10-24T21:59:00Z"); // Saturday 23:59 in Paris (summer time)
    expect(nextDueAt(due, "weekly", PARIS, new Date("2026-10-20T00:00:00Z"))).toEqual(
      new Date("2026-10-31T22:59:00Z"), // 23:59 in winter time
    );
  });

  it("never comes back on a day already past: a task done late skips to its first occurrence from today", () => {
    const monday = new Date("2026-11-23T08:00:00Z"); // Monday 23 Nov, 09:00 in Paris; done on Wednesday 2 Dec
    expect(nextDueAt(monday, "weekly", PARIS, now)).toEqual(new Date("2026-12-07T08:00:00Z"));
    expect(nextDueAt(monday, "daily", PARIS, now)).toEqual(new Date("2026-12-02T08:00:00Z")); // today, though past
    expect(nextDueAt(monday, "monthly", PARIS, now)).toEqual(new Date("2026-12-23T08:00:00Z"));
    const friday = new Date("2026-11-27T08:00:00Z");
    expect(nextDueAt(friday, "weekdays", PARIS, new Date("2026-12-05T12:00:00Z"))).toEqual(
      new Date("2026-12-07T08:00:00Z"), // Saturday today: Monday
    );
    const longAgo = new Date("1990-01-15T08:00:00Z");
    expect(nextDueAt(longAgo, "monthly", "UTC", now)).toEqual(new Date("2026-12-15T08:00:00Z"));
  });
});

const weekly = { repeat: "weekly", repeatZone: PARIS } as const;
/** Friday 4 June 2100, 09:00 in Paris: far enough ahead that the next one is a week later. */
const due = new Date("2100-06-04T07:00:00Z");

const liveTasks = (organizationId: string) =>
  rows<{
    id: string;
    title: string;
    status: string;
    due_at: number;
    repeat: string | null;
    repeated_from_id: string | null;
  }>(
    "SELECT id, title, status, due_at, repeat, repeated_from_id FROM tasks WHERE organization_id = ? AND deleted_at IS NULL ORDER BY due_at",
    organizationId,
  );

describe("repeating tasks", () => {
  it("adds the next one, with the same title, notes, priority, assignee, link and repeat, once done", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const contact = await caller.contacts.create({ firstName: "Ada", lastName: "Byron" });
    const task = await caller.tasks.create({
      title: "Weekly check-in",
      notes: "Ask about the pilot",
      priority: "high",
      dueAt: due,
      recordObject: "contact",
      recordId: contact.id,
      ...weekly,
    });
    expect(task).toMatchObject({ repeat: "weekly", repeatZone: PARIS, repeatedFromId: null });
    const done = await caller.tasks.update({ id: task.id, version: 1, patch: { status: "done" } });
    expect(done).toMatchObject({ status: "done", version: 2, repeat: "weekly" });

    const [next] = (await liveTasks(org.id)).filter((t) => t.status === "open");
    expect(next).toMatchObject({ repeated_from_id: task.id, due_at: new Date("2100-06-11T07:00:00Z").getTime() });
    const { task: read } = await caller.tasks.get({ id: next!.id });
    expect(read).toMatchObject({
      title: "Weekly check-in",
      notes: "Ask about the pilot",
      priority: "high",
      assigneeId: identity.uid,
      recordObject: "contact",
      recordId: contact.id,
      repeat: "weekly",
      repeatZone: PARIS,
      status: "open",
      version: 1,
    });
    // The contact's next task is the new one.
    const { contact: withNext } = await caller.contacts.get({ id: contact.id });
    expect(withNext.nextTaskAt).toEqual(new Date("2100-06-11T07:00:00Z"));
  });

  it("takes back the next one when the task is reopened (the completion's Undo), and adds it again when done again", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Pipeline review", dueAt: due, ...weekly });
    await caller.tasks.update({ id: task.id, version: 1, patch: { status: "done" } });
    expect(await liveTasks(org.id)).toHaveLength(2);
    await caller.tasks.update({ id: task.id, version: 2, patch: { status: "open" } });
    expect(await liveTasks(org.id)).toEqual([expect.objectContaining({ id: task.id, status: "open" })]);
    await caller.tasks.update({ id: task.id, version: 3, patch: { status: "done" } });
    const open = (await liveTasks(org.id)).filter((t) => t.status === "open");
    expect(open).toEqual([expect.objectContaining({ repeated_from_id: task.id })]);
  });

  it("keeps a next one someone changed when the task is reopened, and adds no second one when it is done again", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Pipeline review", dueAt: due, ...weekly });
    await caller.tasks.update({ id: task.id, version: 1, patch: { status: "done" } });
    const next = (await liveTasks(org.id)).find((t) => t.status === "open")!;
    await caller.tasks.update({ id: next.id, version: 1, patch: { title: "Pipeline review with Sam" } });
    await caller.tasks.update({ id: task.id, version: 2, patch: { status: "open" } });
    await caller.tasks.update({ id: task.id, version: 3, patch: { status: "done" } });
    expect((await liveTasks(org.id)).map((t) => t.title)).toEqual(["Pipeline review", "Pipeline review with Sam"]);
  });

  it("adds nothing for a one-off task, and nothing once the repeat is stopped", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const once = await caller.tasks.create({ title: "Send the contract", dueAt: due });
    await caller.tasks.update({ id: once.id, version: 1, patch: { status: "done" } });
    const stopped = await caller.tasks.create({ title: "Standup notes", dueAt: due, ...weekly });
    const updated = await caller.tasks.update({
      id: stopped.id,
      version: 1,
      patch: { repeat: null, repeatZone: null },
    });
    expect(updated).toMatchObject({ repeat: null, repeatZone: null });
    await caller.tasks.update({ id: stopped.id, version: 2, patch: { status: "done" } });
    expect((await liveTasks(org.id)).every((t) => t.status === "done")).toBe(true);
  });

  it("ends the repeat when the due date is taken away, and tells it in the task's history", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Forecast", dueAt: due, repeat: "monthly", repeatZone: "UTC" });
    const undated = await caller.tasks.update({ id: task.id, version: 1, patch: { dueAt: null } });
    expect(undated).toMatchObject({ dueAt: null, repeat: null, repeatZone: null });
    const [history] = await rows<{ changes: string }>(
      "SELECT changes FROM activities WHERE organization_id = ? AND record_object = 'task' AND record_id = ? AND kind = 'updated'",
      org.id,
      task.id,
    );
    expect(JSON.parse(history!.changes)).toMatchObject({ repeat: ["monthly", null], repeatZone: ["UTC", null] });
  });

  it("refuses a repeat without a due date, without its time zone, or with an unknown one, storing nothing", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const client = await httpClientFor(identity);
    const refused = async (input: Parameters<typeof client.tasks.create.mutate>[0], field: string, message: string) => {
      const error = await expectTRPCError(client.tasks.create.mutate(input), "BAD_REQUEST");
      expect(fieldErrorsOf(error)?.[field]).toEqual([message]);
    };
    await refused({ title: "Someday", ...weekly }, "repeat", "A repeating task needs a due date: pick one first.");
    await refused(
      { title: "Zoneless", dueAt: due, repeat: "daily" },
      "repeat",
      "Say how often the task repeats together with the time zone it keeps, or neither.",
    );
    await refused(
      { title: "Off world", dueAt: due, repeat: "daily", repeatZone: "Mars/Olympus_Mons" },
      "repeatZone",
      "Choose a valid time zone.",
    );
    await refused(
      { title: "Hourly", dueAt: due, repeat: "hourly" as "daily", repeatZone: "UTC" },
      "repeat",
      "Choose how often the task repeats: daily, weekdays, weekly, biweekly, monthly, quarterly, yearly.",
    );
    const undated = await caller.tasks.create({ title: "Someday" });
    await expectTRPCError(
      caller.tasks.update({ id: undated.id, version: 1, patch: weekly }),
      "BAD_REQUEST",
      "A repeating task needs a due date: pick one first.",
    );
    expect((await liveTasks(org.id)).map((t) => [t.title, t.repeat])).toEqual([["Someday", null]]);
  });

  it("is NOT_FOUND to another organization, which can neither complete it nor take back its next one", async () => {
    const acme = await ownerOfNewOrganization("Acme");
    const globex = await ownerOfNewOrganization("Globex");
    const task = await acme.caller.tasks.create({ title: "Renewal call", dueAt: due, ...weekly });
    await expectTRPCError(
      globex.caller.tasks.update({ id: task.id, version: 1, patch: { status: "done" } }),
      "NOT_FOUND",
    );
    expect(await liveTasks(acme.org.id)).toHaveLength(1);
    await acme.caller.tasks.update({ id: task.id, version: 1, patch: { status: "done" } });
    await expectTRPCError(
      globex.caller.tasks.update({ id: task.id, version: 2, patch: { status: "open" } }),
      "NOT_FOUND",
    );
    expect(await liveTasks(acme.org.id)).toHaveLength(2);
    expect(await liveTasks(globex.org.id)).toEqual([]);
  });
});
