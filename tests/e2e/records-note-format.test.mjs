import { after, before, describe, it } from "node:test";
import { assert, callProcedure, launchBrowser, registeredUser, screenshot } from "./harness.mjs";

// A note's lists and bold, typed as plain text: Enter goes on with a list, Ctrl+B makes the selection bold.
describe("notes: lists and bold", () => {
  let browser;
  let page;

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Scribes", name: "Sam Scribe" }));
  });
  after(() => browser?.close());

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
