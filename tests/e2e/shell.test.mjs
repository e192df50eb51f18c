import { after, before, describe, it } from "node:test";
import {
  assert,
  BASE_URL,
  callProcedure,
  holdRequest,
  launchBrowser,
  newPage,
  registeredUser,
  screenshot,
} from "./harness.mjs";

describe("the app shell: palette, feedback, theme, not-found", () => {
  let browser;
  let page;

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Initech", name: "Peter Gibbons" }));
  });
  after(() => browser?.close());

  it("ctrl+k opens the command palette, and choosing a page navigates there", async () => {
    await page.keyboard.press("Control+k");
    const input = page.getByPlaceholder("Type a page or an action…");
    await input.waitFor();
    await input.fill("compan");
    await screenshot(page, "palette");
    await page.getByRole("option", { name: "Companies", exact: true }).click();
    await page.waitForURL("**/companies");
    await page.getByRole("heading", { name: "Companies", level: 1 }).waitFor();
    assert.equal(await input.isVisible(), false);
  });

  it("starts loading a page's code as the pointer reaches its link in the sidebar, before the click", async () => {
    await page.goto("/home");
    await page.getByTestId("organization-name").waitFor();
    const sidebar = page.getByRole("navigation").first();
    const chunk = page.waitForRequest((request) => /\/assets\/reports-page-[\w-]+\.js$/.test(request.url()), {
      timeout: 5_000,
    });
    await sidebar.getByRole("link", { name: "Reports" }).hover();
    await chunk;
    assert.match(page.url(), /\/home$/);
    await sidebar.getByRole("link", { name: "Reports" }).click();
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
  });

  it("meta+k opens it too, and Escape closes it", async () => {
    await page.keyboard.press("Meta+k");
    const input = page.getByPlaceholder("Type a page or an action…");
    await input.waitFor();
    await page.keyboard.press("Escape");
    await input.waitFor({ state: "hidden" });
  });

  it("the feedback modal opens from the palette, sends, and the feedback is stored", async () => {
    await page.goto("/deals");
    await page.getByRole("heading", { name: "Deals", level: 1 }).waitFor();
    await page.keyboard.press("Control+k");
    await page.getByPlaceholder("Type a page or an action…").fill("feedback");
    await page.getByRole("option", { name: "Send feedback" }).click();
    const text = `The deals board needs swimlanes ${Date.now()}`;
    await page.fill('textarea[name="feedback"]', text);
    await page.getByRole("radio", { name: "Bug" }).click();
    await screenshot(page, "feedback-modal");
    await page.getByRole("button", { name: "Send feedback", exact: true }).last().click();
    await page.getByText("Thanks! Your feedback reached the team.").waitFor();
    await page.goto("/feedbacks");
    const row = page.getByTestId("feedback-row").filter({ hasText: text });
    await row.waitFor();
    assert.match(await row.innerText(), /\/deals/);
    await screenshot(page, "feedbacks");
  });

  it("the feedback button in the sidebar opens the modal on any page", async () => {
    await page.goto("/tasks");
    await page.getByRole("button", { name: "Send feedback" }).first().click();
    await page.getByRole("dialog", { name: "Send feedback" }).waitFor();
    await page.keyboard.press("Escape");
  });

  it("? shows the keyboard shortcuts, but not while typing; the palette lists them too", async () => {
    await page.goto("/contacts");
    const search = page.getByRole("searchbox", { name: "Search contacts" });
    await search.waitFor();
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    // Typed into a field, "?" is just a character.
    await search.click();
    await page.keyboard.type("?");
    assert.equal(await search.inputValue(), "?");
    assert.equal(await dialog.count(), 0);
    await search.fill("");
    await page.locator("main h1").click();

    await page.keyboard.press("?");
    await dialog.waitFor();
    // Every section within the dialog's width: a column too many would sit beside it, clipped.
    const within = await dialog.boundingBox();
    for (const section of [
      "Anywhere",
      "Contacts and companies",
      "Possible duplicates",
      "Notes",
      "Editing a cell",
      "Tasks",
    ]) {
      const box = await dialog.getByRole("region", { name: section }).boundingBox();
      assert.ok(box && box.x + box.width <= within.x + within.width, `${section} is beside the dialog, out of sight`);
    }
    await dialog.getByText("Open the record beside the list").waitFor();
    await screenshot(page, "keyboard-shortcuts");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.keyboard.press("Control+k");
    await page.getByPlaceholder("Type a page or an action…").fill("shortcuts");
    await page.getByRole("option", { name: "Keyboard shortcuts" }).click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    assert.deepEqual(page.errors, []);
  });

  it("switches to the dark theme and keeps it after a reload", async () => {
    await page.goto("/settings/preferences");
    await page.getByTestId("theme-dark").click();
    await page.reload();
    await page.waitForSelector("html.dark");
    await page.goto("/home");
    await page.getByTestId("organization-name").waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, "home-dark");
    await page.keyboard.press("Control+k");
    await page.getByPlaceholder("Type a page or an action…").waitFor();
    await screenshot(page, "palette-dark");
    await page.keyboard.press("Escape");
  });

  it("an unknown path shows a not-found page with a way home", async () => {
    await page.goto("/no-such-page");
    await page.getByText("This page does not exist").waitFor();
    await page.getByRole("link", { name: "Go to Home" }).click();
    await page.waitForURL("**/home");
  });

  it("follows the system's dark preference when no theme is stored", async () => {
    const { page: dark } = await newPage(browser, { colorScheme: "dark" });
    await dark.goto(`${BASE_URL}/signin`);
    await dark.waitForSelector("html.dark");
    await screenshot(dark, "signin-dark");
  });

  it("in a narrow window the sidebar is a rail of icons; its button opens the whole of it over the page", async () => {
    await callProcedure(page, "views.create", { object: "contact", name: "Berlin founders", definition: {} });
    const contact = await callProcedure(page, "contacts.create", { firstName: "Milton", lastName: "Waddams" });
    await page.setViewportSize({ width: 800, height: 800 });
    try {
      await page.goto("/contacts");
      await page.getByRole("heading", { name: "Contacts", level: 1 }).waitFor();
      const sidebar = page.getByRole("complementary", { name: "Main navigation" });
      const width = async () => (await sidebar.boundingBox()).width;
      assert.ok((await width()) <= 64, `a rail (${await width()} px)`);
      const main = await page.locator("main").boundingBox();
      assert.ok(main.width >= 800 - 64, `the page keeps the room (${main.width} px)`);
      assert.equal(await page.getByTestId("sidebar-view").isVisible(), false, "saved views wait for the open sidebar");
      // Every link is still there by name (an icon, with the name and its keys as its tooltip).
      assert.equal(await sidebar.getByRole("link", { name: "Tasks" }).getAttribute("title"), "Tasks (g then t)");
      await screenshot(page, "sidebar-rail");

      await sidebar.getByRole("button", { name: "Open the sidebar" }).click();
      await sidebar.getByTestId("organization-name").getByText("Initech").waitFor();
      assert.ok((await width()) >= 200, `opened (${await width()} px)`);
      await sidebar.getByTestId("sidebar-view").getByText("Berlin founders").waitFor();
      await screenshot(page, "sidebar-opened");
      await page.keyboard.press("Escape");
      await sidebar.getByTestId("organization-name").waitFor({ state: "hidden" });

      // Over an open record, Escape closes the sidebar and leaves the record open.
      await page.goto(`/contacts?open=${contact.id}`);
      const panel = page.getByTestId("record-panel");
      await panel.getByRole("heading", { name: "Milton Waddams" }).waitFor();
      await sidebar.getByRole("button", { name: "Open the sidebar" }).click();
      await sidebar.getByTestId("organization-name").waitFor();
      await page.keyboard.press("Escape");
      await sidebar.getByTestId("organization-name").waitFor({ state: "hidden" });
      await page.waitForTimeout(300);
      assert.equal(await panel.isVisible(), true, "the record stays open");
      assert.match(page.url(), new RegExp(`open=${contact.id}`));

      // Opened again, a link goes there and the sidebar gives the page back.
      await sidebar.getByRole("button", { name: "Open the sidebar" }).click();
      await sidebar.getByTestId("sidebar-view").getByText("Berlin founders").click();
      await page.waitForURL(/\/contacts\?view=/);
      await sidebar.getByTestId("organization-name").waitFor({ state: "hidden" });
      assert.ok((await width()) <= 64);
    } finally {
      await page.setViewportSize({ width: 1360, height: 860 });
    }
    const sidebar = page.getByRole("complementary", { name: "Main navigation" });
    await sidebar.getByTestId("organization-name").getByText("Initech").waitFor();
    assert.equal(await sidebar.getByRole("button", { name: "Open the sidebar" }).isVisible(), false);
    assert.deepEqual(page.errors, []);
  });

  it("g then a letter goes to an area, and c starts a new record on a list, but not while typing", async () => {
    await page.goto("/home");
    await page.getByTestId("home-tasks").waitFor();
    await page.keyboard.press("g");
    await page.keyboard.press("t");
    await page.waitForURL("**/tasks");
    await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();
    await page.keyboard.press("g");
    await page.keyboard.press("c");
    await page.waitForURL("**/contacts");
    await page.getByRole("heading", { name: "Contacts", level: 1 }).waitFor();
    // The go-to's second key is its own: no New contact dialog from the c of "g c".
    await page.waitForTimeout(300);
    assert.equal(await page.getByRole("dialog", { name: "New contact" }).count(), 0);

    // Typed into the search box, the same keys are only text.
    const search = page.getByRole("searchbox").first();
    await search.click();
    await search.pressSequentially("gh c");
    assert.equal(await search.inputValue(), "gh c");
    assert.match(page.url(), /\/contacts/);
    await search.fill("");
    await search.press("Escape");
    await page.locator("main").click({ position: { x: 5, y: 5 } });

    await page.keyboard.press("c");
    const dialog = page.getByRole("dialog", { name: "New contact" });
    await dialog.waitFor();
    await dialog.locator('input[name="firstName"]').waitFor();
    assert.equal(await dialog.locator('input[name="firstName"]').evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // Gone to companies while that page's code is on its way: the contacts list stays on screen until it
    // arrives, and a c pressed meanwhile is not the contacts page's (no New contact, no way back to it).
    await page.reload(); // a fresh document, which has not loaded the companies page yet
    await page.getByRole("heading", { name: "Contacts", level: 1 }).waitFor();
    const companiesCode = await holdRequest(page, /\/assets\/companies-page-[\w-]+\.js$/, 1);
    await page.keyboard.press("g");
    await page.keyboard.press("o");
    await companiesCode.reached;
    await page.waitForURL("**/companies");
    await page.keyboard.press("c");
    await page.getByRole("heading", { name: "Contacts", level: 1 }).waitFor();
    companiesCode.release();
    await page.getByRole("heading", { name: "Companies", level: 1 }).waitFor();
    await page.unroute(/\/assets\/companies-page-[\w-]+\.js$/);
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, "/companies");
    assert.equal(await page.getByRole("dialog").count(), 0);
    await page.keyboard.press("c");
    await page.getByRole("dialog", { name: "New company" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "New company" }).waitFor({ state: "hidden" });

    // The shortcuts list them, and so does the palette beside each area.
    await page.keyboard.press("?");
    const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    const goTo = shortcuts.getByRole("region", { name: "Go to" });
    assert.match((await goTo.innerText()).replace(/\s+/g, " "), /Contacts g then c/);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+k");
    await page.getByPlaceholder("Type a page or an action…").fill("tasks");
    assert.match(await page.getByRole("option", { name: "Tasks", exact: true }).innerText(), /g\s*t/);
    await page.keyboard.press("Escape");
    assert.deepEqual(page.errors, []);
  });
});
