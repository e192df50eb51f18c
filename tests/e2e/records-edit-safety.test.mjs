import { after, before, beforeEach, describe, it } from "node:test";
import {
  addContact,
  assert,
  callProcedure,
  comeBackAfterAMinute,
  editCellText,
  fetchRouted,
  holdRequest,
  launchBrowser,
  loseFirstAnswer,
  openCellEditor,
  openContactImport,
  procedureRoute,
  registeredUser,
  savedBy,
  screenshot,
  settled,
} from "./harness.mjs";

const IMPORT_CALLS = procedureRoute("contacts.import");

describe("an inline edit made offline is kept: said on screen, kept through closing the tab, saved on reconnecting", () => {
  let browser;
  let context;
  let page;
  const row = () => page.getByTestId("record-row").filter({ hasText: "Katherine Johnson" });
  const title = () => row().locator('[data-column-id="title"]');
  const notice = () => page.getByRole("status").filter({ hasText: "You're offline." });

  const editTitle = (value) => editCellText(title(), "Title", value);

  before(async () => {
    browser = await launchBrowser();
    ({ context, page } = await registeredUser(browser, { organization: "Langley Research", name: "Dorothy Vaughan" }));
    await page.goto("/contacts");
    await page.getByText("No contacts yet").waitFor();
    await addContact(page, { firstName: "Katherine", lastName: "Johnson", title: "Mathematician" });
  });
  after(() => browser?.close());

  it("says the browser is offline, then that one change is waiting once a cell is edited", async () => {
    await context.setOffline(true);
    await notice().filter({ hasText: "Changes are saved when you reconnect." }).waitFor();

    await editTitle("Aerospace Technologist");
    assert.equal(await title().innerText(), "Aerospace Technologist", "the edit shows at once");
    // Kept on this device at once: no need to keep the tab open.
    await notice().filter({ hasText: "1 change will be saved when you reconnect." }).waitFor();
    assert.doesNotMatch(await notice().innerText(), /keep this tab open/);
    await screenshot(page, "offline-edit-waiting");
  });

  it("lets the tab close without asking: the waiting change is kept on this device", async () => {
    let asked = false;
    page.once("dialog", (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    // A click first: Chromium asks before unload only on a page the person has interacted with.
    // On its words: the heading spans the header, whose middle the connection notice covers.
    await page.getByRole("heading", { name: "Contacts" }).click({ position: { x: 8, y: 8 } });
    const closed = page.waitForEvent("close");
    await page.close({ runBeforeUnload: true });
    await closed;
    assert.equal(asked, false);
  });

  it("sends the kept change when the app is opened again online: a toast says so and it is saved", async () => {
    await context.setOffline(false);
    page = await context.newPage();
    await page.goto("/contacts");
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "1 change kept on this device has been saved." })
      .waitFor();
    await screenshot(page, "offline-edit-sent-later");
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="record-row"] [data-column-id="title"]')].some(
        (cell) => cell.textContent === "Aerospace Technologist",
      ),
    );
    const found = await callProcedure(page, "search.records", { query: "Katherine" }, { kind: "query" });
    const { contact } = await callProcedure(page, "contacts.get", { id: found.contacts[0].id }, { kind: "query" });
    assert.equal(contact.title, "Aerospace Technologist", "the server holds the edit");
    assert.equal(contact.version, 2, "saved once");
    await page.reload();
    await row().waitFor();
    assert.equal(await title().innerText(), "Aerospace Technologist");
  });

  it("asks before the tab closes while an edit is on its way online, and the page stays when the person stays", async () => {
    const update = await holdRequest(page, procedureRoute("contacts.update"), 1);
    await editTitle("Research Mathematician");
    await update.reached;
    const asked = new Promise((resolve) => page.once("dialog", resolve));
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    assert.equal(dialog.type(), "beforeunload");
    await dialog.dismiss();
    assert.equal(page.isClosed(), false);
    update.release();
    await page.waitForResponse((response) => response.url().includes("/trpc/contacts.update"));
    assert.equal(await title().innerText(), "Research Mathematician");
  });

  it("sends an edit again when its first try gets no answer: the cell keeps it, it is saved once, no error shows", async () => {
    let updates = 0;
    await page.route(procedureRoute("contacts.update"), (route) => {
      updates += 1;
      if (updates > 1) return route.continue();
      // A gateway's page, not the API's answer.
      return route.fulfill({ status: 502, contentType: "text/html", body: "<html><h1>502 Bad Gateway</h1></html>" });
    });
    const saved = page.waitForResponse((r) => r.url().includes("/trpc/contacts.update") && r.status() === 200);
    await editTitle("Flight Research Mathematician");
    assert.equal(await title().innerText(), "Flight Research Mathematician", "shown while it is sent again");
    await saved;
    await page.unroute(procedureRoute("contacts.update"));
    assert.equal(updates, 2);
    assert.equal(await page.locator("[data-sonner-toast]").filter({ hasText: "Could not save" }).count(), 0);
    assert.equal(await title().innerText(), "Flight Research Mathematician");
    const found = await callProcedure(page, "search.records", { query: "Katherine" }, { kind: "query" });
    const { contact } = await callProcedure(page, "contacts.get", { id: found.contacts[0].id }, { kind: "query" });
    assert.equal(contact.title, "Flight Research Mathematician");
    assert.equal(contact.version, 4, "saved once after the edits before it");
  });

  it("reloaded anyway while an edit is on its way: the page leaves it on this device as it goes, and the reloaded one saves it once", async () => {
    const update = await holdRequest(page, procedureRoute("contacts.update"), 1);
    await editTitle("Head of Flight Research");
    await update.reached;
    // What the reloaded page finds before its scripts run: the going page's last word (lib/offline-edits.ts).
    await page.addInitScript(() => {
      window.__lastWords = Object.keys(localStorage).filter((key) => key.startsWith("team-crm-offline:")).length;
    });
    const leave = (dialog) => void dialog.accept();
    page.once("dialog", leave);
    await page.reload();
    page.off("dialog", leave);
    update.release();
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "1 change kept on this device has been saved." })
      .waitFor();
    assert.equal(await page.evaluate(() => window.__lastWords), 1, "written to localStorage as the page went");
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="record-row"] [data-column-id="title"]')].some(
        (cell) => cell.textContent === "Head of Flight Research",
      ),
    );
    await page.unroute(procedureRoute("contacts.update"));
    const found = await callProcedure(page, "search.records", { query: "Katherine" }, { kind: "query" });
    const { contact } = await callProcedure(page, "contacts.get", { id: found.contacts[0].id }, { kind: "query" });
    assert.equal(contact.title, "Head of Flight Research");
    assert.equal(contact.version, 5, "saved once");
    assert.equal(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("team-crm-offline:")).length),
      0,
      "then forgotten",
    );
  });

  it("closes without asking when nothing is waiting", async () => {
    let askedAgain = false;
    page.once("dialog", (dialog) => {
      askedAgain = true;
      void dialog.dismiss();
    });
    // On its words: the heading spans the header, whose middle the connection notice covers.
    await page.getByRole("heading", { name: "Contacts" }).click({ position: { x: 8, y: 8 } });
    const closed = page.waitForEvent("close");
    await page.close({ runBeforeUnload: true });
    await closed;
    assert.equal(askedAgain, false);
  });
});

