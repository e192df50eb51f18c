import { after, before, describe, it } from "node:test";
import {
  addContact,
  assert,
  callProcedure,
  launchBrowser,
  loggedErrors,
  recordTotal,
  registeredUser,
  screenshot,
} from "./harness.mjs";

describe("record actions on /contacts: notes, bulk edits, merge, trash", () => {
  let browser;
  let page;
  const row = (name) => page.getByTestId("record-row").filter({ hasText: name });
  const total = (text) => recordTotal(page, text);
  const panel = () => page.getByTestId("record-panel");
  const toast = (text) => page.locator("[data-sonner-toast]").filter({ hasText: text });
  const select = (name) => row(name).getByRole("checkbox", { name: "Select row" }).click();

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Mergers Inc", name: "Max Merger" }));
    await page.goto("/contacts");
    await page.getByText("No contacts yet").waitFor();
    await addContact(page, { firstName: "Ann", lastName: "Lee", email: "ann@lee.example", title: "CTO" });
    await addContact(page, { firstName: "Annie", lastName: "Lee", email: "annie@lee.example" });
  });
  after(() => browser?.close());

  it("writes, edits and deletes notes in the side panel; the timeline tells each", async () => {
    await row("Annie Lee").click();
    await panel().getByRole("heading", { name: "Annie Lee" }).waitFor();
    const composer = panel().getByRole("textbox", { name: "New note" });
    await composer.fill("Met at the conference");
    await composer.press("Control+Enter");
    const note = panel().getByTestId("note").filter({ hasText: "Met at the conference" });
    await note.waitFor();
    assert.equal(await composer.inputValue(), "", "the composer empties after saving");
    await panel().getByTestId("timeline-item").filter({ hasText: "added a note" }).waitFor();

    // A second note, edited inline and then deleted.
    await composer.fill("Call back on Monday");
    await panel().getByRole("button", { name: "Save note" }).click();
    const second = panel().getByTestId("note").filter({ hasText: "Call back on Monday" });
    await second.hover();
    await second.getByRole("button", { name: "Edit note" }).click();
    // While it is edited, the note's text is in the textarea (not matched by hasText).
    const editor = panel().getByRole("textbox", { name: "Edit note" });
    await editor.fill("Call back on Tuesday");
    await editor.press("Control+Enter");
    await panel().getByTestId("note").filter({ hasText: "Call back on Tuesday" }).waitFor();
    await panel().getByTestId("timeline-item").filter({ hasText: "edited a note" }).waitFor();
    const edited = panel().getByTestId("note").filter({ hasText: "Call back on Tuesday" });
    await edited.hover();
    await edited.getByRole("button", { name: "Delete note" }).click();
    await page.getByRole("dialog", { name: "Delete this note?" }).getByRole("button", { name: "Delete note" }).click();
    await edited.waitFor({ state: "detached" });
    await panel().getByTestId("timeline-item").filter({ hasText: "deleted a note" }).waitFor();
    assert.equal(await panel().getByTestId("note").count(), 1);
    // Deleted by mistake: the toast's Undo brings it back, in its place, and the timeline says so.
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Deleted the note." })
      .getByRole("button", { name: "Undo" })
      .click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Restored the note." }).waitFor();
    await edited.waitFor();
    await panel().getByTestId("timeline-item").filter({ hasText: "restored a note" }).waitFor();
    assert.equal(await panel().getByTestId("note").count(), 2);
    await edited.hover();
    await edited.getByRole("button", { name: "Delete note" }).click();
    await page.getByRole("dialog", { name: "Delete this note?" }).getByRole("button", { name: "Delete note" }).click();
    await edited.waitFor({ state: "detached" });
    await screenshot(page, "record-notes");
    await panel().getByRole("button", { name: "Close panel" }).click();
    await panel().waitFor({ state: "hidden" });
  });

  it("tags and assigns selected contacts in bulk", async () => {
    await select("Ann Lee");
    await select("Annie Lee");
    const bar = page.getByTestId("selection-bar");
    await bar.getByText("2 selected").waitFor();
    // From the keyboard alone: the menu opens on "Add tag…", and the dialog it opens starts in the tag's field (it
    // started on the X: the menu took the field's focus back as it closed).
    await bar.getByRole("button", { name: "Tags" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Add tag…" }).waitFor();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add a tag to 2 contacts" });
    await dialog.waitFor();
    await page.keyboard.type("conference");
    assert.equal(await dialog.locator('input[name="tag"]').inputValue(), "conference");
    await page.keyboard.press("Enter");
    await toast("Tagged 2 contacts “conference”.").waitFor();
    await dialog.waitFor({ state: "hidden" });

    await bar.getByRole("button", { name: "Assign" }).click();
    await page.getByRole("menuitem", { name: "Max Merger" }).click();
    await toast("Assigned 2 contacts to Max Merger.").waitFor();
    // The toasts stack above the bar, leaving its buttons uncovered.
    const barBox = await bar.boundingBox();
    await page.waitForFunction(
      (barTop) => {
        const shown = [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')];
        return shown.length > 0 && shown.every((el) => el.getBoundingClientRect().bottom <= barTop);
      },
      barBox.y,
      { timeout: 3_000 },
    );
    await screenshot(page, "bulk-actions");

    // In a narrow window the bar still fits its table: the actions keep their names, shown as icons.
    await page.setViewportSize({ width: 800, height: 700 });
    try {
      await page.waitForFunction(() => {
        const bar = document.querySelector('[data-testid="selection-bar"]');
        return bar && bar.scrollWidth <= bar.clientWidth && bar.getBoundingClientRect().right <= innerWidth;
      });
      const label = await bar.getByText("Assign", { exact: true }).boundingBox();
      assert.ok(label.width <= 1, `the label gives way to its icon (${label.width} px)`);
      await bar.getByRole("button", { name: "Assign" }).waitFor();
      await screenshot(page, "bulk-actions-narrow");
    } finally {
      await page.setViewportSize({ width: 1360, height: 860 });
    }
  });

  it("sets a custom property, and a lead status, on the selected contacts", async () => {
    await callProcedure(page, "properties.create", {
      object: "contact",
      key: "segment",
      label: "Segment",
      type: "select",
      options: ["SMB", "Enterprise"],
    });
    await page.reload();
    await row("Annie Lee").waitFor();
    await select("Ann Lee");
    await select("Annie Lee");
    await page.getByTestId("selection-bar").getByRole("button", { name: "Set property" }).click();
    const dialog = page.getByRole("dialog", { name: "Set a property on 2 contacts" });
    // The dialog starts on its first field, not on its X.
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "property");
    await dialog.locator('select[name="property"]').selectOption({ label: "Segment" });
    await dialog.locator('select[name="value"]').selectOption("Enterprise");
    await screenshot(page, "bulk-set-property");
    await dialog.getByRole("button", { name: "Set property" }).click();
    await toast("Set Segment to “Enterprise” on 2 contacts.").waitFor();
    await dialog.waitFor({ state: "hidden" });
    for (const name of ["Ann Lee", "Annie Lee"])
      await row(name).locator('[data-column-id="prop:segment"]').filter({ hasText: "Enterprise" }).waitFor();

    // A built-in field too: the lead status, by its label, which every contact keeps (no Clear value).
    await page.getByTestId("selection-bar").getByRole("button", { name: "Set property" }).click();
    await dialog.locator('select[name="property"]').selectOption({ label: "Lead status" });
    await dialog.locator('select[name="value"]').selectOption({ label: "Contacted" });
    assert.equal(await dialog.getByRole("button", { name: "Clear value" }).count(), 0);
    await screenshot(page, "bulk-set-lead-status");
    await dialog.getByRole("button", { name: "Set property" }).click();
    await toast("Set Lead status to “Contacted” on 2 contacts.").waitFor();
    for (const name of ["Ann Lee", "Annie Lee"])
      await row(name).locator('[data-column-id="leadStatus"]').filter({ hasText: "Contacted" }).waitFor();
  });

  it("merge two contacts", async () => {
    const bar = page.getByTestId("selection-bar");
    await bar.getByText("2 selected").waitFor();
    await bar.getByRole("button", { name: "Merge" }).click();
    const dialog = page.getByRole("dialog", { name: "Merge two contacts" });
    // Both side by side, with what each holds.
    await dialog.getByRole("radio", { name: "Keep Ann Lee" }).waitFor();
    await dialog.getByText("1 note · 0 tasks").waitFor();
    await dialog.getByRole("radio", { name: "Keep Ann Lee" }).click();
    assert.equal(await dialog.getByRole("radio", { name: "Keep Ann Lee" }).getAttribute("aria-checked"), "true");
    await screenshot(page, "merge-dialog");

    // A teammate edits Ann meanwhile: the merge is refused, the comparison is read again, and says so.
    const found = await callProcedure(page, "search.records", { query: "ann@lee.example" }, { kind: "query" });
    const { contact: ann } = await callProcedure(
      page,
      "contacts.get",
      { id: found.contacts.find((c) => c.name === "Ann Lee").id },
      { kind: "query" },
    );
    await callProcedure(page, "contacts.update", { id: ann.id, version: ann.version, patch: { title: "CEO" } });
    await dialog.getByRole("button", { name: "Merge into “Ann Lee”" }).click();
    const refused = toast("Could not merge: Max Merger changed this record at");
    await refused.waitFor();
    assert.match(await refused.innerText(), /The comparison now shows their change; merge again to go on\.$/);
    await dialog.getByText("CEO", { exact: true }).first().waitFor();
    // The refused merge's 409 is the one console error expected here.
    assert.deepEqual(loggedErrors(page), ["409 contacts.merge"]);
    page.errors.length = 0;
    await dialog.getByRole("button", { name: "Merge into “Ann Lee”" }).click();
    await dialog.waitFor({ state: "hidden" });
    await toast("Merged “Annie Lee” into “Ann Lee”.").waitFor();
    assert.match(await toast("Merged").innerText(), /1 note/);

    // The survivor opens, holding the moved note in its notes and its timeline.
    await panel().getByRole("heading", { name: "Ann Lee", exact: true }).waitFor();
    await panel().getByTestId("note").filter({ hasText: "Met at the conference" }).waitFor();
    await panel().getByTestId("timeline-item").filter({ hasText: "Met at the conference" }).waitFor();
    await panel().getByTestId("timeline-item").filter({ hasText: "merged a duplicate into this record" }).waitFor();
    assert.match(await panel().innerText(), /annie@lee\.example/, "the emails are combined");
    await screenshot(page, "merge-survivor");

    // The duplicate left the list…
    await row("Annie Lee").waitFor({ state: "detached" });
    await total("1 contact").waitFor();
    await panel().getByRole("button", { name: "Close panel" }).click();

    // …and waits in the trash, from where it can be restored.
    await page.getByRole("button", { name: "Trash" }).click();
    await page.getByRole("heading", { name: "Contacts · Trash" }).waitFor();
    await row("Annie Lee").waitFor();
    assert.equal(await row("Ann Lee").filter({ hasNotText: "Annie" }).count(), 0);
    // The trash says when each record was deleted, the latest first.
    await page.locator('[data-testid="column-header-deletedAt"][aria-sort="descending"]').waitFor();
    assert.match(await row("Annie Lee").locator('[data-column-id="deletedAt"]').innerText(), /ago|now/);
    await screenshot(page, "contacts-trash");
    await select("Annie Lee");
    await page.getByTestId("selection-bar").getByRole("button", { name: "Restore" }).click();
    await toast("Restored 1 contact.").waitFor();
    await row("Annie Lee").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Leave trash" }).click();
    await row("Annie Lee").waitFor();
    await total("2 contacts").waitFor();
    // Back to the list's own sort and columns.
    await page.locator('[data-testid="column-header-name"][aria-sort="ascending"]').waitFor();
    assert.equal(await page.getByTestId("column-header-deletedAt").count(), 0);
    assert.deepEqual(page.errors, []);
  });

  it("the merge dialog and the notes read well in the dark theme", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Dark theme" }).click();
    await page.waitForSelector("html.dark");
    await select("Ann Lee");
    await select("Annie Lee");
    await page.getByTestId("selection-bar").getByRole("button", { name: "Merge" }).click();
    const dialog = page.getByRole("dialog", { name: "Merge two contacts" });
    await dialog
      .getByText(/\d+ notes? · \d+ tasks?/)
      .first()
      .waitFor();
    await screenshot(page, "merge-dialog-dark");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.keyboard.press("Escape");
    await row("Ann Lee").filter({ hasNotText: "Annie" }).click();
    await panel().getByTestId("note").first().waitFor();
    await screenshot(page, "record-notes-dark");
    assert.deepEqual(page.errors, []);
  });
});
