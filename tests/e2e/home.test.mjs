import { after, before, describe, it } from "node:test";
import { assert, browserTimes, callProcedure, launchBrowser, registeredUser, screenshot } from "./harness.mjs";

describe("/home: my open tasks and the team's recent activity", () => {
  let browser;
  let page;
  let ann;
  let acme;
  const tasksCard = () => page.getByTestId("home-tasks");
  const activityCard = () => page.getByTestId("home-activity");
  /** A feed entry as a person reads it: the record, who did what, what was written (the time left out). */
  const entry = (item) =>
    Promise.all(
      ["activity-record", "activity-action", "activity-summary"].map((id) => item.getByTestId(id).innerText()),
    );

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Homebase", name: "Hana Home", locale: "en-US" }));
    // Today's "some time today" (23:59), so it is never overdue while the test runs.
    const due = await browserTimes(page, { yesterday: [-1, 9], laterToday: [0, 23, 59], nextWeek: [7, 10] });
    ann = await callProcedure(page, "contacts.create", { firstName: "Ann", lastName: "Lee" });
    acme = await callProcedure(page, "companies.create", { name: "Acme" });
    // Written in the opposite order to the one the card shows.
    await callProcedure(page, "tasks.create", { title: "Plan the offsite", dueAt: due.nextWeek });
    await callProcedure(page, "tasks.create", {
      title: "Renew Acme's contract",
      dueAt: due.laterToday,
      recordObject: "company",
      recordId: acme.id,
    });
    await callProcedure(page, "tasks.create", {
      title: "Call Ann back",
      dueAt: due.yesterday,
      recordObject: "contact",
      recordId: ann.id,
    });
    await callProcedure(page, "notes.create", {
      recordObject: "company",
      recordId: acme.id,
      kind: "call",
      body: "Renewal in March; wants a discount",
      outcome: "connected",
    });
    await callProcedure(page, "notes.create", { recordObject: "contact", recordId: ann.id, body: "Met at the fair" });
  });
  after(() => browser?.close());

  it("lists my open tasks overdue first, with counts and the linked record; the record opens from the task", async () => {
    await page.goto("/home");
    const rows = tasksCard().getByTestId("record-task");
    await rows.first().waitFor();
    assert.deepEqual(await rows.allInnerTexts().then((texts) => texts.map((text) => text.split("\n")[0])), [
      "Call Ann back",
      "Renew Acme's contract",
      "Plan the offsite",
    ]);
    assert.deepEqual(await tasksCard().getByTestId("home-task-counts").getByRole("link").allInnerTexts(), [
      "1 overdue",
      "1 today",
      "1 upcoming",
    ]);
    const overdue = rows.filter({ hasText: "Call Ann back" });
    assert.equal(await overdue.getByTestId("task-record").innerText(), "Ann Lee");
    assert.match(await overdue.locator("time").getAttribute("class"), /text-danger/, "an overdue date is red");

    // The team's latest first: the note on Ann, the call with Acme, then the tasks on records.
    const items = activityCard().getByTestId("activity-feed-item");
    await items.first().waitFor();
    assert.deepEqual(await entry(items.nth(0)), ["Ann Lee", "You added a note", "Met at the fair"]);
    assert.deepEqual(await entry(items.nth(1)), [
      "Acme",
      "You logged a call",
      "Connected · Renewal in March; wants a discount",
    ]);
    assert.deepEqual(await entry(items.nth(2)), ["Ann Lee", "You added a task", "Call Ann back"]);
    assert.equal(await items.count(), 4, "the plain task has no record, so it is not in the feed");
    await screenshot(page, "home-working");
    // Beside a feed taller than itself, the agent updates' empty state stays at the top of its row, in view.
    const agents = await page.getByTestId("home-agent-updates").boundingBox();
    const feed = await activityCard().boundingBox();
    const said = await page.getByText("No agent updates yet").boundingBox();
    assert.ok(feed.height > agents.height + 40, `the feed (${feed.height}px) is the taller card (${agents.height}px)`);
    assert.equal(Math.round(agents.y), Math.round(feed.y), "both cards start their row");
    assert.ok(said.y - agents.y < 120, `the empty state is ${Math.round(said.y - agents.y)}px down its card`);

    // A task's title opens its details on /tasks, over its tab.
    await overdue.getByRole("link", { name: "Call Ann back" }).click();
    await page.waitForURL(/\/tasks\?view=overdue&task=/);
    await page.getByTestId("task-details").getByRole("heading", { name: "Call Ann back" }).waitFor();
    await page.goBack();
    await overdue.getByTestId("task-record").click();
    await page.waitForURL(`**/contacts?open=${ann.id}`);
    await page.getByRole("heading", { name: "Ann Lee" }).waitFor();

    // Who did it opens what else they did, beside /team.
    await page.goto("/home");
    await activityCard().getByTestId("activity-feed-item").first().getByRole("link", { name: "You" }).click();
    await page.waitForURL((url) => url.pathname === "/team" && url.searchParams.has("member"));
    await page.getByTestId("member-activity-panel").getByTestId("activity-feed-item").first().waitFor();
    assert.deepEqual(
      (await page.getByTestId("member-activity-panel").getByTestId("activity-summary").allInnerTexts()).slice(0, 2),
      ["Met at the fair", "Connected · Renewal in March; wants a discount"],
    );
  });

  it("completes a task with one click: it leaves the card, Undo is offered, and the feed tells of it", async () => {
    await page.goto("/home");
    const renew = tasksCard().getByTestId("record-task").filter({ hasText: "Renew Acme's contract" });
    await renew.getByRole("checkbox", { name: "Complete Renew Acme's contract" }).click();
    await page.getByText("Completed “Renew Acme's contract”").waitFor();
    await renew.waitFor({ state: "detached" });
    assert.deepEqual(await tasksCard().getByTestId("home-task-counts").getByRole("link").allInnerTexts(), [
      "1 overdue",
      "1 upcoming",
    ]);
    const latest = activityCard().getByTestId("activity-feed-item").first();
    await latest.getByText("You completed a task").waitFor();
    assert.deepEqual(await entry(latest), ["Acme", "You completed a task", "Renew Acme's contract"]);

    const tasks = await callProcedure(
      page,
      "tasks.list",
      { view: "done", assignee: "me", dayStart: new Date(0), dayEnd: new Date(), limit: 10 },
      { kind: "query" },
    );
    assert.deepEqual(
      tasks.map((row) => row.task.title),
      ["Renew Acme's contract"],
      "the server has it done",
    );
  });

  it("leaves a trashed record's entries out of the feed", async () => {
    await callProcedure(page, "contacts.delete", { ids: [ann.id] });
    await page.goto("/home");
    const items = activityCard().getByTestId("activity-feed-item");
    await items.first().getByText("You completed a task").waitFor();
    // The stored feed shows first; the one read again leaves Ann's entries out.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="activity-record"]').length === 3);
    assert.deepEqual(await items.getByTestId("activity-record").allInnerTexts(), ["Acme", "Acme", "Acme"]);
  });
});
