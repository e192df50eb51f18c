import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  launchBrowser,
  registeredUser,
  savedBy,
  screenshot,
  settled,
  taskLocators,
} from "./harness.mjs";

describe("/tasks: calls, emails and meetings", () => {
  let browser;
  let page;
  const { row, toast, picker } = taskLocators(() => page);
  let ann;
  const details = () => page.getByTestId("task-details");
  const quickAdd = () => page.getByRole("textbox", { name: "Add a task" });
  /** Every live task of the organization as the server has it, by title. */
  const stored = async () => {
    const day = { dayStart: new Date(Date.now() - 86_400_000), dayEnd: new Date(Date.now() + 86_400_000) };
    const [all, done] = await Promise.all([
      callProcedure(page, "tasks.list", { view: "all", assignee: "anyone", ...day }, { kind: "query" }),
      callProcedure(page, "tasks.list", { view: "done", assignee: "anyone", ...day }, { kind: "query" }),
    ]);
    return new Map([...all, ...done].map(({ task }) => [task.title, task]));
  };
  const typeMark = (title) => row(title).getByTestId("task-type");
  /** The note composer of the record panel, and whether it is ready to log a call (focused, the call's words). */
  const composer = () => page.getByTestId("record-panel").getByRole("textbox", { name: "What happened on the call" });
  const composerReadyForCall = () =>
    page.waitForFunction(
      () =>
        document.activeElement instanceof HTMLTextAreaElement &&
        document.activeElement.placeholder === "What was said on the call…",
    );

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Dialers", name: "Dee Aler", locale: "en-US" }));
    ann = await callProcedure(page, "contacts.create", {
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@lee.example"],
    });
  });
  after(() => browser?.close());

  it("quick add reads a call from “Call Ann tomorrow 10am”, and its chip's X makes a task a to-do", async () => {
    await page.goto("/tasks");
    await page.getByTestId("tasks-empty-today").waitFor();
    await quickAdd().fill("Email the deck to Bo friday");
    await page.getByTestId("quick-add-type").getByText("Email").waitFor();
    await page.getByRole("button", { name: "Not an email: make it a to-do" }).click();
    assert.equal(await page.getByTestId("quick-add-type").count(), 0, "no type chip once it is a to-do");
    let added = savedBy(page, "tasks.create");
    await quickAdd().press("Enter");
    await added;

    await quickAdd().fill("Call Ann tomorrow 10am");
    assert.equal(await page.getByTestId("quick-add-type").innerText(), "Call", "read again for a new task");
    await screenshot(page, "task-quick-add-type");
    added = savedBy(page, "tasks.create");
    await quickAdd().press("Enter");
    await added;
    await page.getByTestId("task-tab-upcoming").click();
    await typeMark("Call Ann")
      .and(page.getByRole("img", { name: "Call" }))
      .waitFor();
    assert.equal(await typeMark("Email the deck to Bo").count(), 0, "a to-do has no mark");
    const tasks = await stored();
    assert.deepEqual([tasks.get("Call Ann").type, tasks.get("Email the deck to Bo").type], ["call", "todo"]);
  });

  it("lists one type at a time, in the address, and says so when there is none", async () => {
    await callProcedure(page, "tasks.create", {
      title: "Demo for Globex",
      dueAt: new Date(Date.now() + 3 * 86_400_000),
      type: "meeting",
    });
    await page.goto("/tasks?view=upcoming");
    await row("Demo for Globex").waitFor();
    const filter = page.getByRole("combobox", { name: "Type of task" });
    await filter.selectOption({ label: "Calls" });
    await page.waitForURL(/[?&]type=call\b/);
    await row("Demo for Globex").waitFor({ state: "detached" });
    await row("Call Ann").waitFor();
    assert.deepEqual(await page.getByTestId("task-title").allInnerTexts(), ["Call Ann"]);
    await screenshot(page, "tasks-type-filter");
    await filter.selectOption({ label: "Emails" });
    const empty = page.getByTestId("tasks-empty-upcoming");
    await empty.getByText("Showing emails only.").waitFor();
    await page.reload();
    assert.equal(await filter.inputValue(), "email", "the filter is kept on reload");
    await empty.waitFor();
    await filter.selectOption({ label: "All types" });
    await row("Demo for Globex").waitFor();
    assert.equal(new URL(page.url()).searchParams.get("type"), null);
  });

  it("changes a task's type in its details and from its menu", async () => {
    const { id } = (await stored()).get("Email the deck to Bo");
    await page.goto(`/tasks?view=upcoming&task=${id}`);
    await details().getByRole("heading", { name: "Email the deck to Bo" }).waitFor();
    const types = details().getByRole("radiogroup", { name: "Type" });
    assert.equal(await types.getByRole("radio", { checked: true }).innerText(), "To-do");
    let saved = savedBy(page, "tasks.update");
    await types.getByRole("radio", { name: "Email" }).click();
    await saved;
    await typeMark("Email the deck to Bo")
      .and(page.getByRole("img", { name: "Email" }))
      .waitFor();
    await screenshot(page, "task-details-type");
    await page.keyboard.press("Escape");
    await details().waitFor({ state: "detached" });

    await row("Demo for Globex").hover();
    await row("Demo for Globex").getByTestId("task-row-menu").click();
    saved = savedBy(page, "tasks.update");
    await page.getByRole("menuitemradio", { name: "Call" }).click();
    await saved;
    await typeMark("Demo for Globex")
      .and(page.getByRole("img", { name: "Call" }))
      .waitFor();
    await toast("“Demo for Globex” is now a call").waitFor();

    // From the keyboard: t on the active task, then p, each with Undo.
    await row("Email the deck to Bo").click();
    await page.keyboard.press("t");
    await picker().getByRole("option", { name: "Meeting" }).waitFor();
    await screenshot(page, "task-type-picker");
    await page.keyboard.type("mee");
    saved = savedBy(page, "tasks.update");
    await page.keyboard.press("Enter");
    await saved;
    await toast("“Email the deck to Bo” is now a meeting").waitFor();
    await page.keyboard.press("p");
    saved = savedBy(page, "tasks.update");
    await picker().getByRole("option", { name: "High" }).click();
    await saved;
    const said = toast("“Email the deck to Bo” is now high priority");
    saved = savedBy(page, "tasks.update");
    await said.getByRole("button", { name: "Undo" }).click();
    await saved;
    await row("Email the deck to Bo").getByRole("img", { name: "Normal priority" }).waitFor();
    saved = savedBy(page, "tasks.update");
    await page.keyboard.press("t");
    await picker().getByRole("option", { name: "Email" }).click();
    await saved;
    await typeMark("Email the deck to Bo")
      .and(page.getByRole("img", { name: "Email" }))
      .waitFor();
    await settled(page);
    const tasks = await stored();
    assert.deepEqual([tasks.get("Email the deck to Bo").type, tasks.get("Demo for Globex").type], ["email", "call"]);
    // Put back for the next test.
    await callProcedure(page, "tasks.update", {
      id: tasks.get("Demo for Globex").id,
      version: tasks.get("Demo for Globex").version,
      patch: { type: "meeting" },
    });
  });

  it("sets the type and priority of a selection at once; Undo puts each one's own back", async () => {
    await page.goto("/tasks?view=upcoming");
    await row("Call Ann").click({ modifiers: ["ControlOrMeta"] });
    await row("Demo for Globex").click({ modifiers: ["ControlOrMeta"] });
    const bar = page.getByTestId("selection-bar");
    await bar.getByRole("button", { name: "Set" }).click();
    const email = page.getByRole("menuitemradio", { name: "Email" });
    assert.equal(await email.getAttribute("aria-checked"), "false", "a mixed selection ticks no type");
    await screenshot(page, "tasks-selection-set-menu");
    let saved = savedBy(page, "tasks.bulkUpdate");
    await email.click();
    await saved;
    const said = toast("2 tasks are now emails");
    await said.waitFor();
    await typeMark("Demo for Globex")
      .and(page.getByRole("img", { name: "Email" }))
      .waitFor();
    let tasks = await stored();
    assert.deepEqual([tasks.get("Call Ann").type, tasks.get("Demo for Globex").type], ["email", "email"]);

    saved = savedBy(page, "tasks.bulkUpdate");
    await said.getByRole("button", { name: "Undo" }).click();
    await saved;
    await typeMark("Demo for Globex")
      .and(page.getByRole("img", { name: "Meeting" }))
      .waitFor();
    tasks = await stored();
    assert.deepEqual([tasks.get("Call Ann").type, tasks.get("Demo for Globex").type], ["call", "meeting"]);

    await row("Demo for Globex").click({ modifiers: ["ControlOrMeta"] });
    await bar.getByRole("button", { name: "Set" }).click();
    saved = savedBy(page, "tasks.bulkUpdate");
    await page.getByRole("menuitemradio", { name: "High" }).click();
    await saved;
    await toast("1 task is now high priority").waitFor();
    assert.equal((await stored()).get("Demo for Globex").priority, "high");
    assert.deepEqual(page.errors, []);
  });

  it("offers to log a call once its task is done, and opens the contact ready to say how it went", async () => {
    const call = await callProcedure(page, "tasks.create", {
      title: "Call Ann about pricing",
      dueAt: new Date(Date.now() + 2 * 86_400_000),
      type: "call",
      recordObject: "contact",
      recordId: ann.id,
    });
    await page.goto("/tasks?view=upcoming");
    const completed = savedBy(page, "tasks.update");
    await row("Call Ann about pricing").getByRole("checkbox", { name: "Complete Call Ann about pricing" }).click();
    await completed;
    const said = toast("Completed “Call Ann about pricing”");
    await said.getByRole("button", { name: "Log call" }).waitFor();
    assert.equal(await toast("Completed “Call Ann”").count(), 0);
    await page.mouse.move(0, 0);
    await said.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, "task-done-log-call");
    await said.getByRole("button", { name: "Log call" }).click();
    await page.waitForURL(new RegExp(`/contacts\\?open=${ann.id}`));
    await composerReadyForCall();
    // Still there once the contact has loaded around it: what is typed goes into the call's notes.
    await page.getByTestId("record-panel").getByRole("heading", { name: "Ann Lee" }).waitFor();
    await composerReadyForCall();
    await page.keyboard.type("Agreed on the annual plan.");
    assert.equal(await composer().inputValue(), "Agreed on the annual plan.");
    await screenshot(page, "task-log-call-composer");
    const logged = savedBy(page, "notes.create");
    await page.keyboard.press("ControlOrMeta+Enter");
    await logged;
    const notes = await callProcedure(page, "notes.list", { recordId: ann.id }, { kind: "query" });
    assert.ok(
      notes.some((note) => note.kind === "call" && note.body === "Agreed on the annual plan."),
      "logged as a call on Ann",
    );
    // The done task's details offer the same, for when the toast is gone.
    await page.goto(`/tasks?view=done&task=${call.id}`);
    await details().getByRole("button", { name: "Log call on Ann Lee" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("reads a call in a contact's task box, and a call done there turns the panel's composer to log it", async () => {
    await page.goto(`/contacts?open=${ann.id}`);
    const panel = page.getByTestId("record-panel");
    const box = panel.getByRole("textbox", { name: "New task for Ann Lee" });
    await box.fill("Follow-up call friday 11am");
    await panel
      .getByTestId("task-parse-hint")
      .getByText(/^Call · Due .*11:00\s?AM/)
      .waitFor();
    const added = savedBy(page, "tasks.create");
    await box.press("Enter");
    await added;
    const line = panel.getByTestId("record-task").filter({ hasText: "Follow-up call" });
    await line.getByRole("img", { name: "Call" }).waitFor();
    await screenshot(page, "record-panel-call-task");
    const completed = savedBy(page, "tasks.update");
    await line.getByRole("checkbox", { name: "Complete Follow-up call" }).click();
    await completed;
    await toast("Completed “Follow-up call”").getByRole("button", { name: "Log call" }).click();
    await composerReadyForCall();
    assert.equal(new URL(page.url()).searchParams.get("open"), ann.id, "the same panel, not opened again");
    // The timeline says a call was added and completed, marked by a phone.
    const timeline = panel.getByTestId("timeline-item").filter({ hasText: "Follow-up call" });
    await timeline.filter({ hasText: "You completed a call" }).waitFor();
    await timeline.filter({ hasText: "You added a call" }).waitFor();
    await timeline.last().scrollIntoViewIfNeeded();
    await screenshot(page, "record-timeline-call-task");
    assert.deepEqual(page.errors, []);
  });

  it("finds tasks in the palette by their words or their record's name, and opens one's details", async () => {
    await page.goto("/home");
    await page.getByTestId("home-tasks").waitFor();
    await page.keyboard.press("Control+k");
    const input = page.getByPlaceholder("Type a page or an action…");
    await input.fill("the deck");
    const palette = page.getByRole("dialog").filter({ has: input });
    const tasks = palette.getByRole("group", { name: "Tasks" });
    await tasks.getByRole("option", { name: /Email the deck to Bo/ }).waitFor();
    await screenshot(page, "palette-tasks");
    await palette.getByRole("combobox").fill("ann lee");
    await tasks.getByRole("option", { name: /Follow-up call.*Ann Lee/ }).waitFor();
    assert.match(
      await tasks.getByRole("option", { name: /Call Ann about pricing/ }).innerText(),
      /Ann Lee · Done/,
      "a done one says so",
    );
    await palette.getByRole("combobox").fill("the deck");
    await tasks.getByRole("option", { name: /Email the deck to Bo/ }).waitFor();
    await tasks.getByRole("option", { name: /Email the deck to Bo/ }).click();
    await page.waitForURL(/\/tasks\?view=upcoming&task=/);
    await details().getByRole("heading", { name: "Email the deck to Bo" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("offers to complete the call task a logged call answers, or else a follow-up in the task box", async () => {
    const dueToday = await page.evaluate(() => {
      const d = new Date();
      d.setHours(23, 59, 0, 0);
      return d.toISOString();
    });
    const callBack = await callProcedure(page, "tasks.create", {
      title: "Call Ann back",
      dueAt: new Date(dueToday),
      type: "call",
      recordObject: "contact",
      recordId: ann.id,
    });
    await page.goto(`/contacts?open=${ann.id}`);
    const panel = page.getByTestId("record-panel");
    await panel.getByTestId("record-task").filter({ hasText: "Call Ann back" }).waitFor();
    await panel.getByRole("group", { name: "What to add" }).getByRole("button", { name: "Call" }).click();
    await composer().fill("She will sign on Monday.");
    const logged = savedBy(page, "notes.create");
    await page.keyboard.press("ControlOrMeta+Enter");
    await logged;
    const offer = toast("Logged the call. “Call Ann back” is still open.");
    await offer.waitFor();
    await offer.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, "logged-call-offers-task");
    const completed = savedBy(page, "tasks.update");
    await offer.getByRole("button", { name: "Complete it" }).click();
    await completed;
    const said = toast("Completed “Call Ann back”");
    await said.getByRole("button", { name: "Undo" }).waitFor();
    assert.equal(await said.getByRole("button", { name: "Log call" }).count(), 0, "logged already");
    const task = await callProcedure(page, "tasks.get", { id: callBack.id }, { kind: "query" });
    assert.equal(task.task.status, "done");

    // Another call, with no call task left due: the next step is offered, in the task box, to finish.
    await composer().fill("Left a voicemail.");
    const again = savedBy(page, "notes.create");
    await page.keyboard.press("ControlOrMeta+Enter");
    await again;
    await toast("Logged the call.").getByRole("button", { name: "Add a follow-up" }).click();
    const box = panel.getByRole("textbox", { name: "New task for Ann Lee" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "New task for Ann Lee");
    assert.equal(await box.inputValue(), "Follow-up call tomorrow ");
    await page.keyboard.type("10am");
    await panel
      .getByTestId("task-parse-hint")
      .getByText(/^Call · Due .*10:00\s?AM/)
      .waitFor();
    await screenshot(page, "logged-call-follow-up");
    const added = savedBy(page, "tasks.create");
    await page.keyboard.press("Enter");
    await added;
    await panel.getByTestId("record-task").filter({ hasText: "Follow-up call" }).first().waitFor();
    assert.deepEqual(page.errors, []);
  });
});
