import { after, before, describe, it } from "node:test";
import {
  assert,
  assertAccessible,
  callProcedure,
  chooseFilterField,
  eventually,
  launchBrowser,
  loggedErrors,
  registeredUser,
  screenshot,
  toastsShown,
} from "./harness.mjs";

describe("the contacts board: a lane per lead status, cards moved by drag or keyboard", () => {
  let browser;
  let page;
  const contacts = {};
  const board = () => page.getByTestId("record-board");
  const lane = (label) => board().getByRole("region", { name: label, exact: true });
  const card = (name) => board().locator("[data-card-id]").filter({ hasText: name });
  const cardIn = (label, name) => lane(label).locator("[data-card-id]").filter({ hasText: name });
  const laneCount = async (label) => (await lane(label).getByTestId("lane-count").textContent()).trim();
  const namesIn = (label) =>
    lane(label)
      .locator("[data-card-id]")
      .evaluateAll((cards) => cards.map((c) => c.querySelector(".font-medium")?.textContent));
  const toast = (text) => page.locator("[data-sonner-toast]").filter({ hasText: text });
  const statusOnServer = async (name) =>
    (await callProcedure(page, "contacts.get", { id: contacts[name].id }, { kind: "query" })).contact.leadStatus;

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Board Co", name: "Bea Board" }));
    const people = [
      ["Ann", "Lee", "new", "CTO"],
      ["Bo", "Chen", "new", "Buyer"],
      ["Cy", "Diaz", "contacted", "CFO"],
      ["Di", "Evans", "qualified", ""],
      ["Ed", "Fox", "customer", "Founder"],
    ];
    for (const [firstName, lastName, leadStatus, title] of people)
      contacts[`${firstName} ${lastName}`] = await callProcedure(page, "contacts.create", {
        firstName,
        lastName,
        leadStatus,
        title,
        emails: [`${firstName.toLowerCase()}@${lastName.toLowerCase()}.example`],
      });
    await page.goto("/contacts");
    await page.getByTestId("record-row").first().waitFor();
  });
  after(() => browser?.close());

  it("shows each lead status as a lane with its count; the search narrows every lane; the choice stays", async () => {
    await page.getByRole("group", { name: "Layout" }).getByRole("button", { name: "Board" }).click();
    await cardIn("New", "Ann Lee").waitFor();
    assert.deepEqual(await namesIn("New"), ["Ann Lee", "Bo Chen"], "a lane lists its contacts by name");
    assert.deepEqual(await namesIn("Contacted"), ["Cy Diaz"]);
    assert.deepEqual(await namesIn("Customer"), ["Ed Fox"]);
    assert.equal(await laneCount("New"), "2");
    assert.equal(await laneCount("Unqualified"), "0");
    await lane("Unqualified").getByText("No contacts").waitFor();
    assert.match(await cardIn("New", "Ann Lee").textContent(), /CTO/, "a card shows the contact's title");
    assert.equal(await page.getByTestId("record-row").count(), 0, "the board takes the table's place");
    await screenshot(page, "contacts-board");
    await assertAccessible(page, "the contacts board");

    await page.getByRole("searchbox", { name: "Search contacts" }).fill("lee");
    await eventually(async () => assert.deepEqual(await namesIn("New"), ["Ann Lee"]));
    assert.equal(await laneCount("New"), "1");
    assert.equal(await card("Cy Diaz").count(), 0, "every lane is searched");
    await page.getByRole("searchbox", { name: "Search contacts" }).fill("");
    await cardIn("Contacted", "Cy Diaz").waitFor();

    await page.reload();
    await cardIn("New", "Ann Lee").waitFor();
    assert.equal(
      await page.getByRole("button", { name: "Board", exact: true }).getAttribute("aria-pressed"),
      "true",
      "the board stays chosen after a reload",
    );
  });

  it("a card dragged to another lane takes its lead status, saved and told in its timeline", async () => {
    await card("Ann Lee").dragTo(lane("Qualified"));
    await cardIn("Qualified", "Ann Lee").waitFor();
    assert.equal(await cardIn("New", "Ann Lee").count(), 0, "the card left its lane");
    assert.equal(await laneCount("New"), "1");
    assert.equal(await laneCount("Qualified"), "2");
    await eventually(async () => assert.equal(await statusOnServer("Ann Lee"), "qualified"));

    await cardIn("Qualified", "Ann Lee").click();
    const panel = page.getByTestId("record-panel");
    await panel.getByRole("heading", { name: "Ann Lee" }).waitFor();
    await panel.getByTestId("timeline-item").filter({ hasText: "Qualified" }).first().waitFor();
    await screenshot(page, "contacts-board-panel");
    await panel.getByRole("button", { name: "Close panel" }).click();
    await panel.waitFor({ state: "hidden" });

    await page.reload();
    await cardIn("Qualified", "Ann Lee").waitFor();
    assert.deepEqual(await namesIn("Qualified"), ["Ann Lee", "Di Evans"], "read again, it is in its new lane");
  });

  it("the keyboard: ↑ ↓ along a lane, ← → across lanes, Shift+→ moves the card, Enter opens it", async () => {
    await page.locator("body").click({ position: { x: 5, y: 400 } });
    await page.keyboard.press("j");
    const focused = () => page.evaluate(() => document.activeElement?.querySelector(".font-medium")?.textContent);
    assert.equal(await focused(), "Bo Chen", "↓ reaches the board's first card as the page opens");
    await page.keyboard.press("ArrowRight");
    assert.equal(await focused(), "Cy Diaz", "→ goes to the next lane");
    await page.keyboard.press("ArrowRight");
    assert.equal(await focused(), "Ann Lee");
    await page.keyboard.press("ArrowDown");
    assert.equal(await focused(), "Di Evans");

    await page.keyboard.press("Shift+ArrowRight");
    await cardIn("Unqualified", "Di Evans").waitFor();
    await eventually(async () => assert.equal(await focused(), "Di Evans", "the focus goes with the moved card"));
    await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.press("Shift+ArrowLeft");
    await cardIn("Contacted", "Di Evans").waitFor();
    await eventually(async () => assert.equal(await statusOnServer("Di Evans"), "contacted"));
    assert.equal(await laneCount("Contacted"), "2");
    assert.equal(await laneCount("Unqualified"), "0");

    await page.keyboard.press("Enter");
    const panel = page.getByTestId("record-panel");
    await panel.getByRole("heading", { name: "Di Evans" }).waitFor();
    // The panel steps through the card's lane, as a list's panel through its rows.
    assert.equal(await panel.getByTestId("record-position").innerText(), "1 / 2");
    await panel.getByRole("button", { name: "Next contact" }).click();
    await panel.getByRole("heading", { name: "Cy Diaz" }).waitFor();
    assert.equal(await panel.getByTestId("record-position").innerText(), "2 / 2");
    assert.ok(await panel.getByRole("button", { name: "Next contact" }).isDisabled(), "the lane's last card");
    await page.getByTestId("record-panel").getByRole("button", { name: "Close panel" }).click();
    await page.getByTestId("record-panel").waitFor({ state: "hidden" });
  });

  it("a lane's + starts a new contact at its status, and the card joins the lane", async () => {
    await lane("Qualified").getByRole("button", { name: "New contact in Qualified" }).click();
    const dialog = page.getByRole("dialog", { name: "New contact" });
    assert.equal(await dialog.locator('select[name="leadStatus"]').inputValue(), "qualified");
    await dialog.locator('input[name="firstName"]').fill("Gia");
    await dialog.locator('input[name="lastName"]').fill("Hill");
    await dialog.getByRole("button", { name: "Create contact" }).click();
    await dialog.waitFor({ state: "hidden" });
    await cardIn("Qualified", "Gia Hill").waitFor();
    assert.equal(await laneCount("Qualified"), "2");
    // The header's New contact starts at "New" again.
    await page.getByRole("button", { name: "New contact", exact: true }).click();
    assert.equal(await dialog.locator('select[name="leadStatus"]').inputValue(), "new");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("Ctrl+Z puts the last move back and Ctrl+Shift+Z makes it again, each saved", async () => {
    contacts["Gia Hill"] = { id: await cardIn("Qualified", "Gia Hill").getAttribute("data-card-id") };
    await cardIn("Qualified", "Gia Hill").focus();
    await page.keyboard.press("Shift+ArrowRight");
    await cardIn("Unqualified", "Gia Hill").waitFor();
    await eventually(async () => assert.equal(await statusOnServer("Gia Hill"), "unqualified"));

    await page.keyboard.press("Control+z");
    await toast("Moved Gia Hill back to Qualified.").waitFor();
    await cardIn("Qualified", "Gia Hill").waitFor();
    assert.equal(await laneCount("Unqualified"), "0");
    await eventually(async () => assert.equal(await statusOnServer("Gia Hill"), "qualified"));

    await page.keyboard.press("Control+Shift+z");
    await toast("Moved Gia Hill to Unqualified again.").waitFor();
    await cardIn("Unqualified", "Gia Hill").waitFor();
    await eventually(async () => assert.equal(await statusOnServer("Gia Hill"), "unqualified"));
    await page.keyboard.press("Control+z");
    await cardIn("Qualified", "Gia Hill").waitFor();
    await eventually(async () => assert.equal(await statusOnServer("Gia Hill"), "qualified"));
    // Every move undone, and the one before them was the keyboard test's: back to Contacted's Di Evans.
    await page.keyboard.press("Control+z");
    await toast("Moved Di Evans back to").waitFor();
    await page.keyboard.press("Control+Shift+z");
    await toast("Moved Di Evans to Contacted again.").waitFor();
    await eventually(async () => assert.equal(await statusOnServer("Di Evans"), "contacted"));
  });

  it("a move a teammate's save came before is put back, says why, and can be made anyway", async () => {
    // Someone else changes Cy while this board shows the version before.
    const cy = contacts["Cy Diaz"];
    await callProcedure(page, "contacts.update", { id: cy.id, version: cy.version, patch: { title: "CEO" } });
    await card("Cy Diaz").dragTo(lane("Customer"));
    await toast("Cy Diaz was not moved").waitFor();
    await cardIn("Contacted", "Cy Diaz").waitFor();
    assert.equal(await cardIn("Customer", "Cy Diaz").count(), 0, "the card is back in its lane");
    assert.equal(await statusOnServer("Cy Diaz"), "contacted");
    await screenshot(page, "contacts-board-refused");

    await toast("Cy Diaz was not moved").getByRole("button", { name: "Move anyway" }).click();
    await cardIn("Customer", "Cy Diaz").waitFor();
    await eventually(async () => assert.equal(await statusOnServer("Cy Diaz"), "customer"));
  });

  it("a card moved offline stays where it was put, waits on this device, and is saved on reconnecting", async () => {
    await page.context().setOffline(true);
    await card("Bo Chen").dragTo(lane("Contacted"));
    await cardIn("Contacted", "Bo Chen").waitFor();
    await page.getByText("1 change will be saved when you reconnect.").waitFor();
    assert.equal(await laneCount("New"), "0");
    assert.equal(await statusOnServer("Bo Chen"), "new", "not sent yet");
    await screenshot(page, "contacts-board-offline");

    await page.context().setOffline(false);
    await eventually(async () => assert.equal(await statusOnServer("Bo Chen"), "contacted"));
    await cardIn("Contacted", "Bo Chen").waitFor();
    const shown = await toastsShown(page);
    assert.ok(shown.length > 0 && !shown.some((text) => text.includes("Bo Chen was not moved")), shown.join(" | "));
  });

  it("a filter narrows every lane; one matching any of its conditions says the board cannot; the table is a click away", async () => {
    const addTitleFilter = async (text) => {
      // "Filter" while there is none, then "Add filter".
      await page
        .getByTestId("filter-bar")
        .getByRole("button", { name: /^(Add )?filter$/i })
        .click();
      const form = page.getByRole("dialog", { name: "Add filter" });
      await chooseFilterField(form, "Title");
      await form.getByLabel("Operator").selectOption({ label: "contains" });
      await form.getByLabel("Value").fill(text);
      await form.getByRole("button", { name: "Add filter" }).click();
      await page.getByTestId("filter-chip").filter({ hasText: text }).waitFor();
    };
    await addTitleFilter("cto");
    // Each lane is read on its own: every one of them, once read, holds only what the filter matches.
    await eventually(async () => {
      assert.deepEqual(await namesIn("Qualified"), ["Ann Lee"]);
      assert.deepEqual(await namesIn("Contacted"), [], "every lane is filtered");
      assert.equal(await laneCount("New"), "0");
    });

    await addTitleFilter("buyer");
    await page.getByRole("radiogroup", { name: "Combine filters" }).getByRole("radio", { name: "or" }).click();
    const notice = page.getByRole("status").filter({ hasText: "must all match" });
    await notice.waitFor();
    assert.equal(await card("Ann Lee").count(), 0, "no lane shows what the filter does not narrow");
    await screenshot(page, "contacts-board-any-filter");
    await notice.getByRole("button", { name: "Match every filter" }).click();
    await notice.waitFor({ state: "detached" });
    await eventually(async () => assert.equal(await laneCount("Qualified"), "0", "no title holds both"));

    await page.getByRole("radiogroup", { name: "Combine filters" }).getByRole("radio", { name: "or" }).click();
    await notice.getByRole("button", { name: "Show as a table" }).click();
    await page.getByTestId("record-row").filter({ hasText: "Bo Chen" }).waitFor();
    await page.getByTestId("record-row").filter({ hasText: "Ann Lee" }).getByText("Qualified").waitFor();
    assert.equal(await board().count(), 0);
    // The one refusal is the move a teammate's save came before (besides the reads that failed while offline).
    const errors = loggedErrors(page).filter((error) => !error.includes("ERR_INTERNET_DISCONNECTED"));
    assert.deepEqual(errors, ["409 contacts.update"]);
  });

  it("a view keeps the board: saved from it, and opened from the table, it shows the board", async () => {
    await page.getByTestId("filter-bar").getByRole("button", { name: "Clear" }).click();
    const layout = page.getByRole("group", { name: "Layout" });
    await layout.getByRole("button", { name: "Board" }).click();
    await cardIn("Contacted", "Bo Chen").waitFor();
    // The whole list as a board: nothing to reset, but a view to keep.
    const controls = page.getByTestId("view-controls");
    assert.equal(await controls.getByRole("button", { name: "Reset" }).count(), 0);
    await controls.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Save view" });
    await dialog.locator('input[name="viewName"]').fill("Pipeline");
    await dialog.getByRole("button", { name: "Save view" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("open-view").filter({ hasText: "Pipeline" }).waitFor();

    // Shown as a table, the view has changed; Reset shows it as saved.
    await layout.getByRole("button", { name: "Table" }).click();
    await controls.getByRole("button", { name: "Reset" }).click();
    await cardIn("Contacted", "Bo Chen").waitFor();

    // From the whole list, as a table, the sidebar opens the view as a board.
    await layout.getByRole("button", { name: "Table" }).click();
    await page.getByRole("link", { name: "Contacts", exact: true }).click();
    await page.getByTestId("record-row").first().waitFor();
    await page.getByTestId("sidebar-view").filter({ hasText: "Pipeline" }).click();
    await cardIn("Contacted", "Bo Chen").waitFor();
    assert.equal(await layout.getByRole("button", { name: "Board" }).getAttribute("aria-pressed"), "true");
    await screenshot(page, "contacts-board-view");
    await page.getByRole("link", { name: "Contacts", exact: true }).click();
  });

  it("cards are selected with x, a Ctrl-click, a Shift-click or their checkbox, and the bulk bar acts on them", async () => {
    const made = [];
    const tagged = { Sel: ["renewal"], Sid: ["churn-risk"], Sol: ["renewal", "q3"], Sue: [] };
    for (const [firstName, tags] of Object.entries(tagged))
      made.push(
        await callProcedure(page, "contacts.create", { firstName, lastName: "Pick", leadStatus: "unqualified", tags }),
      );
    // 110 more, past the 100 rows of the table's first page (the page reads one beside the board): the cards picked
    // are known to the page by their lanes alone.
    const filler = Array.from({ length: 110 }, (_, i) => ({ firstName: "Aa", lastName: String(i).padStart(3, "0") }));
    for (const start of [0, 55]) {
      const batch = filler.slice(start, start + 55);
      await callProcedure(page, "contacts.import", { rows: batch, lineNumbers: batch.map((_, i) => start + i + 2) });
    }
    await page.getByRole("group", { name: "Layout" }).getByRole("button", { name: "Board" }).click();
    await page.reload();
    await cardIn("Unqualified", "Sue Pick").waitFor();
    const bar = page.getByTestId("selection-bar");
    const selectedNames = () =>
      board()
        .locator("[data-card-id][data-selected]")
        .evaluateAll((cards) => cards.map((c) => c.querySelector(".font-medium")?.textContent));

    // x on the card keyboard focus is on, as on a row; Escape lets go of the selection.
    await cardIn("Unqualified", "Sel Pick").focus();
    await page.keyboard.press("x");
    await bar.getByText("1 selected").waitFor();
    assert.deepEqual(await selectedNames(), ["Sel Pick"]);
    await page.keyboard.press("Escape");
    await bar.waitFor({ state: "hidden" });
    // Ctrl/⌘+A: every card shown.
    await page.keyboard.press("ControlOrMeta+a");
    const shown = await board().locator("[data-card-id]").count();
    await bar.getByText(`${shown} selected`).waitFor();
    assert.equal((await selectedNames()).length, shown);
    await page.keyboard.press("Escape");
    await bar.waitFor({ state: "hidden" });

    // A Ctrl-click picks one more without opening it; a Shift-click the cards between; a checkbox one more.
    await cardIn("Unqualified", "Sel Pick").focus();
    await page.keyboard.press("x");
    await cardIn("Unqualified", "Sol Pick").click({ modifiers: ["Shift"] });
    await bar.getByText("3 selected").waitFor();
    assert.deepEqual(await selectedNames(), ["Sel Pick", "Sid Pick", "Sol Pick"]);
    await cardIn("Unqualified", "Sid Pick").click({ modifiers: ["ControlOrMeta"] });
    await bar.getByText("2 selected").waitFor();
    await board().getByRole("checkbox", { name: "Select Ed Fox" }).check();
    await bar.getByText("3 selected").waitFor();
    assert.equal(page.url().includes("open="), false, "no card was opened by picking it");
    await screenshot(page, "contacts-board-selected");

    // Tags → Remove tag… offers the tags the selected cards hold, read with the lanes.
    await bar.getByRole("button", { name: "Tags" }).click();
    await page.getByRole("menuitem", { name: "Remove tag…" }).click();
    const removing = page.getByRole("dialog", { name: "Remove a tag from 3 contacts" });
    await removing.getByText("On the selection:").waitFor();
    const offered = await removing.locator("button.rounded-full").allInnerTexts();
    assert.deepEqual(offered, ["q3", "renewal"], "the tags of Sel, Sol and Ed, not Sid's");
    await removing.getByRole("button", { name: "Cancel" }).click();
    await removing.waitFor({ state: "hidden" });

    // The bulk bar's Set property moves the three to the lane of the status set, each saved.
    await bar.getByRole("button", { name: "Set property" }).click();
    const dialog = page.getByRole("dialog", { name: "Set a property on 3 contacts" });
    await dialog.locator('select[name="property"]').selectOption({ label: "Lead status" });
    await dialog.locator('select[name="value"]').selectOption({ label: "Qualified" });
    await dialog.getByRole("button", { name: "Set property" }).click();
    await toast("Set Lead status to “Qualified” on 3 contacts.").waitFor();
    for (const name of ["Sel Pick", "Sol Pick", "Ed Fox"]) await cardIn("Qualified", name).waitFor();
    await cardIn("Unqualified", "Sid Pick").waitFor();
    for (const { id } of [made[0], made[2], contacts["Ed Fox"]])
      assert.equal(
        (await callProcedure(page, "contacts.get", { id }, { kind: "query" })).contact.leadStatus,
        "qualified",
      );
    assert.equal(
      (await callProcedure(page, "contacts.get", { id: made[1].id }, { kind: "query" })).contact.leadStatus,
      "unqualified",
      "the card let go of stays",
    );
    await bar.getByRole("button", { name: "Clear selection: Esc" }).click();
    await bar.waitFor({ state: "hidden" });
    // The shortcuts ("?") name the board's keys.
    await page.locator("body").press("?");
    const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await shortcuts.getByRole("heading", { name: "A board" }).waitFor();
    await shortcuts.getByText("Select every card shown").waitFor();
    await page.keyboard.press("Escape");
    await shortcuts.waitFor({ state: "hidden" });
    await callProcedure(page, "contacts.delete", { ids: made.map(({ id }) => id) });
    await page.reload();
    await card("Ed Fox").waitFor();
  });

  it("a lane longer than a page reads the next as it scrolls; on a phone the lanes scroll sideways", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      firstName: "Zed",
      lastName: String(i + 1).padStart(3, "0"),
      leadStatus: "unqualified",
    }));
    for (let start = 0; start < rows.length; start += 60) {
      const batch = rows.slice(start, start + 60);
      await callProcedure(page, "contacts.import", { rows: batch, lineNumbers: batch.map((_, i) => start + i + 2) });
    }
    await page.getByRole("group", { name: "Layout" }).getByRole("button", { name: "Board" }).click();
    // Imported behind the page's back: read afresh.
    await page.reload();
    const cards = lane("Unqualified").locator("[data-card-id]");
    await eventually(async () => assert.equal(await laneCount("Unqualified"), "120"));
    assert.equal(await cards.count(), 100, "a page of cards at first");
    await lane("Unqualified")
      .locator("[data-card-id]")
      .last()
      .evaluate((last) => last.scrollIntoView({ block: "end" }));
    await eventually(async () => assert.equal(await cards.count(), 120, "the next page, as the lane nears its end"));
    assert.equal(await cards.last().textContent(), "Zed 120");

    await page.setViewportSize({ width: 390, height: 844 });
    await cardIn("Contacted", "Bo Chen").waitFor();
    const sideways = await board().evaluate((element) => element.scrollWidth > element.clientWidth);
    assert.ok(sideways, "the lanes scroll sideways within the board");
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= 390, `nothing past the screen's edge (${pageWidth} px)`);
    await screenshot(page, "phone-contacts-board");
    await page.setViewportSize({ width: 1360, height: 860 });
    // A browser set to dark: the app follows it when no theme is chosen (read as the page loads).
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await cardIn("Contacted", "Bo Chen").waitFor();
    await assertAccessible(page, "the contacts board, dark");
    await screenshot(page, "contacts-board-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });
});
