import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  eventually,
  launchBrowser,
  recordNames,
  registeredUser,
  savedBy,
  screenshot,
} from "./harness.mjs";

// The record table from the keyboard alone: arrows or j/k move, x selects, shift extends, Escape clears, e edits,
// Enter opens, ctrl+A selects every loaded row. Nothing is clicked first: a list page answers its keys as it opens.
describe("/contacts from the keyboard", () => {
  let browser;
  let page;
  const names = ["Ann Archer", "Bob Baker", "Cy Cole", "Di Dean", "Ed Evans"];
  const rows = () => page.getByTestId("record-row");
  const row = (name) => rows().filter({ hasText: name });
  // The active row's name, as its Name cell reads.
  const activeName = async () => {
    const text = await rows().and(page.locator("[data-active]")).locator('[data-column-id="name"]').innerText();
    return names.find((name) => text.includes(name)) ?? text;
  };
  const selectedCount = () => rows().and(page.locator("[data-selected]")).count();
  const panel = () => page.getByTestId("record-panel");

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Keyhole", name: "Kim Keys" }));
    for (const name of names) {
      const [firstName, lastName] = name.split(" ");
      await callProcedure(page, "contacts.create", {
        firstName,
        lastName,
        emails: [`${firstName.toLowerCase()}@keyhole.example`],
      });
    }
  });
  after(() => browser?.close());

  it("moves and selects without a click first; Escape clears the selection", async () => {
    await page.goto("/contacts");
    await row("Ed Evans").waitFor();
    assert.equal(await page.locator("[data-active]").count(), 0, "no row is active before a key");

    await page.keyboard.press("j");
    assert.equal(await activeName(), "Ann Archer", "j on a fresh page lands on the first row");
    assert.equal(await page.locator("[data-active-cell]").count(), 0, "no cell is picked before an arrow");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    assert.equal(await activeName(), "Cy Cole");
    await page.keyboard.press("k");
    assert.equal(await activeName(), "Bob Baker");

    await page.keyboard.press("x");
    await page.keyboard.press("Shift+ArrowDown");
    await page.keyboard.press("Shift+ArrowDown");
    assert.equal(await selectedCount(), 3, "x selects Bob, shift+↓ twice adds Cy and Di");
    await page.getByText("3 selected").waitFor();
    await screenshot(page, "contacts-keyboard-selection");

    // Tab goes to the bulk actions, not through the column headers; Shift+Tab comes back to the list.
    const bar = page.getByRole("toolbar", { name: "Bulk actions" });
    await page.keyboard.press("Tab");
    assert.ok(
      await bar.evaluate((toolbar) => toolbar.contains(document.activeElement)),
      "Tab reaches the bulk actions",
    );
    await page.keyboard.press("Shift+Tab");
    assert.ok(await page.getByRole("grid").evaluate((grid) => grid === document.activeElement), "Shift+Tab is back");

    await page.keyboard.press("Escape");
    await page.getByText("3 selected").waitFor({ state: "detached" });
    assert.equal(await selectedCount(), 0);

    await page.keyboard.press("Control+a");
    assert.equal(await selectedCount(), names.length, "ctrl+A selects every loaded row");
    await page.keyboard.press("Escape");
    assert.equal(await selectedCount(), 0);

    // Escape in the bulk actions clears the selection too, and the list's keys go on.
    await page.keyboard.press("x");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await bar.waitFor({ state: "detached" });
    assert.equal(await selectedCount(), 0);
    const before = await activeName();
    await page.keyboard.press("k");
    assert.notEqual(await activeName(), before, "k still moves");
  });

  it("e edits the active row's name in place; Enter saves and the keys go on", async () => {
    await page.keyboard.press("End");
    assert.equal(await activeName(), "Ed Evans", "End goes to the last row");
    const id = await row("Ed Evans").getAttribute("data-row-id");
    await page.keyboard.press("e");
    const firstName = page.getByRole("textbox", { name: "First name" });
    await firstName.waitFor();
    assert.ok(await firstName.evaluate((input) => input === document.activeElement), "the editor has the keyboard");
    await page.keyboard.press("Control+a");
    await page.keyboard.type("Eddie");
    const saved = savedBy(page, "contacts.update");
    await page.keyboard.press("Enter");
    await firstName.waitFor({ state: "detached" });
    names[4] = "Eddie Evans";
    await row("Eddie Evans").waitFor();
    assert.equal(await activeName(), "Eddie Evans", "the edited row stays active");

    // The grid has the keyboard back: k moves up from the edited row.
    await page.keyboard.press("k");
    assert.equal(await activeName(), "Di Dean");
    await saved;
    const { contact } = await callProcedure(page, "contacts.get", { id }, { kind: "query" });
    assert.equal(contact.firstName, "Eddie", "the server holds the edit");
  });

  it("← → move a cell cursor along the row; e edits the cell it is on", async () => {
    const activeCell = () => page.locator("[data-active-cell]");
    await page.keyboard.press("Home");
    assert.equal(await activeName(), "Ann Archer");
    assert.equal(await activeCell().getAttribute("data-column-id"), "name", "the cell e edited last keeps the cursor");
    // Name, Email, Company, Title.
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    assert.equal(await activeCell().getAttribute("data-column-id"), "title");
    await screenshot(page, "contacts-cell-cursor");
    await page.keyboard.press("e");
    const title = row("Ann Archer").locator('[data-column-id="title"]').getByRole("textbox", { name: "Title" });
    await title.waitFor();
    await title.fill("Locksmith");
    await title.press("Enter");
    await title.waitFor({ state: "detached" });
    assert.equal(await row("Ann Archer").locator('[data-column-id="title"]').innerText(), "Locksmith");

    // The cursor stays on its column as the row changes; ← goes back along it.
    await page.keyboard.press("j");
    assert.equal(await activeName(), "Bob Baker");
    assert.equal(await activeCell().getAttribute("data-column-id"), "title");
    await page.keyboard.press("ArrowLeft");
    assert.equal(await activeCell().getAttribute("data-column-id"), "company");

    // A click puts the cursor on the cell clicked (and opens the record): e then edits that cell.
    await row("Di Dean").locator('[data-column-id="email"]').click();
    await panel().getByRole("heading", { name: "Di Dean" }).waitFor();
    assert.equal(await activeName(), "Di Dean");
    assert.equal(await activeCell().getAttribute("data-column-id"), "email");
    await page.keyboard.press("e");
    const emails = row("Di Dean").locator('[data-column-id="email"]').getByRole("textbox", { name: "Emails" });
    await emails.waitFor();
    assert.equal(await emails.inputValue(), "di@keyhole.example");
    await page.keyboard.press("Escape");
    await emails.waitFor({ state: "detached" });
    await page.keyboard.press("ArrowRight");
    assert.equal(await activeCell().getAttribute("data-column-id"), "company", "→ goes on from the clicked cell");
    await page.keyboard.press("Escape");
    await panel().waitFor({ state: "hidden" });
  });

  it("Enter opens the active record; j and k take the panel along; Escape closes it and the keys go on", async () => {
    await page.keyboard.press("Home");
    assert.equal(await activeName(), "Ann Archer");
    await page.keyboard.press("Enter");
    await panel().getByRole("heading", { name: "Ann Archer" }).waitFor();

    await page.keyboard.press("j");
    await panel().getByRole("heading", { name: "Bob Baker" }).waitFor();
    // The open record's row is marked (and only it: were j taken twice, Cy's would be).
    await row("Bob Baker").and(page.locator("[data-open=true]")).waitFor();
    assert.equal(await page.locator("[data-testid=record-row][data-open=true]").count(), 1);
    await page.keyboard.press("k");
    await panel().getByRole("heading", { name: "Ann Archer" }).waitFor();

    // Tab goes into the open record's fields, Shift+Tab comes back to the list.
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute("aria-labelledby") ?? document.activeElement?.getAttribute("role"),
      );
    await page.keyboard.press("Tab");
    const nameField = panel().locator('dd[data-field="name"] button');
    assert.ok(await nameField.evaluate((button) => button === document.activeElement), "Tab lands on the Name field");
    await page.keyboard.press("Tab");
    assert.ok(
      await panel()
        .locator('dd[data-field="email"] button')
        .evaluate((b) => b === document.activeElement),
    );
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    assert.equal(await focused(), "grid", "Shift+Tab from the first field comes back to the list");
    await page.keyboard.press("j");
    await panel().getByRole("heading", { name: "Bob Baker" }).waitFor();
    await page.keyboard.press("k");
    await panel().getByRole("heading", { name: "Ann Archer" }).waitFor();

    // The open record's keys work from the list too: n writes a note on it, and Escape comes back.
    assert.equal(await focused(), "grid");
    await page.keyboard.press("n");
    const composer = panel().getByPlaceholder(/Add a note/);
    assert.ok(await composer.evaluate((box) => box === document.activeElement), "n from the list starts a note");
    await page.keyboard.press("Escape");
    await page.getByRole("grid").focus();

    await page.keyboard.press("Escape");
    await panel().waitFor({ state: "hidden" });
    await page.keyboard.press("j");
    assert.equal(await activeName(), "Bob Baker", "after the panel closes, j moves on from the row it showed");

    // A click on a toolbar button leaves the keyboard there; the moving keys still reach the list.
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await page.keyboard.press("Escape");
    await page.keyboard.press("j");
    assert.equal(await activeName(), "Cy Cole");
  });

  it("the panel steps through the list: its ↑ ↓ buttons, or j and k from inside it; the list's cursor follows", async () => {
    await page.goto("/contacts");
    await row(names[4]).waitFor();
    await row("Bob Baker").locator('[data-column-id="name"]').click();
    await panel().getByRole("heading", { name: "Bob Baker" }).waitFor();
    const position = panel().getByTestId("record-position");
    assert.equal(await position.innerText(), "2 / 5");
    await screenshot(page, "panel-stepper");

    await panel().getByRole("button", { name: "Next contact" }).click();
    await panel().getByRole("heading", { name: "Cy Cole" }).waitFor();
    assert.equal(await position.innerText(), "3 / 5");
    assert.equal(await activeName(), "Cy Cole", "the list's cursor follows the panel");
    await row("Cy Cole").and(page.locator("[data-open=true]")).waitFor();

    // From a field of the panel (the keyboard inside it), j and k step too; typed into a field, they are letters.
    await panel().locator('dd[data-field="name"] button').focus();
    await page.keyboard.press("j");
    await panel().getByRole("heading", { name: "Di Dean" }).waitFor();
    await page.keyboard.press("j");
    await panel().getByRole("heading", { name: names[4] }).waitFor();
    const next = panel().getByRole("button", { name: "Next contact" });
    assert.equal(await next.isDisabled(), true, "the last record has no next one");
    await page.keyboard.press("j");
    assert.equal(await position.innerText(), "5 / 5");
    await panel().getByRole("button", { name: "Previous contact" }).click();
    await panel().getByRole("heading", { name: "Di Dean" }).waitFor();
    await page.keyboard.press("k");
    await panel().getByRole("heading", { name: "Cy Cole" }).waitFor();
    assert.equal(await activeName(), "Cy Cole");
    // The address names the record shown, so a reload or a copied link opens it.
    const cyId = await row("Cy Cole").getAttribute("data-row-id");
    await page.waitForURL((url) => url.searchParams.get("open") === cyId);

    await page.keyboard.press("Escape");
    await panel().waitFor({ state: "hidden" });
  });

  it("a filter's chip opens its condition to change it, in place", async () => {
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add filter" });
    // From the keyboard: the form opens on its fields' list, searched as typed; Enter picks, Tab goes on.
    await page.getByRole("combobox", { name: "Field" }).waitFor();
    await page.keyboard.type("nam");
    await screenshot(page, "contacts-filter-fields-searched");
    await page.keyboard.press("Enter");
    const field = add.getByRole("button", { name: "Field" });
    assert.equal(await field.innerText(), "Name");
    assert.ok(await field.evaluate((button) => button === document.activeElement), "the field picked has the keys");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Archer");
    assert.equal(await add.getByLabel("Value").inputValue(), "Archer");
    await page.keyboard.press("Enter");
    await page.getByTestId("record-total").getByText("1 contact matches").waitFor();

    await page.getByRole("button", { name: "Change filter Name contains “Archer”" }).click();
    const change = page.getByRole("dialog", { name: "Change filter" });
    assert.equal(await change.getByLabel("Value").inputValue(), "Archer", "the form starts from the condition");
    await change.getByLabel("Value").fill("Baker");
    await screenshot(page, "contacts-filter-change");
    await change.getByRole("button", { name: "Update filter" }).click();
    await change.waitFor({ state: "detached" });
    await row("Bob Baker").waitFor();
    assert.equal(await rows().count(), 1);
    assert.deepEqual(await page.getByTestId("filter-chip").allInnerTexts(), ["Name contains “Baker”"]);
    assert.deepEqual(page.errors, []);
  });

  it("Delete moves the row, or the selected rows, to the trash; Undo on the toast brings them back", async () => {
    await page.getByRole("button", { name: "Clear", exact: true }).click();
    await row("Ann Archer").waitFor();
    await page.keyboard.press("Home");
    await page.keyboard.press("j");
    assert.equal(await activeName(), "Bob Baker");
    await page.keyboard.press("Delete");
    const deleted = page.locator("[data-sonner-toast]").filter({ hasText: "Deleted 1 contact." });
    await deleted.waitFor();
    await row("Bob Baker").waitFor({ state: "detached" });
    assert.equal(await activeName(), "Cy Cole", "the keyboard stays in the list, on the next row");
    await deleted.getByRole("button", { name: "Undo" }).click();
    await row("Bob Baker").waitFor();

    await page.keyboard.press("x");
    await page.keyboard.press("j");
    await page.keyboard.press("x");
    await page.keyboard.press("Backspace");
    const both = page.locator("[data-sonner-toast]").filter({ hasText: "Deleted 2 contacts." });
    await both.waitFor();
    assert.equal(await rows().count(), names.length - 2);
    await both.getByRole("button", { name: "Undo" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Restored." }).first().waitFor();
    await page.getByTestId("record-total").getByText(`${names.length} contacts`).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("/ goes to the search box, from the list or an open record; in a field or over a dialog it is a character", async () => {
    // (by its label: a modal dialog hides the page from the accessibility tree)
    const search = page.locator('input[aria-label="Search contacts"]');
    const searchFocused = () => search.evaluate((input) => input === document.activeElement);
    await page.keyboard.press("Home");
    await page.keyboard.press("/");
    assert.ok(await searchFocused(), "/ from the list focuses the search box");
    assert.equal(await search.inputValue(), "", "without typing the slash into it");
    await page.keyboard.type("cy");
    await eventually(async () => assert.deepEqual(await recordNames(page), ["Cy Cole"], "the search lists Cy alone"));
    // ↓ goes on from the search to what it found, and Enter opens it.
    await page.keyboard.press("ArrowDown");
    assert.equal(await activeName(), "Cy Cole", "↓ in the search box makes the first match active");
    assert.equal(await searchFocused(), false);
    await page.keyboard.press("Enter");
    await panel().getByRole("heading", { name: "Cy Cole" }).waitFor();
    await page.keyboard.press("Escape");
    await panel().waitFor({ state: "hidden" });
    await page.keyboard.press("/");
    assert.equal(await search.inputValue(), "cy");
    await page.keyboard.press("Escape");
    await eventually(async () =>
      assert.equal((await recordNames(page)).length, names.length, "Escape clears the search"),
    );

    // From the open record's panel too.
    await page.keyboard.press("Escape");
    await page.getByRole("grid").focus();
    await page.keyboard.press("Home");
    await page.keyboard.press("Enter");
    await panel().getByRole("heading", { name: "Ann Archer" }).waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("/");
    assert.ok(await searchFocused(), "/ from the record panel focuses the list's search");
    await page.keyboard.press("Escape");

    // Typed in a field, it is part of what is written.
    await page.getByRole("button", { name: "New contact" }).click();
    const dialog = page.getByRole("dialog", { name: "New contact" });
    const firstName = dialog.getByLabel("First name");
    await firstName.fill("A");
    await page.keyboard.type("/B");
    assert.equal(await firstName.inputValue(), "A/B");
    assert.equal(await searchFocused(), false);
    // With the dialog open but nothing typed into, / stays with the dialog.
    await firstName.fill("");
    await dialog.getByRole("heading", { name: "New contact" }).click();
    await page.keyboard.press("/");
    assert.equal(await searchFocused(), false, "/ over a dialog does not reach the list behind it");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    assert.deepEqual(page.errors, []);
  });
});
