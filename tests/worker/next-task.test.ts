import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ownerOfNewOrganization } from "./helpers";

type Caller = Awaited<ReturnType<typeof ownerOfNewOrganization>>["caller"];

const at = (iso: string) => new Date(iso);
const nextTaskOf = async (caller: Caller, id: string) =>
  id.startsWith("cmp_")
    ? (await caller.companies.get({ id })).company.nextTaskAt
    : (await caller.contacts.get({ id })).contact.nextTaskAt;

/** A task on a contact due at `dueAt` (ISO). */
const contactTask = (caller: Caller, recordId: string, title: string, dueAt: string) =>
  caller.tasks.create({ title, dueAt: at(dueAt), recordObject: "contact", recordId });

describe("a record's next task (kept by triggers on tasks, migrations/0033)", () => {
  it("is the earliest due date of its live open tasks, through completing, reopening, rescheduling, the trash and a purge", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    expect(await nextTaskOf(caller, ann.id)).toBeNull();
    // A task without a due date is no date to show.
    await caller.tasks.create({ title: "Someday", recordObject: "contact", recordId: ann.id });
    expect(await nextTaskOf(caller, ann.id)).toBeNull();
    const later = await contactTask(caller, ann.id, "Send the deck", "2031-03-10T09:00:00Z");
    expect(await nextTaskOf(caller, ann.id)).toEqual(at("2031-03-10T09:00:00Z"));
    const sooner = await contactTask(caller, ann.id, "Call Ann", "2031-03-02T15:00:00Z");
    expect(await nextTaskOf(caller, ann.id)).toEqual(at("2031-03-02T15:00:00Z"));

    const done = await caller.tasks.update({ id: sooner.id, version: sooner.version, patch: { status: "done" } });
    expect(await nextTaskOf(caller, ann.id)).toEqual(at("2031-03-10T09:00:00Z"));
    const reopened = await caller.tasks.update({ id: sooner.id, version: done.version, patch: { status: "open" } });
    expect(await nextTaskOf(caller, ann.id)).toEqual(at("2031-03-02T15:00:00Z"));
    await caller.tasks.update({
      id: sooner.id,
      version: reopened.version,
      patch: { dueAt: at("2031-04-01T09:00:00Z") },
    });
    expect(await nextTaskOf(caller, ann.id)).toEqual(at("2031-03-10T09:00:00Z"));

    await caller.tasks.delete({ id: later.id });
    expect(await nextTaskOf(caller, ann.id)).toEqual(at("2031-04-01T09:00:00Z"));
    await caller.tasks.restore({ id: later.id });
    expect(await nextTaskOf(caller, ann.id)).toEqual(at("2031-03-10T09:00:00Z"));
    await env.DB.prepare("DELETE FROM tasks WHERE id = ?").bind(later.id).run();
    expect(await nextTaskOf(caller, ann.id)).toEqual(at("2031-04-01T09:00:00Z"));
  });

  it("follows a task linked to another record, a company too, and unlinked", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    const acme = await caller.companies.create({ name: "Acme" });
    const task = await contactTask(caller, ann.id, "Renewal", "2031-05-01T09:00:00Z");
    const moved = await caller.tasks.update({
      id: task.id,
      version: task.version,
      patch: { recordObject: "company", recordId: acme.id },
    });
    expect(await nextTaskOf(caller, ann.id)).toBeNull();
    expect(await nextTaskOf(caller, acme.id)).toEqual(at("2031-05-01T09:00:00Z"));
    await caller.tasks.update({ id: task.id, version: moved.version, patch: { recordObject: null, recordId: null } });
    expect(await nextTaskOf(caller, acme.id)).toBeNull();
  });

  it("moves with the tasks of a merged contact to the one that stays", async () => {
    const { caller } = await ownerOfNewOrganization();
    const survivor = await caller.contacts.create({ firstName: "Ann", lastName: "Lee" });
    const merged = await caller.contacts.create({ firstName: "Annie", lastName: "Lee" });
    await contactTask(caller, survivor.id, "Call Ann", "2031-06-20T09:00:00Z");
    await contactTask(caller, merged.id, "Send Annie the deck", "2031-06-05T09:00:00Z");
    await caller.contacts.merge({ survivorId: survivor.id, survivorVersion: survivor.version, mergedId: merged.id });
    expect(await nextTaskOf(caller, survivor.id)).toEqual(at("2031-06-05T09:00:00Z"));
  });

  it("sorts soonest first with the records without one last, by name, and filters on it", async () => {
    const { caller } = await ownerOfNewOrganization();
    const names = ["Cy", "Ann", "Bob", "Di"];
    const [cy, ann, bob] = await Promise.all(names.map((firstName) => caller.contacts.create({ firstName })));
    const due = {
      [cy!.id]: "2031-01-03T09:00:00Z",
      [ann!.id]: "2031-01-01T09:00:00Z",
      [bob!.id]: "2031-01-02T09:00:00Z",
    };
    for (const [recordId, dueAt] of Object.entries(due))
      await caller.tasks.create({ title: "Follow up", dueAt: at(dueAt), recordObject: "contact", recordId });
    const listed = async (input: Parameters<Caller["contacts"]["list"]>[0]) =>
      (await caller.contacts.list(input)).items.map((c) => c.firstName);
    expect(await listed({ sort: { field: "nextTaskAt", direction: "asc" } })).toEqual(["Ann", "Bob", "Cy", "Di"]);
    expect(await listed({ sort: { field: "nextTaskAt", direction: "desc" } })).toEqual(["Cy", "Bob", "Ann", "Di"]);
    // No next step: the contacts to plan one for.
    expect(
      await listed({ filter: { combinator: "and", conditions: [{ field: "nextTaskAt", operator: "empty" }] } }),
    ).toEqual(["Di"]);
    expect(
      await listed({
        filter: {
          combinator: "and",
          conditions: [{ field: "nextTaskAt", operator: "before", value: "2031-01-02T12:00:00Z" }],
        },
      }),
    ).toEqual(["Ann", "Bob"]);
    // The list's rows carry it.
    const [first] = (
      await caller.contacts.list({ sort: { field: "nextTaskAt", direction: "asc" }, fields: ["nextTaskAt"] })
    ).items;
    expect(first?.nextTaskAt).toEqual(at("2031-01-01T09:00:00Z"));
  });
});
