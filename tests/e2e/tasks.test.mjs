import { after, before, describe, it } from "node:test";
import {
  assert,
  browserTimes,
  callProcedure,
  comeBackAfterAMinute,
  downloadText,
  eventually,
  launchBrowser,
  parseCsv,
  registeredUser,
  savedBy,
  screenshot,
  settled,
  taskLocators,
  teammateJoins,
} from "./harness.mjs";

describe("/tasks: quick add with a due date, linked records, complete with the keyboard", () => {
  let browser;
  let page;
  let tomorrowAt3pm;
  const { row, count } = taskLocators(() => page);

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Taskmasters", name: "Tess Tasker", locale: "en-US" }));
    // Dates in the browser's time zone, as the page reads them.
    const dates = await page.evaluate(() => {
      const at = (hour) => {
        const d = new Date();
        d.setDate(d.getDate() + 1);
        d.setHours(hour, 0, 0, 0);
        return d.toISOString();
      };
      return { tenAm: at(10), threePm: at(15) };
    });
    tomorrowAt3pm = dates.threePm;
    // A task linked to a contact (no page creates linked tasks yet), due before the quick-added one.
    const ann = await callProcedure(page, "contacts.create", {
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@lee.example"],
    });
    await callProcedure(page, "tasks.create", {
      title: "Send Ann the proposal",
      dueAt: new Date(dates.tenAm),
      recordObject: "contact",
      recordId: ann.id,
    });
  });
  after(() => browser?.close());

  it("quick-adds “Call Ann tomorrow 3pm”: the date is read from the words and the task waits under Upcoming", async () => {
    await page.goto("/tasks");
    await page.getByTestId("tasks-empty-today").waitFor();
    const input = page.getByRole("textbox", { name: "Add a task" });
    await input.fill("Call Ann tomorrow 3pm");
    assert.match(await page.getByTestId("quick-add-due").innerText(), /^Due .*3:00\s?PM$/);
    await input.press("Enter");
    await page.waitForFunction((el) => el.value === "", await input.elementHandle());
    await count("upcoming").getByText("2").waitFor();
    assert.equal(await count("today").innerText(), "0");

    // Added out of sight, it says where it went; Show opens it there.
    const added = page.locator("[data-sonner-toast]").filter({ hasText: "Added “Call Ann” to Upcoming" });
    await added.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "upcoming" && url.searchParams.has("task"));
    await page.getByTestId("task-details").getByRole("heading", { name: "Call Ann" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("task-details").waitFor({ state: "hidden" });
    await row("Call Ann").waitFor();
    const titles = await page.getByTestId("task-title").allInnerTexts();
    assert.deepEqual(titles, ["Send Ann the proposal", "Call Ann"], "by due date; the date words left the title");
    // Both due tomorrow: one heading of that day above them.
    assert.deepEqual(
      (await page.getByTestId("task-day").allInnerTexts()).map((text) => text.split(" · ")[0]),
      ["Tomorrow"],
    );
    const due = row("Call Ann").getByTestId("task-due");
    assert.equal(await due.getAttribute("datetime"), tomorrowAt3pm);
    assert.match(await due.innerText(), /^Tomorrow 3:00\s?PM$/);
    for (const time of await page.getByTestId("task-due").all())
      assert.ok(
        await time.evaluate((el) => el.scrollWidth <= el.clientWidth),
        `“${await time.innerText()}” fits its column`,
      );
    assert.equal(await row("Call Ann").getByTestId("task-record").count(), 0);
    assert.equal(await row("Send Ann the proposal").getByTestId("task-record").innerText(), "Ann Lee");
  });

  it("completes a task with the keyboard alone (j to move, x to complete); it moves to Done", async () => {
    await page.goto("/tasks?view=upcoming");
    await row("Call Ann").waitFor();
    assert.equal(await row("Send Ann the proposal").getAttribute("data-active"), "true", "the first task is active");
    await page.keyboard.press("j");
    assert.equal(await row("Call Ann").getAttribute("data-active"), "true");
    await page.getByLabel("Keyboard shortcuts").getByText("complete").waitFor();
    await screenshot(page, "tasks");

    await page.keyboard.press("x");
    await row("Call Ann").waitFor({ state: "detached" });
    await count("done").getByText("1").waitFor();
    assert.equal(await count("upcoming").innerText(), "1");
    assert.equal(
      await row("Send Ann the proposal").getAttribute("data-active"),
      "true",
      "the list keeps a task active",
    );

    // Saved, not only optimistic: a fresh load shows it done.
    await settled(page);
    await page.goto("/tasks?view=done");
    await row("Call Ann").waitFor();
    assert.equal(
      await row("Call Ann").getByRole("checkbox", { name: "Reopen Call Ann" }).getAttribute("aria-checked"),
      "true",
    );
    assert.equal(await page.getByTestId("task-row").count(), 1);
    assert.deepEqual(page.errors, []);
  });

  it("keeps a task's title readable in a narrow window: a long record name gives way first", async () => {
    const company = await callProcedure(page, "companies.create", {
      name: "Initech Software Solutions International Holdings",
    });
    const title = "Renew the support contract before the end of the quarter";
    const task = await callProcedure(page, "tasks.create", {
      title,
      dueAt: new Date(tomorrowAt3pm),
      recordObject: "company",
      recordId: company.id,
    });
    await page.setViewportSize({ width: 800, height: 800 });
    try {
      const readable = async (where) => {
        const rowId = { "/tasks": "task-row", "/home": "record-task", "the trash": "trash-row" }[where];
        const row = page.getByTestId(rowId).filter({ hasText: title });
        const shown = row.getByText(title, { exact: true });
        await shown.waitFor({ state: "attached" });
        // No box at all when the title is squeezed to nothing.
        const width = (await shown.boundingBox())?.width ?? 0;
        assert.ok(width >= 112, `the title keeps at least 7rem on ${where} (${width} px)`);
        const record = row.getByTestId("task-record");
        assert.ok(
          await record.evaluate((el) => {
            const name = el.querySelector("span") ?? el;
            return name.scrollWidth > name.clientWidth;
          }),
          `the record's name is cut short on ${where}`,
        );
      };
      await page.goto("/tasks?view=upcoming");
      await readable("/tasks");
      await screenshot(page, "tasks-narrow");
      await page.goto("/home");
      await readable("/home");
      // Its details give the whole title, on two lines.
      await page.goto(`/tasks?view=upcoming&task=${task.id}`);
      const heading = page.getByRole("heading", { name: title });
      await heading.waitFor();
      assert.ok(
        await heading.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth),
        "the details' heading is not cut short",
      );
      // And so does the trash, once it is deleted.
      await callProcedure(page, "tasks.delete", { id: task.id });
      await page.goto("/tasks?view=trash");
      await readable("the trash");
    } finally {
      await page.setViewportSize({ width: 1360, height: 860 });
    }
    assert.deepEqual(page.errors, []);
  });
});

