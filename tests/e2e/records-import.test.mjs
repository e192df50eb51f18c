import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  chooseFilterField,
  discardImport,
  downloadText,
  holdRequest,
  launchBrowser,
  openContactImport,
  parseCsv,
  procedureRoute,
  registeredUser,
  screenshot,
  toCsv,
} from "./harness.mjs";

const IMPORT_CALLS = procedureRoute("contacts.import");

/** On a workspace without contacts yet: opens Import on /contacts and gives it `csv` (text or bytes); returns the dialog. */
async function openImportOnEmptyContacts(page, name, csv) {
  await page.goto("/contacts");
  await page.getByText("No contacts yet").waitFor();
  return openContactImport(page, name, csv);
}

const COLUMNS = ["First name", "Last name", "Email", "Job title", "Lead status", "Contact owner", "Reference"];
/** Who signs up and imports; every third row names her its owner, by name. */
const IMPORTER = "Ivy Importer";
const STATUSES = ["new", "contacted", "qualified", "customer"];

/** Why each kind of bad row fails: the reason names the field and says what is wrong; the wording may be polished. */
const REASONS = {
  email: /email[\s\S]*valid email address/i,
  blank: /name or an email/i,
  status: /^Lead status must be one of: new, contacted, qualified, unqualified, customer\.$/,
  owner: /^Owner: “Nobody Here” is not a member of this workspace\.$/,
};

/**
 * 1,000 contacts with exactly 10 bad rows, each tagged in the (unmapped) Reference column so the
 * failed-rows file can be matched back: 5 invalid emails, 3 rows with neither name nor email,
 * an unknown lead status, an owner who is not a member. Rows 3 and 5 are bad, so the five-row preview shows errors.
 */
function contactsCsv() {
  const bad = new Map([
    [2, "email"],
    [97, "email"],
    [350, "email"],
    [601, "email"],
    [999, "email"],
    [150, "blank"],
    [420, "blank"],
    [808, "blank"],
    [250, "status"],
    [4, "owner"],
  ]);
  const rows = [];
  for (let i = 0; i < 1000; i++) {
    const n = String(i).padStart(4, "0");
    const row = {
      "First name": `Ann${n}`,
      "Last name": `Lee${n}`,
      Email: `ann.lee.${n}@example.com`,
      "Job title": `Buyer ${n}`,
      "Lead status": STATUSES[i % 4],
      "Contact owner": i % 3 ? "" : IMPORTER,
      Reference: `Row ${n}`,
    };
    const kind = bad.get(i);
    if (kind === "email") row.Email = `ann.lee.${n}-at-example.com`;
    if (kind === "blank") Object.assign(row, { "First name": "", "Last name": "", Email: "" });
    if (kind === "status") row["Lead status"] = "lukewarm";
    if (kind === "owner") row["Contact owner"] = "Nobody Here";
    rows.push(row);
  }
  const failed = [...bad].map(([i, kind]) => ({ reference: rows[i].Reference, line: i + 2, reason: REASONS[kind] }));
  const valid = rows.filter((_, i) => !bad.has(i));
  return { csv: toCsv(rows, COLUMNS), failed, valid };
}

