import { after, before, describe, it } from "node:test";
import {
  assertAccessible,
  browserTimes,
  callProcedure,
  launchBrowser,
  newPage,
  registeredUser,
  screenshot,
  settled,
  signIn,
  signUp,
  uniqueEmail,
} from "./harness.mjs";

describe("accessibility: every page passes axe's WCAG 2.1 AA checks, in both themes", () => {
  let browser;
  let email;
  const panel = (page) => page.getByTestId("record-panel");

  /** Ann's panel open beside the contacts, then the panel, the filter, the palette, the shortcuts, a merge. */
  async function contactViews(page, theme) {
    await page.goto("/contacts");
    await page.getByTestId("record-row").filter({ hasText: "Ann Lee" }).click();
    await panel(page).getByRole("heading", { name: "Ann Lee" }).waitFor();
    await panel(page).getByText("No tasks yet").or(panel(page).getByTestId("record-tasks")).waitFor();
    await settled(page);
    await screenshot(page, `accessibility-${theme}-panel`);
    await assertAccessible(page, `${theme}: /contacts with a contact's panel`);
    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await page.getByRole("button", { name: "Add filter", exact: true }).waitFor();
    await assertAccessible(page, `${theme}: the filter builder`);
    await page.keyboard.press("Escape");

    await page.keyboard.press("Control+k");
    await page.getByRole("dialog").getByRole("combobox").fill("acme");
    await page
      .getByRole("option", { name: /Acme Robotics/ })
      .first()
      .waitFor();
    await assertAccessible(page, `${theme}: the palette with records found`);
    await page.keyboard.press("Escape");

    await page.keyboard.press("?");
    await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    await assertAccessible(page, `${theme}: the keyboard shortcuts`);
    await page.keyboard.press("Escape");

    for (const name of ["Ann Lee", "Anna Lee"])
      await page.getByTestId("record-row").filter({ hasText: name }).getByRole("checkbox").check();
    await page.getByRole("toolbar").getByRole("button", { name: "Merge" }).click();
    await page.getByRole("dialog", { name: /Merge/ }).waitFor();
    await settled(page);
    await screenshot(page, `accessibility-${theme}-merge`);
    await assertAccessible(page, `${theme}: the merge dialog`);
    await page.keyboard.press("Escape");
    await page
      .getByRole("toolbar")
      .getByRole("button", { name: /Clear selection/ })
      .click();
  }

  /** /tasks with a task due and linked, its details open; /companies; the properties settings and a new one. */
  async function otherViews(page, theme) {
    await page.goto("/tasks?view=upcoming");
    await page.getByText("Send Acme the proposal").click();
    await page.keyboard.press("o");
    await page.getByRole("button", { name: /^Due date:/ }).waitFor();
    await settled(page);
    await screenshot(page, `accessibility-${theme}-task-details`);
    await assertAccessible(page, `${theme}: /tasks with a task's details`);
    await page.keyboard.press("Escape");
    await page.getByTestId("task-details").waitFor({ state: "detached" });
    await page.keyboard.press("s");
    await page.getByTestId("selection-bar").waitFor();
    await assertAccessible(page, `${theme}: /tasks with a task selected`);
    await page.keyboard.press("Escape");
    // A call done: its toast offers to log it beside Undo, which then puts it back for the other theme.
    await page.getByText("Call Ann about the renewal", { exact: true }).click();
    await page.keyboard.press("x");
    const done = page.locator("[data-sonner-toast]").filter({ hasText: "Completed “Call Ann about the renewal”" });
    await done.getByRole("button", { name: "Log call" }).waitFor();
    await done.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    await assertAccessible(page, `${theme}: a done call's toast`);
    await done.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Call Ann about the renewal", { exact: true }).waitFor();
    await settled(page);
    // A queue through them: its strip over Ann's panel, then ended.
    await page.keyboard.press("q");
    const queue = page.getByTestId("task-queue");
    await queue.getByText(/^Task 1 of 2$/).waitFor();
    await panel(page).getByRole("heading", { name: "Ann Lee" }).waitFor();
    await settled(page);
    await assertAccessible(page, `${theme}: a task queue over a contact's panel`);
    await queue.getByRole("button", { name: "End the queue" }).click();
    await queue.waitFor({ state: "detached" });

    await page.goto("/companies");
    await page.getByTestId("record-row").filter({ hasText: "Acme Robotics" }).waitFor();
    await settled(page);
    await assertAccessible(page, `${theme}: /companies`);

    // The team's task counts, each a link to a member's tasks (the overdue ones red).
    await page.goto("/team");
    await page.getByTestId("team-open-tasks").getByRole("link").first().waitFor();
    await screenshot(page, `accessibility-${theme}-team`);
    await assertAccessible(page, `${theme}: /team`);

    await page.goto("/settings/preferences");
    await page.getByRole("switch", { name: "Desktop notifications" }).waitFor();
    await assertAccessible(page, `${theme}: /settings/preferences`);

    await page.goto("/settings/properties");
    await page
      .getByRole("button", { name: /New property/ })
      .first()
      .click();
    await page.getByRole("dialog").waitFor();
    await assertAccessible(page, `${theme}: a new property's dialog`);
    await page.keyboard.press("Escape");
  }

  before(async () => {
    browser = await launchBrowser();
    const owner = await registeredUser(browser, { name: "Ada Lovelace", organization: "Readable Inc" });
    email = owner.email;
    const { page } = owner;
    const { id: uid } = await callProcedure(page, "user.getUser", undefined, { kind: "query" });
    const acme = await callProcedure(page, "companies.create", {
      name: "Acme Robotics",
      domain: "acme-robotics.example",
      tags: ["vip", "renewal"],
      ownerId: uid,
    });
    const ann = await callProcedure(page, "contacts.create", {
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@acme-robotics.example"],
      title: "Head of Operations",
      companyId: acme.id,
      leadStatus: "qualified",
      tags: ["newsletter"],
      ownerId: uid,
    });
    await callProcedure(page, "contacts.create", { firstName: "Anna", lastName: "Lee", companyId: acme.id });
    const { tomorrow } = await browserTimes(page, { tomorrow: [1, 15] });
    await callProcedure(page, "tasks.create", {
      title: "Send Acme the proposal",
      dueAt: tomorrow,
      recordObject: "contact",
      recordId: ann.id,
      // An email (its row and details show the type) that repeats (they show the rule).
      type: "email",
      repeat: "weekly",
      repeatZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    });
    await callProcedure(page, "tasks.create", {
      title: "Call Ann about the renewal",
      dueAt: tomorrow,
      type: "call",
      recordObject: "contact",
      recordId: ann.id,
    });
    // Due two minutes ago (today, past midnight): it reminds on arriving, in each theme's browser profile.
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    await callProcedure(page, "tasks.create", {
      title: "Call Ann back",
      dueAt: new Date(Math.max(Date.now() - 2 * 60_000, today.getTime())),
      recordObject: "contact",
      recordId: ann.id,
    });
    await owner.context.close();
  });
  after(() => browser?.close());

  for (const theme of ["light", "dark"])
    it(`${theme}: lists, a record's panel, the palette, dialogs, tasks and settings`, async () => {
      // A browser set to the theme: the app follows it when nothing is stored (SPEC §4).
      const { context, page } = await newPage(browser, { colorScheme: theme, reminders: true });
      try {
        await signIn(page, { email });
        await page.waitForURL("**/home");
        await page.getByTestId("home-tasks").getByText("Send Acme the proposal").waitFor();
        // The reminder of a task that came due a moment ago, in colour, its entrance over; then out of the way.
        const reminder = page.locator("[data-sonner-toast]").filter({ hasText: "Call Ann back" });
        await reminder.waitFor();
        await reminder.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
        await screenshot(page, `accessibility-${theme}-reminder`);
        await assertAccessible(page, `${theme}: /home with a task's reminder`);
        await reminder.getByRole("button", { name: "Close toast" }).click();
        await reminder.waitFor({ state: "detached" });
        await contactViews(page, theme);
        await otherViews(page, theme);
      } finally {
        await context.close();
      }
    });

  it("signed out and being refused: sign-in, sign-up, and setup's error toast", async () => {
    const { context, page } = await newPage(browser);
    after(() => context.close());
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await assertAccessible(page, "/signin");
    await page.goto("/signup");
    await signUp(page, { email: uniqueEmail("unregistered") });
    await page.waitForURL("**/setup");
    await assertAccessible(page, "/setup");
    // A workspace without a name is refused with a toast in colour (sonner's richColors).
    await page.getByRole("button", { name: "Create workspace" }).click();
    await page.locator("[data-sonner-toast][data-type=error]").waitFor();
    // The toast's entrance has ended: colours are read as they settle.
    await page.waitForTimeout(400);
    await assertAccessible(page, "/setup with its error toast");
  });
});