describe("/tasks: a title edited while a teammate renamed the task", () => {
  let browser;
  let page;
  let task;
  const titles = () => page.getByTestId("task-title").allInnerTexts();
  const saved = async () => {
    const day = { dayStart: new Date(Date.now() - 86_400_000), dayEnd: new Date(Date.now() + 86_400_000) };
    const rows = await callProcedure(page, "tasks.list", { view: "all", ...day }, { kind: "query" });
    return rows.find((row) => row.task.id === task.id).task;
  };

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Renamers", name: "Rita Renamer" }));
    await page.clock.install(); // for comeBackAfterAMinute
    task = await callProcedure(page, "tasks.create", { title: "Call the bank", dueAt: new Date() });
    await page.goto("/tasks");
    await page.getByTestId("task-title").getByText("Call the bank").waitFor();
  });
  after(() => browser?.close());

  it("is refused with who renamed it, shows their title, and 'Save mine' saves the typed one", async () => {
    await page.keyboard.press("Enter");
    const input = page.getByRole("textbox", { name: "Task title" });
    await input.fill("Call the bank about the loan");
    await callProcedure(page, "tasks.update", { id: task.id, version: task.version, patch: { title: "Call Ana" } });
    await comeBackAfterAMinute(page, "tasks.list");
    await input.press("Enter");

    const refusal = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Could not update the task: Rita Renamer changed this task at" });
    await refusal.waitFor();
    await page.getByTestId("task-title").getByText("Call Ana", { exact: true }).waitFor();
    assert.equal((await saved()).title, "Call Ana", "the teammate's title stands until the person chooses");

    await refusal.getByRole("button", { name: "Save mine" }).click();
    // The keyboard is back on the list at once: Enter edits the task, it does not press "Save mine" again.
    await page.keyboard.press("Enter");
    await input.waitFor();
    await page.keyboard.press("Escape");
    await input.waitFor({ state: "detached" });
    await page.getByTestId("task-title").getByText("Call the bank about the loan").waitFor();
    await settled(page);
    assert.equal((await saved()).title, "Call the bank about the loan");
    assert.deepEqual(await titles(), ["Call the bank about the loan"]);
  });

  it("an edit left unchanged saves nothing over a teammate's rename", async () => {
    const before = await saved();
    await page.keyboard.press("Enter");
    const input = page.getByRole("textbox", { name: "Task title" });
    await callProcedure(page, "tasks.update", { id: task.id, version: before.version, patch: { title: "Call Ana" } });
    await comeBackAfterAMinute(page, "tasks.list");
    await input.press("Enter");
    await input.waitFor({ state: "detached" });
    await page.getByTestId("task-title").getByText("Call Ana", { exact: true }).waitFor();
    const after = await saved();
    assert.equal(after.title, "Call Ana");
    assert.equal(after.version, before.version + 1, "only the teammate's save");
  });
});

