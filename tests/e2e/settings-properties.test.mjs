import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  chooseFilterField,
  discardImport,
  fillNewContact,
  filterFieldChoices,
  launchBrowser,
  loggedErrors,
  newPage,
  openContactImport,
  registeredUser,
  savedBy,
  screenshot,
  signUp,
  toCsv,
  uniqueEmail,
} from "./harness.mjs";

describe("/settings/properties: an admin defines custom properties; forms, tables, filters and imports follow", () => {
  let browser;
  let owner;
  let page;
  const propertyRows = () => page.getByTestId("property-list").getByTestId("property-row");
  const propertyRow = (label) =>
    propertyRows().filter({ has: page.getByTestId("property-label").getByText(label, { exact: true }) });
  /** The list as a person reads it: label and type, top to bottom. */
  const listed = async (on = page) =>
    on
      .getByTestId("property-row")
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('[data-testid="property-label"]').textContent.trim(),
          row.querySelector('[data-testid="property-type"]').textContent.trim(),
        ]),
      );
  const labels = async () => (await listed()).map(([label]) => label);
  const newPropertyDialog = () => page.getByRole("dialog", { name: "New contact property" });
  const toast = (text) => page.locator("[data-sonner-toast]").getByText(text);
  /** Waits for a control's colour transition (an invalid field's red border) to end, for a true screenshot. */
  const settled = (locator) => locator.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));

  /** Fills the New property dialog as a person would; returns it, for the test to submit. */
  async function fillNewProperty({ label, type, options, required = false }) {
    await page.getByRole("button", { name: "New property" }).click();
    const dialog = newPropertyDialog();
    await dialog.getByLabel("Label").fill(label);
    await dialog.getByLabel("Type").selectOption({ label: type });
    if (options !== undefined) await pasteInto(dialog.getByLabel("Add an option"), options);
    if (required) await dialog.getByRole("switch", { name: "Required" }).click();
    return dialog;
  }

  /** Pastes `text` into a field as from the clipboard (a paste event carrying it; the field handles the rest). */
  const pasteInto = (locator, text) =>
    locator.evaluate((input, pasted) => {
      input.focus();
      const clipboardData = new DataTransfer();
      clipboardData.setData("text/plain", pasted);
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }));
    }, text);

  /** The option rows of a property dialog, as their fields read. */
  const optionNames = (dialog) =>
    dialog.getByRole("textbox", { name: /^Option \d+$/ }).evaluateAll((inputs) => inputs.map((i) => i.value));

  async function createProperty(fields) {
    const dialog = await fillNewProperty(fields);
    await dialog.getByRole("button", { name: "Create property" }).click();
    await dialog.waitFor({ state: "hidden" });
    await toast(`Added “${fields.label}” to contacts`).waitFor();
    await propertyRow(fields.label).waitFor();
  }

  // On /contacts.
  const rows = () => page.getByTestId("record-row");
  const cell = (name, columnId) => rows().filter({ hasText: name }).locator(`[data-column-id="${columnId}"]`);
  const total = () => page.getByTestId("record-total");

  before(async () => {
    browser = await launchBrowser();
    owner = await registeredUser(browser, { organization: "Tiered Co", name: "Olive Owner", locale: "en-US" });
    ({ page } = owner);
  });
  after(() => browser?.close());

  it("creates a select, a number, a date and a required text on contacts; each is listed with its type", async () => {
    await page.goto("/settings/properties");
    await page.getByText("No custom properties on contacts yet").waitFor();
    assert.equal(await page.getByRole("tab", { name: "Contacts" }).getAttribute("aria-selected"), "true");

    // The key follows the label; a pasted list of options becomes one row each.
    const dialog = await fillNewProperty({ label: "Tier", type: "Select", options: "Gold, Silver\nBronze" });
    assert.equal(await dialog.getByLabel("Key").inputValue(), "tier");
    await dialog.getByText("3 options.").waitFor();
    assert.deepEqual(await optionNames(dialog), ["Gold", "Silver", "Bronze"]);
    await screenshot(page, "new-property-select");
    await dialog.getByRole("button", { name: "Create property" }).click();
    await dialog.waitFor({ state: "hidden" });
    await toast("Added “Tier” to contacts").waitFor();

    await createProperty({ label: "Seats", type: "Number" });
    await createProperty({ label: "Renewal date", type: "Date" });
    await createProperty({ label: "Account manager", type: "Text", required: true });
    await createProperty({ label: "Legacy code", type: "Text" });

    assert.deepEqual(await listed(), [
      ["Tier", "Select"],
      ["Seats", "Number"],
      ["Renewal date", "Date"],
      ["Account manager", "Text"],
      ["Legacy code", "Text"],
    ]);
    assert.equal(await propertyRow("Renewal date").getByTestId("property-key").innerText(), "renewal_date");
    assert.deepEqual(await propertyRow("Tier").getByLabel("Options").locator(":scope > *").allInnerTexts(), [
      "Gold",
      "Silver",
      "Bronze",
    ]);
    // Only the required one says so.
    assert.equal(await propertyRows().getByTestId("property-required").count(), 1);
    await propertyRow("Account manager").getByTestId("property-required").getByText("Required").waitFor();
    await screenshot(page, "settings-properties");
    assert.deepEqual(page.errors, []);
  });

  it("refuses a duplicate key and a select without options, saying why inside the dialog", async () => {
    const duplicate = await fillNewProperty({ label: "Tier level", type: "Text" });
    await duplicate.getByLabel("Key").fill("tier");
    await duplicate.getByRole("button", { name: "Create property" }).click();
    await duplicate.getByRole("alert").getByText('A contact property with the key "tier" already exists.').waitFor();
    assert.equal(await duplicate.getByLabel("Key").getAttribute("aria-invalid"), "true");
    // Said once, where it is wrong: not again in a toast.
    assert.equal(await page.locator("[data-sonner-toast]").getByText("already exists").count(), 0);
    await screenshot(page, "new-property-duplicate-key");
    // Changing the key takes the message away.
    await duplicate.getByLabel("Key").fill("tier_level");
    await duplicate.getByText("Used by imports, the API and agents. It cannot change later.").waitFor();
    assert.equal(await duplicate.getByRole("alert").count(), 0);
    await duplicate.getByRole("button", { name: "Cancel" }).click();
    await duplicate.waitFor({ state: "hidden" });

    const empty = await fillNewProperty({ label: "Plan", type: "Select" });
    await empty.getByRole("button", { name: "Create property" }).click();
    await empty.getByRole("alert").getByText("A select property needs at least one option.").waitFor();
    assert.equal(await empty.getByLabel("Add an option").getAttribute("aria-invalid"), "true");
    await settled(empty.getByLabel("Add an option"));
    await screenshot(page, "new-property-no-options");
    // Giving it options is enough: the message goes, and the same dialog then creates it. Enter adds one as a row.
    await empty.getByLabel("Add an option").fill("Free");
    await page.keyboard.press("Enter");
    await empty.getByLabel("Add an option").fill("Pro");
    await empty.getByText("2 options.").waitFor();
    assert.deepEqual(await optionNames(empty), ["Free"]);
    assert.equal(await empty.getByRole("alert").count(), 0);
    await empty.getByRole("button", { name: "Create property" }).click();
    await empty.waitFor({ state: "hidden" });
    await propertyRow("Plan").waitFor();
    assert.deepEqual(await labels(), ["Tier", "Seats", "Renewal date", "Account manager", "Legacy code", "Plan"]);

    // Plan was only there to prove the dialog recovers: archive it through the row's button.
    await propertyRow("Plan").getByRole("button", { name: "Archive Plan" }).click();
    const confirm = page.getByRole("dialog", { name: "Archive “Plan”?" });
    await confirm.getByRole("button", { name: "Archive property" }).click();
    await confirm.waitFor({ state: "hidden" });
    await propertyRow("Plan").waitFor({ state: "detached" });
    // The two refusals are the only failed requests the browser logged; nothing else went wrong.
    assert.deepEqual(loggedErrors(page), ["409 properties.create", "400 properties.create"]);
    page.errors.length = 0;
  });

  it("reorders with the up and down buttons; the order survives a reload", async () => {
    assert.equal(await page.getByRole("button", { name: "Move Tier up" }).isDisabled(), true);
    assert.equal(await page.getByRole("button", { name: "Move Legacy code down" }).isDisabled(), true);

    for (let i = 0; i < 2; i++) {
      const saved = page.waitForResponse((r) => r.url().includes("properties.reorder") && r.ok());
      await page.getByRole("button", { name: "Move Account manager up" }).click();
      await saved;
    }
    assert.deepEqual(await labels(), ["Tier", "Account manager", "Seats", "Renewal date", "Legacy code"]);
    const saved = page.waitForResponse((r) => r.url().includes("properties.reorder") && r.ok());
    await page.getByRole("button", { name: "Move Tier down" }).click();
    await saved;
    assert.deepEqual(await labels(), ["Account manager", "Tier", "Seats", "Renewal date", "Legacy code"]);

    // Reloaded in the dark theme, which the page must read well in too.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await propertyRows().first().waitFor();
    assert.deepEqual(await labels(), ["Account manager", "Tier", "Seats", "Renewal date", "Legacy code"]);
    assert.equal(await page.getByRole("button", { name: "Move Account manager up" }).isDisabled(), true);
    await screenshot(page, "settings-properties-dark");
    const dialog = await fillNewProperty({ label: "Region", type: "Multi-select", options: "EMEA, Americas, APAC" });
    assert.deepEqual(await optionNames(dialog), ["EMEA", "Americas", "APAC"]);
    await screenshot(page, "new-property-dark");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.emulateMedia({ colorScheme: "light" });
    assert.deepEqual(page.errors, []);
  });

  it("shows them in New contact, in that order, and enforces the required one", async () => {
    await page.goto("/contacts");
    await page.getByText("No contacts yet").waitFor();
    const dialog = await fillNewContact(page, { firstName: "Grace", lastName: "Hopper", email: "grace@navy.example" });
    const inputs = dialog.getByTestId("property-inputs");
    await inputs.waitFor();
    assert.deepEqual(
      (await inputs.locator("label").allInnerTexts()).map((t) => t.trim()),
      ["Account manager *", "Tier", "Seats", "Renewal date", "Legacy code"],
    );
    assert.deepEqual(await inputs.getByLabel("Tier").locator("option").allInnerTexts(), [
      "—",
      "Gold",
      "Silver",
      "Bronze",
    ]);
    assert.equal(await inputs.getByLabel("Renewal date").getAttribute("type"), "date");
    assert.equal(await inputs.getByLabel("Seats").getAttribute("type"), "number");

    // Without the required property nothing is saved, and the field says why.
    await dialog.getByRole("button", { name: "Create contact" }).click();
    await inputs.getByRole("alert").getByText("Account manager must be filled in.").waitFor();
    assert.equal(await dialog.isVisible(), true);

    await inputs.getByLabel("Account manager").fill("Olive");
    await inputs.getByLabel("Tier").selectOption("Gold");
    await inputs.getByLabel("Seats").fill("1200");
    await inputs.getByLabel("Renewal date").fill("2026-05-05");
    await screenshot(page, "new-contact-custom-properties");
    await dialog.getByRole("button", { name: "Create contact" }).click();
    await dialog.waitFor({ state: "hidden" });
    await rows().filter({ hasText: "Grace Hopper" }).waitFor();

    const second = await fillNewContact(page, {
      firstName: "Alan",
      lastName: "Turing",
      email: "alan@bletchley.example",
    });
    await second.getByTestId("property-inputs").getByLabel("Account manager").fill("Olive");
    await second.getByTestId("property-inputs").getByLabel("Tier").selectOption("Silver");
    await second.getByRole("button", { name: "Create contact" }).click();
    await second.waitFor({ state: "hidden" });
    await rows().filter({ hasText: "Alan Turing" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("offers them as table columns showing the saved values, and as filter fields (Tier is Gold)", async () => {
    await page.getByRole("button", { name: "Columns" }).click();
    for (const label of ["Account manager", "Tier", "Seats", "Renewal date", "Legacy code"])
      assert.equal(await page.getByRole("menuitemcheckbox", { name: label }).getAttribute("aria-checked"), "true");
    await page.keyboard.press("Escape");

    await page.getByTestId("column-header-prop:tier").waitFor();
    assert.equal(await cell("Grace Hopper", "prop:tier").innerText(), "Gold");
    assert.equal(await cell("Grace Hopper", "prop:seats").innerText(), "1,200");
    assert.equal(await cell("Grace Hopper", "prop:renewal_date").innerText(), "May 5, 2026");
    assert.equal(await cell("Grace Hopper", "prop:account_manager").innerText(), "Olive");
    assert.equal(await cell("Alan Turing", "prop:tier").innerText(), "Silver");
    await cell("Grace Hopper", "prop:tier").scrollIntoViewIfNeeded();
    await screenshot(page, "contacts-custom-columns");

    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Add filter" });
    const fields = await filterFieldChoices(form);
    for (const label of ["Account manager", "Tier", "Seats", "Renewal date", "Legacy code"])
      assert.ok(fields.includes(label), `${label} is among the filter fields: ${fields.join(", ")}`);
    await chooseFilterField(form, "Tier");
    await form.getByLabel("Operator").selectOption({ label: "is" });
    assert.deepEqual(await form.getByLabel("Value").locator("option").allInnerTexts(), ["Gold", "Silver", "Bronze"]);
    await form.getByLabel("Value").selectOption({ label: "Gold" });
    await form.getByRole("button", { name: "Add filter" }).click();
    await page.getByTestId("filter-chip").filter({ hasText: "Tier is Gold" }).waitFor();
    await total().getByText("1 contact matches").waitFor();
    assert.equal(await rows().count(), 1);
    await rows().filter({ hasText: "Grace Hopper" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("offers them as import targets, maps them by name, and imports their values", async () => {
    // The same address again is a reload, which keeps the list's filter (Tier is Gold): cleared here.
    await page.goto("/contacts");
    await page.getByTestId("filter-chip").filter({ hasText: "Tier is Gold" }).waitFor();
    await page.getByRole("button", { name: "Clear", exact: true }).click();
    await total().getByText("2 contacts").waitFor();
    const csv = toCsv(
      [
        { Name: "Ada Byron", Email: "ada@analytical.example", Tier: "Bronze", Seats: "40", "Account manager": "Olive" },
        {
          Name: "Edsger Dijkstra",
          Email: "ew@eindhoven.example",
          Tier: "Gold",
          Seats: "7",
          "Account manager": "Olive",
        },
      ],
      ["Name", "Email", "Tier", "Seats", "Account manager"],
    );
    const dialog = await openContactImport(page, "customers.csv", csv);
    await dialog.getByTestId("import-mapping").waitFor();
    await dialog.getByText("customers.csv · 2 rows · 5 of 5 columns mapped").waitFor();
    const targets = await dialog.getByLabel("Import Tier as").locator("option").allInnerTexts();
    for (const label of ["Account manager", "Tier", "Seats", "Renewal date", "Legacy code"])
      assert.ok(targets.includes(`${label} (custom)`), `${label} is an import target: ${targets.join(", ")}`);
    const mappedAs = async (header) =>
      dialog.getByLabel(`Import ${header} as`).evaluate((s) => s.selectedOptions[0]?.textContent);
    assert.equal(await mappedAs("Tier"), "Tier (custom)");
    assert.equal(await mappedAs("Seats"), "Seats (custom)");
    assert.equal(await mappedAs("Account manager"), "Account manager (custom)");
    await screenshot(page, "import-custom-targets");

    await dialog.getByRole("button", { name: "Import 2 rows" }).click();
    const summary = dialog.getByTestId("import-summary");
    await summary.waitFor();
    assert.equal(await summary.getByTestId("import-created").innerText(), "2");
    assert.equal(await summary.getByTestId("import-failed").innerText(), "0");
    await summary.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    await total().getByText("4 contacts").waitFor();
    assert.equal(await cell("Edsger Dijkstra", "prop:tier").innerText(), "Gold");
    assert.equal(await cell("Ada Byron", "prop:seats").innerText(), "40");
    assert.deepEqual(page.errors, []);
  });

  it("archiving a property takes it out of the list, forms, columns, filters and import mapping", async () => {
    await page.goto("/settings/properties");
    await propertyRow("Legacy code").getByRole("button", { name: "Archive Legacy code" }).click();
    const confirm = page.getByRole("dialog", { name: "Archive “Legacy code”?" });
    await confirm
      .getByText(
        "It leaves forms, tables, filters and imports. Values already saved on records are kept, and Restore under Archived brings it back with them.",
      )
      .waitFor();
    await screenshot(page, "archive-property-confirm");
    await confirm.getByRole("button", { name: "Archive property" }).click();
    await confirm.waitFor({ state: "hidden" });
    await toast("Archived “Legacy code”").waitFor();
    await propertyRow("Legacy code").waitFor({ state: "detached" });
    assert.deepEqual(await labels(), ["Account manager", "Tier", "Seats", "Renewal date"]);
    await page.reload();
    await propertyRows().first().waitFor();
    assert.deepEqual(await labels(), ["Account manager", "Tier", "Seats", "Renewal date"]);

    await page.goto("/contacts");
    await total().getByText("4 contacts").waitFor();
    await page.getByTestId("column-header-prop:tier").waitFor();
    assert.equal(await page.getByTestId("column-header-prop:legacy_code").count(), 0);

    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Tier" }).waitFor();
    assert.equal(await page.getByRole("menuitemcheckbox", { name: "Legacy code" }).count(), 0);
    await page.keyboard.press("Escape");

    const dialog = await fillNewContact(page, {});
    await dialog.getByTestId("property-inputs").getByLabel("Tier").waitFor();
    assert.equal(await dialog.getByTestId("property-inputs").getByText("Legacy code").count(), 0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Add filter" });
    const fields = await filterFieldChoices(form);
    assert.ok(fields.includes("Tier") && !fields.includes("Legacy code"), fields.join(", "));
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Import", exact: true }).click();
    const importDialog = page.getByRole("dialog", { name: "Import contacts" });
    await importDialog.getByLabel("CSV file").setInputFiles({
      name: "legacy.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        toCsv(
          [
            { Email: "x@legacy.example", "Legacy code": "L-1" },
            { Email: "y@legacy.example", "Legacy code": "L-2" },
          ],
          ["Email", "Legacy code"],
        ),
      ),
    });
    // The archived property's column finds nothing to map to.
    await importDialog.getByText("legacy.csv · 2 rows · 1 of 2 columns mapped").waitFor();
    const targets = await importDialog.getByLabel("Import Legacy code as").locator("option").allInnerTexts();
    assert.ok(targets.includes("Tier (custom)") && !targets.includes("Legacy code (custom)"), targets.join(", "));
    assert.equal(
      await importDialog.getByLabel("Import Legacy code as").evaluate((s) => s.selectedOptions[0]?.textContent),
      "Don't import",
    );
    // A mapped file is work: Escape asks before throwing it away.
    await discardImport(page, importDialog);
    assert.deepEqual(page.errors, []);
  });

  it("a member sees the properties read-only and is told only admins manage them", async () => {
    const email = uniqueEmail("member");
    const invite = await callProcedure(page, "organization.invite", { email, role: "member" });
    const member = await newPage(browser, { colorScheme: "dark" });
    const memberPage = member.page;
    await memberPage.goto(invite.path);
    await memberPage
      .getByRole("link", { name: "Create account" })
      .or(memberPage.getByRole("button", { name: "Create account" }))
      .first()
      .click();
    await memberPage.waitForURL("**/signup");
    await signUp(memberPage, { email, name: "Mel Member" });
    await memberPage.waitForURL("**/invite/**");
    await memberPage.getByRole("button", { name: /^Join / }).click();
    await memberPage.waitForURL("**/home");
    // Joining does not ask for the used invite again (it would answer 409 "already used").
    assert.deepEqual(memberPage.errors, []);

    await memberPage.goto("/settings/properties");
    await memberPage
      .getByTestId("properties-admins-only")
      .getByText("Only owners and admins can add, edit, reorder or archive properties. You can see them here.")
      .waitFor();
    await memberPage.getByTestId("property-row").first().waitFor();
    assert.deepEqual(await listed(memberPage), [
      ["Account manager", "Text"],
      ["Tier", "Select"],
      ["Seats", "Number"],
      ["Renewal date", "Date"],
    ]);
    assert.equal(await memberPage.getByRole("button", { name: "New property" }).count(), 0);
    assert.equal(await memberPage.getByRole("button", { name: /^(Move|Edit|Archive) / }).count(), 0);
    await screenshot(memberPage, "settings-properties-member-dark");

    // The server agrees: a member's own token cannot define a property.
    await assert.rejects(
      callProcedure(memberPage, "properties.create", {
        object: "contact",
        key: "sneaky",
        label: "Sneaky",
        type: "text",
      }),
      /403: Only admins of Tiered Co can do this\./,
    );
    assert.deepEqual(memberPage.errors, []);
    assert.deepEqual(page.errors, []);
  });

  it("renames a property and adds an option; an option records hold cannot be taken off", async () => {
    await page.goto("/settings/properties");
    await propertyRow("Tier").getByRole("button", { name: "Edit Tier" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit “Tier”" });
    await dialog.getByText("Select · key tier. The key and type cannot change.").waitFor();
    assert.deepEqual(await optionNames(dialog), ["Gold", "Silver", "Bronze"]);

    await dialog.getByLabel("Label").fill("Customer tier");
    await dialog.getByRole("button", { name: "Remove “Gold”" }).click();
    await dialog.getByLabel("Add an option").fill("Platinum");
    await page.keyboard.press("Enter");
    assert.deepEqual(await optionNames(dialog), ["Silver", "Bronze", "Platinum"]);
    await dialog.getByRole("button", { name: "Save" }).click();
    // Grace Hopper's and Edsger Dijkstra's (imported) Tier is Gold.
    await dialog
      .getByText("2 contacts have “Gold”. Change them to another option first, keep it, or rename it.")
      .waitFor();
    await screenshot(page, "edit-property-option-in-use");
    // The contacts that hold it, a click away.
    await dialog.getByRole("link", { name: "See them in Contacts" }).click();
    await page.getByTestId("filter-chip").filter({ hasText: "Tier is Gold" }).waitFor();
    await total().getByText("2 contacts match").waitFor();
    assert.deepEqual(
      (await rows().allInnerTexts()).map((text) => /Grace Hopper|Edsger Dijkstra/.test(text)),
      [true, true],
    );

    await page.goBack();
    await propertyRow("Tier").getByRole("button", { name: "Edit Tier" }).click();
    await dialog.getByLabel("Label").fill("Customer tier");
    await dialog.getByLabel("Add an option").fill("Platinum");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await toast("Saved “Customer tier”").waitFor();
    await propertyRow("Customer tier").waitFor();
    assert.deepEqual(await propertyRow("Customer tier").getByLabel("Options").locator(":scope > *").allInnerTexts(), [
      "Gold",
      "Silver",
      "Bronze",
      "Platinum",
    ]);
    assert.equal(await propertyRow("Customer tier").getByTestId("property-key").innerText(), "tier");

    // A change typed and dismissed with Escape is asked about, then dropped.
    await propertyRow("Customer tier").getByRole("button", { name: "Edit Customer tier" }).click();
    const again = page.getByRole("dialog", { name: "Edit “Customer tier”" });
    await again.getByLabel("Label").fill("Tier level");
    await page.keyboard.press("Escape");
    await again
      .getByRole("alert")
      .filter({ hasText: "Discard your changes?" })
      .getByRole("button", { name: "Discard" })
      .click();
    await again.waitFor({ state: "hidden" });
    await propertyRow("Customer tier").waitFor();

    // The table follows at once: its column's new name, and the new option in a cell's menu.
    await page.goto("/contacts");
    assert.equal(await page.getByTestId("column-header-prop:tier").innerText(), "Customer tier");
    await cell("Alan Turing", "prop:tier").dblclick();
    const saved = savedBy(page, "contacts.update");
    await page.getByRole("menuitemradio", { name: "Platinum" }).click();
    await cell("Alan Turing", "prop:tier").getByText("Platinum").waitFor();
    await saved; // shown at once; read from the server once saved
    const alan = await rows().filter({ hasText: "Alan Turing" }).getAttribute("data-row-id");
    const { contact } = await callProcedure(page, "contacts.get", { id: alan }, { kind: "query" });
    assert.equal(contact.properties.tier, "Platinum");
    // The refused save's 400 is the one console error expected here.
    assert.deepEqual(loggedErrors(page), ["400 properties.update"]);
    page.errors.length = 0;
  });

  it("renames an option in place: its contacts and a view filtered on it follow; options move and go from the keyboard", async () => {
    // A view of the Gold tier, saved before the rename.
    await callProcedure(page, "views.create", {
      object: "contact",
      name: "Gold tier",
      definition: {
        filters: { combinator: "and", conditions: [{ field: "prop:tier", operator: "eq", value: "Gold" }] },
      },
    });
    await page.goto("/settings/properties");
    await propertyRow("Customer tier").getByRole("button", { name: "Edit Customer tier" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit “Customer tier”" });
    const option = (n) => dialog.getByRole("textbox", { name: `Option ${n}` });
    await option(1).fill("Gold partner");
    await dialog.getByText("was Gold").waitFor();
    await dialog.getByText("Records holding a renamed option keep it under its new name.").waitFor();

    // Alt+↑ moves the option the cursor is in, which keeps the cursor.
    await option(4).focus();
    await page.keyboard.press("Alt+ArrowUp");
    assert.deepEqual(await optionNames(dialog), ["Gold partner", "Silver", "Platinum", "Bronze"]);
    assert.equal(await option(3).evaluate((input) => input === document.activeElement), true);
    // One typed twice is said beside it, and Backspace in the emptied row takes it off.
    await dialog.getByLabel("Add an option").fill("silver");
    await page.keyboard.press("Enter");
    await dialog.getByText("Already an option above.").waitFor();
    await page.keyboard.press("Backspace"); // in the empty "Add an option": up to the last option
    assert.equal(await option(5).evaluate((input) => input === document.activeElement), true);
    for (let i = 0; i <= "silver".length; i++) await page.keyboard.press("Backspace");
    assert.deepEqual(await optionNames(dialog), ["Gold partner", "Silver", "Platinum", "Bronze"]);
    assert.equal(await dialog.getByText("Already an option above.").count(), 0);
    await settled(option(1));
    await screenshot(page, "edit-property-rename-option");

    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await toast("Saved “Customer tier”").waitFor();
    assert.deepEqual(await propertyRow("Customer tier").getByLabel("Options").locator(":scope > *").allInnerTexts(), [
      "Gold partner",
      "Silver",
      "Platinum",
      "Bronze",
    ]);

    // The two contacts that were Gold are Gold partner, in the table and in the view, which now filters on it.
    await page.goto("/contacts");
    await cell("Grace Hopper", "prop:tier").getByText("Gold partner").waitFor();
    await page.getByTestId("sidebar-view").filter({ hasText: "Gold tier" }).click();
    await page.getByTestId("filter-chip").filter({ hasText: "Customer tier is Gold partner" }).waitFor();
    await total().getByText("2 contacts match").waitFor();
    assert.deepEqual(
      (await rows().allInnerTexts()).map((text) => /Grace Hopper|Edsger Dijkstra/.test(text)),
      [true, true],
    );
    assert.deepEqual(page.errors, []);
  });

  it("restores an archived property from Archived, with the values its records kept; its key says where it is", async () => {
    await page.goto("/settings/properties");
    await propertyRow("Account manager").waitFor();
    // Its key is still taken: defining it again says the archived one has it.
    const dialog = await fillNewProperty({ label: "Legacy code", type: "Text" });
    await dialog.getByRole("button", { name: "Create property" }).click();
    await dialog
      .getByText(
        'The archived contact property “Legacy code” has the key "legacy_code": restore it from Archived, or choose another key.',
      )
      .waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    const archivedCount = async () =>
      Number((await page.getByRole("button", { name: /^Archived · \d+$/ }).innerText()).split("·")[1]);
    const before = await archivedCount();
    await page.getByRole("button", { name: /^Archived · / }).click();
    const archived = page.getByTestId("archived-property").filter({ hasText: "Legacy code" });
    await archived.getByText(/^Archived /).waitFor();
    await screenshot(page, "settings-properties-archived");
    await archived.getByRole("button", { name: "Restore Legacy code" }).click();
    await toast("Restored “Legacy code”").waitFor();
    await propertyRow("Legacy code").waitFor();
    assert.equal((await labels()).at(-1), "Legacy code", "back last in the order");
    await page.getByRole("button", { name: `Archived · ${before - 1}` }).waitFor();
    assert.equal(await page.getByTestId("archived-property").filter({ hasText: "Legacy code" }).count(), 0);

    // Archived by mistake: the toast's Undo brings it back at once.
    await propertyRow("Seats").getByRole("button", { name: "Archive Seats" }).click();
    await page
      .getByRole("dialog", { name: "Archive “Seats”?" })
      .getByRole("button", { name: "Archive property" })
      .click();
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Archived “Seats”" })
      .getByRole("button", { name: "Undo" })
      .click();
    await toast("Restored “Seats”").waitFor();
    await propertyRow("Seats").waitFor();
    assert.equal((await labels()).at(-1), "Seats");

    // The table offers its column again (the values records kept come back with it: worker tests).
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Legacy code" }).waitFor();
    await page.keyboard.press("Escape");
    // The refused key's 409 is the one console error expected here.
    assert.deepEqual(loggedErrors(page), ["409 properties.create"]);
  });

  it("tells a property's change in the record's timeline by its label, as its field shows it", async () => {
    const created = await callProcedure(page, "contacts.create", {
      firstName: "Tess",
      lastName: "Timeline",
      properties: { account_manager: "Olive", seats: 1200, renewal_date: "2026-05-05" },
    });
    await callProcedure(page, "contacts.update", {
      id: created.id,
      version: created.version,
      patch: { properties: { seats: 1500, renewal_date: "2026-06-01", legacy_code: "LC-7" } },
    });
    await page.goto(`/contacts?open=${created.id}`);
    const changes = page.getByTestId("record-panel").getByTestId("timeline-change");
    await changes.first().waitFor();
    assert.deepEqual(await changes.allInnerTexts(), [
      "Seats: 1,200 → 1,500",
      "Renewal date: May 5, 2026 → Jun 1, 2026",
      "Legacy code: empty → LC-7",
    ]);
    await changes.first().scrollIntoViewIfNeeded();
    await screenshot(page, "timeline-property-changes");

    // Restore puts one back, as an edit of its own.
    await changes.first().hover();
    await page.getByRole("button", { name: "Restore Seats: 1,200" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Restored Seats: 1,200." }).waitFor();
    await changes.filter({ hasText: "Seats: 1,500 → 1,200" }).waitFor();
    const { contact } = await callProcedure(page, "contacts.get", { id: created.id }, { kind: "query" });
    assert.deepEqual(contact.properties, {
      account_manager: "Olive",
      seats: 1200,
      renewal_date: "2026-06-01",
      legacy_code: "LC-7",
    });
  });
});