describe("a tab going away leaves its kept edit to the next one, though it hears the connection is back", () => {
  let browser;
  after(() => browser?.close());

  it("does not start the save as it goes: the next tab sends it, once, and says so", async () => {
    browser = await launchBrowser();
    const { context, page: leaving } = await registeredUser(browser, { organization: "Langley", name: "Mary Jackson" });
    await leaving.goto("/contacts");
    await leaving.getByText("No contacts yet").waitFor();
    await addContact(leaving, { firstName: "Christine", lastName: "Darden", title: "Data Analyst" });
    const found = await callProcedure(leaving, "search.records", { query: "Christine" }, { kind: "query" });
    const id = found.contacts[0].id;
    const title = (page) =>
      page.getByTestId("record-row").filter({ hasText: "Christine Darden" }).locator('[data-column-id="title"]');

    await context.setOffline(true);
    await editCellText(title(leaving), "Title", "Aeronautical Engineer");
    await leaving.getByRole("status").filter({ hasText: "1 change will be saved when you reconnect." }).waitFor();
    let sentByLeaving = 0;
    leaving.on("request", (request) => {
      if (request.url().includes("/trpc/contacts.update")) sentByLeaving += 1;
    });
    // The page is going away (its pagehide has fired), and then hears it is online: as Chromium tells a closing
    // tab when DevTools' offline emulation lets go of it.
    await leaving.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false })));
    await context.setOffline(false);
    await leaving.waitForFunction(() => navigator.onLine);
    // A save would start at once (the old app sent it here); a second is ample.
    await leaving.waitForTimeout(1_000);
    assert.equal(sentByLeaving, 0, "the tab going away sends nothing");
    const closed = leaving.waitForEvent("close");
    await leaving.close();
    await closed;

    const next = await context.newPage();
    await next.goto("/contacts");
    await next
      .locator("[data-sonner-toast]")
      .filter({ hasText: "1 change kept on this device has been saved." })
      .waitFor();
    await next.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="record-row"] [data-column-id="title"]')].some(
        (cell) => cell.textContent === "Aeronautical Engineer",
      ),
    );
    const { contact } = await callProcedure(next, "contacts.get", { id }, { kind: "query" });
    assert.equal(contact.title, "Aeronautical Engineer");
    assert.equal(contact.version, 2, "saved once");
  });
});