describe("/tasks: reschedule and reassign, from the keyboard or the row", () => {
  let browser;
  let page;
  let due;
  let tara;
  const { row, count, picker, toast } = taskLocators(() => page);
  const saved = async (title) => {
    const day = { dayStart: new Date(Date.now() - 86_400_000), dayEnd: new Date(Date.now() + 86_400_000) };
    const rows = await callProcedure(
      page,
      "tasks.list",
      { view: "all", assignee: "anyone", ...day },
      { kind: "query" },
    );
    return rows.find((r) => r.task.title === title).task;
  };

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Schedulers", name: "Sam Scheduler", locale: "en-US" }));
    tara = await teammateJoins(browser, page, "Tara Teammate");
    // In the browser's time zone: some time today, and tomorrow at 10am.
    due = await page.evaluate(() => {
      const day = (days, hour, minute) => {
        const d = new Date();
        d.setDate(d.getDate() + days);
        d.setHours(hour, minute, 0, 0);
        return d.toISOString();
      };
      return { today: day(0, 23, 59), tomorrowAt10: day(1, 10, 0) };
    });
    await callProcedure(page, "tasks.create", { title: "Send the contract", dueAt: new Date(due.today) });
    await callProcedure(page, "tasks.create", { title: "Book the venue", dueAt: new Date(due.today) });
    await page.goto("/tasks");
    await row("Book the venue").waitFor();
  });
  after(() => browser?.close());

  it("reschedules the active task in words with d; Undo puts the date back", async () => {
    assert.equal(await row("Send the contract").getAttribute("data-active"), "true");
    await page.keyboard.press("d");
    const input = picker().getByRole("combobox", { name: "Due date" });
    await input.waitFor();
    assert.deepEqual(
      await picker()
        .getByRole("option")
        .allInnerTexts()
        // "Later today" is there until 5 PM (3 hours on, until 8): the rest whatever the hour.
        .then((texts) => texts.map((t) => t.split("\n")[0]).filter((label) => label !== "Later today")),
      ["Today", "Tomorrow", "Next week", "In 2 weeks", "No due date"],
    );
    await input.fill("tomorrow 10am");
    await picker().getByRole("option", { name: /10:00/ }).waitFor();
    await screenshot(page, "task-reschedule");
    await page.keyboard.press("Enter");
    await toast("“Send the contract” is due").waitFor();
    await row("Send the contract").waitFor({ state: "detached" });
    await count("upcoming").getByText("1").waitFor();
    assert.equal(await count("today").innerText(), "1");
    await settled(page);
    assert.equal((await saved("Send the contract")).dueAt.toISOString(), due.tomorrowAt10);

    const undone = savedBy(page, "tasks.update");
    await toast("“Send the contract” is due").getByRole("button", { name: "Undo" }).click();
    await row("Send the contract").waitFor();
    await undone;
    assert.equal((await saved("Send the contract")).dueAt.toISOString(), due.today);
  });

  it("reschedules from the row's date: Next week moves it to Upcoming", async () => {
    await row("Book the venue").getByRole("button", { name: "Reschedule Book the venue" }).click();
    await picker()
      .getByRole("option", { name: /^Next week/ })
      .click();
    await toast("“Book the venue” is due Mon").waitFor();
    await row("Book the venue").waitFor({ state: "detached" });
    await settled(page);
    const dueAt = (await saved("Book the venue")).dueAt;
    const { weekday, hour } = await page.evaluate((iso) => {
      const d = new Date(iso);
      return { weekday: d.getDay(), hour: d.getHours() };
    }, dueAt.toISOString());
    assert.deepEqual({ weekday, hour }, { weekday: 1, hour: 23 }, "some time next Monday");
  });

  it("assigns the active task to a teammate with a; it leaves my list, and the server has them", async () => {
    await page.keyboard.press("a");
    await picker().getByRole("combobox", { name: "Assignee" }).fill("Tara");
    await picker()
      .getByRole("option", { name: /Tara Teammate/ })
      .waitFor();
    await page.keyboard.press("Enter");
    await toast("Assigned “Send the contract” to Tara Teammate").waitFor();
    await row("Send the contract").waitFor({ state: "detached" });
    await settled(page);
    const members = await callProcedure(page, "organization.listMembers", undefined, { kind: "query" });
    const tara = members.find((member) => member.displayName === "Tara Teammate");
    assert.equal((await saved("Send the contract")).assigneeId, tara.userId);

    await page.goto("/tasks?assignee=anyone");
    await row("Send the contract")
      .getByRole("button", { name: /^Assigned to Tara Teammate/ })
      .waitFor();

    // The list of one teammate's tasks, picked by name; kept in the address.
    const filter = page.getByRole("combobox", { name: "Assigned to" });
    await filter.selectOption({ label: "Tara Teammate" });
    await page.waitForURL((url) => url.searchParams.get("assignee") === tara.userId);
    const shown = page.getByTestId("task-row");
    const hers = shown.filter({ has: page.getByRole("button", { name: /^Assigned to Tara Teammate/ }) });
    // The list read for everyone stays on screen until hers arrives (a fresh clone's run counted Sam's task in it).
    await eventually(async () => {
      assert.equal(await row("Send the contract").count(), 1);
      assert.equal(await hers.count(), await shown.count(), "only Tara's tasks");
    });
    await filter.selectOption({ label: "Me" });
    await row("Send the contract").waitFor({ state: "detached" });
    assert.deepEqual(page.errors, []);
  });

  it("/team counts each member's open, overdue and done tasks; a count opens that member's list", async () => {
    const members = await callProcedure(page, "organization.listMembers", undefined, { kind: "query" });
    const taraId = members.find((member) => member.displayName === "Tara Teammate").userId;
    const { yesterday } = await browserTimes(page, { yesterday: [-1, 9] });
    await callProcedure(page, "tasks.create", { title: "Chase the invoice", dueAt: yesterday, assigneeId: taraId });
    const closed = await callProcedure(page, "tasks.create", { title: "Send the agenda", assigneeId: taraId });
    await callProcedure(page, "tasks.update", { id: closed.id, version: closed.version, patch: { status: "done" } });
    // What the task lists hold for each of them, in the browser's day.
    const { dayStart, dayEnd } = await browserTimes(page, { dayStart: [0, 0], dayEnd: [1, 0] });
    const countsOf = async (assignee) => {
      const listed = await callProcedure(
        page,
        "tasks.list",
        { view: "all", assignee, dayStart, dayEnd, limit: 200 },
        { kind: "query" },
      );
      const open = listed.filter((r) => r.task.status === "open");
      return [
        String(open.length),
        String(open.filter((r) => r.task.dueAt && new Date(r.task.dueAt) < dayStart).length),
        String(listed.filter((r) => r.task.status === "done").length),
      ];
    };
    const [hers, mine] = [await countsOf(taraId), await countsOf("me")];
    assert.deepEqual(hers, ["2", "1", "1"]);

    await page.getByRole("navigation").getByRole("link", { name: "Team" }).click();
    const memberRow = (name) => page.getByTestId("team-member-row").filter({ hasText: name });
    const shown = (name) =>
      Promise.all(
        ["team-open-tasks", "team-overdue-tasks", "team-done-tasks"].map((id) =>
          memberRow(name).getByTestId(id).innerText(),
        ),
      );
    await memberRow("Tara Teammate").getByRole("link", { name: "2 open tasks of Tara Teammate" }).waitFor();
    assert.deepEqual(await shown("Tara Teammate"), hers);
    assert.deepEqual(await shown("Sam Scheduler"), mine);
    await screenshot(page, "team");

    await memberRow("Tara Teammate").getByRole("link", { name: "1 overdue tasks of Tara Teammate" }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("assignee") === taraId && url.searchParams.get("view") === "overdue",
    );
    await row("Chase the invoice").waitFor();
    assert.equal(await page.getByRole("combobox", { name: "Assigned to" }).inputValue(), taraId);
    assert.deepEqual(page.errors, []);
  });

  it("opens a task's details with o: notes and priority are saved, the row shows it has notes, the panel follows j and a reload", async () => {
    const demo = await callProcedure(page, "tasks.create", { title: "Prepare the demo", dueAt: new Date(due.today) });
    await page.goto("/tasks?assignee=anyone");
    await row("Prepare the demo").waitFor();
    assert.equal(await row("Send the contract").getAttribute("data-active"), "true");
    await page.keyboard.press("j");
    await page.keyboard.press("o");
    const details = page.getByTestId("task-details");
    await details.getByRole("heading", { name: "Prepare the demo" }).waitFor();
    assert.match(page.url(), new RegExp(`[?&]task=${demo.id}`));

    await details.getByLabel("Notes").fill("Ask for their data first");
    // Leaving the field saves the notes; the priority is saved as it is picked, once the notes are.
    const prioritySaved = page.waitForResponse(
      (r) => r.url().includes("/trpc/tasks.update") && r.request().postData()?.includes('"priority":"high"'),
    );
    await details.getByRole("radio", { name: "High" }).click();
    await prioritySaved;
    await row("Prepare the demo").getByRole("button", { name: "Notes on Prepare the demo" }).waitFor();
    await settled(page);
    const stored = await saved("Prepare the demo");
    assert.deepEqual([stored.notes, stored.priority], ["Ask for their data first", "high"]);
    await screenshot(page, "task-details");

    // High now, it leads the list: the next task is below it.
    assert.deepEqual(await page.getByTestId("task-title").allInnerTexts(), ["Prepare the demo", "Send the contract"]);
    await page.keyboard.press("j");
    await details.getByRole("heading", { name: "Send the contract" }).waitFor();
    await details.getByRole("button", { name: "Assignee" }).getByText("Tara Teammate").waitFor();
    await page.reload();
    await details.getByRole("heading", { name: "Send the contract" }).waitFor();
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });
    assert.doesNotMatch(page.url(), /task=/);
    assert.deepEqual(page.errors, []);
  });

  it("shows a teammate's notes in the open panel, and refuses typed notes saved over theirs until 'Save mine'", async () => {
    const details = page.getByTestId("task-details");
    const notes = details.getByLabel("Notes");
    await row("Prepare the demo").getByRole("button", { name: "Notes on Prepare the demo" }).click();
    await details.getByRole("heading", { name: "Prepare the demo" }).waitFor();
    const teammateWrites = async (text) => {
      const { version } = await saved("Prepare the demo");
      await callProcedure(tara.page, "tasks.update", {
        id: (await saved("Prepare the demo")).id,
        version,
        patch: { notes: text },
      });
    };

    // Not typing: the field follows what is saved, once the list is read again (here after completing
    // another task, which re-reads the lists).
    await teammateWrites("Bring the slides");
    await row("Send the contract").getByRole("checkbox", { name: "Complete Send the contract" }).click();
    await page.waitForFunction((el) => el.value === "Bring the slides", await notes.elementHandle());

    // Typing: a teammate's change meanwhile refuses the save; the field keeps what was typed.
    await notes.fill("Ask for their data first, then demo");
    await teammateWrites("Bring the slides and the contract");
    await details.getByRole("radio", { name: "High" }).click();
    const refusal = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Could not update the task: Tara Teammate changed this task at" });
    await refusal.waitFor();
    // The list read again has their notes; the field keeps what was typed.
    await settled(page);
    assert.equal(await notes.inputValue(), "Ask for their data first, then demo");
    assert.equal((await saved("Prepare the demo")).notes, "Bring the slides and the contract");

    await refusal.getByRole("button", { name: "Save mine" }).click();
    await refusal.waitFor({ state: "detached" });
    await settled(page);
    assert.equal((await saved("Prepare the demo")).notes, "Ask for their data first, then demo");
    assert.equal(await notes.inputValue(), "Ask for their data first, then demo");
  });
});

