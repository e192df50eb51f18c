import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  chooseFilterField,
  launchBrowser,
  recordNames,
  recordTotal,
  registeredUser,
  screenshot,
  sortButton,
} from "./harness.mjs";

describe("records in the address: the palette opens them anywhere, Back finds the list as it was", () => {
  let browser;
  let context;
  let page;
  const rows = () => page.getByTestId("record-row");
  const names = () => recordNames(page);
  // Clicked on the name: a row's middle is off to the right, and Playwright would scroll the table there.
  const nameCell = (name) => rows().filter({ hasText: name }).locator('[data-column-id="name"]');
  const panel = () => page.getByTestId("record-panel");
  const palette = () => page.getByPlaceholder("Type a page or an action…");
  const search = () => page.getByRole("searchbox", { name: "Search contacts" });
  const chip = (text) => page.getByTestId("filter-chip").filter({ hasText: text });
  const total = (text) => recordTotal(page, text);
  const sidebarLink = (name) =>
    page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name, exact: true });
  /** Waits for the Name column to read `expected` from the top. */
  const namesAre = async (expected) => {
    for (let tries = 0; tries < 50 && JSON.stringify(await names()) !== JSON.stringify(expected); tries++)
      await page.waitForTimeout(100);
    assert.deepEqual(await names(), expected);
  };
  const openParam = () => new URL(page.url()).searchParams.get("open");

  async function openFromPalette(text, name) {
    await page.keyboard.press("Control+k");
    await palette().fill(text);
    await page.getByRole("option", { name: new RegExp(name) }).click();
  }

  const contacts = {};
  before(async () => {
    browser = await launchBrowser();
    ({ context, page } = await registeredUser(browser, { organization: "Waypoint", name: "Wanda Way" }));
    const acme = await callProcedure(page, "companies.create", { name: "Acme Robotics", domain: "acme.example" });
    for (const [firstName, lastName, leadStatus, leadScore] of [
      ["Ann", "Archer", "qualified", 80],
      ["Bob", "Baker", "new", 10],
      ["Cy", "Cole", "qualified", 40],
      ["Dee", "Dunn", "qualified", 60],
      ["Eve", "Evans", "customer", 90],
    ])
      contacts[firstName] = await callProcedure(page, "contacts.create", {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@waypoint.example`,
        leadStatus,
        leadScore,
        companyId: acme.id,
      });
  });
  after(() => browser?.close());

  it("opens a contact from the palette, then another while the first is open; a reload keeps it", async () => {
    await page.goto("/tasks");
    await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();
    await openFromPalette("ann arch", "Ann Archer");
    await page.waitForURL(/\/contacts\?open=con_/);
    await panel().getByRole("heading", { name: "Ann Archer" }).waitFor();
    assert.equal(openParam(), contacts.Ann.id);

    // Already on /contacts with a panel open: the palette switches the panel to the other contact.
    await openFromPalette("bob bak", "Bob Baker");
    await panel().getByRole("heading", { name: "Bob Baker" }).waitFor();
    assert.equal(openParam(), contacts.Bob.id);
    await screenshot(page, "palette-opened-contact");

    await page.reload();
    await panel().getByRole("heading", { name: "Bob Baker" }).waitFor();

    // "Copy link" hands over the same address; a teammate's tab (here another tab) opens Bob with it.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await panel().getByRole("button", { name: "Copy a link to this contact" }).click();
    await page.getByText("Link copied.").waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, new URL(`/contacts?open=${contacts.Bob.id}`, page.url()).href);
    const other = await context.newPage();
    await other.goto(link);
    await other.getByTestId("record-panel").getByRole("heading", { name: "Bob Baker" }).waitFor();
    await other.close();

    // A row opened from the table is in the address too; closing the panel takes it out.
    await nameCell("Cy Cole").click();
    await panel().getByRole("heading", { name: "Cy Cole" }).waitFor();
    // The address follows the panel (at most every 250 ms, so arrow keys do not flood the history).
    await page.waitForURL((url) => url.searchParams.get("open") === contacts.Cy.id);
    // Open long enough to count as opened (the palette lists it among the recent ones: next test).
    await page.waitForTimeout(700);
    await page.keyboard.press("Escape");
    await panel().waitFor({ state: "hidden" });
    await page.waitForURL((url) => !url.searchParams.has("open"));
  });

  it("lists the records opened lately in the palette before anything is typed, newest first", async () => {
    // The test before opened Ann, then Bob, then Cy (Ann maybe too briefly to count: see RECENT_AFTER_MS).
    await page.goto("/home");
    await page.getByTestId("organization-name").waitFor();
    await page.keyboard.press("Control+k");
    await palette().waitFor();
    const recent = page.locator('[cmdk-group-heading]:text("Recent") + [cmdk-group-items] [cmdk-item]');
    await recent.first().waitFor();
    const names = (await recent.allInnerTexts()).map((text) => text.split("\n")[0].trim());
    assert.deepEqual(names.slice(0, 2), ["Cy Cole", "Bob Baker"]);
    await screenshot(page, "palette-recent");
    await recent.filter({ hasText: "Bob Baker" }).click();
    await page.waitForURL((url) => url.pathname === "/contacts" && url.searchParams.get("open") === contacts.Bob.id);
    await panel().getByRole("heading", { name: "Bob Baker" }).waitFor();
    // Typing searches instead.
    await page.keyboard.press("Control+k");
    await palette().fill("eve");
    await page.getByRole("option", { name: /Eve Evans/ }).waitFor();
    assert.equal(await page.locator('[cmdk-group-heading]:text("Recent")').count(), 0);
    await page.keyboard.press("Escape");
  });

  it("highlights the best match when the found records arrive, so Enter opens the one typed, in one go or two", async () => {
    await page.goto("/home");
    await page.getByTestId("organization-name").waitFor();
    const highlighted = () => page.locator('[cmdk-item][aria-selected="true"]');
    /** Waits (3 s at most) for the highlighted item to be `name`. */
    const highlightIs = (name) =>
      page.waitForFunction(
        (expected) => document.querySelector('[cmdk-item][aria-selected="true"]')?.textContent?.includes(expected),
        name,
        { timeout: 3_000 },
      );
    await page.keyboard.press("Control+k");
    await palette().waitFor();
    // "ev" first matches a page by its letters; Eve Evans, found a moment later, is the better match.
    await page.keyboard.type("ev");
    await page.getByRole("option", { name: /Eve Evans/ }).waitFor();
    await highlightIs("Eve Evans");
    // Typed on after a pause: the records found for the longer text arrive, and the highlight follows.
    await page.keyboard.type("e eva");
    await highlightIs("Eve Evans");
    assert.equal(await highlighted().count(), 1);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/contacts" && url.searchParams.get("open") === contacts.Eve.id);
    await panel().getByRole("heading", { name: "Eve Evans" }).waitFor();
  });

  it("lists a company named as typed before the people who work there; a contact shows their title and company", async () => {
    await page.goto("/home");
    await page.getByTestId("organization-name").waitFor();
    await page.keyboard.press("Control+k");
    await palette().fill("acme rob");
    const company = page.getByRole("option", { name: /Acme Robotics/ }).filter({ hasText: "acme.example" });
    await company.waitFor();
    const groups = await page.locator("[cmdk-group-heading]").allTextContents();
    assert.deepEqual(groups.slice(0, 2), ["Companies", "Contacts"], "the company's group comes first");
    await page.waitForFunction(() =>
      document.querySelector('[cmdk-item][aria-selected="true"]')?.textContent?.includes("acme.example"),
    );
    // Ann works there: found by her company's name, she says so.
    await page
      .getByRole("option", { name: /Ann Archer/ })
      .filter({ hasText: "Acme Robotics" })
      .waitFor();
    await screenshot(page, "palette-company-first");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/companies" && url.searchParams.get("open") !== null);
    await page.getByTestId("record-panel").getByRole("heading", { name: "Acme Robotics" }).waitFor();
    await page.keyboard.press("Escape");
  });

  it("creates from the palette while already on the page, every time it is chosen", async () => {
    await page.goto("/contacts");
    await total("5 contacts").waitFor();
    const dialog = page.getByRole("dialog", { name: "New contact" });
    for (let time = 0; time < 2; time++) {
      await page.keyboard.press("Control+k");
      await palette().fill("new contact");
      await page.getByRole("option", { name: "New contact" }).click();
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      assert.equal(new URL(page.url()).searchParams.get("new"), null, "the dialog's address is put back");
    }
    // The company palette item opens the company's panel from /contacts (its people say it too: by its domain).
    await page.keyboard.press("Control+k");
    await palette().fill("acme");
    await page
      .getByRole("option", { name: /Acme Robotics/ })
      .filter({ hasText: "acme.example" })
      .click();
    await page.waitForURL(/\/companies\?open=cmp_/);
    await panel().getByRole("heading", { name: "Acme Robotics" }).waitFor();
    // "New task" focuses the quick add on /tasks, and again when chosen there.
    for (let time = 0; time < 2; time++) {
      await page.keyboard.press("Control+k");
      await palette().fill("new task");
      await page.getByRole("option", { name: "New task" }).click();
      await page.waitForURL((url) => url.pathname === "/tasks" && !url.searchParams.has("new"));
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("placeholder") ?? "");
      assert.match(focused, /task/i, "the quick add has the focus");
      await page.locator("body").click({ position: { x: 5, y: 5 } });
    }
  });

  it("Back finds the list's search, filter and sort as they were; the sidebar opens the plain list", async () => {
    await page.goto("/contacts");
    await total("5 contacts").waitFor();
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Add filter" });
    await chooseFilterField(form, "Lead status");
    await form.getByLabel("Operator").selectOption({ label: "is" });
    await form.getByLabel("Value").selectOption({ label: "Qualified" });
    await form.getByRole("button", { name: "Add filter" }).click();
    await total("3 contacts match").waitFor();
    // Sorted by lead score, highest first (two clicks on its header).
    const score = sortButton(page, "leadScore");
    await score.click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="column-header-leadScore"]')?.getAttribute("aria-sort") === "ascending",
    );
    await score.click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="column-header-leadScore"]')?.getAttribute("aria-sort") === "descending",
    );
    await namesAre(["Ann Archer", "Dee Dunn", "Cy Cole"]);
    await search().fill("d");
    await total("1 contact matches").waitFor();
    await search().fill("");
    await total("3 contacts match").waitFor();

    // Away to a contact's company through the panel, then Back: the same list.
    await nameCell("Dee Dunn").click();
    await panel().getByRole("link", { name: "Open Acme Robotics" }).click();
    await page.waitForURL(/\/companies\?open=cmp_/);
    await page.goBack();
    await page.waitForURL(/\/contacts/);
    await chip("Lead status is Qualified").waitFor();
    await total("3 contacts match").waitFor();
    await namesAre(["Ann Archer", "Dee Dunn", "Cy Cole"]);
    assert.equal(
      await page.getByTestId("column-header-leadScore").getAttribute("aria-sort"),
      "descending",
      "the sort came back",
    );
    await panel().getByRole("heading", { name: "Dee Dunn" }).waitFor();
    await screenshot(page, "contacts-back-keeps-list");

    // A reload keeps it as well; the sidebar's Contacts link is a new visit, so a plain list.
    await page.reload();
    await chip("Lead status is Qualified").waitFor();
    await namesAre(["Ann Archer", "Dee Dunn", "Cy Cole"]);
    await sidebarLink("Tasks").click();
    await page.waitForURL(/\/tasks/);
    await sidebarLink("Contacts").click();
    await total("5 contacts").waitFor();
    assert.equal(await chip("Lead status").count(), 0);
    await namesAre(["Ann Archer", "Bob Baker", "Cy Cole", "Dee Dunn", "Eve Evans"]);
    // Back twice finds the filtered list again; a typed address is a new visit too.
    await page.goBack();
    await page.waitForURL(/\/tasks/);
    await page.goBack();
    await chip("Lead status is Qualified").waitFor();
    await namesAre(["Ann Archer", "Dee Dunn", "Cy Cole"]);
    await page.goto("/contacts");
    await total("5 contacts").waitFor();
    assert.equal(await chip("Lead status").count(), 0);
  });

  it("opens the plain list from the sidebar even when the page it left for was still loading", async () => {
    await page.goto("/contacts");
    await total("5 contacts").waitFor();
    await search().fill("dee");
    await total("1 contact matches · best matches first").waitFor();
    // A slow network: /tasks's code arrives late, so its page is not yet shown when Contacts is clicked.
    const slowTasks = async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => {});
    };
    await page.route(/\/assets\/tasks-page-[^/]*\.js$/, slowTasks);
    try {
      await page.reload();
      await total("1 contact matches · best matches first").waitFor();
      await sidebarLink("Tasks").click();
      await page.waitForURL(/\/tasks/);
      await sidebarLink("Contacts").click();
      await page.waitForURL(/\/contacts$/);
      await total("5 contacts").waitFor();
      assert.equal(await search().inputValue(), "");
      await namesAre(["Ann Archer", "Bob Baker", "Cy Cole", "Dee Dunn", "Eve Evans"]);
      // Back goes to /tasks, whose code has arrived meanwhile; Back again finds the search as it was.
      await page.goBack();
      await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();
      await page.goBack();
      await total("1 contact matches · best matches first").waitFor();
      assert.equal(await search().inputValue(), "dee");
    } finally {
      await page.unroute(/\/assets\/tasks-page-[^/]*\.js$/, slowTasks);
    }
  });

  it("a saved view on a property archived since opens without it, and says so", async () => {
    const tier = await callProcedure(page, "properties.create", {
      object: "contact",
      key: "tier",
      label: "Tier",
      type: "select",
      options: ["Gold", "Silver"],
    });
    await callProcedure(page, "contacts.update", {
      id: contacts.Ann.id,
      version: 1,
      patch: { properties: { tier: "Gold" } },
    });
    const view = await callProcedure(page, "views.create", {
      object: "contact",
      name: "Gold accounts",
      definition: {
        filters: { combinator: "and", conditions: [{ field: "prop:tier", operator: "eq", value: "Gold" }] },
        sort: { field: "prop:tier", direction: "asc" },
        columns: [],
      },
    });
    await page.goto(`/contacts?view=${view.id}`);
    await total("1 contact matches").waitFor();
    await namesAre(["Ann Archer"]);

    await callProcedure(page, "properties.archive", { id: tier.id });
    await page.goto("/tasks");
    await page.goto(`/contacts?view=${view.id}`);
    await page.getByText("A property this list used was archived").waitFor();
    await total("5 contacts").waitFor();
    assert.equal(await page.getByRole("button", { name: "Try again" }).count(), 0);
    await screenshot(page, "view-on-archived-property");
    assert.deepEqual(
      page.errors.filter((e) => !/400|Bad Request/.test(e)),
      [],
    );
  });

  it("filters on a lead status being any of several, ticked in one condition", async () => {
    await page.goto("/contacts");
    await total("5 contacts").waitFor();
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Add filter" });
    await chooseFilterField(form, "Lead status");
    await form.getByLabel("Operator").selectOption({ label: "is any of" });
    await form.getByRole("checkbox", { name: "Customer" }).check();
    await form.getByRole("checkbox", { name: "New" }).check();
    await screenshot(page, "filter-any-of");
    await form.getByRole("button", { name: "Add filter" }).click();
    await page.getByTestId("filter-chip").filter({ hasText: "Lead status is any of New, Customer" }).waitFor();
    await total("2 contacts match").waitFor();
    await namesAre(["Bob Baker", "Eve Evans"]);
    await page.getByRole("button", { name: "Remove filter Lead status is any of New, Customer" }).click();
    await total("5 contacts").waitFor();
    assert.deepEqual(page.errors, []);
  });
});

describe("Back returns to where the list was scrolled", () => {
  let browser;
  let page;
  const grid = () => page.getByTestId("record-table");
  const scrollTop = () => grid().evaluate((element) => element.scrollTop);

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Scrollway", name: "Sam Scroll" }));
    const rows = Array.from({ length: 120 }, (_, i) => ({
      firstName: "Person",
      lastName: String(i + 1).padStart(3, "0"),
    }));
    for (let start = 0; start < rows.length; start += 60) {
      const batch = rows.slice(start, start + 60);
      await callProcedure(page, "contacts.import", { rows: batch, lineNumbers: batch.map((_, i) => start + i + 2) });
    }
  });
  after(() => browser?.close());

  it("scrolled down, opened a record, went elsewhere and came Back: the same rows in sight", async () => {
    await page.goto("/contacts");
    await recordTotal(page, "120 contacts").waitFor();
    await grid().evaluate((element) => element.scrollTo({ top: 2000 }));
    const row = page.getByTestId("record-row").filter({ hasText: "Person 070" });
    await row.waitFor();
    await row.locator('[data-column-id="name"]').click();
    await page.getByTestId("record-panel").getByRole("heading", { name: "Person 070" }).waitFor();
    await page.waitForURL((url) => url.searchParams.has("open"));
    const left = await scrollTop();
    assert.ok(left > 1500, `scrolled down (${left})`);

    await page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name: "Tasks" }).click();
    await page.waitForURL(/\/tasks/);
    await page.goBack();
    await page.getByTestId("record-panel").getByRole("heading", { name: "Person 070" }).waitFor();
    await row.waitFor();
    assert.ok(Math.abs((await scrollTop()) - left) <= 2, `back at ${left}, not ${await scrollTop()}`);
    assert.ok(await row.isVisible(), "the opened row is in sight again");
    await screenshot(page, "contacts-back-keeps-scroll");

    // A reload too; a new visit from the sidebar starts at the top.
    await page.reload();
    await row.waitFor();
    assert.ok(Math.abs((await scrollTop()) - left) <= 2, "kept across a reload");
    await page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name: "Tasks" }).click();
    await page.waitForURL(/\/tasks/);
    await page
      .getByRole("complementary", { name: "Main navigation" })
      .getByRole("link", { name: "Contacts", exact: true })
      .click();
    await recordTotal(page, "120 contacts").waitFor();
    assert.equal(await scrollTop(), 0);
  });
});
