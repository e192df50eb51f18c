import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  launchBrowser,
  registeredUser,
  savedBy,
  screenshot,
  settled,
  teammateJoins,
  taskLocators,
} from "./harness.mjs";

describe("/tasks: select several tasks and act on them at once", () => {
  let browser;
  let page;
  const { row, count, picker, toast } = taskLocators(() => page);
  let due;
  const titles = ["Call Ann", "Email Bo", "Send Cy the quote", "Book Di's demo"];
  const bar = () => page.getByTestId("selection-bar");
  /** Each of the four tasks as the server has it, by title. */
  const stored = async () => {
    const day = { dayStart: new Date(Date.now() - 5 * 86_400_000), dayEnd: new Date(Date.now() + 5 * 86_400_000) };
    const [all, done, trash] = await Promise.all([
      callProcedure(page, "tasks.list", { view: "all", assignee: "anyone", ...day }, { kind: "query" }),
      callProcedure(page, "tasks.list", { view: "done", assignee: "anyone", ...day }, { kind: "query" }),
      callProcedure(page, "tasks.trash", {}, { kind: "query" }),
    ]);
    const byTitle = new Map();
    for (const { task } of [...all, ...done]) byTitle.set(task.title, task);
    for (const { task } of trash) byTitle.set(task.title, { ...task, inTrash: true });
    return byTitle;
  };
  const selectedTitles = () =>
    page.locator('[data-testid="task-row"][data-selected]').getByTestId("task-title").allInnerTexts();

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Bulk Movers", name: "Bea Bulk", locale: "en-US" }));
    await teammateJoins(browser, page, "Theo Teammate");
    // Overdue, each at a time of its own (so Undo has four different dates to put back), in the browser's zone.
    due = await page.evaluate(() =>
      [9, 10, 11, 12].map((hour) => {
        const d = new Date();
        d.setDate(d.getDate() - 1);
        d.setHours(hour, 0, 0, 0);
        return d.toISOString();
      }),
    );
    for (const [i, title] of titles.entries())
      await callProcedure(page, "tasks.create", { title, dueAt: new Date(due[i]) });
    await page.goto("/tasks?view=overdue");
    await row("Book Di's demo").waitFor();
  });
  after(() => browser?.close());

  it("selects with s and Shift+j, reschedules all with d; Undo puts each task's own date back", async () => {
    assert.equal(await bar().count(), 0, "no bar before a selection");
    await page.keyboard.press("s");
    await bar().getByText("1 selected").waitFor();
    await page.keyboard.press("Shift+J");
    await page.keyboard.press("Shift+J");
    await bar().getByText("3 selected").waitFor();
    assert.deepEqual(await selectedTitles(), titles.slice(0, 3));
    await screenshot(page, "tasks-selected");

    await page.keyboard.press("d");
    await picker()
      .getByRole("option", { name: /^Today/ })
      .click();
    await toast("3 tasks are due").waitFor();
    await count("overdue").getByText("1").waitFor();
    assert.equal(await bar().count(), 0, "the selection is cleared once acted on");
    await settled(page);
    let tasks = await stored();
    const today = await page.evaluate(() => {
      const d = new Date();
      d.setHours(23, 59, 0, 0);
      return d.toISOString();
    });
    assert.deepEqual(
      titles.map((t) => tasks.get(t).dueAt.toISOString()),
      [today, today, today, due[3]],
    );

    const undone = savedBy(page, "tasks.bulkUpdate");
    await toast("3 tasks are due").getByRole("button", { name: "Undo" }).click();
    await undone;
    await count("overdue").getByText("4").waitFor();
    tasks = await stored();
    assert.deepEqual(
      titles.map((t) => tasks.get(t).dueAt.toISOString()),
      due,
    );
  });

  it("selects all with Ctrl+A and completes them with x in one write; Undo reopens them", async () => {
    await row("Call Ann").click();
    await page.keyboard.press("Control+A");
    await bar().getByText("4 selected").waitFor();
    const written = savedBy(page, "tasks.bulkUpdate");
    await page.keyboard.press("x");
    await written;
    await toast("Completed 4 tasks").waitFor();
    await count("done").getByText("4").waitFor();
    await page.getByTestId("tasks-empty-overdue").waitFor();
    assert.ok([...(await stored()).values()].every((t) => t.status === "done"));

    await toast("Completed 4 tasks").getByRole("button", { name: "Undo" }).click();
    await row("Call Ann").waitFor();
    await count("overdue").getByText("4").waitFor();
    await settled(page);
    assert.ok([...(await stored()).values()].every((t) => t.status === "open"));
  });

  it("selects a range with a click and a shift-click, assigns it from the bar, and Escape clears a selection", async () => {
    await row("Email Bo").getByRole("checkbox", { name: "Select Email Bo" }).click();
    await row("Book Di's demo").click({ modifiers: ["Shift"] });
    await bar().getByText("3 selected").waitFor();
    assert.deepEqual(await selectedTitles(), titles.slice(1));
    await bar().getByRole("button", { name: "Assign" }).click();
    await picker().getByRole("option", { name: "Theo Teammate" }).click();
    await toast("Assigned 3 tasks to Theo Teammate").waitFor();
    // They are Theo's now: gone from my list.
    await count("overdue").getByText("1").waitFor();
    const tasks = await stored();
    assert.deepEqual(
      titles.map((t) => tasks.get(t).assigneeId === tasks.get("Call Ann").assigneeId),
      [true, false, false, false],
    );

    await toast("Assigned 3 tasks to Theo Teammate").getByRole("button", { name: "Undo" }).click();
    await count("overdue").getByText("4").waitFor();
    await page.keyboard.press("s");
    await bar().waitFor();
    await page.keyboard.press("Escape");
    await bar().waitFor({ state: "detached" });
    assert.deepEqual(page.errors, []);
  });

  it("deletes the selection to the trash with Delete; Undo restores it", async () => {
    await row("Call Ann").click({ modifiers: ["Control"] });
    await row("Send Cy the quote").click({ modifiers: ["Control"] });
    await bar().getByText("2 selected").waitFor();
    await page.keyboard.press("Delete");
    await toast("Deleted 2 tasks").waitFor();
    await count("overdue").getByText("2").waitFor();
    let tasks = await stored();
    assert.deepEqual(
      titles.map((t) => Boolean(tasks.get(t).inTrash)),
      [true, false, true, false],
    );
    await toast("Deleted 2 tasks").getByRole("button", { name: "Undo" }).click();
    await count("overdue").getByText("4").waitFor();
    await settled(page);
    tasks = await stored();
    assert.ok(titles.every((t) => !tasks.get(t).inTrash));
    assert.deepEqual(page.errors, []);
  });
});