describe("a save whose answer was lost on its way back is sent again and made once: no second record, no false conflict", () => {
  let browser;
  let page;
  const errorToasts = () => page.locator("[data-sonner-toast]").filter({ hasText: /Could not|changed by/ });

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Langley Flight", name: "Annie Easley" }));
    await page.goto("/contacts");
    await page.getByText("No contacts yet").waitFor();
  });
  after(() => browser?.close());

  function sentAgainUnderItsKey(keys) {
    assert.equal(keys.length, 2, "sent again after no answer");
    assert.match(keys[0], /^[0-9a-f]{32}$/);
    assert.equal(keys[1], keys[0], "under the same key");
  }

  const selectRow = (name) =>
    page.getByTestId("record-row").filter({ hasText: name }).getByRole("checkbox", { name: "Select row" }).click();

  it("a new contact: the dialog closes as saved, and the server holds one", async () => {
    const keys = await loseFirstAnswer(page, "contacts.create");
    // No email: nothing else would stop a second contact.
    await addContact(page, { firstName: "Dorothy", lastName: "Hoover" });
    await page.unroute(procedureRoute("contacts.create"));
    sentAgainUnderItsKey(keys);
    const found = await callProcedure(page, "search.records", { query: "Dorothy" }, { kind: "query" });
    assert.equal(found.contacts.length, 1, "made once");
    await page.reload();
    await page.getByTestId("record-total").getByText("1 contact").waitFor();
    assert.equal(await errorToasts().count(), 0);
  });

  it("a changed cell: saved once, without a conflict naming the person's own change", async () => {
    const { id } = await callProcedure(page, "contacts.create", { firstName: "Mary", lastName: "Winston" });
    await page.reload();
    const title = page
      .getByTestId("record-row")
      .filter({ hasText: "Mary Winston" })
      .locator('[data-column-id="title"]');
    const keys = await loseFirstAnswer(page, "contacts.update");
    // The first call is cut off (no response): the one answered is the one sent again.
    const answered = page.waitForResponse((r) => r.url().includes("/trpc/contacts.update"));
    await editCellText(title, "Title", "Mathematician");
    assert.equal((await answered).status(), 200, "the save sent again is answered as saved");
    await page.unroute(procedureRoute("contacts.update"));
    sentAgainUnderItsKey(keys);
    // A refusal would show at once with the answer; a moment more for the toast to render.
    await page.waitForTimeout(500);
    assert.equal(await errorToasts().count(), 0, "no conflict with itself");
    assert.equal(await title.innerText(), "Mathematician");
    const { contact } = await callProcedure(page, "contacts.get", { id }, { kind: "query" });
    assert.equal(contact.title, "Mathematician");
    assert.equal(contact.version, 2, "saved once");
  });

  it("a contact moved to the trash: said as done, not as an error", async () => {
    const keys = await loseFirstAnswer(page, "contacts.delete");
    await selectRow("Mary Winston");
    await page.getByTestId("selection-bar").getByRole("button", { name: "Delete" }).click();
    // One contact goes at once, with Undo on the toast (no question).
    await page.locator("[data-sonner-toast]").filter({ hasText: "Deleted 1 contact." }).waitFor();
    await page.unroute(procedureRoute("contacts.delete"));
    sentAgainUnderItsKey(keys);
    assert.equal(await errorToasts().count(), 0, "no 'does not exist' for a delete that was made");
    await page.getByTestId("record-total").getByText("1 contact").waitFor();
    const found = await callProcedure(page, "search.records", { query: "Mary" }, { kind: "query" });
    assert.equal(found.contacts.length, 0, "in the trash");
  });

  it("a tag added to the selection: said as done, not as 'Nothing to change'", async () => {
    const keys = await loseFirstAnswer(page, "contacts.bulkUpdate");
    await selectRow("Dorothy Hoover");
    const bar = page.getByTestId("selection-bar");
    await bar.getByRole("button", { name: "Tags" }).click();
    await page.getByRole("menuitem", { name: "Add tag…" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a tag to 1 contact" });
    await dialog.locator('input[name="tag"]').fill("wind-tunnel");
    await dialog.getByRole("button", { name: "Add tag" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Tagged 1 contact “wind-tunnel”." }).waitFor();
    await page.unroute(procedureRoute("contacts.bulkUpdate"));
    sentAgainUnderItsKey(keys);
    assert.equal(await page.locator("[data-sonner-toast]").filter({ hasText: "Nothing to change" }).count(), 0);
    assert.equal(await errorToasts().count(), 0);
    await bar.getByRole("button", { name: "Clear selection" }).click();
  });

  it("a merge: said as made, not 'does not exist', and made once", async () => {
    await callProcedure(page, "contacts.create", { firstName: "Dorothy", lastName: "Hoover", title: "Physicist" });
    await page.reload();
    const rows = page.getByTestId("record-row").filter({ hasText: "Dorothy Hoover" });
    await page.getByTestId("record-total").getByText("2 contacts").waitFor();
    for (const row of await rows.all()) await row.getByRole("checkbox", { name: "Select row" }).click();
    await page.getByTestId("selection-bar").getByRole("button", { name: "Merge" }).click();
    const dialog = page.getByRole("dialog", { name: "Merge two contacts" });
    await dialog.getByRole("radio").first().click();
    const keys = await loseFirstAnswer(page, "contacts.merge");
    await dialog.getByRole("button", { name: /^Merge into/ }).click();
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Merged “Dorothy Hoover” into “Dorothy Hoover”." })
      .waitFor();
    await dialog.waitFor({ state: "hidden" });
    await page.unroute(procedureRoute("contacts.merge"));
    sentAgainUnderItsKey(keys);
    assert.equal(await page.locator("[data-sonner-toast]").filter({ hasText: "Could not merge" }).count(), 0);
    await page.getByTestId("record-total").getByText("1 contact").waitFor();
    const found = await callProcedure(page, "search.records", { query: "Dorothy" }, { kind: "query" });
    assert.equal(found.contacts.length, 1, "one Dorothy Hoover left");
  });

  it("a view saved: one view in the sidebar, said as saved", async () => {
    await page.getByTestId("column-header-name").click();
    await page.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Save view" });
    await dialog.locator('input[name="viewName"]').fill("Flight research");
    const keys = await loseFirstAnswer(page, "views.create");
    await dialog.getByRole("button", { name: "Save view" }).click();
    await page.getByText("Saved the view “Flight research”").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await page.unroute(procedureRoute("views.create"));
    sentAgainUnderItsKey(keys);
    assert.equal(await page.locator("[data-sonner-toast]").filter({ hasText: "Could not" }).count(), 0);
    const views = await callProcedure(page, "views.list", { object: "contact" }, { kind: "query" });
    assert.deepEqual(
      views.map((view) => view.name),
      ["Flight research"],
      "made once",
    );
  });

  it("a feedback sent: thanked once, and the team has one", async () => {
    await page.getByRole("button", { name: "Send feedback" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Send feedback" });
    await dialog.locator('textarea[name="feedback"]').fill("Group the board by owner, please");
    const keys = await loseFirstAnswer(page, "feedback.create");
    await dialog.getByRole("button", { name: "Send feedback", exact: true }).click();
    await page.getByText("Thanks! Your feedback reached the team.").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await page.unroute(procedureRoute("feedback.create"));
    sentAgainUnderItsKey(keys);
    assert.equal(await page.locator("[data-sonner-toast]").filter({ hasText: "Could not" }).count(), 0);
    const sent = await callProcedure(page, "feedback.list", undefined, { kind: "query" });
    assert.deepEqual(
      sent.map((feedback) => feedback.text),
      ["Group the board by owner, please"],
      "made once",
    );
  });
});

describe("nothing typed is lost: an edit refused because a teammate saved first, a note being written", () => {
  let browser;
  let page;
  let contact;
  const row = () => page.getByTestId("record-row").filter({ hasText: "Mary Jackson" });
  const title = () => row().locator('[data-column-id="title"]');

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Langley Wind Tunnel", name: "Christine Darden" }));
    await callProcedure(page, "properties.create", { object: "contact", key: "region", label: "Region", type: "text" });
    contact = await callProcedure(page, "contacts.create", {
      firstName: "Mary",
      lastName: "Jackson",
      title: "Mathematician",
    });
    await page.goto("/contacts");
    await row().waitFor();
  });
  after(() => browser?.close());

  it("shows the teammate's value with the refusal, and 'Save mine' saves the edit over it", async () => {
    // A teammate saves first (another tab's call: this page's cache still holds version 1).
    await callProcedure(page, "contacts.update", {
      id: contact.id,
      version: contact.version,
      patch: { title: "Engineer" },
    });

    const editor = await openCellEditor(title(), "Title");
    await editor.fill("Aerospace Engineer");
    await editor.press("Enter");

    const refusal = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Could not save title: Christine Darden changed this record at" });
    await refusal.waitFor();
    // Said in the person's time ("at 10:58 AM"), and no "Reload", which would throw the typed value away.
    assert.match(await refusal.innerText(), /changed this record at \d{1,2}[:.]\d{2}/);
    assert.doesNotMatch(await refusal.innerText(), /Reload|UTC/);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-row"] [data-column-id="title"]')?.textContent === "Engineer",
    );
    await screenshot(page, "conflict-save-mine");

    // The cell shows the value at once, before its save leaves: the reload reads the server once it is answered.
    const mine = savedBy(page, "contacts.update");
    await refusal.getByRole("button", { name: "Save mine" }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="record-row"] [data-column-id="title"]')?.textContent ===
        "Aerospace Engineer",
    );
    await mine;
    await page.reload();
    await row().waitFor();
    assert.equal(await title().innerText(), "Aerospace Engineer");
    const saved = await callProcedure(page, "contacts.get", { id: contact.id }, { kind: "query" });
    assert.equal(
      saved.contact.version,
      contact.version + 2,
      "the teammate's save, then mine: nothing silently overwritten",
    );
  });

  it("in the side panel, a refused property keeps the person's value one click away ('Save mine')", async () => {
    const panel = page.getByTestId("record-panel");
    await row().locator('[data-column-id="name"]').click();
    await panel.getByRole("heading", { name: "Mary Jackson" }).waitFor();
    const region = panel.getByRole("button", { name: "Region" });
    await region.waitFor();

    const { contact: current } = await callProcedure(page, "contacts.get", { id: contact.id }, { kind: "query" });
    await callProcedure(page, "contacts.update", {
      id: contact.id,
      version: current.version,
      patch: { properties: { region: "EMEA" } },
    });

    await region.click();
    const input = panel.getByRole("textbox", { name: "Region" });
    await input.fill("APAC");
    await input.press("Enter");
    // As any field's refusal, in the panel or in a cell: a toast that keeps the person's value one click away.
    const refusal = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Could not save region: Christine Darden changed this record at" });
    await refusal.waitFor();
    await panel.getByRole("button", { name: "Region" }).filter({ hasText: "EMEA" }).waitFor();
    await screenshot(page, "conflict-panel-save-mine");

    // The panel shows it at once; the server's answer comes after.
    const answered = page.waitForResponse((r) => r.url().includes("/trpc/contacts.update") && r.status() === 200);
    await refusal.getByRole("button", { name: "Save mine" }).click();
    await refusal.waitFor({ state: "detached" });
    await panel.getByRole("button", { name: "Region" }).filter({ hasText: "APAC" }).waitFor();
    await answered;
    const { contact: saved } = await callProcedure(page, "contacts.get", { id: contact.id }, { kind: "query" });
    assert.deepEqual(saved.properties, { region: "APAC" });
    assert.equal(saved.version, current.version + 2);
  });

  it("keeps a note being written, or an edit of one (saved over a teammate's only by choice), through closing the panel and a reload", async () => {
    const panel = page.getByTestId("record-panel");
    const composer = () => panel.getByRole("textbox", { name: "New note" });
    const open = async () => {
      await row().locator('[data-column-id="name"]').click();
      await panel.getByRole("heading", { name: "Mary Jackson" }).waitFor();
    };
    if (!(await panel.isVisible())) await open();
    await composer().fill("Wants the wind tunnel data by Friday;");
    await panel.getByRole("button", { name: "Close panel" }).click();
    await panel.waitFor({ state: "hidden" });

    await open();
    assert.equal(await composer().inputValue(), "Wants the wind tunnel data by Friday;");
    await page.reload();
    await row().waitFor();
    await open();
    assert.equal(await composer().inputValue(), "Wants the wind tunnel data by Friday;", "the draft survives a reload");

    await composer().press("Control+End");
    await composer().pressSequentially(" send it to Christine.");
    await panel.getByRole("button", { name: "Save note" }).click();
    await panel
      .getByTestId("note")
      .filter({ hasText: "Wants the wind tunnel data by Friday; send it to Christine." })
      .waitFor();
    assert.equal(await composer().inputValue(), "");
    await panel.getByRole("button", { name: "Close panel" }).click();
    await open();
    assert.equal(await composer().inputValue(), "", "a saved note is no longer a draft");
    assert.equal(await panel.getByTestId("note").count(), 1);

    // An edit of the note, left open when the panel closes, comes back as it was.
    const note = panel.getByTestId("note");
    await note.hover();
    await note.getByRole("button", { name: "Edit note" }).click();
    const editor = note.getByRole("textbox", { name: "Edit note" });
    await editor.press("Control+End");
    await editor.pressSequentially(" Done.");
    await panel.getByRole("button", { name: "Close panel" }).click();
    await open();
    const reopened = panel.getByTestId("note").getByRole("textbox", { name: "Edit note" });
    assert.equal(await reopened.inputValue(), "Wants the wind tunnel data by Friday; send it to Christine. Done.");

    // A teammate edits the note while this edit waits: saving it is refused, not a silent overwrite.
    const [stored] = await callProcedure(page, "notes.list", { recordId: contact.id }, { kind: "query" });
    await callProcedure(page, "notes.update", { id: stored.id, version: stored.version, body: "Teammate's take." });
    await panel.getByTestId("note").getByRole("button", { name: "Save" }).click();
    const refusal = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Could not save the note: Christine Darden changed this note at" });
    await refusal.waitFor();
    await refusal.getByRole("button", { name: "Save mine" }).click();
    // The editor closes once the save is answered (the note's text and "· edited" show while it is still open).
    await panel.getByTestId("note").getByRole("textbox", { name: "Edit note" }).waitFor({ state: "detached" });
    await panel.getByTestId("note").filter({ hasText: "send it to Christine. Done." }).getByText("· edited").waitFor();
    const [mine] = await callProcedure(page, "notes.list", { recordId: contact.id }, { kind: "query" });
    assert.equal(mine.body, "Wants the wind tunnel data by Friday; send it to Christine. Done.");
    assert.equal(mine.version, stored.version + 2);
    await panel.getByRole("button", { name: "Close panel" }).click();
    await open();
    assert.equal(await panel.getByTestId("note").getByRole("textbox").count(), 0, "a saved edit is no longer a draft");
  });
});

