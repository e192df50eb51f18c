import { describe, expect, it } from "vitest";
import { ownerOfNewOrganization, seedMember } from "./helpers";

const day = (n: number, hour = 9) => new Date(Date.UTC(2100, 2, n, hour));
/** "Today" is March 10, 2100 for these lists. */
const today = { dayStart: day(10, 0), dayEnd: day(11, 0) };

describe("tasks.list with a search", () => {
  it("keeps each view to the tasks whose title or record the words find, any case", async () => {
    const { caller, org } = await ownerOfNewOrganization("Renewals");
    const teammate = await seedMember(org.id, "member");
    const ann = await caller.contacts.create({ firstName: "Ann", lastName: "Renewick" });
    const bolt = await caller.companies.create({ name: "Bolt Freight", domain: "bolt.example" });
    await caller.tasks.create({ title: "Prepare the RENEWAL deck", dueAt: day(10, 11) });
    await caller.tasks.create({ title: "Call her", dueAt: day(10, 15), recordObject: "contact", recordId: ann.id });
    await caller.tasks.create({ title: "Lunch", dueAt: day(10, 12) });
    await caller.tasks.create({ title: "Renewal quote", dueAt: day(4) });
    await caller.tasks.create({ title: "Renewal someday" });
    await caller.tasks.create({ title: "Visit", dueAt: day(12), recordObject: "company", recordId: bolt.id });
    await caller.tasks.create({ title: "Their renewal", dueAt: day(10, 10), assigneeId: teammate.identity.uid });
    const done = await caller.tasks.create({ title: "Renewal signed", dueAt: day(2) });
    await caller.tasks.update({ id: done.id, version: 1, patch: { status: "done" } });
    const gone = await caller.tasks.create({ title: "Renewal gone", dueAt: day(10, 13) });
    await caller.tasks.delete({ id: gone.id });

    const titles = async (
      view: "today" | "overdue" | "undated" | "upcoming" | "done",
      search?: string,
      assignee?: string,
    ) => (await caller.tasks.list({ view, ...today, search, assignee })).map((row) => row.task.title);
    expect(await titles("today", "renew")).toEqual(["Prepare the RENEWAL deck", "Call her"]);
    expect(await titles("today")).toEqual(["Prepare the RENEWAL deck", "Lunch", "Call her"]);
    expect(await titles("today", "renew", "anyone")).toEqual(["Their renewal", "Prepare the RENEWAL deck", "Call her"]);
    expect(await titles("overdue", "renew")).toEqual(["Renewal quote"]);
    expect(await titles("undated", "RENEWAL")).toEqual(["Renewal someday"]);
    expect(await titles("done", "renew")).toEqual(["Renewal signed"]);
    // A company by its domain; nothing for words no task holds, nor for SQL's own wildcards.
    expect(await titles("upcoming", "bolt.example")).toEqual(["Visit"]);
    expect(await titles("upcoming", "renew")).toEqual([]);
    expect(await titles("today", "100%_")).toEqual([]);
    // Blank is no search.
    expect(await titles("today", "   ")).toEqual(await titles("today"));
  });

  it("reads a searched view page by page, after the last task of the page before", async () => {
    const { caller } = await ownerOfNewOrganization("Pages");
    for (let i = 1; i <= 7; i++) {
      await caller.tasks.create({ title: `Follow-up ${i}`, dueAt: day(10 + i) });
      await caller.tasks.create({ title: `Other ${i}`, dueAt: day(10 + i, 10) });
    }
    const page = (after?: string) =>
      caller.tasks.list({ view: "upcoming", ...today, search: "follow", limit: 3, after });
    const seen: string[] = [];
    let rows = await page();
    while (rows.length) {
      seen.push(...rows.map((row) => row.task.title));
      rows = await page(rows.at(-1)!.task.id);
    }
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `Follow-up ${i + 1}`));
  });

  it("never finds another organization's tasks, nor theirs through their records' names", async () => {
    const a = await ownerOfNewOrganization("Theirs");
    const zed = await a.caller.contacts.create({ firstName: "Zed", lastName: "Zebulon" });
    await a.caller.tasks.create({ title: "Zebra call", dueAt: day(10, 9) });
    await a.caller.tasks.create({ title: "Call", dueAt: day(10, 9), recordObject: "contact", recordId: zed.id });
    const b = await ownerOfNewOrganization("Ours");
    await b.caller.tasks.create({ title: "Our call", dueAt: day(10, 9) });
    for (const search of ["zebra", "zebulon", "call"])
      expect(
        (await b.caller.tasks.list({ view: "today", ...today, assignee: "anyone", search })).map((r) => r.task.title),
      ).toEqual(search === "call" ? ["Our call"] : []);
  });
});