describe("/contacts: import 1,000 rows from a CSV, then export a filtered view", () => {
  let browser;
  let page;
  let email;
  const data = contactsCsv();
  /** The filtered view's export, by email: what an export of selected rows must repeat. */
  const exportedByEmail = new Map();

  before(async () => {
    browser = await launchBrowser();
    ({ page, email } = await registeredUser(browser, { organization: "Import Co", name: IMPORTER, locale: "en-US" }));
  });
  after(() => browser?.close());

  it("maps the columns by name, previews errors, shows progress and a summary of 990 created and 10 failed", async () => {
    const dialog = await openImportOnEmptyContacts(page, "contacts.csv", data.csv);

    // Auto-mapping by header name; the column the app has no field for is left out.
    const mapping = dialog.getByTestId("import-mapping");
    await mapping.waitFor();
    await dialog.getByText("contacts.csv · 1,000 rows · 6 of 7 columns mapped").waitFor();
    const mapped = {};
    for (const column of COLUMNS) {
      const select = dialog.getByLabel(`Import ${column} as`);
      mapped[column] = await select.evaluate((s) => s.selectedOptions[0]?.textContent);
    }
    assert.deepEqual(mapped, {
      "First name": "First name",
      "Last name": "Last name",
      Email: "Email",
      "Job title": "Title",
      "Lead status": "Lead status",
      "Contact owner": "Owner (email or name)",
      Reference: "Don't import",
    });

    const preview = dialog.getByTestId("import-preview").locator("li");
    assert.equal(await preview.count(), 5);
    assert.match(await preview.nth(2).innerText(), /Ann0002 Lee0002[\s\S]*Enter a valid email address\./);
    // The owner is checked against the workspace's members before anything is sent; Ann0000 names Ivy.
    await preview.nth(4).getByText("Owner: “Nobody Here” is not a member of this workspace.").waitFor();
    assert.match(await preview.nth(4).innerText(), /^Ann0004 Lee0004/);
    for (const i of [0, 1, 3]) assert.match(await preview.nth(i).innerText(), /Ready$/);
    // The whole file is checked as the preview's rows are: the bad rows far below it are found before Import.
    const check = dialog.getByTestId("import-file-check");
    await check.getByText("10 of 1,000 rows will not import as they are").waitFor();
    // Why, in the preview's place.
    await check.getByRole("button", { name: "See why" }).click();
    const checked = await dialog.getByTestId("import-check-reasons").locator("li").allInnerTexts();
    assert.equal(checked.length, 4, checked.join("\n"));
    assert.match(checked[0], REASONS.email);
    assert.match(checked[0], /5 rows · lines 4, 99, 352, 603, 1001$/);
    assert.match(checked[1], /3 rows · lines 152, 422, 810$/);
    await screenshot(page, "import-file-check");
    await check.getByRole("button", { name: "Back to the preview" }).click();
    await preview.first().waitFor();
    const toMend = await downloadText(page, () => check.getByRole("button", { name: "Download them" }).click());
    assert.equal(toMend.name, "rows-to-mend.csv");
    assert.deepEqual(
      parseCsv(toMend.text)
        .rows.map((row) => row.Reference)
        .sort(),
      data.failed.map((f) => f.reference).sort(),
    );
    // The dialog makes room for the mapping: the duplicates choice reads on one line.
    const { height } = await dialog.locator("fieldset").boundingBox();
    assert.ok(height < 30, `the duplicates choice is one line, not ${Math.round(height)} px`);
    // The box shows five of the seven columns: its foot says there are more, until it is scrolled down.
    const more = dialog.getByTestId("more-mapping");
    await more.waitFor();
    assert.equal(await more.innerText(), "More columns below");
    await screenshot(page, "import-mapping");
    await mapping.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await more.waitFor({ state: "hidden" });
    await dialog.getByLabel("Import Reference as").waitFor();

    // Hold the fifth batch until the progress has been seen half-way.
    const fifth = await holdRequest(page, IMPORT_CALLS, 5);
    await dialog.getByRole("button", { name: "Import 1,000 rows" }).click();
    await fifth.reached;
    const progress = dialog.getByTestId("import-progress");
    await progress.getByText("400 of 1,000 rows").waitFor();
    const failedSoFar = data.failed.filter((f) => f.line - 2 < 400).length;
    assert.equal(
      await progress.innerText(),
      `400 of 1,000 rows · ${400 - failedSoFar} created · 0 updated · 0 skipped · ${failedSoFar} failed`,
    );
    assert.equal(
      await dialog.getByRole("progressbar", { name: "Import progress" }).getAttribute("aria-valuenow"),
      "40",
    );
    await screenshot(page, "import-progress");
    fifth.release();

    const summary = dialog.getByTestId("import-summary");
    await summary.waitFor({ timeout: 60_000 });
    await page.unroute(IMPORT_CALLS);
    assert.equal(fifth.sent(), 10, "1,000 rows go in ten batches of 100");
    assert.equal(await summary.getByTestId("import-created").innerText(), "990");
    assert.equal(await summary.getByTestId("import-updated").innerText(), "0");
    assert.equal(await summary.getByTestId("import-skipped").innerText(), "0");
    assert.equal(await summary.getByTestId("import-failed").innerText(), "10");
    // Why, without opening the file: each reason once, the most frequent first, with its rows' lines.
    const reasons = await summary.getByTestId("import-reasons").locator("li").allInnerTexts();
    assert.equal(reasons.length, 4, reasons.join("\n"));
    const lineOf = (kind) => data.failed.filter((f) => f.reason === REASONS[kind]).map((f) => f.line);
    for (const [i, kind] of ["email", "blank", "owner", "status"].entries()) {
      const lines = lineOf(kind);
      const [message, counted] = reasons[i].split(/\n|\t/).filter(Boolean);
      assert.match(message, REASONS[kind], reasons[i]);
      const rows = lines.length === 1 ? "1 row · line" : `${lines.length} rows · lines`;
      assert.equal(counted, `${rows} ${lines.join(", ")}`);
    }
    await screenshot(page, "import-summary");

    const { name, text } = await downloadText(page, () =>
      summary.getByRole("button", { name: "Download failed rows" }).click(),
    );
    assert.equal(name, "failed-rows.csv");
    const failed = parseCsv(text);
    assert.deepEqual(failed.columns, [...COLUMNS, "Import error"]);
    assert.equal(failed.rows.length, 10);
    const byReference = new Map(failed.rows.map((r) => [r.Reference, r]));
    for (const expected of data.failed) {
      const row = byReference.get(expected.reference);
      assert.ok(row, `${expected.reference} (line ${expected.line}) is in the failed rows`);
      assert.match(row["Import error"], expected.reason, `${expected.reference}: ${row["Import error"]}`);
    }

    await summary.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("record-total").getByText("990 contacts").waitFor();
    await page.getByTestId("record-row").first().waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("exports every contact matching a filter, beyond the first page, with the right columns and values", async () => {
    const expected = data.valid.filter((r) => r["Lead status"] === "qualified");
    await page.goto("/contacts");
    await page.getByTestId("record-total").getByText("990 contacts").waitFor();
    assert.ok(expected.length > 200, "more matches than one export page and the table's first page");

    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Add filter" });
    await chooseFilterField(form, "Lead status");
    await form.getByLabel("Value").selectOption("qualified");
    await form.getByRole("button", { name: "Add filter" }).click();
    await page.getByTestId("filter-chip").getByText("Lead status is Qualified").waitFor();
    await page.getByTestId("record-total").getByText(`${expected.length} contacts match`).waitFor();
    // The table holds one page; the export must not stop there.
    assert.ok((await page.getByTestId("record-row").count()) < expected.length);

    const { name, text } = await downloadText(page, () => page.getByRole("button", { name: "Export" }).click());
    assert.match(name, /^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.ok(text.startsWith("\uFEFF"), "marked as UTF-8, so Excel reads its accents");
    const csv = parseCsv(text);
    assert.deepEqual(csv.columns, [
      "First name",
      "Last name",
      "Email",
      "Phone",
      "Title",
      "Company",
      "Lead status",
      "Lead score",
      "Source",
      "LinkedIn URL",
      "Tags",
      "Owner",
      "Created at",
      "Updated at",
      "Id",
    ]);
    assert.equal(csv.rows.length, expected.length);
    assert.equal(new Set(csv.rows.map((r) => r.Id)).size, expected.length, "no row twice");
    for (const row of csv.rows) exportedByEmail.set(row.Email, row);
    const byEmail = new Map(csv.rows.map((r) => [r.Email, r]));
    for (const source of expected) {
      const row = byEmail.get(source.Email);
      assert.ok(row, `${source.Email} is exported`);
      assert.deepEqual(
        [row["First name"], row["Last name"], row.Title, row["Lead status"], row["Lead score"], row.Owner],
        // The owner the file named by name, written as the email that names her alone.
        [
          source["First name"],
          source["Last name"],
          source["Job title"],
          "qualified",
          "0",
          source["Contact owner"] && email.toLowerCase(),
        ],
      );
      assert.match(row.Id, /^con_/);
    }
    await page.locator("[data-sonner-toast]").getByText(`Exported ${expected.length} contacts.`).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("exports the selected contacts only, whole, in the table's order whatever order they were picked in", async () => {
    // The filtered view of the test above: its export is what each selected row must match.
    const rows = page.getByTestId("record-row");
    const picked = [4, 0, 2];
    for (const index of picked) await rows.nth(index).getByRole("checkbox", { name: "Select row" }).click();
    const bar = page.getByTestId("selection-bar");
    await bar.getByText("3 selected").waitFor();
    const shown = await Promise.all([0, 2, 4].map((index) => rows.nth(index).innerText()));
    await screenshot(page, "export-selected");

    const { name, text } = await downloadText(page, () => bar.getByRole("button", { name: "Export" }).click());
    assert.match(name, /^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.ok(text.startsWith("\uFEFF"), "marked as UTF-8, so Excel reads its accents");
    const csv = parseCsv(text);
    assert.equal(csv.rows.length, 3);
    csv.rows.forEach((row, i) => {
      assert.ok(shown[i].includes(row.Email), `row ${i + 1} of the file is the table's ${i + 1}th selected row`);
      // Whole: every column of the view's export, not only the table's visible ones.
      assert.deepEqual(row, exportedByEmail.get(row.Email));
    });
    await page.locator("[data-sonner-toast]").getByText("Exported 3 contacts.").waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("selects every matching contact beyond the loaded rows, and a bulk action reaches them all", async () => {
    const matching = data.valid.filter((r) => r["Lead status"] === "qualified").length;
    const bar = page.getByTestId("selection-bar");
    await bar.getByRole("button", { name: "Clear selection" }).click();
    await page.getByRole("checkbox", { name: "Select all loaded rows" }).click();
    // Every loaded row (the table renders fewer: it is virtualised), not every match.
    await bar
      .getByTestId("selection-count")
      .getByText(/^\d+ selected$/)
      .waitFor();
    const loaded = Number((await bar.getByTestId("selection-count").innerText()).split(" ")[0]);
    assert.ok(loaded >= 50 && loaded < matching, `${loaded} rows loaded of ${matching}`);
    await screenshot(page, "select-all-matching");
    await bar.getByRole("button", { name: `Select all ${matching} contacts` }).click();
    await bar.getByText(`${matching} selected`).waitFor();
    assert.equal(await bar.getByRole("button", { name: /^Select all/ }).count(), 0, "nothing more to select");

    await bar.getByRole("button", { name: "Tags" }).click();
    await page.getByRole("menuitem", { name: "Add tag…" }).click();
    const dialog = page.getByRole("dialog", { name: `Add a tag to ${matching} contacts` });
    await dialog.locator('input[name="tag"]').fill("qualified-batch");
    await dialog.getByRole("button", { name: "Add tag" }).click();
    await page.locator("[data-sonner-toast]").getByText(`Tagged ${matching} contacts “qualified-batch”.`).waitFor();
    const tagged = await callProcedure(
      page,
      "contacts.list",
      {
        limit: 1,
        filter: { combinator: "and", conditions: [{ field: "tags", operator: "eq", value: "qualified-batch" }] },
      },
      { kind: "query" },
    );
    assert.deepEqual(tagged.total, { count: matching, exact: true });

    // Again: every one has it already, and the toast says nothing was done.
    await bar.getByRole("button", { name: "Tags" }).click();
    await page.getByRole("menuitem", { name: "Add tag…" }).click();
    await dialog.locator('input[name="tag"]').fill("qualified-batch");
    await dialog.getByRole("button", { name: "Add tag" }).click();
    await page.locator("[data-sonner-toast]").getByText(`Nothing to change on ${matching} contacts.`).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("previews which rows are contacts here already, and what Skip or Update will do with them", async () => {
    const [ann, bob] = data.valid;
    const rows = [
      { ...ann, Email: ann.Email.toUpperCase(), "Job title": "Head of buying" },
      { "First name": "Nia", "Last name": "New", Email: "nia.new@nimbus.example", "Job title": "Buyer" },
      { ...bob, "Job title": "Head of buying" },
    ];
    // Nia names no company: the one holding her email's domain is hers.
    const nimbus = await callProcedure(page, "companies.create", { name: "Nimbus Labs", domain: "nimbus.example" });
    // The sidebar's link: the plain list (going to the address shown would be a reload, filter kept).
    await page
      .getByRole("complementary", { name: "Main navigation" })
      .getByRole("link", { name: "Contacts", exact: true })
      .click();
    await page.getByTestId("record-total").getByText("990 contacts").waitFor();
    const dialog = await openContactImport(page, "again.csv", toCsv(rows, COLUMNS));
    const preview = dialog.getByTestId("import-preview").locator("li");
    const annName = `${ann["First name"]} ${ann["Last name"]}`;
    const bobName = `${bob["First name"]} ${bob["Last name"]}`;
    await preview.nth(0).getByText(`Skipped: ${annName} is here already`).waitFor();
    // The whole file's: here, its three rows.
    const outcomes = dialog.getByTestId("import-file-outcome");
    await outcomes.getByText("2 rows are contacts here already (lines 2, 4), so they will be skipped.").waitFor();
    assert.match(await preview.nth(1).innerText(), /Nia New[\s\S]*Ready · at Nimbus Labs$/);
    assert.match(await preview.nth(2).innerText(), new RegExp(`Skipped: ${bobName} is here already$`));
    await dialog.getByRole("radio", { name: "Update the contact" }).check();
    await preview.nth(0).getByText(`Updates ${annName}`).waitFor();
    await outcomes.getByText("2 rows are contacts here already (lines 2, 4): each updates that contact.").waitFor();
    assert.match(await preview.nth(2).innerText(), new RegExp(`Updates ${bobName}$`));
    await screenshot(page, "import-preview-duplicates");

    await dialog.getByRole("button", { name: "Import 3 rows" }).click();
    const summary = dialog.getByTestId("import-summary");
    await summary.waitFor();
    assert.equal(await summary.getByTestId("import-created").innerText(), "1");
    assert.equal(await summary.getByTestId("import-updated").innerText(), "2");
    assert.equal(await summary.getByTestId("import-skipped").innerText(), "0");
    const holders = await callProcedure(page, "contacts.emailHolders", { email: ann.Email }, { kind: "query" });
    assert.deepEqual(
      holders.map((c) => [c.name, c.title]),
      [[annName, "Head of buying"]],
    );
    const [nia] = await callProcedure(
      page,
      "contacts.emailHolders",
      { email: "nia.new@nimbus.example" },
      { kind: "query" },
    );
    assert.equal(
      (await callProcedure(page, "contacts.get", { id: nia.id }, { kind: "query" })).contact.companyId,
      nimbus.id,
    );
    await summary.getByRole("button", { name: "Done" }).click();
    await page.getByTestId("record-total").getByText("991 contacts").waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("an import gone wrong: its summary moves the contacts it created to the trash, and leaves those it updated", async () => {
    const [ann] = data.valid;
    const annName = `${ann["First name"]} ${ann["Last name"]}`;
    const wrong = Array.from({ length: 60 }, (_, i) => ({
      "First name": "Wrong",
      "Last name": `Column ${String(i).padStart(2, "0")}`,
      Email: `wrong.${i}@example.com`,
    }));
    const csv = toCsv([...wrong, { ...ann, "Job title": "Chief buyer" }], COLUMNS);
    const dialog = await openContactImport(page, "wrong.csv", csv);
    await dialog.getByRole("radio", { name: "Update the contact" }).check();
    await dialog.getByRole("button", { name: "Import 61 rows" }).click();
    const summary = dialog.getByTestId("import-summary");
    await summary.waitFor();
    assert.equal(await summary.getByTestId("import-created").innerText(), "60");
    assert.equal(await summary.getByTestId("import-updated").innerText(), "1");
    await page.getByTestId("record-total").getByText("1,051 contacts").waitFor();
    await screenshot(page, "import-summary-trash-created");

    await summary.getByRole("button", { name: "Trash the 60 contacts it created" }).click();
    await dialog.waitFor({ state: "hidden" });
    // More than 50: asked first, as the bulk bar's Delete asks.
    const question = page.getByRole("dialog", { name: "Move 60 contacts to the trash?" });
    await question.getByRole("button", { name: "Move to trash" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Deleted 60 contacts." }).waitFor();
    await page.getByTestId("record-total").getByText("991 contacts").waitFor();
    const holders = await callProcedure(page, "contacts.emailHolders", { email: ann.Email }, { kind: "query" });
    assert.deepEqual(
      holders.map((c) => [c.name, c.title]),
      [[annName, "Chief buyer"]],
      "the contact it updated stays, updated",
    );
    const trashed = await callProcedure(page, "contacts.list", { trash: true, search: "wrong" }, { kind: "query" });
    // The 60 it created are in the trash, to restore from there.
    assert.deepEqual(trashed.total, { count: 60, exact: true });
    assert.deepEqual(page.errors, []);
  });
});

describe("importing a CSV saved by Excel on Windows", () => {
  let browser;
  let page;
  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Übersee Handel", name: "Jörg Köhler" }));
  });
  after(() => browser?.close());

  /** Windows-1252 bytes: Latin-1 for most, and its own bytes for €, curly quotes and the en dash. */
  const windows1252 = (text) =>
    Buffer.from([...text].map((char) => ({ "€": 0x80, "“": 0x93, "”": 0x94, "–": 0x96 })[char] ?? char.charCodeAt(0)));

  it("fits a laptop's 720-px-high window: the dialog scrolls to its Import button", async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    try {
      await page.goto("/contacts");
      const dialog = await openContactImport(page, "contacts.csv", contactsCsv().csv);
      // Checked, with its rows that will fail: the dialog is as tall as it gets.
      await dialog
        .getByTestId("import-file-check")
        .getByText(/of 1,000 rows will not import as they are$/)
        .waitFor();
      const box = await dialog.boundingBox();
      assert.ok(box.y + box.height <= 720, `the dialog ends at ${Math.round(box.y + box.height)} px`);
      const start = dialog.getByRole("button", { name: "Import 1,000 rows" });
      await start.scrollIntoViewIfNeeded();
      const button = await start.boundingBox();
      assert.ok(button.y >= 0 && button.y + button.height <= 720, `Import 1,000 rows at ${Math.round(button.y)} px`);
      await screenshot(page, "import-short-window");
      await discardImport(page, dialog);
    } finally {
      await page.setViewportSize({ width: 1360, height: 860 });
    }
  });

  it("reads its accents, curly quotes and semicolons as written, and its numbers and days the German way", async () => {
    await callProcedure(page, "properties.create", {
      object: "contact",
      key: "budget",
      label: "Budget",
      type: "currency",
    });
    await callProcedure(page, "properties.create", {
      object: "contact",
      key: "renewal",
      label: "Renewal",
      type: "date",
    });
    const rows = [
      ["Zoë", "Müller", "zoe@muller.example", "Head of “Sales” – EMEA", "1.234,50 €", "15.03.2026"],
      ["José", "Nuñez", "jose@nunez.example", "Budget holder (€)", "12.000", "1.4.26"],
    ];
    const header = "First name;Last name;Email;Job title;Budget;Renewal";
    const csv = [header, ...rows.map((row) => row.join(";"))].join("\r\n");
    const dialog = await openImportOnEmptyContacts(page, "export.csv", windows1252(csv));
    await dialog.getByText("export.csv · 2 rows · 6 of 6 columns mapped").waitFor();
    await dialog.getByRole("button", { name: "Import 2 rows" }).click();
    await dialog.getByTestId("import-summary").getByRole("button", { name: "Done" }).click();

    await page.getByTestId("record-total").getByText("2 contacts").waitFor();
    const typed = {
      "Zoë Müller": { budget: 1234.5, renewal: "2026-03-15" },
      "José Nuñez": { budget: 12000, renewal: "2026-04-01" },
    };
    for (const [firstName, lastName, email, title] of rows) {
      const row = page.getByTestId("record-row").filter({ hasText: `${firstName} ${lastName}` });
      const cell = (id) => row.locator(`[data-column-id="${id}"]`).innerText();
      assert.deepEqual([await cell("email"), await cell("title")], [email, title]);
      const id = await row.getAttribute("data-row-id");
      const { contact } = await callProcedure(page, "contacts.get", { id }, { kind: "query" });
      assert.deepEqual(contact.properties, typed[`${firstName} ${lastName}`]);
    }
    assert.deepEqual(page.errors, []);
  });

  it("maps a column to a property a teammate just added, once the property list is read again", async () => {
    await callProcedure(page, "properties.create", {
      object: "contact",
      key: "territory",
      label: "Territory",
      type: "text",
    });
    // The list of properties this page reads as it loads is held: until it answers, the dialog knows the list as it
    // was before (painted from the cache's copy), or none.
    const held = await holdRequest(page, procedureRoute("properties.list"), 1);
    await page.goto("/contacts");
    const csv = ["First name,Email,Territory", "Ola,ola@territory.example,North"].join("\n");
    const dialog = await openContactImport(page, "territories.csv", csv);
    await held.reached;
    await dialog.getByText("territories.csv · 1 row · 2 of 3 columns mapped").waitFor();
    // A column chosen by hand meanwhile stays as chosen.
    await dialog.getByLabel("Import First name as").selectOption({ label: "Full name" });
    held.release();
    await dialog.getByText("territories.csv · 1 row · 3 of 3 columns mapped").waitFor();
    const chosen = (column) =>
      dialog.getByLabel(`Import ${column} as`).evaluate((select) => select.selectedOptions[0]?.textContent);
    assert.deepEqual(
      [await chosen("Territory"), await chosen("First name"), await chosen("Email")],
      ["Territory (custom)", "Full name", "Email"],
    );
    await discardImport(page, dialog);
  });

  it("says which rows repeat an email of a row above them: skipped, or filling in the contact that row makes", async () => {
    const csv = [
      "First name,Last name,Email,Job title",
      "Ria,Repeat,ria@repeat.example,Buyer",
      "Sol,Single,sol@repeat.example,Buyer",
      "Ria,Repeat, RIA@Repeat.example ,Head of buying",
    ].join("\n");
    await page.goto("/contacts");
    const dialog = await openContactImport(page, "repeats.csv", csv);
    const preview = dialog.getByTestId("import-preview").locator("li");
    const outcomes = dialog.getByTestId("import-file-outcome");
    // Before, the third row read "Ready": the import then skipped it, as Ria's row above made her contact.
    await preview.nth(2).getByText("Skipped: same email as line 2").waitFor();
    await dialog.getByText("Same email already in the workspace or above in the file:").waitFor();
    await outcomes.getByText("1 row repeats the email of a row above it (line 4), so it will be skipped.").waitFor();
    assert.equal(await outcomes.count(), 1);
    await dialog.getByRole("radio", { name: "Update the contact" }).check();
    await preview.nth(2).getByText("Updates the contact of line 2").waitFor();
    await outcomes
      .getByText("1 row repeats the email of a row above it (line 4): it updates the contact that row makes.")
      .waitFor();
    assert.match(await preview.nth(0).innerText(), /Ready$/);
    await screenshot(page, "import-preview-repeats");
    await dialog.getByRole("button", { name: "Import 3 rows" }).click();
    const summary = dialog.getByTestId("import-summary");
    await summary.waitFor();
    assert.deepEqual(
      await Promise.all(
        ["created", "updated", "skipped", "failed"].map((k) => summary.getByTestId(`import-${k}`).innerText()),
      ),
      ["2", "1", "0", "0"],
    );
    const holders = await callProcedure(
      page,
      "contacts.emailHolders",
      { email: "ria@repeat.example" },
      { kind: "query" },
    );
    assert.deepEqual(
      holders.map((c) => [c.name, c.title]),
      [["Ria Repeat", "Head of buying"]],
    );
    await summary.getByRole("button", { name: "Done" }).click();
    assert.deepEqual(page.errors, []);
  });

  it("counts a row whose Company cell names two companies here before Import, with the import's reason", async () => {
    for (const name of ["Twin", "twin"]) await callProcedure(page, "companies.create", { name });
    const csv = ["First name,Email,Company", "Tia,tia@twin.example,Twin", "Uli,uli@twin.example,A new company"].join(
      "\n",
    );
    await page.goto("/contacts");
    const dialog = await openContactImport(page, "twins.csv", csv);
    const twin =
      "Company: several companies are named “Twin” (2 with no domain); give the one you mean a domain, then put that " +
      "domain in this cell.";
    // Before, the preview read "Ready", and only the summary said why Tia's row failed.
    await dialog.getByTestId("import-file-check").getByText("1 of 2 rows will not import as they are").waitFor();
    await dialog.getByTestId("import-preview").locator("li").nth(0).getByText(twin).waitFor();
    assert.match(await dialog.getByTestId("import-preview").locator("li").nth(1).innerText(), /Ready$/);
    await screenshot(page, "import-company-cell-twins");
    await dialog.getByRole("button", { name: "Import 2 rows" }).click();
    const summary = dialog.getByTestId("import-summary");
    await summary.getByTestId("import-reasons").getByText(twin).waitFor();
    assert.equal(await summary.getByTestId("import-failed").innerText(), "1");
    await summary.getByRole("button", { name: "Done" }).click();
    assert.deepEqual(page.errors, []);
  });

  it("counts a new row leaving a required property empty before Import, not a row that updates a contact", async () => {
    await callProcedure(page, "properties.create", {
      object: "contact",
      key: "region",
      label: "Region",
      type: "text",
      required: true,
    });
    const csv = ["First name,Last name,Email", "Ria,Repeat,ria@repeat.example", "Neu,Person,neu@repeat.example"].join(
      "\n",
    );
    await page.goto("/contacts");
    const dialog = await openContactImport(page, "no-region.csv", csv);
    const check = dialog.getByTestId("import-file-check");
    // Before, every row's values were "valid", and the summary then failed Neu's.
    await check.getByText("1 of 2 rows will not import as they are").waitFor();
    const preview = dialog.getByTestId("import-preview").locator("li");
    await preview.nth(1).getByText("Region must be filled in.").waitFor();
    await preview.nth(0).getByText("Skipped: Ria Repeat is here already").waitFor();
    await dialog.getByText("1 row is a contact here already (line 2), so it will be skipped.").waitFor();
    await screenshot(page, "import-required-property");
    await discardImport(page, dialog);
    assert.deepEqual(page.errors, []);
  });
});