/**
 * The refusal's toast. Its time is "at 11:56 PM" today and "on Dec 4, 2026, 11:56 PM" before (tests/web/trpc-errors):
 * the minutes these tests jump put the tab's clock past midnight a few minutes before the real one, so either is right.
 */
const refusedBecauseMaryChanged = (field) =>
  new RegExp(`Could not save ${field}: Mary Jackson changed this record (at|on [A-Z][a-z]{2} \\d)`);

describe("a teammate's save that arrives while an editor is open is not silently replaced", () => {
  let browser;
  let page;
  let contact;
  const row = () => page.getByTestId("record-row").filter({ hasText: "Annie Easley" });
  const title = () => row().locator('[data-column-id="title"]');
  const panel = () => page.getByTestId("record-panel");
  const teammateSaves = async (patch) => {
    const { contact: current } = await callProcedure(page, "contacts.get", { id: contact.id }, { kind: "query" });
    await callProcedure(page, "contacts.update", { id: contact.id, version: current.version, patch });
    return current.version + 1;
  };

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Lewis Research", name: "Mary Jackson" }));
    await page.clock.install(); // for comeBackAfterAMinute
    await callProcedure(page, "properties.create", { object: "contact", key: "region", label: "Region", type: "text" });
    contact = await callProcedure(page, "contacts.create", {
      firstName: "Annie",
      lastName: "Easley",
      title: "Programmer",
    });
    await page.goto("/contacts");
    await row().waitFor();
  });
  after(() => browser?.close());

  it("a cell changed by a teammate while it was being edited: the save is refused with who changed it", async () => {
    const editor = await openCellEditor(title(), "Title");
    await editor.fill("Computer Scientist");

    const version = await teammateSaves({ title: "Rocket Scientist" });
    await comeBackAfterAMinute(page, "contacts.list");
    await editor.press("Enter");

    const refusal = page.locator("[data-sonner-toast]").filter({ hasText: refusedBecauseMaryChanged("title") });
    await refusal.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="record-row"] [data-column-id="title"]')?.textContent ===
        "Rocket Scientist",
    );
    const { contact: saved } = await callProcedure(page, "contacts.get", { id: contact.id }, { kind: "query" });
    assert.equal(saved.title, "Rocket Scientist", "the teammate's value stands until the person chooses");
    assert.equal(saved.version, version);

    await refusal.getByRole("button", { name: "Save mine" }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="record-row"] [data-column-id="title"]')?.textContent ===
        "Computer Scientist",
    );
    await refusal.waitFor({ state: "detached" });
  });

  it("an editor closed without a change does not put the old value back over a teammate's", async () => {
    const editor = await openCellEditor(title(), "Title");
    assert.equal(await editor.inputValue(), "Computer Scientist");

    const version = await teammateSaves({ title: "Mathematician" });
    await comeBackAfterAMinute(page, "contacts.list");
    await editor.press("Enter");
    await editor.waitFor({ state: "detached" });

    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="record-row"] [data-column-id="title"]')?.textContent === "Mathematician",
    );
    const { contact: saved } = await callProcedure(page, "contacts.get", { id: contact.id }, { kind: "query" });
    assert.equal(saved.title, "Mathematician");
    assert.equal(saved.version, version, "nothing was saved");
  });

  it("in the side panel, a property changed by a teammate while it was being typed: refused, 'Save mine' one click away", async () => {
    await row().locator('[data-column-id="name"]').click();
    await panel().getByRole("heading", { name: "Annie Easley" }).waitFor();
    await panel().getByRole("button", { name: "Region" }).click();
    const input = panel().getByRole("textbox", { name: "Region" });
    await input.fill("APAC");

    const version = await teammateSaves({ properties: { region: "EMEA" } });
    await comeBackAfterAMinute(page, "contacts.get", "contacts.list");
    await input.press("Enter");

    const refusal = page.locator("[data-sonner-toast]").filter({ hasText: refusedBecauseMaryChanged("region") });
    await refusal.waitFor();
    await panel().getByRole("button", { name: "Region" }).filter({ hasText: "EMEA" }).waitFor();
    const { contact: saved } = await callProcedure(page, "contacts.get", { id: contact.id }, { kind: "query" });
    assert.deepEqual(saved.properties, { region: "EMEA" });
    assert.equal(saved.version, version);
    await screenshot(page, "conflict-while-editing");

    await refusal.getByRole("button", { name: "Save mine" }).click();
    await panel().getByRole("button", { name: "Region" }).filter({ hasText: "APAC" }).waitFor();
  });
});