describe("a task for each selected contact", () => {
  let browser;
  let page;
  const row = (name) => page.getByTestId("record-row").filter({ hasText: name });
  const toast = (text) => page.locator("[data-sonner-toast]").filter({ hasText: text });

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Lead Callers", name: "Cal Caller", locale: "en-US" }));
    for (const firstName of ["Ann", "Bo", "Cy"])
      await callProcedure(page, "contacts.create", { firstName, lastName: "Lead" });
  });
  after(() => browser?.close());

  it("adds “Follow-up call tomorrow 10am” to two contacts from the selection bar; each panel lists it; Undo trashes both", async () => {
    await page.goto("/contacts");
    await row("Cy Lead").waitFor();
    await row("Ann Lead").getByRole("checkbox", { name: "Select row" }).click();
    await row("Bo Lead").getByRole("checkbox", { name: "Select row" }).click();
    await page.getByTestId("selection-bar").getByRole("button", { name: "Add task" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a task to each of 2 contacts" });
    await dialog.getByLabel("Task").fill("Follow-up call tomorrow 10am !high");
    await dialog
      .getByTestId("bulk-task-due")
      .getByText(/^Due .*10:00\s?AM · High priority$/)
      .waitFor();
    const types = dialog.getByRole("radiogroup", { name: "Type" });
    assert.equal(await types.getByRole("radio", { checked: true }).innerText(), "Call", "read from “Follow-up call”");
    await screenshot(page, "contacts-add-tasks");
    const added = savedBy(page, "tasks.createForRecords");
    await dialog.getByRole("button", { name: "Add 2 tasks" }).click();
    await added;
    const said = toast("Added 2 tasks: “Follow-up call”.");
    await said.waitFor();
    await dialog.waitFor({ state: "hidden" });

    const tomorrowAt10 = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      d.setHours(10, 0, 0, 0);
      return d.toISOString();
    });
    const day = { dayStart: new Date(Date.now() - 86_400_000), dayEnd: new Date(Date.now() + 3 * 86_400_000) };
    const listed = async () =>
      (await callProcedure(page, "tasks.list", { view: "all", assignee: "anyone", ...day }, { kind: "query" })).map(
        (r) => [r.recordName, r.task.title, r.task.type, r.task.priority, r.task.dueAt.toISOString()],
      );
    assert.deepEqual((await listed()).sort(), [
      ["Ann Lead", "Follow-up call", "call", "high", tomorrowAt10],
      ["Bo Lead", "Follow-up call", "call", "high", tomorrowAt10],
    ]);
    await row("Ann Lead").click();
    await page.getByTestId("record-task").filter({ hasText: "Follow-up call" }).waitFor();

    const undone = savedBy(page, "tasks.bulkUpdate");
    await said.getByRole("button", { name: "Undo" }).click();
    await undone;
    await toast("Moved 2 tasks to the trash.").waitFor();
    assert.deepEqual(await listed(), []);
    assert.deepEqual(page.errors, []);
  });
});
