import { after, before, describe, it } from "node:test";
import {
  assert,
  assertAccessible,
  callProcedure,
  chooseFilterField,
  discardImport,
  eventually,
  launchBrowser,
  loggedErrors,
  openCompanyImport,
  registeredUser,
  screenshot,
} from "./harness.mjs";

// A company's parent company, as HubSpot's parent and child companies: a group and its subsidiaries.
describe("/companies: a parent company and its subsidiaries", () => {
  let browser;
  let page;
  let group;
  let labs;
  let retail;
  const rows = () => page.getByTestId("record-row");
  const row = (name) => rows().filter({ hasText: name });
  const cell = (name, columnId) => row(name).locator(`[data-column-id="${columnId}"]`);
  const panel = () => page.getByTestId("record-panel");
  const field = (id) => panel().locator(`dd[data-field="${id}"]`);
  const picker = (label) => page.getByRole("combobox", { name: label });
  const toast = (text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  const company = async (id) => (await callProcedure(page, "companies.get", { id }, { kind: "query" })).company;
  /** Filters the list by Acme Group in a company field's filter ("Parent company is Acme Group"); `check` reads the
   * form once the field is chosen. */
  const filterByAcmeGroup = async (field, check = async () => {}) => {
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Add filter" });
    await chooseFilterField(form, field);
    await check(form);
    await form.getByRole("button", { name: "Value" }).click();
    await picker("Company").fill("acme gr");
    await page.getByRole("option", { name: /Acme Group/ }).click();
    await form.getByRole("button", { name: "Add filter" }).click();
    await page
      .getByTestId("filter-chip")
      .filter({ hasText: `${field} is Acme Group` })
      .waitFor();
  };

  /** Presses the import dialog's Import button (`button`, its name) and checks the summary's counts. */
  const imported = async (dialog, button, counts) => {
    await dialog.getByRole("button", { name: button }).click();
    const summary = dialog.getByTestId("import-summary");
    await summary.waitFor();
    assert.deepEqual(
      {
        created: await summary.getByTestId("import-created").innerText(),
        failed: await summary.getByTestId("import-failed").innerText(),
      },
      counts,
    );
    return { summary, reasons: summary.getByTestId("import-reasons") };
  };

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Groupers", name: "Gia Group", locale: "en-US" }));
    group = await callProcedure(page, "companies.create", { name: "Acme Group", domain: "acme-group.example" });
    labs = await callProcedure(page, "companies.create", { name: "Acme Labs", domain: "acme-labs.example" });
    retail = await callProcedure(page, "companies.create", { name: "Acme Retail" });
  });
  after(() => browser?.close());

  it("sets a company's parent in its panel, never itself nor one below it; the parent lists it among its subsidiaries", async () => {
    await page.goto(`/companies?open=${labs.id}`);
    await field("parentCompany").getByRole("button").click();
    await picker("Parent company").fill("acme gr");
    await page.getByRole("option", { name: /Acme Group/ }).click();
    await field("parentCompany").getByText("Acme Group").waitFor();
    await eventually(async () => assert.equal((await company(labs.id)).parentCompanyId, group.id));
    await panel().getByTestId("timeline-change").filter({ hasText: "Parent company: empty → Acme Group" }).waitFor();

    // Itself is not offered as its own parent.
    await field("parentCompany")
      .getByRole("button", { name: /Parent company/ })
      .click();
    await picker("Parent company").fill("acme");
    await page.getByRole("option", { name: /Acme Retail/ }).waitFor();
    assert.equal(await page.getByRole("option", { name: /Acme Labs/ }).count(), 0);
    await page.keyboard.press("Escape");
    await field("parentCompany").getByText("Acme Group").waitFor();

    await field("parentCompany").getByRole("link", { name: "Open Acme Group" }).click();
    await panel().getByRole("heading", { name: "Acme Group" }).waitFor();
    const subsidiaries = panel().getByTestId("company-subsidiaries");
    await subsidiaries.getByText("Acme Labs").waitFor();
    await screenshot(page, "company-panel-subsidiaries");
    await assertAccessible(page, "a company's panel with its subsidiaries");
    // Nor is any company below it, however far down: a group whose head belongs to one of its members has no head.
    const berlin = await callProcedure(page, "companies.create", {
      name: "Acme Labs Berlin",
      parentCompanyId: labs.id,
    });
    await field("parentCompany").getByRole("button").click();
    await picker("Parent company").fill("acme");
    await page.getByRole("option", { name: /Acme Retail/ }).waitFor();
    const offered = await page.getByRole("option").allInnerTexts();
    assert.deepEqual(
      offered.filter((option) => /Acme (Group|Labs)/.test(option)),
      [],
      `offered: ${offered.join(", ")}`,
    );
    await page.keyboard.press("Escape");
    await callProcedure(page, "companies.delete", { ids: [berlin.id] });

    await subsidiaries.getByRole("link", { name: /Acme Labs/ }).click();
    await panel().getByRole("heading", { name: "Acme Labs" }).waitFor();
    await field("parentCompany").getByRole("link", { name: "Open Acme Group" }).click();
    // All of them as a filtered list, where bulk actions and export reach them.
    await panel().getByRole("link", { name: "See them in Companies" }).click();
    await page.getByTestId("filter-chip").filter({ hasText: "Parent company is Acme Group" }).waitFor();
    await page.getByText("1 company matches", { exact: true }).waitFor();
    await page.getByRole("navigation").getByRole("link", { name: "Companies" }).click();
    await page.getByTestId("filter-chip").first().waitFor({ state: "detached" });
    assert.deepEqual(loggedErrors(page), []);
  });

  it("adds a subsidiary from the parent's panel: the new company's form starts under it", async () => {
    const dialog = page.getByRole("dialog", { name: "New company" });
    const parent = dialog.getByRole("button", { name: "Parent company" });
    // Each opening starts under the company it was opened from: Labs, Labs again, then the group.
    await page.goto("/companies");
    for (let i = 0; i < 2; i++) {
      await row("Acme Labs").click();
      // Once the company is read: its people's list, above, takes the room it needs.
      await panel()
        .getByText(/^People · \d+$/)
        .waitFor();
      await panel().getByRole("link", { name: "Add subsidiary" }).click();
      await eventually(async () => assert.equal(await parent.innerText(), "Acme Labs"));
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
    }
    // From the palette this time, while the group is open.
    await row("Acme Group").click();
    await panel().getByRole("heading", { name: "Acme Group" }).waitFor();
    await page.keyboard.press("Control+k");
    await page.getByRole("option", { name: "Add a subsidiary" }).click();
    await eventually(async () => assert.equal(await parent.innerText(), "Acme Group"));
    await dialog.getByLabel("Name").fill("Acme Cloud");
    await screenshot(page, "new-company-subsidiary");
    await assertAccessible(page, "a new company's form under its parent");
    await dialog.getByRole("button", { name: "Create company" }).click();
    await dialog.waitFor({ state: "hidden" });
    await cell("Acme Cloud", "name").waitFor();
    await toast("Acme Cloud added to companies.").getByRole("button", { name: "Open" }).click();
    await panel().getByRole("heading", { name: "Acme Cloud" }).waitFor();
    await field("parentCompany").getByText("Acme Group").waitFor();
    await page.waitForURL(/open=cmp_/);
    const cloud = await company(new URL(page.url()).searchParams.get("open"));
    assert.equal(cloud.name, "Acme Cloud");
    assert.equal(cloud.parentCompanyId, group.id);

    // A company without subsidiaries says how one becomes its subsidiary.
    await panel().getByText("None yet. A company whose Parent company is Acme Cloud is listed here.").waitFor();
    // The palette adds a person there too.
    await page.keyboard.press("Control+k");
    await page.getByRole("option", { name: "Add a person here" }).click();
    await page.waitForURL(/\/contacts\?new=1&company=cmp_/);
    const newContact = page.getByRole("dialog", { name: "New contact" });
    await newContact.getByRole("button", { name: "Company" }).getByText("Acme Cloud").waitFor();
    await newContact.getByRole("button", { name: "Cancel" }).click();
    assert.deepEqual(page.errors, []);
  });

  it("shows the Parent company column, pasted into by name, and filters by it", async () => {
    await page.goto("/companies");
    await row("Acme Retail").waitFor();
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Parent company" }).click();
    await page.keyboard.press("Escape");
    await cell("Acme Labs", "parentCompany").getByText("Acme Group").waitFor();

    // A name pasted into the Retail row's cell, and the Labs row's: both belong to the group.
    await row("Acme Labs").click();
    await page.keyboard.press("Escape");
    const activeColumn = () =>
      page.evaluate(() => document.querySelector("[data-active] [data-active-cell]")?.getAttribute("data-column-id"));
    for (let i = 0; i < 12 && (await activeColumn()) !== "parentCompany"; i++) await page.keyboard.press("ArrowRight");
    assert.equal(await activeColumn(), "parentCompany");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => navigator.clipboard.writeText("acme-group.example\nAcme Group\n"));
    await page.keyboard.press("Control+v");
    await toast("Pasted into Parent company on 2 rows.").waitFor();
    await cell("Acme Retail", "parentCompany").getByText("Acme Group").waitFor();
    await eventually(async () => assert.equal((await company(retail.id)).parentCompanyId, group.id));
    await screenshot(page, "companies-parent-column");

    await filterByAcmeGroup("Parent company");
    await page.getByText("3 companies match", { exact: true }).waitFor();
    // Each name after its square initial.
    const names = await rows().locator('[data-column-id="name"]').allInnerTexts();
    assert.deepEqual(
      names.map((text) => text.split("\n").at(-1)),
      ["Acme Cloud", "Acme Labs", "Acme Retail"],
    );

    // The whole group, the group itself with it: "Company with subsidiaries", which is never empty.
    await page.getByRole("button", { name: "Remove filter Parent company is Acme Group" }).click();
    await filterByAcmeGroup("Company with subsidiaries", async (form) =>
      assert.deepEqual(await form.getByLabel("Operator").locator("option").allInnerTexts(), ["is", "is not"]),
    );
    await page.getByText("4 companies match", { exact: true }).waitFor();
    await screenshot(page, "companies-filter-group");
    assert.deepEqual(page.errors, []);
  });
  it("merges a subsidiary into its parent: the comparison says the group keeps no parent of its own", async () => {
    // The sidebar's link starts the list afresh, without the filter left on it.
    await page.getByRole("navigation").getByRole("link", { name: "Companies" }).click();
    await page.getByTestId("filter-chip").first().waitFor({ state: "detached" });
    // By the name cell: the Parent company column names the group on other rows too.
    const named = (name) =>
      rows().filter({ has: page.locator('[data-column-id="name"]').getByText(name, { exact: true }) });
    for (const name of ["Acme Group", "Acme Retail"]) await named(name).getByRole("checkbox").check();
    const bar = page.getByTestId("selection-bar");
    await bar.getByText("2 selected").waitFor();
    await bar.getByRole("button", { name: "Merge" }).click();
    const dialog = page.getByRole("dialog", { name: "Merge two companies" });
    await dialog.getByRole("radio", { name: "Keep Acme Group" }).click();
    // The field, Acme Group's value, Acme Retail's, and the group's after the merge: Retail was its subsidiary.
    const parentRow = dialog.locator("div.grid").filter({ has: page.getByText("Parent company", { exact: true }) });
    await eventually(async () =>
      assert.deepEqual((await parentRow.innerText()).split("\n").filter(Boolean), [
        "Parent company",
        "—",
        "Acme Group",
        "—",
      ]),
    );
    await screenshot(page, "companies-merge-parent");
    await dialog.getByRole("button", { name: "Merge into “Acme Group”" }).click();
    await toast("Merged “Acme Retail” into “Acme Group”.").waitFor();
    assert.equal((await company(group.id)).parentCompanyId, null);
    assert.deepEqual(page.errors, []);
  });
  it("filters contacts by a company with its subsidiaries: the people of the whole group", async () => {
    for (const [firstName, companyId] of [
      ["Gus", group.id],
      ["Lia", labs.id],
      ["Oto", null],
    ])
      await callProcedure(page, "contacts.create", { firstName, lastName: "Test", companyId });
    await page.goto("/contacts");
    await filterByAcmeGroup("Company with subsidiaries");
    await page.getByText("2 contacts match", { exact: true }).waitFor();
    await row("Lia Test").waitFor();
    await row("Gus Test").waitFor();
    assert.equal(await row("Oto Test").count(), 0);
    await screenshot(page, "contacts-filter-company-group");
    // The same list from the group's panel.
    await page.goto(`/companies?open=${group.id}`);
    await panel().getByRole("link", { name: "The whole group's people" }).click();
    await page.waitForURL(/\/contacts/);
    await page.getByTestId("filter-chip").filter({ hasText: "Company with subsidiaries is Acme Group" }).waitFor();
    await page.getByText("2 contacts match", { exact: true }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("imports a file's Parent company column: a subsidiary above its group, a parent named nowhere, a loop", async () => {
    await page.goto("/companies");
    const csv = [
      "Name,Domain,Parent company",
      "Globex Shop,globex-shop.example,Globex Holdings",
      "Globex Holdings,globex.example,",
      "Globex Labs,,globex.example",
      "Lost Co,,Nowhere Inc",
      "Ring One,,Ring Two",
      "Ring Two,,ring one",
    ].join("\n");
    const dialog = await openCompanyImport(page, "groups.csv", csv);
    // Mapped by its header.
    await dialog.getByLabel("Import Parent company as").waitFor();
    assert.equal(await dialog.getByLabel("Import Parent company as").inputValue(), "parentCompany");
    // The preview says where each row goes: under a company of the file, or nowhere, as in a loop.
    const preview = dialog.getByTestId("import-preview").locator("li");
    await preview.nth(3).getByText("Parent company: no company here or in this file is named “Nowhere Inc”.").waitFor();
    await preview
      .nth(4)
      .getByText("Parent company: Ring Two (in this file) belongs to this company, so it cannot be its parent company.")
      .waitFor();
    for (const i of [0, 2])
      assert.match(await preview.nth(i).innerText(), /Ready · under Globex Holdings \(in this file\)$/);
    assert.match(await preview.nth(1).innerText(), /Globex Holdings[\s\S]*Ready$/);
    // The whole file, as the summary will count it.
    await dialog.getByTestId("import-file-check").getByText("3 of 6 rows will not import as they are").waitFor();
    await screenshot(page, "import-preview-parent-companies");
    const { summary, reasons } = await imported(dialog, "Import 6 rows", { created: "3", failed: "3" });
    await reasons
      .getByText(
        "Parent company: no company here is named “Nowhere Inc”. Import it first, or put its row above this one.",
      )
      .waitFor();
    // The loop's rows, as the preview said them.
    await reasons
      .getByText("Parent company: Ring Two (in this file) belongs to this company, so it cannot be its parent company.")
      .waitFor();
    await reasons
      .getByText("Parent company: Ring One (in this file) belongs to this company, so it cannot be its parent company.")
      .waitFor();
    await screenshot(page, "import-parent-companies");
    await summary.getByRole("button", { name: "Done" }).click();
    const found = await callProcedure(
      page,
      "search.records",
      { query: "globex", limit: 10, objects: ["company"] },
      { kind: "query" },
    );
    const parents = await Promise.all(
      found.companies.map(async ({ id, name }) => [name, (await company(id)).parentCompanyName]),
    );
    assert.deepEqual(parents.sort(), [
      ["Globex Holdings", null],
      ["Globex Labs", "Globex Holdings"],
      ["Globex Shop", "Globex Holdings"],
    ]);
    assert.deepEqual(page.errors, []);
  });

  it("says in the preview that a subsidiary goes down with its parent's row, which fails for a value of its own", async () => {
    await page.goto("/companies");
    const csv = ["Name,Domain,Parent company", "Initech Labs,,Initech", "Initech,not a domain,"].join("\n");
    const dialog = await openCompanyImport(page, "initech.csv", csv);
    const preview = dialog.getByTestId("import-preview").locator("li");
    await preview.nth(1).getByText("Domain: enter a domain like acme.com.").waitFor();
    // Once the whole file is checked: before, the subsidiary read "Ready · under Initech (in this file)".
    await preview
      .nth(0)
      .getByText("Parent company: Initech (line 3) will not import, so this row will not either.")
      .waitFor();
    // Counted in the whole file's check too, with its reason.
    const check = dialog.getByTestId("import-file-check");
    await check.getByText("2 of 2 rows will not import as they are").waitFor();
    await check.getByRole("button", { name: "See why" }).click();
    const reasons = dialog.getByTestId("import-check-reasons");
    await reasons.getByText("Parent company: Initech (line 3) will not import, so this row will not either.").waitFor();
    await reasons.getByText("Domain: enter a domain like acme.com.").waitFor();
    await check.getByRole("button", { name: "Back to the preview" }).click();
    await screenshot(page, "import-preview-parent-fails");
    await discardImport(page, dialog);
    assert.deepEqual(page.errors, []);
  });

  it("counts before Import a parent cell naming several companies, here or made by the file, as the import refuses it", async () => {
    for (const domain of ["twin-a.example", "twin-b.example"])
      await callProcedure(page, "companies.create", { name: "Twin Holdings", domain });
    await page.goto("/companies");
    const csv = [
      "Name,Domain,Parent company",
      "Twin Retail,,Twin Holdings",
      "Hooli,,",
      "Hooli,,",
      "Hooli Shop,,hooli",
      "Twin Labs,,twin-a.example",
    ].join("\n");
    const dialog = await openCompanyImport(page, "twins.csv", csv);
    // Each names the companies: the two here by their domains, the file's two rows as having none, by their lines.
    const twinHoldings =
      "Parent company: several companies are named “Twin Holdings” (twin-a.example and twin-b.example); put the " +
      "domain of the one you mean in this cell instead.";
    const hooli =
      "Parent company: several companies are named “hooli” (2 with no domain, on lines 3 and 4 of this file); give the " +
      "one you mean a domain, then put that domain in this cell.";
    // Before, both read "Ready": the first names two companies here, the second the file's two rows named Hooli.
    const preview = dialog.getByTestId("import-preview").locator("li");
    await preview.nth(0).getByText(twinHoldings).waitFor();
    await preview.nth(3).getByText(hooli).waitFor();
    // The reason wraps beside the row's name, which stays whole (it was pushed out, and the reason cut off).
    const laidOut = await preview.nth(0).evaluate((row) => {
      const [name, reason] = row.children;
      const inside = reason.getBoundingClientRect().right <= row.getBoundingClientRect().right;
      return { name: name.textContent.trim(), whole: name.scrollWidth <= name.clientWidth, inside };
    });
    assert.deepEqual(laidOut, { name: "Twin Retail", whole: true, inside: true });
    assert.match(await preview.nth(4).innerText(), /Ready · under Twin Holdings$/);
    await dialog.getByTestId("import-file-check").getByText("2 of 5 rows will not import as they are").waitFor();
    await screenshot(page, "import-preview-parent-several");
    // The import then does as the check said.
    const { summary, reasons } = await imported(dialog, "Import 5 rows", { created: "3", failed: "2" });
    await reasons.getByText(twinHoldings).waitFor();
    // The server, given the file a batch at a time, counts the rows without a domain without naming their lines; the
    // summary lists the lines of the rows it refused.
    await reasons.getByText(hooli.replace(", on lines 3 and 4 of this file", "")).waitFor();
    await screenshot(page, "import-summary-parent-several");
    await summary.getByRole("button", { name: "Done" }).click();
    assert.deepEqual(page.errors, []);
  });
});
