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

const ZONE = "America/New_York";

describe("/tasks: repeating tasks", () => {
  let browser;
  let page;
  const { row, count, picker, toast } = taskLocators(() => page);
  let ann;
  const details = () => page.getByTestId("task-details");
  /** Every task of the organization as the server has it. */
  const stored = async () => {
    const day = { dayStart: new Date(Date.now() - 86_400_000), dayEnd: new Date(Date.now() + 86_400_000) };
    const rows = await callProcedure(
      page,
      "tasks.list",
      { view: "all", assignee: "anyone", ...day },
      { kind: "query" },
    );
    const done = await callProcedure(
      page,
      "tasks.list",
      { view: "done", assignee: "anyone", ...day },
      { kind: "query" },
    );
    return [...rows, ...done.filter((d) => !rows.some((r) => r.task.id === d.task.id))].map((r) => r.task);
  };
  /** In the browser's time zone (New York): `days` from today at `hour`:`minute`, as ISO text. */
  const browserDay = (days, hour, minute = 0) =>
    page.evaluate(
      ([days, hour, minute]) => {
        const d = new Date();
        d.setDate(d.getDate() + days);
        d.setHours(hour, minute, 0, 0);
        return d.toISOString();
      },
      [days, hour, minute],
    );
  /** Not within two minutes of the browser's midnight, when "today" would change under the test. */
  const clearOfBrowserMidnight = async () => {
    const left = await page.evaluate(() => {
      const now = new Date();
      return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime();
    });
    if (left < 120_000) await new Promise((resolve) => setTimeout(resolve, left + 2_000));
  };

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, {
      organization: "Repeaters",
      name: "Rey Peters",
      locale: "en-US",
      timezoneId: ZONE,
    }));
    ann = await callProcedure(page, "contacts.create", {
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@lee.example"],
    });
    await clearOfBrowserMidnight();
  });
  after(() => browser?.close());

  it("quick-adds “Pipeline review every weekday 9am”: the rule shows as typed, and the task keeps this browser's time zone", async () => {
    await page.goto("/tasks");
    await page.getByTestId("tasks-empty-today").waitFor();
    const input = page.getByRole("textbox", { name: "Add a task" });
    await input.fill("Pipeline review every weekday 9am");
    assert.equal(await page.getByTestId("quick-add-repeat").innerText(), "Every weekday");
    assert.match(await page.getByTestId("quick-add-due").innerText(), /^Due .*9:00\s?AM$/);
    await screenshot(page, "task-quick-add-repeat");
    const added = savedBy(page, "tasks.create");
    await input.press("Enter");
    await added;
    const [task] = (await stored()).filter((t) => t.title === "Pipeline review");
    assert.deepEqual([task.repeat, task.repeatZone], ["weekdays", ZONE]);
    assert.equal(
      await page
        .evaluate((iso) => {
          const d = new Date(iso);
          return [d.getHours(), d.getMinutes(), [1, 2, 3, 4, 5].includes(d.getDay())];
        }, task.dueAt.toISOString())
        .then(JSON.stringify),
      JSON.stringify([9, 0, true]),
      "due at 9:00 on a weekday, New York time",
    );
  });

  it("sets a repeat in the details; the row shows it; done, the next one is added a week on, and Undo takes it back", async () => {
    const dueToday = await browserDay(0, 23, 59);
    const checkIn = await callProcedure(page, "tasks.create", {
      title: "Check in with Ann",
      dueAt: new Date(dueToday),
      recordObject: "contact",
      recordId: ann.id,
    });
    await page.goto(`/tasks?task=${checkIn.id}`);
    await details().getByRole("heading", { name: "Check in with Ann" }).waitFor();
    const weekday = await page.evaluate(
      (iso) => new Date(iso).toLocaleDateString("en-US", { weekday: "long" }),
      dueToday,
    );

    await details().getByRole("button", { name: "Repeat: Does not repeat" }).click();
    const options = await picker()
      .getByRole("option")
      .allInnerTexts()
      .then((texts) => texts.map((t) => t.split("\n")[0]));
    assert.deepEqual(options.slice(0, 3), ["Every day", "Every weekday", `Every week on ${weekday}`]);
    assert.equal(options.length, 7, "no “Does not repeat” while it does not");
    for (const option of await picker().getByRole("option").all())
      assert.ok(
        await option.evaluate((el) => [...el.querySelectorAll("span")].every((s) => s.scrollWidth <= s.clientWidth)),
        `“${await option.innerText()}” reads whole`,
      );
    await screenshot(page, "task-repeat-picker");
    await picker().getByRole("combobox", { name: "Repeat" }).fill("week");
    await picker()
      .getByRole("option", { name: new RegExp(`^Every week on ${weekday}`) })
      .waitFor();
    await picker()
      .getByRole("option", { name: new RegExp(`^Every week on ${weekday}`) })
      .click();
    await toast(`“Check in with Ann” repeats every week on ${weekday.toLowerCase()}`).waitFor();
    await row("Check in with Ann")
      .getByRole("img", { name: `Every week on ${weekday}` })
      .waitFor();
    await details()
      .getByRole("button", { name: `Repeat: Every week on ${weekday}` })
      .waitFor();
    await settled(page);
    const repeating = (await stored()).find((t) => t.id === checkIn.id);
    assert.deepEqual([repeating.repeat, repeating.repeatZone], ["weekly", ZONE]);
    await screenshot(page, "task-repeat-details");

    const upcomingBefore = Number(await count("upcoming").innerText());
    const completed = savedBy(page, "tasks.update");
    await row("Check in with Ann").getByRole("checkbox", { name: "Complete Check in with Ann" }).click();
    await completed;
    const said = toast("Completed “Check in with Ann”: the next one is due");
    await said.waitFor();
    const nextDue = await browserDay(7, 23, 59);
    const nextShown = await page.evaluate(
      (iso) => new Date(iso).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric" }),
      nextDue,
    );
    assert.match(await said.innerText(), new RegExp(`due ${nextShown}`));
    await count("upcoming")
      .getByText(String(upcomingBefore + 1))
      .waitFor();
    const [next] = (await stored()).filter((t) => t.repeatedFromId === checkIn.id);
    assert.equal(next.dueAt.toISOString(), nextDue, "a week on, at the same time of day in New York");
    assert.deepEqual(
      [next.status, next.repeat, next.recordId, next.title],
      ["open", "weekly", ann.id, "Check in with Ann"],
    );

    const undone = savedBy(page, "tasks.update");
    await said.getByRole("button", { name: "Undo" }).click();
    await undone;
    await count("upcoming").getByText(String(upcomingBefore)).waitFor();
    const after = await stored();
    assert.equal(after.filter((t) => t.repeatedFromId === checkIn.id).length, 0, "the next one is taken back");
    assert.equal(after.find((t) => t.id === checkIn.id).status, "open");
    await row("Check in with Ann").waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("taking the due date away ends the repeat, and says so; Undo brings back both", async () => {
    await page.goto("/tasks");
    await row("Check in with Ann")
      .getByRole("button", { name: /reschedule Check in with Ann/ })
      .click();
    await picker().getByRole("option", { name: "No due date" }).click();
    const said = toast("“Check in with Ann” has no due date and no longer repeats");
    await said.waitFor();
    await settled(page);
    const cleared = (await stored()).find((t) => t.title === "Check in with Ann");
    assert.deepEqual([cleared.dueAt, cleared.repeat], [null, null]);

    const undone = savedBy(page, "tasks.update");
    await said.getByRole("button", { name: "Undo" }).click();
    await undone;
    await row("Check in with Ann")
      .getByRole("img", { name: /^Every week on / })
      .waitFor();
    const back = (await stored()).find((t) => t.title === "Check in with Ann");
    assert.deepEqual(
      [back.dueAt?.toISOString(), back.repeat, back.repeatZone],
      [await browserDay(0, 23, 59), "weekly", ZONE],
    );
    assert.deepEqual(page.errors, []);
  });
});
