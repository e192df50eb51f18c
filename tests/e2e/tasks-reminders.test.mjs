import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  eventually,
  loggedErrors,
  launchBrowser,
  registeredUser,
  screenshot,
  settled,
  toastsShown,
} from "./harness.mjs";

/**
 * Runs in the page before its scripts: a Notification that records what it is asked to show (headless Chromium shows
 * none), and a switch for the tab being in the background (`window.__hidden`), which the page reads as a real one.
 */
function fakeDesktop() {
  window.__notifications = [];
  let permission = "default";
  try {
    permission = sessionStorage.getItem("notificationPermission") ?? permission;
  } catch {
    // A frame without storage (about:blank): no app runs there.
  }
  class FakeNotification {
    static permission = permission;
    static async requestPermission() {
      window.__permissionAsked = true;
      if (FakeNotification.permission === "default") FakeNotification.permission = "granted";
      // Kept as a browser keeps it, for the pages loaded next.
      sessionStorage.setItem("notificationPermission", FakeNotification.permission);
      return FakeNotification.permission;
    }
    constructor(title, options) {
      this.title = title;
      window.__notifications.push({ title, body: options?.body, notification: this });
    }
    close() {}
  }
  window.Notification = FakeNotification;
  // A page loaded "in the background" starts so (however long it takes to load, the tab is never seen in front).
  try {
    window.__hidden = sessionStorage.getItem("hidden") === "yes";
  } catch {
    // A frame without storage (about:blank).
  }
  Object.defineProperty(Document.prototype, "hidden", { get: () => window.__hidden === true });
  Object.defineProperty(Document.prototype, "visibilityState", {
    get: () => (window.__hidden === true ? "hidden" : "visible"),
  });
}

