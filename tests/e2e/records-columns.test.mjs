import { after, before, describe, it } from "node:test";
import { assert, callProcedure, launchBrowser, registeredUser, screenshot, settled } from "./harness.mjs";

describe("/contacts: the columns' order", () => {
  let browser;
  let page;
  const header = (id) => page.getByTestId(`column-header-${id}`);
  /** The column ids of the headers, left to right. */
  const headerIds = () =>
    page
      .locator('[data-testid^="column-header-"]')
      .evaluateAll((headers) => headers.map((h) => h.getAttribute("data-testid").replace("column-header-", "")));
  /** The column ids of a row's cells, left to right. */
  const cellIds = () =>
    page
      .getByTestId("record-row")
      .first()
      .locator("[data-column-id]")
      .evaluateAll((cells) => cells.map((c) => c.getAttribute("data-column-id")));
  /** The first `n` headers. */
  const firstHeaders = async (n) => (await headerIds()).slice(0, n);
  /** The first `n` headers once the layout is saved and the page loaded again. */
  const firstHeadersAfterReload = async (n) => {
    await settled(page);
    await page.reload();
    await page.getByTestId("record-row").first().waitFor();
    return firstHeaders(n);
  };

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Columnists", name: "Cora Column" }));
    for (const [firstName, lastName] of [
      ["Ann", "Archer"],
      ["Bob", "Baker"],
    ])
      await callProcedure(page, "contacts.create", {
        firstName,
        lastName,
        emails: [`${firstName.toLowerCase()}@columns.example`],
        title: `${firstName}'s title`,
      });
  });
  after(() => browser?.close());

  it("moves a column by dragging its header; the rows follow, and the order survives a reload", async () => {
    await page.goto("/contacts");
    await page.getByTestId("record-row").first().waitFor();
    assert.deepEqual(await firstHeaders(4), ["name", "email", "company", "title"]);

    // Title onto the left half of Email: it lands before Email, and a mark shows where while it is dragged.
    const email = await header("email").boundingBox();
    await header("title").hover();
    await page.mouse.down();
    await page.mouse.move(email.x + email.width * 0.25, email.y + email.height / 2, { steps: 8 });
    await page.getByTestId("column-drop-mark").waitFor();
    await screenshot(page, "column-dragged");
    await page.mouse.up();
    await page.getByTestId("column-drop-mark").waitFor({ state: "detached" });

    assert.deepEqual(await firstHeaders(4), ["name", "title", "email", "company"]);
    assert.deepEqual((await cellIds()).slice(0, 4), ["name", "title", "email", "company"]);
    assert.equal(
      await page.getByTestId("record-row").first().locator('[data-column-id="title"]').innerText(),
      "Ann's title",
    );

    // The name column stays first: a header dropped on it lands right after it.
    const name = await header("name").boundingBox();
    await header("company").dragTo(header("name"), { targetPosition: { x: 4, y: name.height / 2 } });
    assert.deepEqual(await firstHeaders(4), ["name", "company", "title", "email"]);
    // A resize drag on a header's edge resizes; it does not move the column.
    const before = (await header("email").boundingBox()).width;
    const edge = page.getByRole("separator", { name: "Resize Email" });
    await edge.hover();
    await page.mouse.down();
    await page.mouse.move((await edge.boundingBox()).x + 60, name.y + name.height / 2, { steps: 5 });
    await page.mouse.up();
    assert.ok((await header("email").boundingBox()).width > before + 40, "Email is wider");
    assert.deepEqual(await firstHeaders(4), ["name", "company", "title", "email"]);

    assert.deepEqual(await firstHeadersAfterReload(4), ["name", "company", "title", "email"]);
    assert.deepEqual(page.errors, []);
  });

  it("lists the columns in their order in the column picker, where Alt+↑↓ moves the highlighted one", async () => {
    await page.getByRole("button", { name: "Columns" }).click();
    const menu = page.getByRole("menu");
    const items = () => menu.getByRole("menuitemcheckbox").allInnerTexts();
    assert.deepEqual((await items()).slice(0, 3), ["Company", "Title", "Email"]);
    // Playwright's click on the sticky Columns button scrolled the (now wider) table sideways; a person's does not.
    await page.getByTestId("record-table").evaluate((grid) => (grid.scrollLeft = 0));
    await screenshot(page, "column-picker-order");

    // Down to Title, then Alt+↓ twice: after Email, then after Lead status. The highlight stays on Title.
    const focused = (name) => menu.getByRole("menuitemcheckbox", { name }).and(page.locator(":focus")).waitFor();
    await page.keyboard.press("ArrowDown");
    await focused("Company");
    await page.keyboard.press("ArrowDown");
    await focused("Title");
    await page.keyboard.press("Alt+ArrowDown");
    await page.keyboard.press("Alt+ArrowDown");
    assert.deepEqual((await items()).slice(0, 4), ["Company", "Email", "Lead status", "Title"]);
    await focused("Title");
    // Alt+↑ goes back one place; a plain ↓ still moves the highlight, not the column.
    await page.keyboard.press("Alt+ArrowUp");
    await page.keyboard.press("ArrowDown");
    assert.deepEqual((await items()).slice(0, 4), ["Company", "Email", "Title", "Lead status"]);
    await focused("Lead status");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    assert.deepEqual(await firstHeaders(5), ["name", "company", "email", "title", "leadStatus"]);
    assert.deepEqual(page.errors, []);
  });

  it("a header's menu sorts either way, moves its column a place and hides it", async () => {
    const menuOf = async (id, label) => {
      await header(id).hover();
      await header(id)
        .getByRole("button", { name: `${label} column options` })
        .click();
      return page.getByRole("menu");
    };
    // The menu's button lies over the header's end: a header's name keeps the header's width, whole at the defaults.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="column-header-"] button:not([aria-haspopup]) .truncate')]
        .filter((name) => name.scrollWidth > name.clientWidth)
        .map((name) => name.textContent),
    );
    assert.deepEqual(cut, [], "header names cut short");
    let menu = await menuOf("company", "Company");
    await screenshot(page, "column-menu");
    // Company is the first column after the name: it cannot go further left.
    assert.equal(await menu.getByRole("menuitem", { name: "Move left" }).getAttribute("aria-disabled"), "true");
    await menu.getByRole("menuitem", { name: "Move right" }).click();
    await menu.waitFor({ state: "detached" });
    assert.deepEqual(await firstHeaders(4), ["name", "email", "company", "title"]);

    menu = await menuOf("company", "Company");
    await menu.getByRole("menuitem", { name: "Move left" }).click();
    assert.deepEqual(await firstHeaders(4), ["name", "company", "email", "title"]);

    menu = await menuOf("title", "Title");
    await menu.getByRole("menuitem", { name: "Sort descending" }).click();
    await page.getByTestId("record-row").first().getByText("Bob's title").waitFor();
    assert.equal(await header("title").getAttribute("aria-sort"), "descending");

    // From the keyboard: the menu's button takes the focus (it shows then), Enter opens the menu.
    await header("title").getByRole("button", { name: "Title column options" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").getByRole("menuitem", { name: "Hide column" }).click();
    await header("title").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Columns" }).click();
    assert.equal(
      await page.getByRole("menuitemcheckbox", { name: "Title" }).getAttribute("aria-checked"),
      "false",
      "the picker shows Title hidden",
    );
    await page.getByRole("menuitemcheckbox", { name: "Title" }).click();
    await header("title").waitFor();
    await page.keyboard.press("Escape");
    // The name column sorts and filters, but neither moves nor hides.
    menu = await menuOf("name", "Name");
    assert.deepEqual(await menu.getByRole("menuitem").allInnerTexts(), [
      "Sort ascending",
      "Sort descending",
      "Filter by Name",
    ]);
    await menu.getByRole("menuitem", { name: "Sort ascending" }).click();
    await page.getByTestId("record-row").first().getByText("Ann Archer").waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("Reset columns in the picker brings back the default order, widths and columns", async () => {
    await header("title").waitFor();
    assert.notDeepEqual(await firstHeaders(4), ["name", "email", "company", "title"]);
    const email = (await header("email").boundingBox()).width;
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Phone" }).click();
    await header("phones").waitFor();
    await page.getByRole("menuitem", { name: "Reset columns" }).click();
    await page.getByRole("menu").waitFor({ state: "detached" });
    assert.deepEqual(await firstHeaders(4), ["name", "email", "company", "title"]);
    assert.equal(await header("phones").count(), 0, "Phone is hidden again, as by default");
    assert.ok((await header("email").boundingBox()).width < email - 40, "Email is back to its default width");
    assert.deepEqual(await firstHeadersAfterReload(4), ["name", "email", "company", "title"]);
    assert.deepEqual(page.errors, []);
  });

  it("a saved view keeps its columns' order; moving one offers to update the view", async () => {
    const view = await callProcedure(page, "views.create", {
      object: "contact",
      name: "Titles first",
      definition: { filters: { combinator: "and", conditions: [] }, sort: null, columns: ["name", "title", "email"] },
    });
    await page.goto(`/contacts?view=${view.id}`);
    await page.getByTestId("open-view").getByText("Titles first").waitFor();
    await header("company").waitFor({ state: "detached" });
    assert.deepEqual(await headerIds(), ["name", "title", "email"]);
    assert.equal(await page.getByRole("button", { name: "Update view" }).count(), 0);

    await header("email").dragTo(header("title"), { targetPosition: { x: 4, y: 10 } });
    assert.deepEqual(await headerIds(), ["name", "email", "title"]);
    await page.getByRole("button", { name: "Update view" }).click();
    await page.getByText("Updated the view “Titles first”.").waitFor();
    const [saved] = (await callProcedure(page, "views.list", { object: "contact" }, { kind: "query" })).filter(
      (v) => v.id === view.id,
    );
    assert.deepEqual(saved.definition.columns, ["name", "email", "title"]);
    assert.deepEqual(page.errors, []);
  });
});
