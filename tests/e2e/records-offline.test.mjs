import { after, before, describe, it } from "node:test";
import { addContact, assert, launchBrowser, registeredUser, screenshot } from "./harness.mjs";

describe("an inline edit made offline is kept: said on screen, guarded on leaving, saved on reconnecting", () => {
  let browser;
  let context;
  let page;
  const row = () => page.getByTestId("record-row").filter({ hasText: "Katherine Johnson" });
  const title = () => row().locator('[data-column-id="title"]');
  const notice = () => page.getByRole("status").filter({ hasText: "You're offline." });

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

    await title().hover();
    await title().getByRole("button", { name: "Edit Title" }).click();
    const editor = title().getByRole("textbox", { name: "Title" });
    await editor.fill("Aerospace Technologist");
    await editor.press("Enter");
    await editor.waitFor({ state: "detached" });

    assert.equal(await title().innerText(), "Aerospace Technologist", "the edit shows at once");
    await notice().filter({ hasText: "1 change will be saved when you reconnect: keep this tab open." }).waitFor();
    await screenshot(page, "offline-edit-waiting");
  });

  it("asks before the tab closes while the change waits, and the page stays when the person stays", async () => {
    const asked = new Promise((resolve) => page.once("dialog", resolve));
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    assert.equal(dialog.type(), "beforeunload");
    await dialog.dismiss();
    assert.equal(page.isClosed(), false);
    assert.equal(await title().innerText(), "Aerospace Technologist");
  });

  it("sends the change on reconnecting: the notice goes and the edit survives a reload", async () => {
    await context.setOffline(false);
    await notice().waitFor({ state: "detached" });
    await page.reload();
    await row().waitFor();
    assert.equal(await title().innerText(), "Aerospace Technologist");
  });

  it("closes without asking when nothing is waiting", async () => {
    let askedAgain = false;
    page.once("dialog", (dialog) => {
      askedAgain = true;
      void dialog.dismiss();
    });
    // A click first: Chromium asks before unload only on a page the person has interacted with.
    await page.getByRole("heading", { name: "Contacts" }).click();
    const closed = page.waitForEvent("close");
    await page.close({ runBeforeUnload: true });
    await closed;
    assert.equal(askedAgain, false);
  });
});
