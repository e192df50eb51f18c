import { after, before, describe, it } from "node:test";
import { assert, callProcedure, launchBrowser, recordTotal, registeredUser, screenshot } from "./harness.mjs";

describe("the palette acts on the record open beside the list", () => {
  let browser;
  let page;
  let ada;
  const panel = () => page.getByTestId("record-panel");
  const palette = () => page.getByPlaceholder("Type a page or an action…");
  const group = (heading) =>
    page.locator(`[cmdk-group-heading]:text-is("${heading}") + [cmdk-group-items] [cmdk-item]`);

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Palette Co", name: "Ada Lovelace" }));
    ada = await callProcedure(page, "contacts.create", { firstName: "Ada", lastName: "Byron" });
    await callProcedure(page, "contacts.create", { firstName: "Charles", lastName: "Babbage" });
  });
  after(() => browser?.close());

  it("offers nothing on a record while none is open", async () => {
    await page.goto("/contacts");
    await recordTotal(page, "2 contacts").waitFor();
    await page.keyboard.press("Control+k");
    await palette().waitFor();
    await page.getByRole("option", { name: "Send feedback" }).waitFor();
    assert.equal(await page.getByRole("option", { name: "Assign to me" }).count(), 0);
    await page.keyboard.press("Escape");
  });

  it("assigns the open contact to me from the keyboard, and says so", async () => {
    await page.getByTestId("record-row").filter({ hasText: "Ada Byron" }).click();
    await panel().getByRole("heading", { name: "Ada Byron" }).waitFor();
    await page.keyboard.press("Control+k");
    // Each action, and the key that does it from inside the panel.
    assert.deepEqual(
      (await group("Ada Byron").allInnerTexts()).map((text) => text.replace("\n", " · ")),
      [
        "Assign to me",
        "Add to favorites · f",
        "Copy link",
        "Move to the trash",
        "Add a task · t",
        "Add a note · n",
        "Log a call",
        "Log a meeting",
        "Log an email",
      ],
    );
    await screenshot(page, "palette-record-actions");
    await palette().fill("assign");
    await page.keyboard.press("Enter");
    await page.locator("[data-sonner-toast]").filter({ hasText: "Assigned “Ada Byron” to you." }).waitFor();
    await panel().getByRole("button", { name: "Owner" }).getByText("Ada Lovelace").waitFor();
    const me = await callProcedure(page, "user.getUser", undefined, { kind: "query" });
    const { contact } = await callProcedure(page, "contacts.get", { id: ada.id }, { kind: "query" });
    assert.equal(contact.ownerId, me.id);
  });

  it("starts a call's log or a task on the open contact: the palette closes onto the field, typing goes there", async () => {
    await page.keyboard.press("Control+k");
    // Hers now: the palette no longer offers to assign it to her.
    await group("Ada Byron").first().waitFor();
    assert.equal((await group("Ada Byron").allInnerTexts())[0], "Add to favorites\nf");
    assert.equal(await page.getByRole("option", { name: "Assign to me" }).count(), 0);
    await palette().fill("log a call");
    await page.keyboard.press("Enter");
    const call = panel().getByRole("textbox", { name: "What happened on the call" });
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("aria-label") === "What happened on the call",
    );
    await page.keyboard.type("Left a voicemail");
    await page.keyboard.press("Control+Enter");
    await panel().getByTestId("note").filter({ hasText: "Left a voicemail" }).waitFor();
    assert.equal(await call.inputValue(), "");

    await page.keyboard.press("Control+k");
    await palette().fill("add a task");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "New task for Ada Byron");
    await page.keyboard.type("Send the deck tomorrow");
    await page.keyboard.press("Enter");
    await panel().getByTestId("record-tasks").getByText("Send the deck").waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("moves the open contact to the trash, with Undo, and offers nothing once it is closed", async () => {
    await page.keyboard.press("Control+k");
    await palette().fill("trash");
    await page.getByRole("option", { name: "Move to the trash" }).click();
    await panel().waitFor({ state: "hidden" });
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Deleted 1 contact." })
      .getByRole("button", { name: "Undo" })
      .waitFor();
    await recordTotal(page, "1 contact").waitFor();
    await page.keyboard.press("Control+k");
    await page.getByRole("option", { name: "Send feedback" }).waitFor();
    assert.equal(await page.getByRole("option", { name: "Move to the trash" }).count(), 0);
    await page.keyboard.press("Escape");
    await assert.rejects(
      callProcedure(page, "contacts.get", { id: ada.id }, { kind: "query" }),
      /404: That contact does not exist or was deleted/,
    );
    assert.deepEqual(page.errors, []);
  });
});
