import { after, before, describe, it } from "node:test";
import {
  assert,
  browserTimes,
  callProcedure,
  launchBrowser,
  registeredUser,
  savedBy,
  screenshot,
  settled,
  taskLocators,
} from "./harness.mjs";

describe("/tasks: working through tasks one by one (a queue)", () => {
  let browser;
  let page;
  const { row, toast, picker } = taskLocators(() => page);
  let ann, bo, acme;
  const made = {};
  const strip = () => page.getByTestId("task-queue");
  const stripTitle = () => strip().getByTestId("task-queue-title");
  /** The focused field is the notes composer, ready to log `kind` (its placeholder says so). */
  const composerReadyFor = (placeholder) =>
    page.waitForFunction(
      (wanted) =>
        document.activeElement instanceof HTMLTextAreaElement && document.activeElement.placeholder === wanted,
      placeholder,
    );
  /** The page's errors but the deleted task's, asked for and not found (404) as it must be. */
  const unexpectedErrors = () =>
    page.errors.filter((e) => !(e.includes("404 (Not Found)") && e.includes(made.gone.id)));
  const stored = async (id) => (await callProcedure(page, "tasks.get", { id }, { kind: "query" })).task;

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Queuers", name: "Quinn Hughes", locale: "en-US" }));
    acme = await callProcedure(page, "companies.create", { name: "Acme", domain: "acme.example" });
    ann = await callProcedure(page, "contacts.create", {
      firstName: "Ann",
      lastName: "Lee",
      phones: ["+1 212 555 0100"],
    });
    bo = await callProcedure(page, "contacts.create", { firstName: "Bo", lastName: "Ek", emails: ["bo@ek.example"] });
    const at = await browserTimes(page, { t1: [1, 9], t2: [1, 10], t3: [1, 11], t4: [1, 12], t5: [1, 13] });
    const task = (title, dueAt, fields) => callProcedure(page, "tasks.create", { title, dueAt, ...fields });
    made.call = await task("Call Ann about pricing", at.t1, {
      type: "call",
      recordObject: "contact",
      recordId: ann.id,
      notes: "Ask about the annual plan.",
    });
    made.email = await task("Email Bo the deck", at.t2, { type: "email", recordObject: "contact", recordId: bo.id });
    made.todo = await task("Renew the insurance", at.t3);
    made.gone = await task("Obsolete follow-up", at.t4, { recordObject: "contact", recordId: bo.id });
    made.meeting = await task("Visit Acme", at.t5, { type: "meeting", recordObject: "company", recordId: acme.id });
  });
  after(() => browser?.close());

  it("q starts with the first task on its contact, ready to log the call; done, skipped, passed over, back, finished", async () => {
    await page.goto("/tasks?view=upcoming");
    await row("Visit Acme").waitFor();
    assert.equal(await page.getByRole("button", { name: "Start 5 tasks" }).getAttribute("aria-keyshortcuts"), "Q");
    await page.keyboard.press("q");

    // 1: a call, on Ann's panel, her composer ready to log it.
    await page.waitForURL(new RegExp(`/contacts\\?open=${ann.id}`));
    await strip().getByText("Task 1 of 5").waitFor();
    assert.equal(await stripTitle().innerText(), "Call Ann about pricing");
    await strip().getByText("Ask about the annual plan.").waitFor();
    await strip().getByRole("img", { name: "Call" }).waitFor();
    await page.getByTestId("record-panel").getByRole("heading", { name: "Ann Lee" }).waitFor();
    await composerReadyFor("What was said on the call…");
    await page.keyboard.type("Agreed to a demo next week.");
    const logged = savedBy(page, "notes.create");
    await page.keyboard.press("ControlOrMeta+Enter");
    await logged;
    await settled(page);
    // The strip completes the queue's task or goes on: nothing else is offered.
    assert.equal(await toast("Logged the call").count(), 0);
    await screenshot(page, "task-queue-call");
    let saved = savedBy(page, "tasks.update");
    await strip().getByRole("button", { name: "Complete and next" }).click();
    await saved;

    // 2: an email on Bo's panel; skipped.
    await page.waitForURL(new RegExp(`/contacts\\?open=${bo.id}`));
    await strip().getByText("Task 2 of 5").waitFor();
    assert.equal(await stripTitle().innerText(), "Email Bo the deck");
    await composerReadyFor("What the email said…");
    assert.equal((await stored(made.call.id)).status, "done", "the call was completed");
    await toast("Completed “Call Ann about pricing”").waitFor();
    // Meanwhile a teammate deletes the 4th: it is passed over.
    await callProcedure(page, "tasks.delete", { id: made.gone.id });
    await strip().getByRole("button", { name: "Skip" }).click();

    // 3: a to-do linked to nothing, in its own details beside the list.
    await page.waitForURL(new RegExp(`/tasks\\?view=upcoming&task=${made.todo.id}`));
    const details = page.getByTestId("task-details");
    await details.getByTestId("task-queue").getByText("Task 3 of 5").waitFor();
    assert.equal(await details.getByTestId("task-queue-title").innerText(), "Renew the insurance");
    assert.equal(await page.getByTestId("task-queue-resume").count(), 0, "no resume note beside the queue itself");
    await screenshot(page, "task-queue-details");
    // The keyboard is on its first button: Enter goes on through the queue.
    await page.waitForFunction(() => document.activeElement?.textContent === "Complete and next");
    saved = savedBy(page, "tasks.update");
    await page.keyboard.press("Enter");
    await saved;

    // 5 (the deleted 4th passed over): a meeting on Acme's panel; back to 3, then on again.
    await page.waitForURL(new RegExp(`/companies\\?open=${acme.id}`));
    await strip().getByText("Task 5 of 5").waitFor();
    assert.equal(await stripTitle().innerText(), "Visit Acme");
    await strip().getByRole("button", { name: "Previous task" }).click();
    await page.waitForURL(new RegExp(`task=${made.todo.id}`));
    await strip().getByText("Task 3 of 5").waitFor();
    await strip().getByRole("button", { name: "Next task" }).click();
    await page.waitForURL(new RegExp(`/companies\\?open=${acme.id}`));
    saved = savedBy(page, "tasks.update");
    await strip().getByRole("button", { name: "Complete and finish" }).click();
    await saved;

    await toast("Queue finished: 3 done, 1 skipped.").waitFor();
    await page.waitForURL(/\/tasks\?view=upcoming$/);
    await row("Email Bo the deck").waitFor();
    assert.equal(await page.getByTestId("task-queue-resume").count(), 0);
    const statuses = await Promise.all([made.email, made.todo, made.meeting].map(({ id }) => stored(id)));
    assert.deepEqual(
      statuses.map((t) => t.status),
      ["open", "done", "done"],
    );
    const notes = await callProcedure(page, "notes.list", { recordId: ann.id }, { kind: "query" });
    assert.ok(notes.some((n) => n.kind === "call" && n.body === "Agreed to a demo next week."));
    assert.deepEqual(unexpectedErrors(), []);
  });

  it("starts the selected tasks alone; a queue left for another page is resumed from the list, or ended", async () => {
    for (const task of [made.call, made.todo])
      await callProcedure(page, "tasks.update", {
        id: task.id,
        version: (await stored(task.id)).version,
        patch: { status: "open" },
      });
    await page.goto("/tasks?view=upcoming");
    await row("Renew the insurance").click({ modifiers: ["ControlOrMeta"] });
    await row("Call Ann about pricing").click({ modifiers: ["ControlOrMeta"] });
    await page.getByTestId("selection-bar").getByRole("button", { name: "Start" }).click();
    await page.waitForURL(new RegExp(`/contacts\\?open=${ann.id}`));
    await strip().getByText("Task 1 of 2").waitFor();

    await page.goto("/home");
    await page.goto("/tasks?view=upcoming");
    const resume = page.getByTestId("task-queue-resume");
    await resume.getByText("Working through 2 tasks: on 1 of 2.").waitFor();
    await row("Call Ann about pricing").waitFor();
    await screenshot(page, "task-queue-resume");
    await resume.getByRole("button", { name: "Resume" }).click();
    await page.waitForURL(new RegExp(`/contacts\\?open=${ann.id}`));
    await strip().getByRole("button", { name: "Skip" }).click();
    await page.waitForURL(new RegExp(`task=${made.todo.id}`));
    await strip().getByText("Task 2 of 2").waitFor();
    await strip().getByRole("button", { name: "End the queue" }).click();
    await strip().waitFor({ state: "detached" });
    assert.equal(await page.getByTestId("task-queue-resume").count(), 0);
    assert.equal((await stored(made.todo.id)).status, "open", "ending does nothing to the task");
    assert.deepEqual(unexpectedErrors(), []);
  });

  it("starts the day's tasks from Home: overdue and today's, one by one", async () => {
    const { today, yesterday } = await browserTimes(page, { today: [0, 23, 59], yesterday: [-1, 9] });
    const late = await callProcedure(page, "tasks.create", {
      title: "Send Bo the contract",
      dueAt: yesterday,
      type: "email",
      recordObject: "contact",
      recordId: bo.id,
    });
    await callProcedure(page, "tasks.create", {
      title: "Call Acme's office",
      dueAt: today,
      type: "call",
      recordObject: "company",
      recordId: acme.id,
    });
    await page.goto("/home");
    // The sidebar counts them: red, as one is late.
    const tasksLink = page
      .getByRole("complementary", { name: "Main navigation" })
      .getByRole("link", { name: /^Tasks/ });
    await page.getByRole("link", { name: "Tasks 2: 1 overdue, 1 due today" }).waitFor();
    assert.equal(await tasksLink.getByTestId("nav-due-count").innerText(), "2");
    await page.getByTestId("home-tasks").getByRole("button", { name: "Start 2 tasks" }).waitFor();
    await screenshot(page, "sidebar-due-count");
    const start = page.getByTestId("home-tasks").getByRole("button", { name: "Start 2 tasks" });
    await start.click();
    await page.waitForURL(new RegExp(`/contacts\\?open=${bo.id}`));
    await strip().getByText("Task 1 of 2").waitFor();
    assert.equal(await stripTitle().innerText(), "Send Bo the contract", "the overdue one first");
    // No answer: tomorrow, then on.
    await strip().getByRole("button", { name: "Reschedule" }).click();
    let saved = savedBy(page, "tasks.update");
    await picker()
      .getByRole("option", { name: /^Tomorrow/ })
      .click();
    await saved;
    await toast("“Send Bo the contract” is due").waitFor();
    await page.waitForURL(new RegExp(`/companies\\?open=${acme.id}`));
    saved = savedBy(page, "tasks.update");
    await strip().getByRole("button", { name: "Complete and finish" }).click();
    await saved;
    await toast("Queue finished: 1 done, 1 rescheduled, 0 skipped.").waitFor();
    await page.waitForURL(/\/tasks$/);
    // Nothing left due today: no count.
    await tasksLink.getByTestId("nav-due-count").waitFor({ state: "detached" });
    assert.equal(await tasksLink.getAttribute("aria-label"), "Tasks");
    const rescheduled = await stored(late.id);
    assert.equal(rescheduled.status, "open");
    assert.ok(rescheduled.dueAt > new Date(), "due tomorrow, no longer overdue");
    assert.deepEqual(unexpectedErrors(), []);
  });
});
