import { after, before, describe, it } from "node:test";
import {
  assert,
  assertAccessible,
  callProcedure,
  eventually,
  launchBrowser,
  registeredUser,
  screenshot,
} from "./harness.mjs";

describe("favorites: a member's contacts and companies a click away in the sidebar", () => {
  let browser;
  let page;
  let ann;
  let acme;
  const panel = () => page.getByTestId("record-panel");
  const star = () => panel().getByRole("button", { name: "Favorite" });
  const favorites = () => page.getByRole("list", { name: "Favorites" });
  const favoriteNames = async () =>
    (await favorites().getByTestId("sidebar-favorite").allInnerTexts()).map((text) => text.trim());
  const row = (name) => page.getByTestId("record-row").filter({ hasText: name });

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Starred", name: "Sam Seller", locale: "en-US" }));
    acme = await callProcedure(page, "companies.create", { name: "Acme Robotics", domain: "acme-robotics.example" });
    ann = await callProcedure(page, "contacts.create", {
      firstName: "Ann",
      lastName: "Lee",
      emails: ["ann@acme-robotics.example"],
      companyId: acme.id,
    });
    await callProcedure(page, "contacts.create", { firstName: "Bo", lastName: "Brandt" });
  });
  after(() => browser?.close());

  it("stars a contact with its panel's button and a company with f; the sidebar lists them in that order", async () => {
    await page.goto("/contacts");
    await row("Ann Lee").click();
    await panel().getByRole("heading", { name: "Ann Lee" }).waitFor();
    assert.equal(await page.getByTestId("sidebar-favorites").count(), 0, "no section before the first favorite");
    assert.equal(await star().getAttribute("aria-pressed"), "false");
    await star().click();
    await eventually(async () => assert.equal(await star().getAttribute("aria-pressed"), "true"));
    await favorites().getByRole("link", { name: "Ann Lee" }).waitFor();

    await page.goto("/companies");
    await page.getByTestId("record-row").filter({ hasText: "Acme Robotics" }).click();
    await panel().getByRole("heading", { name: "Acme Robotics" }).waitFor();
    await panel().getByRole("heading", { name: "Acme Robotics" }).click();
    await page.keyboard.press("f");
    await eventually(async () => assert.equal(await star().getAttribute("aria-pressed"), "true"));
    await eventually(async () => assert.deepEqual(await favoriteNames(), ["Ann Lee", "Acme Robotics"]));
    // Written, not only shown: read back as the server has them, once the write the star showed at once has landed.
    await eventually(async () => {
      const saved = await callProcedure(page, "favorites.list", undefined, { kind: "query" });
      assert.deepEqual(
        saved.map((f) => [f.recordObject, f.recordId]),
        [
          ["contact", ann.id],
          ["company", acme.id],
        ],
      );
    });
    await screenshot(page, "favorites-sidebar");
    await assertAccessible(page, "the sidebar with favorites and a starred company");
    assert.deepEqual(page.errors, []);
  });

  it("opens a favorite from anywhere beside its list, marked as the one open", async () => {
    await page.goto("/tasks");
    await favorites().getByRole("link", { name: "Ann Lee" }).click();
    await page.waitForURL((url) => url.pathname === "/contacts" && url.searchParams.get("open") === ann.id);
    await panel().getByRole("heading", { name: "Ann Lee" }).waitFor();
    assert.equal(await favorites().getByRole("link", { name: "Ann Lee" }).getAttribute("aria-current"), "page");
    assert.equal(await favorites().getByRole("link", { name: "Acme Robotics" }).getAttribute("aria-current"), null);

    // The palette lists them before anything is typed; Enter on one opens it.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+k");
    const inPalette = page.locator('[cmdk-group-heading]:text-is("Favorites") + [cmdk-group-items] [cmdk-item]');
    await eventually(async () =>
      assert.deepEqual(
        (await inPalette.allInnerTexts()).map((text) => text.split("\n")[0]),
        ["Ann Lee", "Acme Robotics"],
      ),
    );
    await inPalette.filter({ hasText: "Acme Robotics" }).click();
    await page.waitForURL((url) => url.pathname === "/companies" && url.searchParams.get("open") === acme.id);

    // And from the keyboard: g then its place.
    await page.goto("/home");
    await favorites().getByRole("link", { name: "Ann Lee" }).waitFor();
    await page.keyboard.press("g");
    await page.keyboard.press("1");
    await page.waitForURL((url) => url.pathname === "/contacts" && url.searchParams.get("open") === ann.id);
    await panel().getByRole("heading", { name: "Ann Lee" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("offers them, before anything is typed, to link a task to", async () => {
    await callProcedure(page, "tasks.create", { title: "Send the deck" });
    await page.goto("/tasks?view=upcoming");
    const task = page.getByTestId("task-row").filter({ hasText: "Send the deck" });
    await task.click();
    await page.keyboard.press("l");
    const picker = page.locator("[data-picker]");
    await picker.getByRole("combobox", { name: "Linked record" }).waitFor();
    await eventually(async () =>
      assert.deepEqual(
        (await picker.getByRole("option").allInnerTexts()).map((text) => text.split("\n")[0]),
        ["Ann Lee", "Acme Robotics"],
      ),
    );
    await screenshot(page, "favorites-task-link");
    await picker.getByRole("option", { name: /Acme Robotics/ }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Linked “Send the deck” to Acme Robotics" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("offers them at a bare @ in a task's quick add, and links the task to the one picked", async () => {
    await page.goto("/tasks");
    const input = page.getByRole("textbox", { name: "Add a task" });
    const suggestions = page.getByRole("listbox", { name: "Link to a record" });
    await input.fill("Call @");
    await eventually(async () =>
      assert.deepEqual(
        (await suggestions.getByRole("option").allInnerTexts()).map((text) => text.split("\n")[0]),
        ["Ann Lee", "Acme Robotics"],
      ),
    );
    await input.press("ArrowDown");
    await input.press("Enter");
    await suggestions.waitFor({ state: "detached" });
    assert.match(await page.getByTestId("quick-add-record").innerText(), /Acme Robotics/);
    await input.pressSequentially("about the pilot");
    await input.press("Enter");
    await page
      .getByTestId("task-row")
      .filter({ hasText: "Call about the pilot" })
      .getByTestId("task-record")
      .getByText("Acme Robotics")
      .waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("reorders them by dragging, and from each one's menu by the keyboard, kept through a reload", async () => {
    const acmeItem = favorites().getByTestId("sidebar-favorite").filter({ hasText: "Acme Robotics" });
    const annItem = favorites().getByTestId("sidebar-favorite").filter({ hasText: "Ann Lee" });
    await acmeItem.dragTo(annItem, { targetPosition: { x: 20, y: 3 } });
    await eventually(async () => assert.deepEqual(await favoriteNames(), ["Acme Robotics", "Ann Lee"]));
    await page.reload();
    await eventually(async () => assert.deepEqual(await favoriteNames(), ["Acme Robotics", "Ann Lee"]));

    const menu = favorites().getByRole("button", { name: "Acme Robotics: more" });
    await menu.focus();
    await page.keyboard.press("Enter");
    const moveUp = page.getByRole("menuitem", { name: "Move up" });
    await moveUp.waitFor();
    assert.equal(await moveUp.getAttribute("aria-disabled"), "true", "the first cannot go up");
    await page.getByRole("menuitem", { name: "Move down" }).click();
    await eventually(async () => assert.deepEqual(await favoriteNames(), ["Ann Lee", "Acme Robotics"]));
    await page.reload();
    await eventually(async () => assert.deepEqual(await favoriteNames(), ["Ann Lee", "Acme Robotics"]));
    assert.deepEqual(page.errors, []);
  });

  it("leaves out one in the trash until Undo, and removes one from its menu", async () => {
    await page.goto(`/contacts?open=${ann.id}`);
    await panel().getByRole("heading", { name: "Ann Lee" }).waitFor();
    await panel().getByRole("button", { name: "Move this contact to the trash" }).click();
    await eventually(async () => assert.deepEqual(await favoriteNames(), ["Acme Robotics"]));
    await page.getByRole("button", { name: "Undo" }).click();
    // Back in its place.
    await eventually(async () => assert.deepEqual(await favoriteNames(), ["Ann Lee", "Acme Robotics"]));

    await favorites().getByRole("button", { name: "Ann Lee: more" }).click();
    await page.getByRole("menuitem", { name: "Remove from favorites" }).click();
    await eventually(async () => assert.deepEqual(await favoriteNames(), ["Acme Robotics"]));
    await page.goto(`/contacts?open=${ann.id}`);
    await panel().getByRole("heading", { name: "Ann Lee" }).waitFor();
    await eventually(async () => assert.equal(await star().getAttribute("aria-pressed"), "false"));

    // And back, from the palette: last in the order.
    await page.keyboard.press("Control+k");
    await page.getByPlaceholder("Type a page or an action…").fill("favorite");
    await page.getByRole("option", { name: "Add to favorites" }).click();
    await eventually(async () => assert.deepEqual(await favoriteNames(), ["Acme Robotics", "Ann Lee"]));
    assert.equal(await star().getAttribute("aria-pressed"), "true");
    assert.deepEqual(page.errors, []);
  });

  it("marks a favorite whose earliest open task is overdue", async () => {
    await callProcedure(page, "tasks.create", {
      title: "Call Acme back",
      dueAt: new Date(Date.now() - 60 * 60 * 1000),
      recordObject: "company",
      recordId: acme.id,
    });
    await page.reload();
    await favorites().getByRole("link", { name: "Acme Robotics, a task overdue" }).waitFor();
    assert.equal(await favorites().getByRole("link", { name: "Ann Lee", exact: true }).count(), 1);
    await screenshot(page, "favorites-overdue");
    await assertAccessible(page, "the favorites with one overdue");

    // Done from the company's panel: the mark goes.
    await favorites().getByRole("link", { name: "Acme Robotics, a task overdue" }).click();
    await panel().getByRole("heading", { name: "Acme Robotics" }).waitFor();
    await panel().getByRole("checkbox", { name: "Complete Call Acme back" }).click();
    await favorites().getByRole("link", { name: "Acme Robotics", exact: true }).waitFor();
    assert.deepEqual(page.errors, []);
  });
});
