import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  editCellText,
  eventually,
  fillNewContact,
  holdRequest,
  launchBrowser,
  openCellEditor,
  procedureRoute,
  registeredUser,
  screenshot,
  settled,
} from "./harness.mjs";

describe("/contacts: create a contact, edit cells inline, read its side panel", () => {
  let browser;
  let page;
  const row = () => page.getByTestId("record-row").filter({ hasText: "Grace Hopper" });
  const cell = (columnId) => row().locator(`[data-column-id="${columnId}"]`);
  const panel = () => page.getByTestId("record-panel");

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Hopper Labs", name: "Ada Lovelace" }));
  });
  after(() => browser?.close());

  it("creates a contact in the New contact dialog; it shows in the table and opens in the side panel", async () => {
    await page.goto("/contacts");
    await page.getByText("No contacts yet").waitFor();
    const dialog = await fillNewContact(page, {
      firstName: "Grace",
      lastName: "Hopper",
      email: "Grace.Hopper@Navy.example",
      title: "Rear Admiral",
    });
    await dialog.getByRole("button", { name: "Create contact" }).click();
    await dialog.waitFor({ state: "hidden" });

    await row().waitFor();
    assert.equal(await cell("email").innerText(), "grace.hopper@navy.example", "the email is stored normalised");
    assert.equal(await cell("title").innerText(), "Rear Admiral");
    assert.equal(await cell("leadStatus").innerText(), "New");
    assert.equal(await page.getByTestId("record-total").innerText(), "1 contact");

    // The confirmation offers to open the new record.
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Grace Hopper added to contacts." });
    await toast.getByRole("button", { name: "Open" }).click();
    await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();
    assert.equal(await row().getAttribute("data-open"), "true", "the open record's row is marked");
    await panel().getByTestId("timeline-item").filter({ hasText: "created this contact" }).waitFor();
    await panel().getByRole("button", { name: "Close panel" }).click();
    await panel().waitFor({ state: "hidden" });
  });

  it("edits the title and the lead status inline; both survive a reload and show on the timeline", async () => {
    // The pencil that hover shows edits in place (a click on the row would open the record). Only the cell under the
    // pointer has one: a hidden button in every cell doubled the table's elements.
    const editButtons = page.getByTestId("record-table").locator('button[aria-label^="Edit "]');
    await page.mouse.move(0, 0);
    await editButtons.first().waitFor({ state: "detached" });
    await cell("email").hover();
    await cell("email").getByRole("button", { name: "Edit Email" }).waitFor();
    assert.equal(await editButtons.count(), 1, "one edit button, in the hovered cell");
    await editCellText(cell("title"), "Title", "Director of Programming");
    assert.equal(await cell("title").innerText(), "Director of Programming");

    await cell("leadStatus").hover();
    await cell("leadStatus").getByRole("button", { name: "Edit Lead status" }).click();
    await page.getByRole("menuitemradio", { name: "Qualified", exact: true }).click();
    await page.getByRole("menu").waitFor({ state: "detached" });
    const shown = await cell("leadStatus").innerText();
    if (shown !== "Qualified") {
      // Seen once in many runs: say what the page showed, to tell a lost pick from a late one.
      await screenshot(page, "lead-status-edit-missed");
      const toasts = await page.locator("[data-sonner-toast]").allInnerTexts();
      await page.waitForTimeout(2000);
      const later = await cell("leadStatus").innerText();
      assert.fail(
        `The cell read ${shown} after Qualified was picked (2 s later: ${later}; toasts: ${toasts.join(" | ")})`,
      );
    }

    // Each edit is saved on the server, not only in the optimistic cache.
    await settled(page);
    await page.reload();
    await row().waitFor();
    assert.equal(await cell("title").innerText(), "Director of Programming");
    assert.equal(await cell("leadStatus").innerText(), "Qualified");

    await row().click();
    await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();
    const changes = panel().getByTestId("timeline-change");
    await changes.filter({ hasText: "Lead status" }).waitFor();
    const texts = (await changes.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
    assert.ok(texts.includes("Title: Rear Admiral → Director of Programming"), texts.join(" | "));
    assert.ok(texts.includes("Lead status: New → Qualified"), texts.join(" | "));
    assert.equal(await panel().getByTestId("timeline-item").count(), 3, "created, then two updates");
    assert.match(await panel().innerText(), /Title\s+Director of Programming/);
    // Every field keeps its row; an empty one reads "—".
    const values = await panel().getByTestId("record-fields").locator("dd").allInnerTexts();
    assert.ok(values.length >= 10, `${values.length} fields`);
    assert.deepEqual(
      values.filter((v) => v.trim() === ""),
      [],
      "no field is blank",
    );
    assert.equal(await panel().getByLabel("Loading contact").count(), 0);
    await screenshot(page, "record-page");
    assert.deepEqual(page.errors, []);
  });
  it("keeps a row's tags on one line: those that fit, then +N, every one named in the tooltip", async () => {
    const tags = ["newsletter", "decision-maker", "event-2025", "partner-program"];
    const { id } = await callProcedure(page, "contacts.create", { firstName: "Tag", lastName: "Heavy", tags });
    await page.goto("/contacts");
    const tagged = page.locator(`[data-row-id="${id}"]`);
    const tagsCell = tagged.locator('[data-column-id="tags"]');
    await tagsCell.scrollIntoViewIfNeeded();
    const more = tagsCell.getByText(/^\+\d+$/);
    await more.waitFor();
    const shown = await tagsCell.locator("[data-chip]:not([aria-hidden])").allInnerTexts();
    assert.ok(shown.length >= 1 && shown.length < tags.length, `shown: ${shown}`);
    assert.deepEqual(shown, tags.slice(0, shown.length));
    assert.equal(await more.innerText(), `+${tags.length - shown.length}`);
    assert.equal(await tagsCell.locator("[title]").getAttribute("title"), tags.join(", "));
    // Nothing spills out of the row: the chips sit inside the cell, on one line.
    const rowBox = await tagged.boundingBox();
    const cellBox = await tagsCell.boundingBox();
    for (const chip of await tagsCell.locator("[data-chip]:not([aria-hidden])").all()) {
      const box = await chip.boundingBox();
      assert.ok(box.y >= rowBox.y && box.y + box.height <= rowBox.y + rowBox.height, "a chip inside the row");
      assert.ok(box.x + box.width <= cellBox.x + cellBox.width + 0.5, "a chip inside its cell");
    }
    await screenshot(page, "contacts-tags-one-line");
    assert.deepEqual(page.errors, []);
  });
  it("shades the table's right edge while more columns lie past it, and not once scrolled to the last", async () => {
    await page.goto("/contacts");
    await row().waitFor();
    const grid = page.getByTestId("record-table");
    const shade = page.getByTestId("more-columns");
    await shade.waitFor();
    await screenshot(page, "contacts-more-columns");
    await grid.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await shade.waitFor({ state: "detached" });
    await grid.evaluate((el) => el.scrollTo({ left: 0 }));
    await shade.waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("refuses an email another contact has: the toast names who has it, offers no 'Save mine', the cell keeps its own", async () => {
    await callProcedure(page, "contacts.create", {
      firstName: "Mary",
      lastName: "Hopper",
      emails: ["mary@navy.example"],
    });
    await page.reload();
    await row().waitFor();
    const editor = await openCellEditor(cell("email"), "Email");
    await editor.fill("mary@navy.example");
    await editor.press("Enter");

    const refusal = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Could not save email: mary@navy.example already belongs to Mary Hopper." });
    await refusal.waitFor();
    await refusal.evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, "contacts-email-taken");
    // Saving it again would be refused again: the toast offers no button to.
    assert.equal(await refusal.getByRole("button", { name: /Save mine|Retry/ }).count(), 0);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="record-row"] [data-column-id="email"]')].some(
        (cell) => cell.textContent === "grace.hopper@navy.example",
      ),
    );
    const { contact } = await callProcedure(
      page,
      "contacts.get",
      { id: await row().getAttribute("data-row-id") },
      { kind: "query" },
    );
    assert.deepEqual(contact.emails, ["grace.hopper@navy.example"]);
  });

  it("paints a reload from the cache's copy in IndexedDB while the server has not answered, its dates as dates", async () => {
    await page.goto("/contacts");
    await row().waitFor();
    const errorsBefore = page.errors.length;
    // The copy is written at most every 10 s, and a copy older than the last edit made here is not painted: wait for
    // one taken since, holding the list.
    const copyHoldsList = () =>
      page.evaluate(async () => {
        const editedAt = Number(localStorage.getItem("team-crm-edited-at") ?? 0);
        const db = await new Promise((resolve, reject) => {
          const open = indexedDB.open("team-crm");
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const copy = await new Promise((resolve, reject) => {
          const read = db.transaction("query-cache").objectStore("query-cache").get("team-crm-query-cache");
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error);
        });
        db.close();
        const lists = copy?.clientState?.queries.filter((query) => query.queryKey[0]?.join(".") === "contacts.list");
        return copy?.timestamp >= editedAt && lists?.length > 0;
      });
    await eventually(async () => assert.equal(await copyHoldsList(), true), 15_000);
    const list = await holdRequest(page, procedureRoute("contacts.list"), 1);
    await page.reload();
    await list.reached;
    await row().waitFor({ timeout: 5_000 });
    assert.equal(list.sent(), 1, "the list's read is still held");
    const updated = await cell("updatedAt").locator("time").getAttribute("datetime");
    assert.ok(!Number.isNaN(Date.parse(updated)), `Updated reads ${updated}`);
    list.release();
    await settled(page);
    assert.deepEqual(page.errors.slice(errorsBefore), []);
  });

  it("paints an edit made just before the tab closed, from the copy written as it closed", async () => {
    await page.goto("/contacts");
    // Two edits a moment apart: the first one's copy is written at once, the second's would wait its 10 s. A copy
    // from before the last edit is not painted, so the next visit paints only if the tab wrote it as it closed.
    await editCellText(cell("title"), "Title", "Chief Tester");
    await settled(page);
    await editCellText(cell("title"), "Title", "Head of Testing");
    await settled(page);
    const context = page.context();
    await page.close({ runBeforeUnload: true });
    page = await context.newPage();
    const list = await holdRequest(page, procedureRoute("contacts.list"), 1);
    await page.goto("/contacts");
    await list.reached;
    await cell("title").getByText("Head of Testing").waitFor({ timeout: 5_000 });
    assert.equal(list.sent(), 1, "the list's read is still held");
    list.release();
    await settled(page);
    assert.deepEqual(page.errors, []);
  });
});