describe("/tasks: a task linked to a record, moved to another or unlinked", () => {
  let browser;
  let page;
  let ann;
  let initech;
  const title = "Send the deck";
  const row = () => page.getByTestId("task-row").filter({ has: page.getByText(title, { exact: true }) });
  const picker = () => page.locator("[data-picker]");
  const details = () => page.getByTestId("task-details");
  const toast = (text) => page.locator("[data-sonner-toast]").filter({ hasText: text });
  const saved = async () =>
    (await callProcedure(page, "tasks.list", { view: "all", ...wholeWeek() }, { kind: "query" })).find(
      (r) => r.task.title === title,
    );
  const wholeWeek = () => ({
    dayStart: new Date(Date.now() - 7 * 86_400_000),
    dayEnd: new Date(Date.now() + 86_400_000),
  });
  /** Picks the record the text finds in the open picker. */
  const pick = async (text, name) => {
    await picker().getByRole("combobox", { name: "Linked record" }).fill(text);
    await picker()
      .getByRole("option", { name: new RegExp(name) })
      .click();
  };

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Linkers", name: "Lena Linker", locale: "en-US" }));
    ann = await callProcedure(page, "contacts.create", {
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@lee.example"],
    });
    initech = await callProcedure(page, "companies.create", { name: "Initech", domain: "initech.example" });
    const today = await page.evaluate(() => {
      const d = new Date();
      d.setHours(23, 59, 0, 0);
      return d.toISOString();
    });
    await callProcedure(page, "tasks.create", { title, dueAt: new Date(today) });
    await page.goto("/tasks");
    await row().waitFor();
  });
  after(() => browser?.close());

  it("links the active task to a contact with l, found by email; Undo unlinks it", async () => {
    assert.equal(await row().getByTestId("task-record").count(), 0);
    await page.keyboard.press("l");
    await picker().getByText("Type a name, an email or a domain.").waitFor();
    await picker().getByRole("combobox", { name: "Linked record" }).fill("ann@lee");
    await picker()
      .getByRole("option", { name: /Ann Lee/ })
      .waitFor();
    await screenshot(page, "task-link");
    await page.keyboard.press("Enter");
    await toast(`Linked “${title}” to Ann Lee`).waitFor();
    assert.equal(await row().getByTestId("task-record").innerText(), "Ann Lee");
    await settled(page);
    assert.deepEqual(await saved().then((r) => [r.task.recordObject, r.task.recordId, r.recordName]), [
      "contact",
      ann.id,
      "Ann Lee",
    ]);

    await toast(`Linked “${title}” to Ann Lee`).getByRole("button", { name: "Undo" }).click();
    await row().getByTestId("task-record").waitFor({ state: "detached" });
    await settled(page);
    assert.deepEqual(await saved().then((r) => [r.task.recordId, r.recordName]), [null, null]);
  });

  it("links and moves it from the details panel; each record's timeline tells, and unlinking leaves it on no record", async () => {
    await page.keyboard.press("o");
    await details().getByRole("button", { name: "Link a contact or company" }).click();
    await pick("lee", "Ann Lee");
    await details().getByRole("link", { name: "Ann Lee" }).waitFor();
    await toast(`Linked “${title}” to Ann Lee`).waitFor();

    await details().getByRole("button", { name: "Change the linked record" }).click();
    // What it links to now is marked, and Unlink is offered before anything is typed.
    await picker().getByRole("option", { name: "Unlink" }).waitFor();
    await pick("initech", "Initech");
    await details().getByRole("link", { name: "Initech" }).waitFor();
    await toast(`Linked “${title}” to Initech`).waitFor();
    assert.equal(await row().getByTestId("task-record").innerText(), "Initech");
    await settled(page);
    assert.deepEqual(await saved().then((r) => [r.task.recordObject, r.task.recordId]), ["company", initech.id]);
    await screenshot(page, "task-details-linked");

    // The company's timeline says who linked which task.
    await details().getByRole("link", { name: "Initech" }).click();
    const panel = page.getByTestId("record-panel");
    await panel.getByRole("heading", { name: "Initech" }).waitFor();
    const linked = panel.getByTestId("timeline-item").filter({ hasText: "linked a task" });
    await linked.waitFor();
    assert.match((await linked.innerText()).replace(/\s+/g, " "), /You linked a task.*Send the deck/);
    // And Ann's, that it went elsewhere (she had it twice: linked, unlinked by Undo, linked, moved).
    const { timeline } = await callProcedure(page, "contacts.get", { id: ann.id }, { kind: "query" });
    assert.deepEqual(
      timeline.filter((a) => a.kind === "task").map((a) => a.summary),
      [`Task unlinked: ${title}`, `Task linked: ${title}`, `Task unlinked: ${title}`, `Task linked: ${title}`],
    );

    await page.goBack();
    await details().getByRole("button", { name: "Change the linked record" }).click();
    await picker().getByRole("option", { name: "Unlink" }).click();
    await toast(`“${title}” is no longer linked`).waitFor();
    await details().getByRole("button", { name: "Link a contact or company" }).waitFor();
    await settled(page);
    assert.deepEqual(await saved().then((r) => [r.task.recordId, r.recordName]), [null, null]);
    assert.deepEqual(page.errors, []);
  });

  it("links a task as it is added: @ finds the record, Enter picks it, and the task is added linked", async () => {
    await page.keyboard.press("Escape");
    await details().waitFor({ state: "hidden" });
    const input = page.getByRole("textbox", { name: "Add a task" });
    const suggestions = page.getByRole("listbox", { name: "Link to a record" });
    // Escape leaves a mention as text.
    await input.fill("Ask @ann");
    await suggestions.getByRole("option", { name: /Ann Lee/ }).waitFor();
    await input.press("Escape");
    await suggestions.waitFor({ state: "detached" });
    assert.equal(await input.inputValue(), "Ask @ann");

    await input.fill("Prepare the renewal @init");
    await suggestions.getByRole("option", { name: /Initech/ }).waitFor();
    await screenshot(page, "task-quick-add-mention");
    await input.press("Enter");
    await suggestions.waitFor({ state: "detached" });
    assert.equal(await input.inputValue(), "Prepare the renewal ");
    assert.match(await page.getByTestId("quick-add-record").innerText(), /Initech/);
    await input.pressSequentially("today 11pm");
    await input.press("Enter");
    const added = page.getByTestId("task-row").filter({ hasText: "Prepare the renewal" });
    await added.getByTestId("task-record").getByText("Initech").waitFor();
    assert.equal(await page.getByTestId("quick-add-record").count(), 0, "the next task starts unlinked");
    const renewal = await eventually(async () => {
      const rows = await callProcedure(page, "tasks.list", { view: "all", ...wholeWeek() }, { kind: "query" });
      const found = rows.find((r) => r.task.title === "Prepare the renewal");
      assert.ok(found, rows.map((r) => r.task.title).join(" | "));
      return found;
    });
    assert.deepEqual([renewal.task.recordObject, renewal.task.recordId], ["company", initech.id]);
    assert.deepEqual(page.errors, []);
  });

  it("links an @name typed on past (its list closed) to the one record it names, and asks which when several", async () => {
    const input = page.getByRole("textbox", { name: "Add a task" });
    // Typed as a person types: the list opens at "@ann", closes as "tomorrow" is typed, and Enter adds the task.
    await input.click();
    await input.pressSequentially("Call @ann lee tomorrow 3pm", { delay: 30 });
    await input.press("Enter");
    await page.waitForFunction(() => document.querySelector('[data-testid="task-quick-add"]')?.value === "");
    const linkedCall = await eventually(async () => {
      const rows = await callProcedure(page, "tasks.list", { view: "all", ...wholeWeek() }, { kind: "query" });
      const found = rows.find((r) => r.task.title === "Call");
      assert.ok(found, rows.map((r) => r.task.title).join(" | "));
      return found;
    });
    assert.deepEqual([linkedCall.task.recordObject, linkedCall.task.recordId], ["contact", ann.id]);
    assert.equal(new Date(linkedCall.task.dueAt).getHours(), 15);

    // Two records start with "Ann": it says which could be meant, and adds nothing until it is clear.
    await callProcedure(page, "contacts.create", { firstName: "Ann", lastName: "Bell" });
    await input.fill("Email @ann today");
    await input.press("Enter");
    await page.getByRole("alert").getByText("“@ann” could be Ann Bell or Ann Lee: type more of the name.").waitFor();
    assert.equal(await input.inputValue(), "Email @ann today");
    // A name nothing has stays as written.
    await input.fill("Tweet @nobody-here today");
    await input.press("Enter");
    await page.waitForFunction(() => document.querySelector('[data-testid="task-quick-add"]')?.value === "");
    const rows = await eventually(async () => {
      const listed = await callProcedure(page, "tasks.list", { view: "all", ...wholeWeek() }, { kind: "query" });
      assert.ok(listed.some((r) => r.task.title === "Tweet @nobody-here"));
      return listed;
    });
    assert.equal(rows.find((r) => r.task.title === "Tweet @nobody-here").task.recordId, null);
    assert.equal(rows.filter((r) => r.task.title.startsWith("Email")).length, 0);
    assert.deepEqual(page.errors, []);
  });
});

