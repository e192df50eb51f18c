import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  chooseFilterField,
  eventually,
  fillNewContact,
  holdRequest,
  launchBrowser,
  procedureRoute,
  registeredUser,
  screenshot,
  settled,
} from "./harness.mjs";

describe("a record's side panel: fields edited in place, company ↔ people, tasks", () => {
  let browser;
  let page;
  const rows = () => page.getByTestId("record-row");
  const row = (name) => rows().filter({ hasText: name });
  const cell = (name, columnId) => row(name).locator(`[data-column-id="${columnId}"]`);
  const panel = () => page.getByTestId("record-panel");
  /** A field of the open record: its value, and the button that edits it. */
  const field = (id) => panel().locator(`dd[data-field="${id}"]`);
  const total = () => page.getByTestId("record-total");
  const picker = (label) => page.getByRole("combobox", { name: label });

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Hopper Labs", name: "Ada Lovelace", locale: "en-US" }));
    for (const [name, domain] of [
      ["Acme Robotics", "acme-robotics.example"],
      ["Globex", "globex.example"],
    ])
      await callProcedure(page, "companies.create", { name, domain });
  });
  after(() => browser?.close());

  it("holds a company's fields' places while it loads, so what is below them stays put", async () => {
    // First in the file: no company was read yet, so no copy of the cache holds one to paint at once.
    await page.goto("/companies");
    // While the company loads, its fields' labels stand where its fields will, with the values the list's row holds.
    const read = await holdRequest(page, procedureRoute("companies.get"), 1);
    await row("Acme Robotics").click();
    await read.reached;
    const addPerson = panel().getByRole("link", { name: "Add person" });
    const loading = panel().getByLabel("Loading company");
    await loading.getByText("Parent company").waitFor();
    assert.match(await loading.innerText(), /Domain\s+acme-robotics\.example/);
    const loadingAt = (await addPerson.boundingBox()).y;
    await screenshot(page, "company-panel-loading");
    read.release();
    await panel().getByTestId("record-fields").waitFor();
    await panel()
      .getByText(/^People · \d+$/)
      .waitFor();
    const loadedAt = (await addPerson.boundingBox()).y;
    assert.ok(Math.abs(loadedAt - loadingAt) <= 1, `Add person moved from ${loadingAt} to ${loadedAt}`);
    await page.unroute(procedureRoute("companies.get"));
    await page.keyboard.press("Escape");
    await panel().waitFor({ state: "detached" });
    assert.deepEqual(page.errors, []);
  });

  it("creates a contact at a company chosen from a searchable list", async () => {
    await page.goto("/contacts");
    await page.getByText("No contacts yet").waitFor();
    const dialog = await fillNewContact(page, {
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@acme-robotics.example",
    });
    await dialog.getByRole("button", { name: "Company" }).click();
    await picker("Company").fill("acme");
    await page.getByRole("option", { name: /Acme Robotics/ }).click();
    assert.equal(await dialog.getByRole("button", { name: "Company" }).innerText(), "Acme Robotics");
    await screenshot(page, "new-contact-company");
    await dialog.getByRole("button", { name: "Create contact" }).click();
    await dialog.waitFor({ state: "hidden" });
    await row("Grace Hopper").waitFor();
    assert.equal(await cell("Grace Hopper", "company").innerText(), "Acme Robotics");
    assert.deepEqual(page.errors, []);
  });

  it("takes a new contact's company from the email's domain until one is chosen by hand", async () => {
    const dialog = await fillNewContact(page, {
      firstName: "Linus",
      lastName: "Pauling",
      email: "linus@Globex.example",
    });
    const company = dialog.getByRole("button", { name: "Company" });
    await dialog.getByText("From the email's domain").waitFor();
    await eventually(async () => assert.equal(await company.innerText(), "Globex"));
    await screenshot(page, "new-contact-company-from-email");
    // Another domain, another company; one no company holds, none.
    await dialog.locator('input[name="email"]').fill("linus@acme-robotics.example");
    await eventually(async () => assert.equal(await company.innerText(), "Acme Robotics"));
    await dialog.locator('input[name="email"]').fill("linus@caltech.example");
    await dialog.getByText("From the email's domain").waitFor({ state: "detached" });
    await dialog.locator('input[name="email"]').fill("linus@globex.example");
    await eventually(async () => assert.equal(await company.innerText(), "Globex"));
    await dialog.getByRole("button", { name: "Create contact" }).click();
    await dialog.waitFor({ state: "hidden" });
    await row("Linus Pauling").waitFor();
    assert.equal(await cell("Linus Pauling", "company").innerText(), "Globex");
    // A contact made without one (an import, the API): its panel offers the email's company beside the empty field.
    const rosalind = await callProcedure(page, "contacts.create", {
      firstName: "Rosalind",
      lastName: "Franklin",
      emails: ["rosalind@acme-robotics.example"],
    });
    await page.goto(`/contacts?open=${rosalind.id}`);
    await panel().getByRole("heading", { name: "Rosalind Franklin" }).waitFor();
    await field("company").getByRole("button", { name: "Link Acme Robotics" }).waitFor();
    await screenshot(page, "contact-company-from-email");
    await field("company").getByRole("button", { name: "Link Acme Robotics" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Linked to Acme Robotics." }).waitFor();
    await field("company").getByText("Acme Robotics").waitFor();
    await field("company").getByRole("button", { name: "Link Acme Robotics" }).waitFor({ state: "detached" });
    const { contact: linked } = await callProcedure(page, "contacts.get", { id: rosalind.id }, { kind: "query" });
    assert.equal(linked.companyName, "Acme Robotics");

    // Out of the way of the counts the tests after this one read.
    const [linus] = await callProcedure(
      page,
      "search.records",
      { query: "linus", objects: ["contact"] },
      { kind: "query" },
    ).then((found) => found.contacts);
    await callProcedure(page, "contacts.delete", { ids: [linus.id, rosalind.id] });
    // The list without Rosalind's panel: a reload of ?open= her id asks for her again, and her 404 came in the next
    // test's time (CI on a slow machine, once her record in the tab's cache had gone stale).
    await page.goto("/contacts");
    await row("Linus Pauling").waitFor({ state: "detached" });
    assert.deepEqual(page.errors, []);
  });

  it("edits fields in the panel: title, emails, owner and tags; the table and the timeline follow", async () => {
    await row("Grace Hopper").click();
    await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();

    await field("title").getByRole("button").click();
    await field("title").getByRole("textbox", { name: "Title" }).fill("Rear Admiral");
    await field("title").getByRole("textbox", { name: "Title" }).press("Enter");
    await field("title").getByText("Rear Admiral").waitFor();
    await cell("Grace Hopper", "title").getByText("Rear Admiral").waitFor();
    // The keyboard stays where it was: on the field just edited.
    await page.waitForFunction(() => document.activeElement?.closest("dd")?.getAttribute("data-field") === "title");

    // A bad value says why, inside the editor, and nothing is saved.
    await field("email").getByRole("button").click();
    const emails = field("email").getByRole("textbox", { name: "Emails" });
    await emails.fill("grace@acme-robotics.example, not-an-email");
    await emails.press("Enter");
    await field("email").getByRole("alert").getByText("Enter a valid email address.").waitFor();
    await emails.fill("grace@acme-robotics.example, grace@home.example");
    await emails.press("Enter");
    await field("email").getByText("+1").waitFor();

    await field("owner").getByRole("button").click();
    await picker("Owner").fill("ada");
    await page.getByRole("option", { name: /Ada Lovelace/ }).click();
    await field("owner").getByText("Ada Lovelace").waitFor();

    await field("tags").getByRole("button").click();
    await picker("Tags").fill("vip");
    await page.getByRole("option", { name: "Create tag “vip”" }).click();
    await picker("Tags").fill("Conference");
    await picker("Tags").press("Enter");
    await screenshot(page, "panel-tags-picker");
    await picker("Tags").press("Tab");
    await field("tags").getByText("Conference").waitFor();
    await cell("Grace Hopper", "tags").getByText("vip").waitFor();

    // Everything above is on the server: a reload shows it, and the timeline tells each change.
    await settled(page);
    await page.reload();
    await row("Grace Hopper").click();
    await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();
    assert.equal(await field("title").innerText(), "Rear Admiral");
    // The owner's name after their avatar, whose initials are drawn, not written: not part of the field's text.
    assert.equal(await field("owner").innerText(), "Ada Lovelace");
    assert.equal(await field("owner").locator("[data-initials]").getAttribute("data-initials"), "AL");
    assert.deepEqual((await field("tags").innerText()).split(/\s+/).sort(), ["Conference", "vip"]);
    const changes = panel().getByTestId("timeline-change");
    await changes.filter({ hasText: "Owner" }).waitFor();
    const texts = (await changes.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
    assert.ok(texts.includes("Title: empty → Rear Admiral"), texts.join(" | "));
    assert.ok(texts.includes("Owner: empty → Ada Lovelace"), texts.join(" | "));
    await screenshot(page, "contact-panel-fields");
    assert.deepEqual(page.errors, []);
  });

  it("edits custom properties in the panel with the table's own editors; a required one is marked", async () => {
    const define = (key, label, type, more = {}) =>
      callProcedure(page, "properties.create", { object: "contact", key, label, type, ...more });
    const tier = await define("tier", "Tier", "select", { options: ["Gold", "Silver", "Bronze"], required: true });
    await define("interests", "Interests", "multi-select", { options: ["AI", "Robotics", "Cloud"] });
    await define("active", "Active", "boolean");
    await define("contract_value", "Contract value", "currency");
    await define("website", "Website", "url");
    // The contacts the next tests create need no tier, whatever happens here.
    try {
      await page.reload();
      await row("Grace Hopper").click();
      await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();
      const properties = panel().getByTestId("record-properties");
      await properties.waitFor();
      assert.equal((await properties.locator("dt").first().innerText()).trim(), "Tier *", "the required one is marked");
      // An empty multi-select reads empty: not its options laid out as if chosen.
      assert.equal(await field("prop:interests").innerText(), "—");

      await field("prop:tier").getByRole("button", { name: "Tier" }).click();
      await page.getByRole("menuitemradio", { name: "Silver" }).click();
      await field("prop:tier").getByText("Silver").waitFor();

      await field("prop:interests").getByRole("button", { name: "Interests" }).click();
      await page.getByRole("menuitemcheckbox", { name: "AI" }).click();
      await page.getByRole("menuitemcheckbox", { name: "Cloud" }).click();
      await screenshot(page, "panel-multi-select");
      // Tab saves, as the menu's footer says (a menu keeps Tab to itself otherwise).
      await page.keyboard.press("Tab");
      await page.getByRole("menu").waitFor({ state: "detached" });
      await field("prop:interests").getByText("Cloud").waitFor();

      await field("prop:active").getByRole("button", { name: "Active" }).click();
      await page.getByRole("menuitemradio", { name: "Yes" }).click();
      await field("prop:active").getByText("Yes").waitFor();

      await field("prop:contract_value").getByRole("button", { name: "Contract value" }).click();
      const amount = field("prop:contract_value").getByRole("spinbutton", { name: "Contract value" });
      await amount.fill("12500");
      await amount.press("Enter");
      await field("prop:contract_value").getByText("$12,500.00").waitFor();

      // A web address reads short, and opens from the link beside it (the value itself is the edit button).
      await field("prop:website").getByRole("button", { name: "Website" }).click();
      const website = field("prop:website").getByRole("textbox", { name: "Website" });
      await website.fill("https://www.hopper-labs.example/team/");
      await website.press("Enter");
      await field("prop:website").getByText("hopper-labs.example/team").waitFor();
      const open = field("prop:website").getByRole("link", { name: "Open Website" });
      assert.equal(await open.getAttribute("href"), "https://www.hopper-labs.example/team/");
      assert.equal(await field("prop:website").getByRole("button").locator("a").count(), 0, "no link inside a button");
      await screenshot(page, "panel-custom-properties");

      // The page shows each value as it sends it: the last save may reach the server a moment later.
      const id = await row("Grace Hopper").getAttribute("data-row-id");
      await eventually(async () => {
        const { contact } = await callProcedure(page, "contacts.get", { id }, { kind: "query" });
        assert.deepEqual(contact.properties, {
          tier: "Silver",
          interests: ["AI", "Cloud"],
          active: true,
          contract_value: 12500,
          website: "https://www.hopper-labs.example/team/",
        });
      });
      assert.deepEqual(page.errors, []);
    } finally {
      await callProcedure(page, "properties.update", { id: tier.id, required: false });
    }
  });

  it("adds a task in words from the panel and completes it there", async () => {
    // The Next task column (from the column picker) follows the record's tasks.
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Next task" }).click();
    await page.keyboard.press("Escape");
    const nextTask = cell("Grace Hopper", "nextTaskAt");
    assert.equal(await nextTask.innerText(), "—");
    const input = panel().getByRole("textbox", { name: "New task for Grace Hopper" });
    await input.fill("Send the deck tomorrow 10am");
    await panel()
      .getByTestId("task-parse-hint")
      .getByText(/^Due .*10:00 AM/)
      .waitFor();
    await input.press("Enter");
    const task = panel().getByTestId("record-task").filter({ hasText: "Send the deck" });
    await task.waitFor();
    assert.match(await task.innerText(), /Tomorrow 10:00 AM/);
    await panel().getByTestId("timeline-item").filter({ hasText: "added a task" }).waitFor();
    await nextTask.getByText("Tomorrow 10:00 AM").waitFor();
    await field("nextTaskAt").getByText("Tomorrow 10:00 AM").waitFor();
    await screenshot(page, "contact-panel-tasks");
    await nextTask.scrollIntoViewIfNeeded();
    await screenshot(page, "contacts-next-task");

    // The title opens the task's details on /tasks (notes, assignee…), among everyone's tasks.
    await task.getByRole("link", { name: "Send the deck" }).click();
    await page.waitForURL(/\/tasks\?view=upcoming&assignee=anyone&task=tsk_/);
    await page.getByTestId("task-details").getByRole("heading", { name: "Send the deck" }).waitFor();
    await page.goBack();
    await task.waitFor();

    await task.getByRole("checkbox", { name: "Complete Send the deck" }).click();
    await panel().getByRole("button", { name: "1 done" }).waitFor();
    assert.equal(await panel().getByTestId("record-task").count(), 0, "no open task left");
    await nextTask.getByText("—").waitFor();
    // The task is on /tasks too, linked to Grace.
    await page.goto("/tasks?view=done");
    await page.getByTestId("task-list").getByText("Send the deck").waitFor();
    assert.match(await page.getByTestId("task-list").innerText(), /Grace Hopper/);
  });

  it("adds a repeating task from the panel; completed there, the next one takes its place", async () => {
    await page.goto("/contacts");
    await row("Grace Hopper").click();
    const input = panel().getByRole("textbox", { name: "New task for Grace Hopper" });
    await input.fill("Check in every month");
    const hint = panel().getByTestId("task-parse-hint");
    await hint.getByText(/Every month on the \d+(st|nd|rd|th)/).waitFor();
    await input.press("Enter");
    const task = panel().getByTestId("record-task").filter({ hasText: "Check in" });
    await task.getByRole("img", { name: /^Every month on the / }).waitFor();
    const first = await task.locator("time").getAttribute("datetime");
    await task.getByRole("checkbox", { name: "Complete Check in" }).click();
    // The next one, a month on, is the open one now.
    await eventually(async () => {
      const shown = await task
        .locator("time")
        .getAttribute("datetime")
        .catch(() => null);
      assert.ok(shown && shown !== first, `the next one is shown (${shown})`);
    });
    const next = new Date(await task.locator("time").getAttribute("datetime"));
    const previous = new Date(first);
    const lastOfNextMonth = new Date(previous.getFullYear(), previous.getMonth() + 2, 0).getDate();
    assert.equal(next.getDate(), Math.min(previous.getDate(), lastOfNextMonth), "the same day of the month");
    assert.equal((next.getMonth() - previous.getMonth() + 12) % 12, 1, "a month on");
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Completed “Check in”: the next one is due" })
      .waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("goes from a contact to its company and back through the company's people", async () => {
    await page.goto("/contacts");
    await row("Grace Hopper").click();
    await panel().getByRole("link", { name: "Open Acme Robotics" }).click();
    await page.waitForURL(/\/companies\?open=cmp_/);
    await panel().getByRole("heading", { name: "Acme Robotics" }).waitFor();
    const people = panel().getByTestId("company-contacts");
    await people.getByText("Grace Hopper").waitFor();
    await screenshot(page, "company-panel-people");
    await people.getByRole("link", { name: /Grace Hopper/ }).click();
    await page.waitForURL(/\/contacts\?open=con_/);
    await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();
  });

  it("moves a contact to another company from the table's Company cell; the name shows at once and stays", async () => {
    await page.goto("/contacts");
    await cell("Grace Hopper", "company").dblclick();
    await picker("Company").fill("glob");
    await page.getByRole("option", { name: /Globex/ }).click();
    assert.equal(await cell("Grace Hopper", "company").innerText(), "Globex");
    await settled(page);
    assert.equal(await cell("Grace Hopper", "company").innerText(), "Globex", "still Globex once saved");
    await page.reload();
    await row("Grace Hopper").waitFor();
    assert.equal(await cell("Grace Hopper", "company").innerText(), "Globex");
    // The timeline names the companies, not their ids.
    await row("Grace Hopper").click();
    await panel().getByTestId("timeline-change").filter({ hasText: "Company: Acme Robotics → Globex" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("edits the cell a double-click began on, though the panel its first click opened now covers it", async () => {
    await page.goto("/contacts");
    await row("Grace Hopper").waitFor();
    assert.equal(await panel().count(), 0);
    // The first editable cell that lies where the panel will be (its left edge: the viewport minus its width).
    // The list then makes room for the panel, so the cell is out of sight under it.
    const panelLeft = (page.viewportSize()?.width ?? 0) - 448;
    let covered = null;
    for (const candidate of await row("Grace Hopper").locator('[role="gridcell"][data-column-id]').all()) {
      const box = await candidate.boundingBox();
      const editable = (await candidate.getAttribute("data-editable")) !== null;
      if (editable && box && box.x + box.width / 2 > panelLeft + 20) {
        covered = candidate;
        break;
      }
    }
    assert.ok(covered, "a column under the panel");
    await covered.dblclick();
    await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();
    // The cell's editor (a menu or picker opens beside the cell, outside it).
    const editor = page.locator("[data-cell-editor]:not([data-sheet] *)");
    await editor.waitFor();
    // The list made room for the panel: the cell was brought back into view to be edited there.
    const box = await covered.boundingBox();
    assert.ok(
      box && box.x + box.width <= panelLeft + 1,
      `the edited cell is left of the panel (${JSON.stringify(box)})`,
    );
    await screenshot(page, "double-click-under-panel");
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });
    await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();
    // A single click in the panel right after it opens is the panel's own.
    await panel().getByRole("button", { name: "Close panel" }).click();
    await panel().waitFor({ state: "detached" });
    await row("Grace Hopper").getByText("Grace Hopper").click();
    await field("title").getByRole("button").click();
    await field("title").getByRole("textbox", { name: "Title" }).waitFor();
    await page.keyboard.press("Escape");
    assert.deepEqual(page.errors, []);
  });

  it("keeps the list's header and toolbar each on one row beside the open panel, its buttons still named", async () => {
    await page.goto("/contacts");
    const search = page.getByRole("searchbox", { name: "Search contacts" });
    await search.fill("grace");
    await total().getByText("1 contact matches · best matches first").waitFor();
    const header = page.locator("header").filter({ has: page.getByRole("heading", { name: "Contacts" }) });
    const headerButtons = ["Duplicates", "Import", "Export", "New contact"].map((name) =>
      header.getByRole("button", { name, exact: true }),
    );
    const toolbar = [
      search,
      page.getByRole("button", { name: "Filter", exact: true }),
      page.getByRole("button", { name: "Save view" }),
      page.getByRole("button", { name: "Trash", exact: true }),
    ];
    const tops = async (locators) => Promise.all(locators.map(async (l) => Math.round((await l.boundingBox()).y)));
    const oneRow = async (locators, what) => {
      const ys = await tops(locators);
      assert.ok(
        ys.every((y) => Math.abs(y - ys[0]) <= 2),
        `${what} on one row: ${ys.join(", ")}`,
      );
    };
    const width = async (locator) => (await locator.boundingBox()).width;
    // With room, the header's buttons say what they do.
    assert.ok((await width(headerButtons[1])) > 70, "Import shows its label");
    await oneRow(headerButtons, "the header's buttons");
    const headerHeight = (await header.boundingBox()).height;

    await row("Grace Hopper").click();
    await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();
    const panelLeft = (await panel().boundingBox()).x;
    // Beside the panel the secondary ones show their icon, keep their name (and a tooltip); nothing wraps or hides.
    await eventually(async () => assert.ok((await width(headerButtons[1])) < 48, "Import shows its icon only"));
    assert.equal(await headerButtons[1].getAttribute("title"), "Import from a CSV file");
    assert.ok((await width(headerButtons[3])) > 100, "New contact keeps its label");
    await oneRow(headerButtons, "the header's buttons");
    await oneRow(toolbar, "the search, filter and view buttons");
    for (const button of [...headerButtons, ...toolbar]) {
      const box = await button.boundingBox();
      assert.ok(box.x + box.width <= panelLeft, `left of the panel: ${JSON.stringify(box)}`);
    }
    assert.ok((await header.boundingBox()).height <= headerHeight + 20, "the header did not grow a row");
    await screenshot(page, "contacts-panel-header");
    await headerButtons[1].click();
    await page.getByRole("dialog", { name: /Import contacts/ }).waitFor();
    await page.keyboard.press("Escape");
    await search.fill("");
    assert.deepEqual(page.errors, []);
  });

  it("filters by owner and by a tag in use", async () => {
    await callProcedure(page, "contacts.create", { firstName: "Alan", lastName: "Turing" });
    await page.goto("/contacts");
    await row("Alan Turing").waitFor();
    assert.equal(await total().innerText(), "2 contacts");

    // A company is picked from a searchable list; the chip names it, after a reload too.
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    let form = page.getByRole("dialog", { name: "Add filter" });
    await chooseFilterField(form, "Company");
    await form.getByRole("button", { name: "Value" }).click();
    await picker("Company").fill("glob");
    await page.getByRole("option", { name: /Globex/ }).click();
    await screenshot(page, "filter-company");
    await form.getByRole("button", { name: "Add filter" }).click();
    const companyChip = page.getByTestId("filter-chip").filter({ hasText: "Company is Globex" });
    await companyChip.waitFor();
    await page.getByText("1 contact matches", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Save view" }).click();
    const save = page.getByRole("dialog", { name: "Save view" });
    await save.locator('input[name="viewName"]').fill("At Globex");
    await save.getByRole("button", { name: "Save view" }).click();
    await page.getByText("Saved the view “At Globex”.").waitFor();
    await page.reload();
    await companyChip.waitFor();
    await page.getByText("1 contact matches", { exact: true }).waitFor();
    await page.goto("/contacts");
    await page.getByText("2 contacts", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Filter", exact: true }).click();
    form = page.getByRole("dialog", { name: "Add filter" });
    await chooseFilterField(form, "Owner");
    // "Me" is whoever reads the list (Ada here, Grace's owner): a shared view of it shows each teammate theirs.
    const owners = await form.getByLabel("Value").locator("option").allInnerTexts();
    assert.deepEqual(owners.slice(owners.indexOf("Me"), owners.indexOf("Me") + 2), ["Me", "Ada Lovelace"]);
    await form.getByLabel("Value").selectOption({ label: "Me" });
    await form.getByRole("button", { name: "Add filter" }).click();
    await page.getByTestId("filter-chip").filter({ hasText: "Owner is Me" }).waitFor();
    await page.getByText("1 contact matches", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Add filter", exact: true }).click();
    form = page.getByRole("dialog", { name: "Add filter" });
    await chooseFilterField(form, "Tags");
    const suggestions = await form.locator("datalist option").evaluateAll((options) => options.map((o) => o.value));
    assert.deepEqual(suggestions.sort(), ["Conference", "vip"]);
    await form.getByLabel("Value").fill("VIP");
    await form.getByRole("button", { name: "Add filter" }).click();
    await page.getByTestId("filter-chip").filter({ hasText: "Tags has “VIP”" }).waitFor();
    await page.getByText("1 contact matches", { exact: true }).waitFor();
    assert.deepEqual(
      await rows()
        .allInnerTexts()
        .then((texts) => texts.map((t) => t.includes("Grace Hopper"))),
      [true],
    );
    assert.deepEqual(page.errors, []);
  });

  it("adds a person from a company's panel: New contact starts at that company", async () => {
    await page.goto("/companies");
    await row("Acme Robotics").click();
    await panel().getByTestId("record-fields").waitFor();
    await panel().getByRole("link", { name: "Add person" }).click();
    await page.waitForURL(/\/contacts\?new=1&company=cmp_/);
    const dialog = page.getByRole("dialog", { name: "New contact" });
    await dialog.getByRole("button", { name: "Company" }).getByText("Acme Robotics").waitFor();
    await dialog.locator('input[name="firstName"]').fill("Katherine");
    await dialog.locator('input[name="lastName"]').fill("Johnson");
    await dialog.getByRole("button", { name: "Create contact" }).click();
    await dialog.waitFor({ state: "hidden" });
    await row("Katherine Johnson").waitFor();
    assert.equal(await cell("Katherine Johnson", "company").innerText(), "Acme Robotics");
    assert.deepEqual(page.errors, []);
  });

  it("moves the open contact to the trash from its panel, and Undo on the toast brings it back", async () => {
    await page.goto("/contacts");
    await row("Katherine Johnson").click();
    await panel().getByRole("heading", { name: "Katherine Johnson" }).waitFor();
    await page.waitForURL(/open=con_/);
    const id = new URL(page.url()).searchParams.get("open");
    const before = await rows().count();
    await screenshot(page, "panel-actions");
    await panel().getByRole("button", { name: "Move this contact to the trash" }).click();
    await panel().waitFor({ state: "hidden" });
    // The address follows (its writes are spaced out, see usePaletteLink).
    await page.waitForURL((url) => !url.searchParams.has("open"));
    await row("Katherine Johnson").waitFor({ state: "detached" });
    assert.equal(await rows().count(), before - 1);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Deleted 1 contact." });
    await toast.getByRole("button", { name: "Undo" }).click();
    await page.locator("[data-sonner-toast]").getByText("Restored.").waitFor();
    await row("Katherine Johnson").waitFor();
    // Really restored on the server, not only on screen.
    const restored = await callProcedure(page, "contacts.get", { id }, { kind: "query" });
    assert.equal(restored.contact.deletedAt, null);
    assert.deepEqual(page.errors, []);
  });

  it("counts each company's people in the companies table, following a contact added elsewhere", async () => {
    await page.getByRole("link", { name: "Companies", exact: true }).click();
    await row("Globex").waitFor();
    assert.equal(await cell("Acme Robotics", "peopleCount").innerText(), "1");
    assert.equal(await cell("Globex", "peopleCount").innerText(), "1");

    await page.getByRole("link", { name: "Contacts", exact: true }).click();
    const dialog = await fillNewContact(page, {
      firstName: "Dorothy",
      lastName: "Vaughan",
      email: "dorothy@globex.example",
    });
    await dialog.getByRole("button", { name: "Company" }).click();
    await picker("Company").fill("glob");
    await page.getByRole("option", { name: /Globex/ }).click();
    await dialog.getByRole("button", { name: "Create contact" }).click();
    await dialog.waitFor({ state: "hidden" });
    await row("Dorothy Vaughan").waitFor();

    // Within the minute lists stay fresh: the create itself marked the companies as changed.
    await page.getByRole("link", { name: "Companies", exact: true }).click();
    await cell("Globex", "peopleCount").getByText("2", { exact: true }).waitFor();
    assert.equal(await cell("Acme Robotics", "peopleCount").innerText(), "1");
    await screenshot(page, "companies-people");
    assert.deepEqual(page.errors, []);
  });

  it("opens a company's people as a filtered contacts list from its panel, kept through a reload", async () => {
    await row("Globex").click();
    await panel().getByText("People · 2").waitFor();
    await panel().getByRole("link", { name: "See them in Contacts" }).click();
    await page.waitForURL(/\/contacts$/);
    await page.getByTestId("filter-chip").getByText("Company is Globex").waitFor();
    await total().getByText("2 contacts match").waitFor();
    await row("Dorothy Vaughan").waitFor();
    await row("Grace Hopper").waitFor();
    assert.equal(await rows().count(), 2);
    await page.reload();
    await total().getByText("2 contacts match").waitFor();
    await page.getByTestId("filter-chip").getByText("Company is Globex").waitFor();
    // Coming from another page, the sidebar's link still opens the whole list.
    await page.getByRole("link", { name: "Companies", exact: true }).click();
    await total().getByText("2 companies").waitFor();
    await page.getByRole("link", { name: "Contacts", exact: true }).click();
    await page.getByTestId("filter-chip").waitFor({ state: "detached" });
    await total()
      .getByText(/^\d+ contacts$/)
      .waitFor();

    // The People count in the companies table is the same link.
    await page.getByRole("link", { name: "Companies", exact: true }).click();
    // Named by what it shows, the count, then what it opens.
    await cell("Acme Robotics", "peopleCount").getByRole("link", { name: "1 contact at Acme Robotics" }).click();
    await page.getByTestId("filter-chip").getByText("Company is Acme Robotics").waitFor();
    await total().getByText("1 contact matches").waitFor();
    await row("Katherine Johnson").waitFor();
    assert.deepEqual(page.errors, []);
  });
});

describe("a record's panel with years of done tasks", () => {
  let browser;
  let page;

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Key Accounts", name: "Kay Account", locale: "en-US" }));
  });
  after(() => browser?.close());

  it("shows the open tasks however many done ones were due before them, and says there are more done", async () => {
    const contact = await callProcedure(page, "contacts.create", { firstName: "Kim", lastName: "Keyaccount" });
    const onKim = { recordObject: "contact", recordId: contact.id };
    // Two years of weekly check-ins, done, each due before the open tasks.
    const weekAgo = (n) => new Date(Date.now() - n * 7 * 86_400_000);
    for (let start = 1; start <= 105; start += 35)
      await Promise.all(
        Array.from({ length: 35 }, async (_, i) => {
          const task = await callProcedure(page, "tasks.create", {
            ...onKim,
            title: `Check-in ${start + i}`,
            dueAt: weekAgo(start + i),
          });
          await callProcedure(page, "tasks.update", { id: task.id, version: 1, patch: { status: "done" } });
        }),
      );
    await callProcedure(page, "tasks.create", { ...onKim, title: "Plan the renewal", dueAt: weekAgo(-2) });
    await callProcedure(page, "tasks.create", { ...onKim, title: "Ask for a referral" });

    await page.goto("/contacts");
    await page.getByTestId("record-row").filter({ hasText: "Kim Keyaccount" }).click();
    const panel = page.getByTestId("record-panel");
    await panel.getByText("Tasks · 2 open").waitFor();
    assert.deepEqual(await panel.getByTestId("record-task").getByRole("link").allInnerTexts(), [
      "Plan the renewal",
      "Ask for a referral",
    ]);
    await panel.getByRole("button", { name: "50+ done" }).click();
    assert.equal(await panel.getByRole("list", { name: "Done tasks" }).getByTestId("record-task").count(), 50);
    await screenshot(page, "contact-panel-many-done");
    assert.deepEqual(page.errors, []);
  });

  it("reads a record's older notes a page at a time: the header says there are more, Show older reads them", async () => {
    const [{ id }] = await callProcedure(
      page,
      "search.records",
      { query: "Kim", objects: ["contact"] },
      { kind: "query" },
    ).then((found) => found.contacts);
    // The first alone, so that it is the oldest; then the rest, 40 at a time.
    for (let start = 0; start < 201; start += start === 0 ? 1 : 40)
      await Promise.all(
        Array.from({ length: start === 0 ? 1 : Math.min(40, 201 - start) }, (_, i) =>
          callProcedure(page, "notes.create", {
            recordObject: "contact",
            recordId: id,
            body: `Weekly note ${start + i}`,
          }),
        ),
      );
    await page.reload();
    const panel = page.getByTestId("record-panel");
    await panel.getByText("Notes & activities · 200+").waitFor();
    const notes = panel.getByTestId("note");
    assert.equal(await notes.count(), 200);
    await panel.getByTestId("older-notes").getByRole("button", { name: "Show older" }).click();
    await panel.getByText("Notes & activities · 201").waitFor();
    assert.equal(await notes.count(), 201);
    await panel.getByTestId("older-notes").waitFor({ state: "detached" });
    // The oldest comes last.
    await notes.last().getByText("Weekly note 0").waitFor();
    await notes.last().scrollIntoViewIfNeeded();
    await screenshot(page, "record-notes-older");
    assert.deepEqual(page.errors, []);
  });
});

describe("a record's panel: a value shown whole, and acted on", () => {
  let browser;
  let page;
  const panel = () => page.getByTestId("record-panel");
  const field = (id) => panel().locator(`dd[data-field="${id}"]`);

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Initech", name: "Bill Lumbergh" }));
  });
  after(() => browser?.close());

  it("puts what a value is for one click away: write the email, call the phone, open the LinkedIn profile or website", async () => {
    const company = await callProcedure(page, "companies.create", {
      name: "Initech",
      domain: "initech.example",
      linkedinUrl: "https://www.linkedin.com/company/initech/",
    });
    const contact = await callProcedure(page, "contacts.create", {
      firstName: "Peter",
      lastName: "Gibbons",
      emails: ["peter@initech.example", "peter@home.example"],
      phones: ["+1 (512) 555-0199"],
      linkedinUrl: "https://www.linkedin.com/in/peter-gibbons",
      companyId: company.id,
    });
    await page.goto(`/contacts?open=${contact.id}`);
    await panel().getByRole("heading", { name: "Peter Gibbons" }).waitFor();
    const action = (name) => panel().getByRole("link", { name, exact: true });
    assert.equal(await action("Email peter@initech.example").getAttribute("href"), "mailto:peter@initech.example");
    assert.equal(await action("Call +1 (512) 555-0199").getAttribute("href"), "tel:+15125550199");
    const profile = action("Open the LinkedIn profile");
    assert.equal(await profile.getAttribute("href"), "https://www.linkedin.com/in/peter-gibbons");
    assert.equal(await profile.getAttribute("target"), "_blank", "a web page opens beside the CRM");
    assert.equal(await field("linkedinUrl").innerText(), "linkedin.com/in/peter-gibbons", "read without https://www.");

    // A click to call turns the panel's composer to log the call, ready for how it went; to write, the email.
    // (The phone and the mail app are the system's: the test keeps the click from leaving for them.)
    await page.evaluate(() =>
      document.addEventListener(
        "click",
        (event) => event.target.closest?.('a[href^="tel:"], a[href^="mailto:"]') && event.preventDefault(),
        true,
      ),
    );
    const what = (kind) => panel().getByRole("group", { name: "What to add" }).getByRole("button", { name: kind });
    assert.equal(await what("Note").getAttribute("aria-pressed"), "true");
    await action("Call +1 (512) 555-0199").click();
    const outcome = panel().getByRole("textbox", { name: "What happened on the call" });
    await eventually(async () => assert.ok(await outcome.evaluate((el) => el === document.activeElement)));
    assert.equal(await what("Call").getAttribute("aria-pressed"), "true");
    await screenshot(page, "panel-log-after-call");
    await outcome.fill("Left a voicemail");
    await page.keyboard.press("Control+Enter");
    // In the notes (the timeline, read again, says it too).
    await panel().getByTestId("note").getByText("Left a voicemail").waitFor();
    // Saved, the composer is empty again (a moment after the note shows in the list).
    await eventually(async () => assert.equal(await outcome.inputValue(), ""));
    await action("Email peter@initech.example").click();
    await eventually(async () => assert.equal(await what("Email").getAttribute("aria-pressed"), "true"));
    // Something typed for one kind stays that kind: a click to call does not relabel it.
    await panel().getByRole("textbox", { name: "What happened on the email" }).fill("Sent the TPS report");
    await action("Call +1 (512) 555-0199").click();
    assert.equal(await what("Email").getAttribute("aria-pressed"), "true");
    await panel().getByRole("textbox", { name: "What happened on the email" }).fill("");

    await action("Open Initech").click();
    await panel().getByRole("heading", { name: "Initech" }).waitFor();
    assert.equal(await action("Open initech.example").getAttribute("href"), "https://initech.example");
    assert.equal(
      await action("Open the LinkedIn page").getAttribute("href"),
      "https://www.linkedin.com/company/initech/",
    );
    await screenshot(page, "company-panel-actions");
    // Nothing to act on, nothing shown.
    await callProcedure(page, "companies.update", {
      id: company.id,
      version: (await callProcedure(page, "companies.get", { id: company.id }, { kind: "query" })).company.version,
      patch: { linkedinUrl: null },
    });
    await page.reload();
    await action("Open initech.example").waitFor();
    // The reload paints the copy of the cache, then what the server holds now (the change was not this tab's).
    await eventually(async () => assert.equal(await action("Open the LinkedIn page").count(), 0));
    assert.deepEqual(page.errors, []);
  });

  it("shows a long name whole in the panel's Name field, where the table's cell cuts it", async () => {
    const name = "Initrode Global Software Solutions and Consulting International Holdings";
    const company = await callProcedure(page, "companies.create", { name });
    await page.goto(`/companies?open=${company.id}`);
    await panel().getByRole("heading", { name }).waitFor();
    const cutShort = (locator) =>
      locator.evaluate((root) => [root, ...root.querySelectorAll("*")].some((el) => el.scrollWidth > el.clientWidth));
    assert.equal(await field("name").innerText(), name, "the name alone: the header carries the company's mark");
    assert.equal(await cutShort(field("name")), false, "the panel wraps the name");
    assert.ok((await field("name").boundingBox()).height > 30, "on more than one line");
    const nameCell = page.getByTestId("record-row").filter({ hasText: name }).locator('[data-column-id="name"]');
    assert.equal(await cutShort(nameCell), true, "the table's cell cuts it, with an ellipsis");
  });
});

describe("a big company's panel", () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(() => browser?.close());

  it("lists a big company's first people, the rest on request, so its tasks and notes stay near", async () => {
    const { page } = await registeredUser(browser, { organization: "Crowded", name: "Cora Crowd" });
    const panel = () => page.getByTestId("record-panel");
    const crowd = await callProcedure(page, "companies.create", { name: "Crowd Corp" });
    const names = Array.from({ length: 11 }, (_, i) => `Person ${String.fromCharCode(65 + i)}`);
    for (const name of names)
      await callProcedure(page, "contacts.create", {
        firstName: name.split(" ")[1],
        lastName: "Crowd",
        companyId: crowd.id,
      });
    await page.goto(`/companies?open=${crowd.id}`);
    await panel().getByRole("heading", { name: "Crowd Corp" }).waitFor();
    const people = panel().getByTestId("company-contacts").getByRole("listitem");
    await panel().getByText("People · 11").waitFor();
    assert.equal(await people.count(), 8, "the first eight, by name");
    assert.match(await people.first().innerText(), /A Crowd/);
    const more = panel().getByRole("button", { name: "Show 3 more" });
    assert.equal(await more.getAttribute("aria-expanded"), "false");
    await panel().getByRole("link", { name: "See all 11 in Contacts" }).waitFor();
    await screenshot(page, "company-panel-people-folded");
    await more.click();
    assert.equal(await people.count(), 11);
    assert.match(await people.last().innerText(), /K Crowd/);
    await panel().getByRole("link", { name: "See them in Contacts" }).waitFor();
    await panel().getByRole("button", { name: "Show fewer" }).click();
    assert.equal(await people.count(), 8);
  });
});
