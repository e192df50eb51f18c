import { after, before, describe, it } from "node:test";
import { assert, callProcedure, launchBrowser, registeredUser, screenshot, settled } from "./harness.mjs";

describe("logging calls, meetings and emails on a record", () => {
  let browser;
  let page;
  const panel = () => page.getByTestId("record-panel");
  const notes = () => panel().getByTestId("note");
  const lastActivity = (name) =>
    page.getByTestId("record-row").filter({ hasText: name }).locator('[data-column-id="lastActivityAt"]');

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Dialers", name: "Ada Lovelace", locale: "en-US" }));
    await callProcedure(page, "contacts.create", { firstName: "Grace", lastName: "Hopper", title: "Rear admiral" });
    await callProcedure(page, "contacts.create", { firstName: "Alan", lastName: "Turing" });
  });
  after(() => browser?.close());

  it("logs a call with its outcome and time; the notes, timeline and 'Last activity' show it", async () => {
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Last activity" }).click();
    await page.keyboard.press("Escape");
    const graceRow = page.getByTestId("record-row").filter({ hasText: "Grace Hopper" });
    await graceRow.click();
    await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();
    // The heading shows from the list at once; the panel's sections arrive after it and push the composer down, and a
    // press that starts on a kind's button and ends after it moved is no click (a run found Note still chosen).
    await settled(page);

    await panel().getByRole("button", { name: "Call", exact: true }).click();
    assert.equal(await panel().getByRole("button", { name: "Call", exact: true }).getAttribute("aria-pressed"), "true");
    await panel()
      .getByRole("textbox", { name: "What happened on the call" })
      .fill("Asked about pricing; send the deck.");
    await panel().getByRole("combobox", { name: "Outcome" }).selectOption({ label: "Left voicemail" });
    const when = panel().getByRole("textbox", { name: "When" });
    await when.fill("tomorrow 9am");
    await panel().getByRole("alert").filter({ hasText: "That is in the future" }).waitFor();
    assert.equal(await panel().getByRole("button", { name: "Log call" }).isDisabled(), true);
    await when.fill("2 hours ago");
    await screenshot(page, "log-call");
    await panel().getByRole("button", { name: "Log call" }).click();

    const call = notes().filter({ hasText: "Asked about pricing; send the deck." });
    await call.waitFor();
    const header = await call.innerText();
    assert.match(header, /Call/);
    assert.match(header, /Left voicemail/);
    assert.match(header, /2 hours ago/);
    // The composer is ready for the next one, still on "Call".
    assert.equal(await panel().getByRole("textbox", { name: "What happened on the call" }).inputValue(), "");
    assert.equal(await when.inputValue(), "");

    const entry = panel().getByTestId("timeline-item").first();
    await entry.filter({ hasText: "logged a call" }).waitFor();
    assert.match(await entry.innerText(), /Left voicemail · Asked about pricing; send the deck\./);

    // The panel's details and the list's column say when Grace was last worked; Alan never was.
    await panel().getByText("Last activity").waitFor();
    await lastActivity("Grace Hopper").filter({ hasText: "2 hours ago" }).waitFor();
    assert.equal(await lastActivity("Alan Turing").innerText(), "—");
    await screenshot(page, "logged-call");
    assert.deepEqual(page.errors, []);
  });

  it("edits a logged call's outcome and time, then deletes it, and the timeline says so", async () => {
    const call = notes().filter({ hasText: "Asked about pricing" });
    await call.hover();
    await call.getByRole("button", { name: "Edit call" }).click();
    await call.getByRole("combobox", { name: "Outcome" }).selectOption({ label: "Connected" });
    // It took place 5 hours ago, not 2: its time, and Grace's last activity, move back.
    await call.getByRole("textbox", { name: "When" }).fill("5 hours ago");
    await screenshot(page, "edit-logged-call");
    await call.getByRole("button", { name: "Save", exact: true }).click();
    await call.getByText("Connected").waitFor();
    await call.getByText("5 hours ago").waitFor();
    const edit = panel().getByTestId("timeline-item").filter({ hasText: "edited a call" });
    await edit.waitFor();
    assert.match(await edit.innerText(), /Outcome: Left voicemail → Connected/);
    assert.match(await edit.innerText(), /When: /);
    await lastActivity("Grace Hopper").filter({ hasText: "5 hours ago" }).waitFor();

    await call.hover();
    await call.getByRole("button", { name: "Delete call" }).click();
    await page.getByRole("dialog", { name: "Delete this call?" }).getByRole("button", { name: "Delete call" }).click();
    await call.waitFor({ state: "detached" });
    await panel().getByTestId("timeline-item").filter({ hasText: "deleted a call" }).waitFor();
    // It was Grace's only activity: the list no longer says she was worked 2 hours ago.
    await lastActivity("Grace Hopper").filter({ hasText: "—" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("shows the timeline's notes and activities or its changes alone", async () => {
    const entries = () => panel().getByTestId("timeline-item");
    const all = await entries().allInnerTexts();
    const show = (label) =>
      panel().getByRole("radiogroup", { name: "Show in the timeline" }).getByRole("radio", { name: label });

    await show("Notes & activities").click();
    assert.equal(await show("Notes & activities").getAttribute("aria-checked"), "true");
    const activities = await entries().allInnerTexts();
    await screenshot(page, "timeline-activities");
    assert.deepEqual(
      activities.map((text) => text.match(/(logged|edited|deleted) a call/)?.[0]),
      ["deleted a call", "edited a call", "logged a call"],
    );

    await show("Changes").click();
    const changes = await entries().allInnerTexts();
    assert.ok(changes.length > 0 && changes.every((text) => !/ a call/.test(text)), changes.join(" | "));
    assert.ok(changes.some((text) => /created this contact/.test(text)));
    assert.equal(activities.length + changes.length, all.length);

    await show("All").click();
    // "You edited a call · now": who and what, not the relative time, which moves on.
    const heads = (texts) => texts.map((text) => text.split(" · ")[0]);
    assert.deepEqual(heads(await entries().allInnerTexts()), heads(all));
    assert.deepEqual(page.errors, []);
  });

  it("a company's last activity is its people's and its own: the newest, in its column and panel", async () => {
    const acme = await callProcedure(page, "companies.create", { name: "Acme Analytics" });
    await callProcedure(page, "companies.create", { name: "Quiet Corp" });
    const linus = await callProcedure(page, "contacts.create", { firstName: "Linus", companyId: acme.id });
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await callProcedure(page, "notes.create", {
      recordObject: "contact",
      recordId: linus.id,
      kind: "meeting",
      outcome: "completed",
      body: "Quarterly review",
      occurredAt: threeDaysAgo,
    });

    await page.goto("/companies");
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Last activity" }).click();
    await page.keyboard.press("Escape");
    await lastActivity("Acme Analytics").filter({ hasText: "3 days ago" }).waitFor();
    assert.equal(await lastActivity("Quiet Corp").innerText(), "—");

    // An email logged on the company itself is newer: it becomes the company's last activity.
    // By its name: the row's middle is another cell, whose edit button shows under the pointer.
    await page
      .getByTestId("record-row")
      .filter({ hasText: "Acme Analytics" })
      .locator('[data-column-id="name"]')
      .click();
    await panel().getByRole("heading", { name: "Acme Analytics" }).waitFor();
    await settled(page); // the sections above the composer are in: its buttons stay where they are
    await panel().getByRole("button", { name: "Email", exact: true }).click();
    await panel().getByRole("textbox", { name: "What happened on the email" }).fill("Sent the renewal quote.");
    await panel().getByRole("button", { name: "Log email" }).click();
    await notes().filter({ hasText: "Sent the renewal quote." }).waitFor();
    await lastActivity("Acme Analytics")
      .filter({ hasText: /now|second|minute/ })
      .waitFor();
    const details = panel().getByTestId("record-fields");
    await details.getByText("Last activity").waitFor();
    await screenshot(page, "company-last-activity");
    assert.deepEqual(page.errors, []);
  });
});