describe("/tasks: a task without a due date, behind hundreds of dated ones", () => {
  let browser;
  let page;

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Backlog", name: "Bea Backlog", locale: "en-US" }));
    // More dated tasks than a list page holds (200), then one without a date.
    const lastWeek = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
    for (let start = 0; start < 210; start += 30)
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          callProcedure(page, "tasks.create", { title: `Old task ${start + i}`, dueAt: lastWeek }),
        ),
      );
    await callProcedure(page, "tasks.create", { title: "Someday, no date" });
  });
  after(() => browser?.close());

  it("shows it in Upcoming, however many dated tasks come before it", async () => {
    await page.goto("/tasks?view=upcoming");
    await page.getByTestId("task-row").filter({ hasText: "Someday, no date" }).waitFor();
    assert.equal(await page.getByTestId("task-tab-count-upcoming").innerText(), "1");
    assert.deepEqual(await page.getByTestId("task-day").allInnerTexts(), ["No due date"]);
    // 210 overdue, of which a list holds 200: the count says there are more.
    assert.equal(await page.getByTestId("task-tab-count-overdue").innerText(), "200+");
    // Every tab is in sight on a desktop, counts and all: the filters sit above them. Beside the filters, the tab bar
    // scrolled and hid Trash.
    const tabBar = page.getByRole("tablist", { name: "Task lists" });
    assert.ok(await tabBar.evaluate((bar) => bar.scrollWidth <= bar.clientWidth), "the tab bar does not scroll");
    const [barBox, trashBox] = [await tabBar.boundingBox(), await page.getByTestId("task-tab-trash").boundingBox()];
    assert.ok(trashBox.x + trashBox.width <= barBox.x + barBox.width, "the Trash tab is in sight");
    await screenshot(page, "tasks-more-than-a-page");
    await page.goto("/home");
    await page.getByTestId("home-task-counts").getByText("200+ overdue").waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("reads the rest page by page: j past the last task, or Show more; each task once, in order", async () => {
    await page.goto("/tasks?view=overdue");
    const rows = page.getByTestId("task-row");
    const more = page.getByTestId("tasks-more");
    await more.getByText("200 shown").waitFor();
    assert.equal(await rows.count(), 200);
    await more.scrollIntoViewIfNeeded();
    await screenshot(page, "tasks-show-more");

    // The keyboard: the last task active, j reads the next page and moves into it.
    await rows.nth(199).click({ position: { x: 5, y: 5 } });
    assert.equal(await rows.nth(199).getAttribute("data-active"), "true");
    await page.keyboard.press("j");
    await more.waitFor({ state: "detached" });
    assert.equal(await rows.count(), 210);
    assert.equal(await page.getByTestId("task-tab-count-overdue").innerText(), "210");
    await page.keyboard.press("j");
    assert.equal(await rows.nth(200).getAttribute("data-active"), "true", "the next page's first task is active");
    const titles = await page.getByTestId("task-title").allInnerTexts();
    assert.equal(new Set(titles).size, 210, "no task twice");
    // The same order as the server's, page after page.
    const day = { dayStart: new Date(Date.now() - 86_400_000), dayEnd: new Date(Date.now() + 86_400_000) };
    const listed = [];
    for (let after; ;) {
      const input = { view: "overdue", ...day, limit: 200, ...(after && { after }) };
      const next = await callProcedure(page, "tasks.list", input, { kind: "query" });
      listed.push(...next.map((r) => r.task.title));
      if (next.length < 200) break;
      after = next.at(-1).task.id;
    }
    assert.deepEqual(titles, listed);

    // A task of the second page completes like any other, and leaves the tab.
    const second = rows.filter({ has: page.getByTestId("task-title").getByText(titles[205], { exact: true }) });
    await second.click({ position: { x: 5, y: 5 } });
    const completed = savedBy(page, "tasks.update");
    await page.keyboard.press("x");
    await second.waitFor({ state: "detached" });
    assert.equal(await page.getByTestId("task-tab-count-overdue").innerText(), "209");
    await completed;

    // Show more, the button: after a reload the list starts from its first page again.
    await page.reload();
    await more.getByText("200 shown").waitFor();
    await more.getByRole("button", { name: "Show more" }).click();
    await more.waitFor({ state: "detached" });
    assert.equal(await rows.count(), 209);
    assert.deepEqual(page.errors, []);
  });

  it("reads the trash page by page, and restores from a later page, with a click or r", async () => {
    const day = { dayStart: new Date(Date.now() - 86_400_000), dayEnd: new Date(Date.now() + 86_400_000) };
    const open = await callProcedure(page, "tasks.list", { view: "overdue", ...day, limit: 200 }, { kind: "query" });
    const binned = open.slice(0, 105).map((r) => r.task);
    for (let start = 0; start < binned.length; start += 35)
      await Promise.all(
        binned.slice(start, start + 35).map((task) => callProcedure(page, "tasks.delete", { id: task.id })),
      );
    await page.goto("/tasks?view=trash");
    const trashRows = page.getByTestId("trash-row");
    const more = page.getByTestId("tasks-more");
    await more.getByText("100 shown").waitFor();
    assert.equal(await trashRows.count(), 100);
    // j past the last reads the next page, as Show more does.
    await trashRows.nth(99).click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("j");
    await more.waitFor({ state: "detached" });
    assert.equal(await trashRows.count(), 105);
    await page.keyboard.press("j");
    assert.equal(await trashRows.nth(100).getAttribute("data-active"), "true", "the next page's first task is active");
    const titles = await page.getByTestId("task-trash").getByTestId("task-title").allInnerTexts();
    assert.deepEqual([...titles].sort(), binned.map((t) => t.title).sort(), "each deleted task once");

    // The first one deleted is last; restored, it leaves the trash and is overdue again.
    const first = titles[104];
    await page.getByRole("button", { name: `Restore “${first}”` }).click();
    await trashRows
      .filter({ has: page.getByTestId("task-title").getByText(first, { exact: true }) })
      .waitFor({ state: "detached" });
    assert.equal(await trashRows.count(), 104);

    // From the keyboard: j moves, r restores the active task, and the next one takes its place.
    await trashRows.first().click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("j");
    assert.equal(await trashRows.nth(1).getAttribute("data-active"), "true");
    const second = await trashRows.nth(1).getByTestId("task-title").innerText();
    const third = await trashRows.nth(2).getByTestId("task-title").innerText();
    await page.keyboard.press("r");
    await trashRows
      .filter({ has: page.getByTestId("task-title").getByText(second, { exact: true }) })
      .waitFor({ state: "detached" });
    assert.equal(await trashRows.count(), 103);
    assert.equal(await trashRows.nth(1).getByTestId("task-title").innerText(), third);
    assert.equal(await trashRows.nth(1).getAttribute("data-active"), "true");
    await screenshot(page, "tasks-trash");
    await page.getByRole("tab", { name: /Overdue/ }).click();
    await page.getByTestId("task-title").getByText(first, { exact: true }).waitFor();
    await page.getByTestId("task-title").getByText(second, { exact: true }).waitFor();
    assert.equal(await page.getByTestId("task-tab-count-overdue").innerText(), "106");
    assert.deepEqual(page.errors, []);
  });
});