describe("a dialog with work in it asks before Escape or a click outside throws the work away", () => {
  let browser;
  let page;

  const csvOf = (count, offset = 0) =>
    Buffer.from(
      [
        "First name,Last name,Email",
        ...Array.from({ length: count }, (_, i) => `Ann${offset + i},Lee,ann${offset + i}@import.example`),
      ].join("\n"),
    );

  // Counted from what the list holds as a test starts, so a test before it that failed half-way does not fail it too.
  const contactCount = async () => {
    await settled(page);
    return Number((await page.getByTestId("record-total").innerText()).replace(/\D/g, ""));
  };
  const total = (count) => `${count.toLocaleString("en-US")} contacts`;

  /** Opens the import with `count` rows and holds the request of batch `heldBatch` until released. */
  async function startHeldImport(count, offset, heldBatch) {
    const batch = await holdRequest(page, IMPORT_CALLS, heldBatch);
    const dialog = await openContactImport(page, "people.csv", csvOf(count, offset));
    await dialog.getByRole("button", { name: `Import ${count} rows` }).click();
    await batch.reached;
    return { dialog, release: batch.release };
  }

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Careful Co", name: "Katherine Coleman" }));
    await page.goto("/contacts");
    await page.getByText("No contacts yet").waitFor();
  });
  after(() => browser?.close());
  // A test that failed half-way may have left its import running, or its dialog open: the next one starts afresh
  // (the failed one's report has been written by then). Leaving /contacts accepts the tab's "leave?" question.
  beforeEach(async () => {
    if ((await page.getByRole("dialog").count()) === 0) return;
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.goto("/contacts");
    await page.getByRole("heading", { name: "Contacts", level: 1 }).waitFor();
  });

  it("New contact: untouched, Escape closes it; typed in, Escape and closing the tab ask, and only 'Discard' throws it away", async () => {
    const dialog = page.getByRole("dialog", { name: "New contact" });
    const question = dialog.getByRole("alert").filter({ hasText: "Discard this contact?" });
    await page.getByRole("button", { name: "New contact" }).first().click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "New contact" }).first().click();
    await dialog.locator('input[name="firstName"]').fill("Dorothy");
    await page.keyboard.press("Escape");
    await question.waitFor();
    assert.match(await question.innerText(), /What you typed will be lost\./);
    await screenshot(page, "discard-question");
    await question.getByRole("button", { name: "Keep editing" }).click();
    await question.waitFor({ state: "detached" });
    assert.equal(await dialog.locator('input[name="firstName"]').inputValue(), "Dorothy");
    // Closing the tab asks first too; staying keeps what was typed.
    const asked = new Promise((resolve) => page.once("dialog", resolve));
    await page.close({ runBeforeUnload: true });
    const prompt = await asked;
    assert.equal(prompt.type(), "beforeunload");
    await prompt.dismiss();
    assert.equal(page.isClosed(), false);
    assert.equal(await dialog.locator('input[name="firstName"]').inputValue(), "Dorothy");

    await page.mouse.click(5, 400); // outside the dialog
    await question.waitFor();
    await question.getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "New contact" }).first().click();
    assert.equal(await dialog.locator('input[name="firstName"]').inputValue(), "", "discarded means gone");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("an import running is not stopped by a stray Escape or a tab closing: both ask, and it finishes", async () => {
    const { dialog, release } = await startHeldImport(500, 0, 3);
    await dialog.getByTestId("import-progress").getByText("200 of 500 rows").waitFor();
    // Closing the tab asks first too.
    const asked = new Promise((resolve) => page.once("dialog", resolve));
    await page.close({ runBeforeUnload: true });
    const prompt = await asked;
    assert.equal(prompt.type(), "beforeunload");
    await prompt.dismiss();

    await page.keyboard.press("Escape");
    const question = dialog.getByRole("alert").filter({ hasText: "Stop the import?" });
    await question.waitFor();
    assert.match(await question.innerText(), /200 of 500 rows are imported; the rest will not be\./);
    await screenshot(page, "import-stop-question");
    await question.getByRole("button", { name: "Keep importing" }).click();
    release();
    const summary = dialog.getByTestId("import-summary");
    await summary.waitFor();
    assert.equal(await summary.getByTestId("import-created").innerText(), "500");
    await summary.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("record-total").getByText("500 contacts").waitFor();
    await page.unroute(IMPORT_CALLS);
  });

  it("'Stop import' stops it: the rows imported so far stay, no later batch is sent, and its toast can trash them", async () => {
    const before = await contactCount();
    const { dialog, release } = await startHeldImport(500, 1000, 2);
    let sentAfterStop = 0;
    await page.keyboard.press("Escape");
    await dialog.getByRole("alert").getByRole("button", { name: "Stop import" }).click();
    await dialog.waitFor({ state: "hidden" });
    page.on("request", (request) => {
      if (request.url().includes("/trpc/contacts.import")) sentAfterStop += 1;
    });
    release();
    // What was written is said once the batch on its way has landed: the first 100 rows, and the held
    // second batch (it was already sent).
    const stopped = page.locator("[data-sonner-toast]").filter({ hasText: "Import stopped after" });
    await stopped.waitFor();
    assert.equal(
      await stopped.locator("[data-title]").innerText(),
      "Import stopped after 200 of 500 rows: 200 created, 0 updated, 0 skipped, 0 failed.",
    );
    await page.waitForTimeout(500);
    assert.equal(sentAfterStop, 0, "no batch is sent after the stop");
    await page.unroute(IMPORT_CALLS);
    await page
      .getByTestId("record-total")
      .getByText(total(before + 200))
      .waitFor();

    // A stop is often the moment a wrong mapping is seen: the toast offers the summary's way back.
    await screenshot(page, "import-stopped-toast");
    await stopped.getByRole("button", { name: "Trash the 200" }).click();
    const question = page.getByRole("dialog", { name: "Move 200 contacts to the trash?" });
    await question.getByRole("button", { name: "Move to trash" }).click();
    await page.getByTestId("record-total").getByText(total(before)).waitFor();

    // The next import starts afresh, not on the stopped one's summary.
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByLabel("CSV file").waitFor();
    assert.equal(await dialog.getByTestId("import-summary").count(), 0);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("a batch whose answer was lost as the connection dropped is sent again once it is back, and written once", async () => {
    // Rows without an email: nothing would stop a batch written twice from doubling them.
    const csv = ["First name,Last name", ...Array.from({ length: 300 }, (_, i) => `Nomail${i},Lee`)].join("\n");
    const before = await contactCount();
    let imports = 0;
    await page.route(IMPORT_CALLS, async (route) => {
      imports += 1;
      if (imports !== 2) return route.continue();
      await fetchRouted(route); // the server writes the batch…
      await page.context().setOffline(true);
      await route.abort("internetdisconnected"); // …and its answer never reaches the page
    });
    const dialog = await openContactImport(page, "no-email.csv", csv);
    await dialog.getByRole("button", { name: "Import 300 rows" }).click();

    const waiting = dialog.getByTestId("import-waiting");
    await waiting.waitFor();
    assert.match(await waiting.innerText(), /The connection dropped\. The import goes on by itself once it is back/);
    assert.match(await dialog.getByTestId("import-progress").innerText(), /^100 of 300 rows/);
    await screenshot(page, "import-waiting-for-connection");

    await page.context().setOffline(false);
    const summary = dialog.getByTestId("import-summary");
    await summary.waitFor();
    assert.equal(await summary.getByTestId("import-created").innerText(), "300");
    assert.ok(imports >= 4, "the lost batch was sent again");
    await summary.getByRole("button", { name: "Done" }).click();
    await page.unroute(IMPORT_CALLS);
    await page
      .getByTestId("record-total")
      .getByText(total(before + 300))
      .waitFor();
  });
});

