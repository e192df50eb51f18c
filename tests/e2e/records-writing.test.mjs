import { after, before, describe, it } from "node:test";
import { assert, callProcedure, launchBrowser, registeredUser, screenshot } from "./harness.mjs";

// Putting words and rows in quickly: an empty list takes rows pasted from a spreadsheet; a note's lists and bold are
// typed as plain text (Enter goes on with a list, Ctrl+B makes the selection bold); n and t write from the panel.
describe("writing in: pasted rows, notes' lists and bold, n and t", () => {
  let browser;
  let page;

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Scribes", name: "Sam Scribe" }));
  });
  after(() => browser?.close());

  it("offers an empty list's import by a dropped file or pasted rows, and takes rows pasted there", async () => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/companies");
    await page.getByText("No companies yet").waitFor();
    await page.getByText("Drop a CSV file here, or paste rows copied from a spreadsheet, to import them.").waitFor();
    await screenshot(page, "companies-empty");
    await page.evaluate(() => navigator.clipboard.writeText("Name\tDomain\nAcme Robotics\tacme.example\n"));
    await page.keyboard.press("Control+v");
    const dialog = page.getByRole("dialog", { name: "Import companies" });
    await dialog.getByRole("button", { name: "Import 1 row" }).click();
    await dialog.getByTestId("import-created").getByText("1").waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByTestId("record-row").filter({ hasText: "Acme Robotics" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("goes on with a list on Enter, ends it on an empty item, and shows the note's lists and bold", async () => {
    const ann = await callProcedure(page, "contacts.create", { firstName: "Ann", lastName: "Lists" });
    await page.goto(`/contacts?open=${ann.id}`);
    const composer = page.getByRole("textbox", { name: "New note" });
    await composer.click();
    await composer.pressSequentially("Call went well:");
    await composer.press("Enter");
    await composer.pressSequentially("- budget ");
    // Ctrl+B with nothing selected: a pair of stars to type between.
    await composer.press("Control+b");
    await composer.pressSequentially("approved");
    await composer.press("End");
    await composer.press("Enter");
    await composer.pressSequentially("pilot in May");
    await composer.press("Enter");
    await composer.press("Enter");
    await composer.pressSequentially("Next: 1. send the deck");
    assert.equal(
      await composer.inputValue(),
      "Call went well:\n- budget **approved**\n- pilot in May\nNext: 1. send the deck",
    );
    await composer.press("Control+Enter");
    const note = page.getByTestId("note").filter({ hasText: "Call went well" });
    await note.waitFor();
    assert.deepEqual(await note.locator("li").allInnerTexts(), ["budget approved", "pilot in May"]);
    assert.equal(await note.locator("strong").innerText(), "approved");
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, "note-lists-bold");
    assert.deepEqual(page.errors, []);
  });
  it("writes a note with n and adds a task with t from inside the open record", async () => {
    const panel = page.getByTestId("record-panel");
    await panel.getByRole("button", { name: "Favorite" }).focus();
    await page.keyboard.press("n");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "New note");
    assert.equal(await page.getByRole("textbox", { name: "New note" }).inputValue(), "", "the n is not typed");
    await panel.getByRole("button", { name: "Favorite" }).focus();
    await page.keyboard.press("t");
    const taskBox = panel.getByRole("textbox", { name: "New task for Ann Lists" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "New task for Ann Lists");
    assert.equal(await taskBox.inputValue(), "");
    // The palette shows the keys beside the open record's actions.
    await panel.getByRole("button", { name: "Favorite" }).focus();
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    const addTask = palette.getByRole("option", { name: "Add a task" });
    await addTask.waitFor();
    assert.equal(await addTask.locator("kbd").innerText(), "t");
    await page.keyboard.press("Escape");
    assert.deepEqual(page.errors, []);
  });
});