describe("/tasks: search by words of a title or of the linked record", () => {
  let browser;
  let page;
  const { row, count } = taskLocators(() => page);
  const search = () => page.getByRole("searchbox", { name: "Search tasks" });
  const titles = () => page.getByTestId("task-title").allInnerTexts();

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Finders", name: "Fay Finder", locale: "en-US" }));
    const noonOf = (days) =>
      page.evaluate((days) => {
        const d = new Date();
        d.setDate(d.getDate() + days);
        d.setHours(12, 0, 0, 0);
        return d.toISOString();
      }, days);
    const northwind = await callProcedure(page, "companies.create", { name: "Northwind", domain: "northwind.example" });
    for (const [title, days, record] of [
      ["Renewal call with Bo", 0],
      ["Prepare the QBR", 0],
      ["Renewal quote", -1],
      ["Visit the warehouse", 1, northwind],
    ])
      await callProcedure(page, "tasks.create", {
        title,
        dueAt: new Date(await noonOf(days)),
        ...(record && { recordObject: "company", recordId: record.id }),
      });
  });
  after(() => browser?.close());

  it("narrows every tab to the words as they are typed, kept in the address through a reload", async () => {
    await page.goto("/tasks");
    await row("Prepare the QBR").waitFor();
    await page.keyboard.press("/");
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Search tasks");
    await page.keyboard.type("renewal");
    // The list found before stays while the search is read, then gives way to what it finds.
    await row("Prepare the QBR").waitFor({ state: "detached" });
    assert.deepEqual(await titles(), ["Renewal call with Bo"]);
    assert.equal(await count("overdue").innerText(), "1");
    assert.equal(await count("upcoming").innerText(), "0");
    await page.waitForURL((url) => url.searchParams.get("q") === "renewal");
    await screenshot(page, "tasks-search");

    await page.reload();
    await row("Renewal call with Bo").waitFor();
    assert.equal(await search().inputValue(), "renewal");
    assert.deepEqual(await titles(), ["Renewal call with Bo"]);
    await page.getByTestId("task-tab-overdue").click();
    await row("Renewal quote").waitFor();
    assert.equal(new URL(page.url()).searchParams.get("q"), "renewal");
    // ↓ in the search box hands the keys to the tasks found: o opens the active one.
    await search().focus();
    await page.keyboard.press("ArrowDown");
    assert.notEqual(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Search tasks");
    await page.keyboard.press("o");
    await page.getByTestId("task-details").getByRole("heading", { name: "Renewal quote" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("exports the tab shown, as searched, as a CSV file; a tab with none has nothing to export", async () => {
    await page.goto("/tasks?view=upcoming&q=northwind");
    await row("Visit the warehouse").waitFor();
    const { name, text } = await downloadText(page, () => page.getByRole("button", { name: "Export" }).click());
    assert.match(name, /^tasks-upcoming-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.ok(text.startsWith("\uFEFF"), "UTF-8 with its byte-order mark, as Excel needs");
    const { columns, rows } = parseCsv(text);
    assert.deepEqual(columns.slice(0, 8), [
      "Title",
      "Type",
      "Priority",
      "Status",
      "Due at",
      "Assignee",
      "Linked record",
      "Linked record type",
    ]);
    assert.equal(rows.length, 1);
    assert.deepEqual(
      [rows[0].Title, rows[0].Type, rows[0].Status, rows[0]["Linked record"], rows[0]["Linked record type"]],
      ["Visit the warehouse", "To-do", "Open", "Northwind", "Company"],
    );
    assert.match(rows[0].Assignee, /^owner-.*@/);
    assert.ok(!Number.isNaN(Date.parse(rows[0]["Due at"])));
    await page.locator("[data-sonner-toast]").filter({ hasText: "Exported 1 task." }).waitFor();

    await page.getByTestId("task-tab-done").click();
    await page.getByTestId("tasks-empty-done").waitFor();
    assert.ok(await page.getByRole("button", { name: "Export" }).isDisabled());
    assert.deepEqual(page.errors, []);
  });

  it("finds a task by its company's name or domain, says when a tab has none, and Escape shows all again", async () => {
    await page.goto("/tasks");
    await row("Prepare the QBR").waitFor();
    await search().fill("northwind.example");
    const empty = page.getByTestId("tasks-empty-today");
    await empty.getByText("No tasks due today match “northwind.example”").waitFor();
    assert.equal(await count("upcoming").innerText(), "1");
    await page.getByTestId("task-tab-upcoming").click();
    await row("Visit the warehouse").waitFor();
    assert.equal(await row("Visit the warehouse").getByTestId("task-record").innerText(), "Northwind");
    await screenshot(page, "tasks-search-record");

    await search().press("Escape");
    await page.waitForURL((url) => !url.searchParams.has("q"));
    await page.getByTestId("task-tab-today").click();
    await row("Prepare the QBR").waitFor();
    assert.deepEqual((await titles()).sort(), ["Prepare the QBR", "Renewal call with Bo"]);
    assert.equal(await count("overdue").innerText(), "1");
    assert.deepEqual(page.errors, []);
  });
});