describe("an edit kept by a tab closed while offline is sent by a tab still open, once back online", () => {
  let browser;
  let context;
  let first;
  let second;

  before(async () => {
    browser = await launchBrowser();
    ({ context, page: first } = await registeredUser(browser, { organization: "Two Tabs Inc", name: "Mae Jemison" }));
    await first.goto("/contacts");
    await first.getByText("No contacts yet").waitFor();
    await addContact(first, { firstName: "Sally", lastName: "Ride", title: "Astronaut" });
    second = await context.newPage();
    await second.goto("/contacts");
    await second.getByTestId("record-row").filter({ hasText: "Sally Ride" }).waitFor();
  });
  after(() => browser?.close());

  it("keeps the first tab's edit when it closes offline, and the second sends it on reconnecting, again when the first try gets no answer", async () => {
    await context.setOffline(true);
    const title = first.getByTestId("record-row").filter({ hasText: "Sally Ride" }).locator('[data-column-id="title"]');
    await editCellText(title, "Title", "Physicist");
    await first.getByRole("status").filter({ hasText: "1 change will be saved when you reconnect." }).waitFor();
    const closed = first.waitForEvent("close");
    await first.close({ runBeforeUnload: true });
    await closed;

    // The first try meets the development server restarting the Worker (its own 503, not the API's
    // answer): the edit is sent again a moment later rather than reported lost.
    let updates = 0;
    await second.route(procedureRoute("contacts.update"), (route) => {
      updates += 1;
      if (updates > 1) return route.continue();
      return route.fulfill({
        status: 503,
        contentType: "text/plain",
        headers: { "retry-after": "0" },
        body: "Your worker restarted mid-request. Please try sending the request again. Only GET or HEAD requests are retried automatically.",
      });
    });
    await context.setOffline(false);
    await second
      .locator("[data-sonner-toast]")
      .filter({ hasText: "1 change kept on this device has been saved." })
      .waitFor();
    assert.equal(updates, 2, "sent again after no answer");
    assert.equal(await second.locator("[data-sonner-toast]").filter({ hasText: "could not be saved" }).count(), 0);
    await second.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="record-row"] [data-column-id="title"]')].some(
        (cell) => cell.textContent === "Physicist",
      ),
    );
    const found = await callProcedure(second, "search.records", { query: "Sally" }, { kind: "query" });
    const { contact } = await callProcedure(second, "contacts.get", { id: found.contacts[0].id }, { kind: "query" });
    assert.equal(contact.title, "Physicist");
    assert.equal(contact.version, 2, "saved once");
  });
});