describe("task reminders: at a task's time, once in this browser; opened, completed or snoozed from the toast", () => {
  let browser;
  let context;
  let page;
  let ann;
  const reminder = (on, title) =>
    on.locator("[data-sonner-toast]").filter({ has: on.getByRole("button", { name: title, exact: true }) });
  const dueIn = (ms) => new Date(Date.now() + ms);
  const task = (title, dueAt, extra = {}) => callProcedure(page, "tasks.create", { title, dueAt, ...extra });
  /**
   * Before a task already due is made: a page of the app left open would read it as it loads (the last test's page
   * does), show its reminder, and go with it as the test opens the app. The Worker's /health is of the app's origin
   * (the ID token the calls take is read from its storage) and runs none of it.
   */
  const leaveTheApp = () => page.goto("/health");
  /** Waits until the page has read today's tasks (the reminders' list, or the page's own). */
  const todayRead = (on) => on.waitForResponse((response) => response.url().includes("tasks.list") && response.ok());

  before(async () => {
    browser = await launchBrowser();
    ({ context, page } = await registeredUser(browser, {
      organization: "Remindful",
      name: "Rosa Reminder",
      locale: "en-US",
      reminders: true,
    }));
    await context.addInitScript(fakeDesktop);
    ann = await callProcedure(page, "contacts.create", {
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@lee.example"],
    });
  });
  after(() => browser?.close());

  it("reminds of a task when it is due, not before, with its record; its title opens the task", async () => {
    await page.goto("/home");
    await page.getByTestId("home-tasks").waitFor();
    const dueAt = dueIn(6_000);
    const created = await task("Call Ann about the renewal", dueAt, { recordObject: "contact", recordId: ann.id });
    // The list the reminders read is read again at most every 5 minutes: a page of today's tasks reads it now.
    await page.goto("/tasks");
    const toast = reminder(page, "Call Ann about the renewal");
    await toast.waitFor({ timeout: 20_000 });
    assert.ok(Date.now() >= dueAt.getTime() - 250, "the reminder showed before the task was due");
    assert.match(await toast.innerText(), /Due now, \d{1,2}:\d{2}\s?[AP]M/);
    assert.match(await toast.innerText(), /Ann Lee/);
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, "task reminder");
    await toast.getByRole("button", { name: "Call Ann about the renewal" }).click();
    await page.waitForURL((url) => url.searchParams.get("task") === created.id);
    await page.getByTestId("task-details").waitFor();
    await toast.waitFor({ state: "detached" });
  });

  it("shows each reminder in one tab of the browser, and not again after a reload", async () => {
    const second = await context.newPage();
    await task("Send the contract", dueIn(8_000));
    await Promise.all([page.goto("/contacts"), second.goto("/home")]);
    await eventually(async () => {
      const shown = [...(await toastsShown(page)), ...(await toastsShown(second))];
      assert.ok(shown.some((text) => text.includes("Send the contract")));
    }, 20_000);
    // Long enough for a tab that lost the claim to have shown it too, had it not.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const showing = [];
    for (const tab of [page, second])
      if ((await toastsShown(tab)).some((text) => text.includes("Send the contract"))) showing.push(tab);
    assert.equal(showing.length, 1, "the reminder showed in both tabs");
    await second.close();
    await page.reload();
    await todayRead(page);
    await settled(page);
    assert.equal(await reminder(page, "Send the contract").count(), 0);
  });

  it("still reminds on opening the app of a task that came due minutes ago; Done completes it, with Undo", async () => {
    await leaveTheApp();
    const late = await task("Confirm the venue", dueIn(-4 * 60_000));
    await page.goto("/home");
    const toast = reminder(page, "Confirm the venue");
    await toast.waitFor({ timeout: 15_000 });
    assert.match(await toast.innerText(), /Was due/);
    // From the keyboard: Alt+T reaches the notifications, Tab their buttons.
    await page.keyboard.press("Alt+T");
    const done = toast.getByRole("button", { name: "Done" });
    const tabs = [];
    while (!(await done.evaluate((button) => button === document.activeElement)) && tabs.length < 6) {
      await page.keyboard.press("Tab");
      tabs.push(await page.evaluate(() => document.activeElement?.textContent || document.activeElement?.ariaLabel));
    }
    assert.ok(tabs.length < 6, `Tab went through ${tabs.join(", ")}, not to Done`);
    await page.keyboard.press("Enter");
    await page.locator("[data-sonner-toast]").filter({ hasText: "Completed “Confirm the venue”" }).waitFor();
    await eventually(async () => {
      const saved = await callProcedure(page, "tasks.get", { id: late.id }, { kind: "query" });
      assert.equal(saved.task.status, "done");
    });
  });

  it("follows the preference: off, none shows; 15 minutes before, it says how soon the task is due", async () => {
    await page.goto("/settings/preferences");
    const select = page.getByRole("combobox", { name: "Remind me of my tasks" });
    await select.selectOption({ label: "Off" });
    const plants = await task("Water the plants", dueIn(-60_000));
    await page.goto("/home");
    await page.getByTestId("home-tasks").getByText("Water the plants").waitFor();
    await settled(page, { quietMs: 1_500 });
    assert.equal(await reminder(page, "Water the plants").count(), 0, "a reminder showed while they were off");

    await page.goto("/settings/preferences");
    await select.selectOption({ label: "15 minutes before" });
    await leaveTheApp();
    await task("Book the flights", dueIn(14 * 60_000));
    await page.goto("/tasks");
    // Done with it: it would remind once reminders are back at the due time.
    await callProcedure(page, "tasks.delete", { id: plants.id });
    const toast = reminder(page, "Book the flights");
    await toast.waitFor({ timeout: 15_000 });
    assert.match(await toast.innerText(), /Due in 1[34] min/);
    // The task that came due while they were off stays quiet: it was not due to remind when they turned them on.
    assert.equal(await reminder(page, "Water the plants").count(), 0);
    await page.goto("/settings/preferences");
    await select.selectOption({ label: "At the due time" });
  });

  it("with desktop notifications on and the tab in the background, a notification opens the task", async () => {
    await page.goto("/settings/preferences");
    const desktop = page.getByRole("switch", { name: "Desktop notifications" });
    assert.equal(await desktop.getAttribute("aria-checked"), "false");
    await desktop.click();
    await eventually(async () => assert.equal(await desktop.getAttribute("aria-checked"), "true"));
    await desktop.evaluate((el) =>
      Promise.all(el.parentElement.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    await screenshot(page, "preferences task reminders");
    const created = await task("Follow up with Ann", dueIn(4_000));
    await page.evaluate(() => sessionStorage.setItem("hidden", "yes"));
    await page.goto("/home");
    await page.getByTestId("home-tasks").getByText("Follow up with Ann").waitFor();
    await page.waitForFunction(() => window.__notifications.length > 0, null, { timeout: 20_000 });
    const shown = await page.evaluate(() => window.__notifications.map(({ title, body }) => ({ title, body })));
    assert.deepEqual(
      shown.map(({ title }) => title),
      ["Follow up with Ann"],
    );
    assert.match(shown[0].body, /^Due now, /);
    // The toast waits in the tab too, for when the person comes back to it.
    assert.equal(await reminder(page, "Follow up with Ann").count(), 1);
    await page.evaluate(() => {
      sessionStorage.removeItem("hidden");
      window.__hidden = false;
      window.__notifications[0].notification.onclick();
    });
    await page.waitForURL((url) => url.searchParams.get("task") === created.id);
    await page.getByTestId("task-details").waitFor();
  });

  it("says how to allow notifications when the browser blocks them", async () => {
    await page.evaluate(() => sessionStorage.setItem("notificationPermission", "denied"));
    await page.goto("/settings/preferences");
    const desktop = page.getByRole("switch", { name: "Desktop notifications" });
    await page.getByRole("alert").getByText("The browser blocks notifications from this site").waitFor();
    assert.equal(await desktop.getAttribute("aria-checked"), "false");
    await desktop.click();
    assert.equal(await page.evaluate(() => window.__permissionAsked), true);
    await page.getByRole("alert").getByText("The browser blocks notifications from this site").waitFor();
    await page.evaluate(() => sessionStorage.removeItem("notificationPermission"));
  });

  it("snoozes a reminder for 10 minutes: it comes back then", async () => {
    // Last: the clock is the browser context's, every tab's, from now on.
    await page.clock.install();
    await leaveTheApp();
    await task("Prepare the quarterly review", dueIn(-60_000));
    await page.goto("/home");
    const toast = reminder(page, "Prepare the quarterly review");
    await toast.waitFor({ timeout: 15_000 });
    await toast.getByRole("button", { name: "Snooze" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Snoozed “Prepare the quarterly review”" }).waitFor();
    await toast.waitFor({ state: "detached" });
    await page.clock.fastForward("09:00");
    await settled(page);
    assert.equal(await toast.count(), 0, "the snoozed reminder came back early");
    await page.clock.fastForward("01:10");
    await toast.waitFor({ timeout: 15_000 });
    assert.deepEqual(loggedErrors(page), []);
  });
});
