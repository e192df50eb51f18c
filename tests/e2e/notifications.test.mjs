import { after, before, describe, it } from "node:test";
import {
  assert,
  assertAccessible,
  callProcedure,
  comeBackAfterAMinute,
  eventually,
  launchBrowser,
  registeredUser,
  screenshot,
  teammateJoins,
} from "./harness.mjs";

describe("notifications: a teammate given tasks is told, and goes to them", () => {
  let browser;
  let owner;
  let theo;
  const bell = (page) => page.getByTestId("notifications-button");
  const notices = (page) => page.getByRole("dialog", { name: "Notifications" }).getByTestId("notification");
  /** Waits for the newest notification to read `text`: a list kept from before a reload shows until read again. */
  const newestIs = (page, text) =>
    eventually(async () => assert.equal((await notices(page).first().innerText()).split("\n")[0], text));

  before(async () => {
    browser = await launchBrowser();
    ({ page: owner } = await registeredUser(browser, { organization: "Tellers", name: "Nina Owner", locale: "en-US" }));
    ({ page: theo } = await teammateJoins(browser, owner, "Theo Teammate"));
    const { id: theoId } = await callProcedure(theo, "user.getUser", undefined, { kind: "query" });
    const tomorrowNoon = await owner.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      d.setHours(12, 0, 0, 0);
      return d.toISOString();
    });
    // Three made as the owner's, then given to Theo in one write: one notification for the three.
    const mine = [];
    for (const title of ["Call Ann", "Call Bo", "Call Cy"])
      mine.push(await callProcedure(owner, "tasks.create", { title }));
    await callProcedure(owner, "tasks.bulkUpdate", {
      changes: mine.map((task) => ({ id: task.id, patch: { assigneeId: theoId } })),
    });
    // Then one more given alone: a notification of its own (a bulk write's would have counted into the one before).
    await callProcedure(owner, "tasks.create", {
      title: "Send Theo the deck",
      dueAt: new Date(tomorrowNoon),
      assigneeId: theoId,
    });
  });
  after(() => browser?.close());

  it("counts the unread ones in the sidebar and lists them newest first, in words", async () => {
    await theo.goto("/home");
    await theo.getByRole("button", { name: "Notifications 2 unread" }).waitFor();
    assert.equal(await theo.getByTestId("notifications-unread").innerText(), "2");
    await bell(theo).click();
    await notices(theo).nth(1).waitFor();
    assert.deepEqual(
      (await notices(theo).allInnerTexts()).map((text) => text.split("\n")[0]),
      ["Nina Owner gave you a task: Send Theo the deck", "Nina Owner gave you 3 tasks: Call Ann and 2 more"],
    );
    assert.equal(await notices(theo).getByRole("img", { name: "Unread" }).count(), 2);
    await screenshot(theo, "notifications-open");
    await assertAccessible(theo, "the notifications list");
    // The one who gave them has none.
    await owner.goto("/home");
    await owner.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    assert.equal(await owner.getByTestId("notifications-unread").count(), 0);
    assert.deepEqual(theo.errors, []);
  });

  it("opens the task a notification names beside its tab, and counts it read", async () => {
    await notices(theo).filter({ hasText: "Send Theo the deck" }).click();
    await theo.waitForURL((url) => url.pathname === "/tasks" && url.searchParams.get("view") === "upcoming");
    assert.match(new URL(theo.url()).searchParams.get("task") ?? "", /^tsk_/);
    await theo.getByTestId("task-details").getByRole("heading", { name: "Send Theo the deck" }).waitFor();
    await theo.getByRole("button", { name: "Notifications 1 unread" }).waitFor();
    await theo.getByTestId("task-row").filter({ hasText: "Send Theo the deck" }).waitFor();
    assert.deepEqual(theo.errors, []);
  });

  it("marks them all read at once", async () => {
    await bell(theo).click();
    await theo.getByRole("button", { name: "Mark all read" }).click();
    await theo.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    assert.equal(await notices(theo).getByRole("img", { name: "Unread" }).count(), 0);
    assert.equal(await notices(theo).count(), 2);
    await theo.keyboard.press("Escape");
    await theo.getByRole("dialog", { name: "Notifications" }).waitFor({ state: "detached" });
    assert.deepEqual(theo.errors, []);
  });

  it("names a teammate in a note with @, picked as it is typed; they are told, and go to the note", async () => {
    const ann = await callProcedure(owner, "contacts.create", { firstName: "Ann", lastName: "Lee" });
    await owner.goto(`/contacts?open=${ann.id}`);
    const composer = owner.getByRole("textbox", { name: "New note" });
    await composer.click();
    await composer.pressSequentially("Can you call her, @th");
    const option = owner.getByRole("listbox", { name: "Mention a teammate" }).getByRole("option", {
      name: /Theo Teammate/,
    });
    await option.waitFor();
    assert.equal(await option.getAttribute("aria-selected"), "true");
    await screenshot(owner, "note-mention-picker");
    await composer.press("Enter");
    await composer.pressSequentially("today?");
    assert.equal(await composer.inputValue(), "Can you call her, @Theo Teammate today?");
    await composer.press("Control+Enter");
    const saved = owner.getByTestId("note").filter({ hasText: "@Theo Teammate today?" });
    await saved.waitFor();
    assert.deepEqual(await saved.locator("[data-mention]").allInnerTexts(), ["@Theo Teammate"]);
    await saved.scrollIntoViewIfNeeded();
    await screenshot(owner, "note-mention-saved");

    await theo.goto("/home");
    await theo.getByRole("button", { name: "Notifications 1 unread" }).waitFor();
    await bell(theo).click();
    await newestIs(theo, "Nina Owner mentioned you on Ann Lee: Can you call her, @Theo Teammate today?");
    const mention = notices(theo).first();
    await mention.click();
    await theo.waitForURL((url) => url.pathname === "/contacts" && url.searchParams.get("open") === ann.id);
    await theo.getByTestId("record-panel").getByTestId("note").filter({ hasText: "@Theo Teammate today?" }).waitFor();
    await theo.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    assert.deepEqual(owner.errors, []);
    assert.deepEqual(theo.errors, []);
  });

  it("says so in a toast when one arrives while the app is open; Open goes to it", async () => {
    await theo.clock.install(); // for comeBackAfterAMinute
    await theo.goto("/home");
    await theo.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    const { id: theoId } = await callProcedure(theo, "user.getUser", undefined, { kind: "query" });
    await callProcedure(owner, "tasks.create", { title: "Prepare the quarterly review", assigneeId: theoId });
    await comeBackAfterAMinute(theo, "notifications.unreadCount");
    const toast = theo
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Nina Owner gave you a task: Prepare the quarterly review" });
    await toast.waitFor();
    await theo.getByRole("button", { name: "Notifications 1 unread" }).waitFor();
    await toast.getByRole("button", { name: "Open" }).click();
    await theo.getByTestId("task-details").getByRole("heading", { name: "Prepare the quarterly review" }).waitFor();
    await theo.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    assert.deepEqual(theo.errors, []);
  });

  it("tells of contacts given in bulk in one notification, which opens the reader's own contacts", async () => {
    const { id: theoId } = await callProcedure(theo, "user.getUser", undefined, { kind: "query" });
    const leads = [];
    for (const firstName of ["Lena", "Lars", "Lotte"])
      leads.push((await callProcedure(owner, "contacts.create", { firstName, lastName: "Lind" })).id);
    await callProcedure(owner, "contacts.bulkUpdate", { ids: leads, action: { type: "assign", ownerId: theoId } });
    await theo.reload();
    await theo.getByRole("button", { name: "Notifications 1 unread" }).waitFor();
    await bell(theo).click();
    await newestIs(theo, "Nina Owner gave you 3 contacts: Lena Lind and 2 more");
    await notices(theo).first().click();
    await theo.waitForURL((url) => url.pathname === "/contacts");
    await theo.getByText("3 contacts match").waitFor();
    assert.deepEqual((await theo.getByTestId("record-row").allInnerTexts()).map((text) => text.split("\n")[0]).sort(), [
      "Lars Lind",
      "Lena Lind",
      "Lotte Lind",
    ]);
    await screenshot(theo, "notifications-contacts-given");
    assert.deepEqual(theo.errors, []);
  });

  it("names a teammate in a task's notes with @; they are told, and go to the task", async () => {
    const task = await callProcedure(owner, "tasks.create", { title: "Prepare the renewal" });
    await owner.goto(`/tasks?view=upcoming&task=${task.id}`);
    const notes = owner.getByTestId("task-details").getByRole("textbox", { name: "Notes" });
    await notes.click();
    await notes.pressSequentially("Numbers from @the");
    await owner
      .getByRole("listbox", { name: "Mention a teammate" })
      .getByRole("option", { name: /Theo Teammate/ })
      .waitFor();
    await notes.press("Tab");
    await notes.pressSequentially("please");
    assert.equal(await notes.inputValue(), "Numbers from @Theo Teammate please");
    const saved = owner.waitForResponse((response) => /\/trpc\/tasks\.update/.test(response.url()));
    await owner.getByTestId("task-details").getByRole("heading", { name: "Prepare the renewal" }).click();
    assert.equal((await saved).status(), 200);

    await theo.goto("/home");
    await theo.getByRole("button", { name: "Notifications 1 unread" }).waitFor();
    await bell(theo).click();
    await newestIs(theo, "Nina Owner mentioned you on “Prepare the renewal”: Numbers from @Theo Teammate please");
    await notices(theo).first().click();
    await theo.getByTestId("task-details").getByRole("heading", { name: "Prepare the renewal" }).waitFor();
    assert.deepEqual(owner.errors, []);
    assert.deepEqual(theo.errors, []);
  });
  it("tells two teammates of the same name apart: each is offered with their email, and only the one picked is told", async () => {
    const { page: namesake, email, context } = await teammateJoins(browser, owner, "Theo Teammate");
    const ann = await callProcedure(owner, "contacts.create", { firstName: "Ann", lastName: "Namesake" });
    await owner.goto(`/contacts?open=${ann.id}`);
    const composer = owner.getByRole("textbox", { name: "New note" });
    await composer.click();
    await composer.pressSequentially("Over to @theo");
    const options = owner.getByRole("listbox", { name: "Mention a teammate" }).getByRole("option");
    await options.nth(1).waitFor();
    assert.equal(await options.count(), 2);
    const second = options.filter({ hasText: email });
    await second.waitFor();
    await screenshot(owner, "note-mention-namesakes");
    await second.click();
    assert.equal(await composer.inputValue(), `Over to @${email} `);
    await composer.press("Control+Enter");
    const saved = owner.getByTestId("note").filter({ hasText: `@${email}` });
    await saved.waitFor();
    assert.deepEqual(await saved.locator("[data-mention]").allInnerTexts(), [`@${email}`]);

    await namesake.goto("/home");
    await namesake.getByRole("button", { name: "Notifications 1 unread" }).waitFor();
    await theo.goto("/home");
    await theo.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    assert.deepEqual(owner.errors, []);
    assert.deepEqual(namesake.errors, []);
    await context.close();
  });
});
