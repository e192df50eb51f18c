import { after, before, describe, it } from "node:test";
import {
  assert,
  assertAccessible,
  callProcedure,
  eventually,
  holdRequest,
  launchBrowser,
  procedureRoute,
  registeredUser,
  screenshot,
} from "./harness.mjs";

// Copy and paste on the table's cell cursor, as in a spreadsheet: Ctrl+C copies a cell in the terms its editor reads
// back, Ctrl+V into another row's cell saves it as an inline edit; a company is picked from what was pasted.
describe("/contacts: copy and paste a cell", () => {
  let browser;
  let page;
  let ann;
  let bo;
  let me;
  let acme;
  let beta;
  const rows = () => page.getByTestId("record-row");
  const cell = (name, columnId) => rows().filter({ hasText: name }).locator(`[data-column-id="${columnId}"]`);
  // The cell cursor's column on the active row, or null before an arrow or a click picks one.
  const activeColumn = () =>
    page.evaluate(
      () => document.querySelector("[data-active] [data-active-cell]")?.getAttribute("data-column-id") ?? null,
    );
  // The newest toast saying it: an earlier one of the same words may still be showing (two pastes a second apart).
  const toast = (text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  const contact = async (id) => (await callProcedure(page, "contacts.get", { id }, { kind: "query" })).contact;
  /** The cell cursor onto `columnId` of the active row, from the keyboard (→ from the name). */
  const cursorTo = async (columnId) => {
    for (let i = 0; i < 12 && (await activeColumn()) !== columnId; i++) await page.keyboard.press("ArrowRight");
    assert.equal(await activeColumn(), columnId);
  };
  const putOnClipboard = (text) => page.evaluate((value) => navigator.clipboard.writeText(value), text);

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Clipper", name: "Cleo Clip", locale: "en-US" }));
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    acme = await callProcedure(page, "companies.create", { name: "Acme Robotics", domain: "acme.example" });
    beta = await callProcedure(page, "companies.create", { name: "Beta Works", domain: "beta.example" });
    for (const domain of ["twin1.example", "twin2.example"])
      await callProcedure(page, "companies.create", { name: "Twin Peaks", domain });
    ({ id: me } = await callProcedure(page, "user.getUser", undefined, { kind: "query" }));
    ann = await callProcedure(page, "contacts.create", {
      ownerId: me,
      firstName: "Ann",
      lastName: "Archer",
      title: "Head of Operations",
      leadStatus: "qualified",
      companyId: acme.id,
    });
    bo = await callProcedure(page, "contacts.create", { firstName: "Bo", lastName: "Baker" });
  });
  after(() => browser?.close());

  it("copies a cell and pastes it into another row's, saved as an edit", async () => {
    await page.goto("/contacts");
    await rows().filter({ hasText: "Bo Baker" }).waitFor();
    await page.keyboard.press("j");
    await cursorTo("title");
    await page.keyboard.press("Control+c");
    await toast("Copied “Head of Operations”.").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "Head of Operations");

    await page.keyboard.press("j");
    assert.equal(await activeColumn(), "title", "the cell cursor keeps its column on the next row");
    await page.keyboard.press("Control+v");
    await cell("Bo Baker", "title").getByText("Head of Operations").waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).title, "Head of Operations"));
    await screenshot(page, "contacts-cell-pasted");

    // A choice is copied by its label and read back by it.
    await page.keyboard.press("k");
    await page.keyboard.press("ArrowRight");
    assert.equal(await activeColumn(), "leadStatus");
    await page.keyboard.press("Control+c");
    await toast("Copied “Qualified”.").waitFor();
    await page.keyboard.press("j");
    await page.keyboard.press("Control+v");
    await eventually(async () => assert.equal((await contact(bo.id)).leadStatus, "qualified"));
    assert.deepEqual(page.errors, []);
  });

  it("reads a spreadsheet's cell as the editor would, and says why a value cannot be pasted", async () => {
    await putOnClipboard("customer\r\n");
    await page.keyboard.press("Control+v");
    await eventually(async () => assert.equal((await contact(bo.id)).leadStatus, "customer"));
    await putOnClipboard("Hot");
    await page.keyboard.press("Control+v");
    await toast("“Hot” is not one of Lead status's choices").waitFor();
    assert.equal((await contact(bo.id)).leadStatus, "customer", "nothing is saved");
    await putOnClipboard("Head of Sales\tAcme");
    await page.keyboard.press("Control+v");
    await toast("Paste one value into a cell: this holds several.").waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("opens the company picker searching for a pasted name, and links the one picked", async () => {
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    assert.equal(await activeColumn(), "company");
    await putOnClipboard("acme");
    await page.keyboard.press("Control+v");
    const search = page.getByRole("combobox", { name: "Company" });
    await search.waitFor();
    assert.equal(await search.inputValue(), "acme");
    await page.getByRole("option", { name: /Acme Robotics/ }).waitFor();
    await screenshot(page, "contacts-cell-paste-company");
    await page.keyboard.press("Enter");
    await cell("Bo Baker", "company").getByText("Acme Robotics").waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).companyId, (await contact(ann.id)).companyId));
    assert.deepEqual(page.errors, []);
  });
  it("undoes the last edits with Ctrl+Z, one after the other, and redoes them with Ctrl+Shift+Z", async () => {
    await page.keyboard.press("Control+z");
    await toast("Undid the edit of Company on Bo Baker.").waitFor();
    await cell("Bo Baker", "company").getByText("—").waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).companyId, null));
    // The lead status pasted twice: back to the first paste's.
    await page.keyboard.press("Control+z");
    await toast("Undid the edit of Lead status on Bo Baker.").waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).leadStatus, "qualified"));
    await screenshot(page, "contacts-cell-undo");

    // Ctrl+Shift+Z makes the last edit undone again, then Ctrl+Y the one before; Ctrl+Z takes them back once more.
    await page.keyboard.press("Control+Shift+z");
    await toast("Redid the edit of Lead status on Bo Baker.").waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).leadStatus, "customer"));
    await page.keyboard.press("Control+y");
    await toast("Redid the edit of Company on Bo Baker.").waitFor();
    await cell("Bo Baker", "company").getByText("Acme Robotics").waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).companyId, acme.id));
    await page.keyboard.press("Control+Shift+z");
    await toast("No undone edit to redo here.").waitFor();
    await page.keyboard.press("Control+z");
    await eventually(async () => assert.equal((await contact(bo.id)).companyId, null));
    await page.keyboard.press("Control+z");
    await eventually(async () => assert.equal((await contact(bo.id)).leadStatus, "qualified"));
    assert.deepEqual(page.errors, []);
  });
  it("pastes one value into every selected row, a column of values into the rows from the active one down; Ctrl+Z undoes the paste", async () => {
    const titles = async () => [(await contact(ann.id)).title, (await contact(bo.id)).title];
    await page.keyboard.press("k");
    await page.keyboard.press("ArrowRight");
    assert.equal(await activeColumn(), "title");
    await page.keyboard.press("x");
    await page.keyboard.press("Shift+ArrowDown");
    await page.getByText("2 selected", { exact: true }).waitFor();
    // Selected rows copy as a table, their columns' names first.
    await page.keyboard.press("Control+c");
    await toast("Copied 2 rows with their").waitFor();
    const table = (await page.evaluate(() => navigator.clipboard.readText()))
      .split("\n")
      .map((line) => line.split("\t"));
    assert.deepEqual(
      table.map((cells) => cells.slice(0, 4)),
      [
        ["Name", "Email", "Company", "Title"],
        ["Ann Archer", "", "Acme Robotics", "Head of Operations"],
        ["Bo Baker", "", "", "Head of Operations"],
      ],
    );
    // The owner by name, though the Owner column is off the screen's edge.
    assert.deepEqual(
      table.map((cells) => cells[table[0].indexOf("Owner")]),
      ["Owner", "Cleo Clip", ""],
    );
    await putOnClipboard("Buyer");
    await page.keyboard.press("Control+v");
    await toast("Pasted into Title on 2 rows.").waitFor();
    await eventually(async () => assert.deepEqual(await titles(), ["Buyer", "Buyer"]));
    await screenshot(page, "contacts-cells-pasted-selection");
    await page.keyboard.press("Control+z");
    await toast("Undid the paste into Title on 2 rows.").waitFor();
    await eventually(async () => assert.deepEqual(await titles(), ["Head of Operations", "Head of Operations"]));

    // Two selected, three values: nothing is pasted.
    await putOnClipboard("VP\nCTO\nCFO\n");
    await page.keyboard.press("Control+v");
    await toast("The clipboard holds 3 values for 2 selected rows").waitFor();
    await page.keyboard.press("Escape");
    await page.getByText("2 selected", { exact: true }).waitFor({ state: "detached" });
    // A spreadsheet's column, from Ann down.
    await page.keyboard.press("k");
    await putOnClipboard("VP Sales\r\nCTO\r\n");
    await page.keyboard.press("Control+v");
    await toast("Pasted into Title on 2 rows.").waitFor();
    await eventually(async () => assert.deepEqual(await titles(), ["VP Sales", "CTO"]));
    assert.deepEqual(page.errors, []);
  });
  it("pastes companies and owners into several rows by their names, domains or emails, each naming one", async () => {
    const companies = async () => [(await contact(ann.id)).companyId, (await contact(bo.id)).companyId];
    for (let i = 0; i < 4 && (await activeColumn()) !== "company"; i++) await page.keyboard.press("ArrowLeft");
    assert.equal(await activeColumn(), "company");
    const before = await companies();
    // A column of two, from Ann down: each must name one company, or nothing is saved.
    await putOnClipboard("acme.example\r\nNobody Inc\r\n");
    await page.keyboard.press("Control+v");
    await toast("Bo Baker: no company here is named “Nobody Inc”.").waitFor();
    await putOnClipboard("Twin Peaks\nBeta Works\n");
    await page.keyboard.press("Control+v");
    await toast("Ann Archer: more than one company is named “Twin Peaks”.").waitFor();
    assert.deepEqual(await companies(), before, "nothing is saved");

    // By name in any case, or by domain as a link writes it.
    await putOnClipboard("beta works\r\nhttps://www.acme.example/\r\n");
    await page.keyboard.press("Control+v");
    await toast("Pasted into Company on 2 rows.").waitFor();
    await cell("Ann Archer", "company").getByText("Beta Works").waitFor();
    await cell("Bo Baker", "company").getByText("Acme Robotics").waitFor();
    await eventually(async () => assert.deepEqual(await companies(), [beta.id, acme.id]));
    await screenshot(page, "contacts-cells-pasted-companies");

    // One owner into both selected rows, by email; Ctrl+Z puts back what it changed.
    const owners = async () => [(await contact(ann.id)).ownerId, (await contact(bo.id)).ownerId];
    assert.deepEqual(await owners(), [me, null]);
    for (let i = 0; i < 20 && (await activeColumn()) !== "owner"; i++) await page.keyboard.press("ArrowRight");
    assert.equal(await activeColumn(), "owner");
    await page.keyboard.press("x");
    await page.keyboard.press("Shift+ArrowDown");
    await page.getByText("2 selected", { exact: true }).waitFor();
    const { email } = await callProcedure(page, "user.getUser", undefined, { kind: "query" });
    await putOnClipboard(email.toUpperCase());
    await page.keyboard.press("Control+v");
    await toast("Pasted into Owner on 2 rows.").waitFor();
    await eventually(async () => assert.deepEqual(await owners(), [me, me]));
    // Ann's owner was already the one pasted: the paste changed Bo's alone, and so does its undo.
    await page.keyboard.press("Control+z");
    await toast("Undid the edit of Owner on Bo Baker.").waitFor();
    await eventually(async () => assert.deepEqual(await owners(), [me, null]));
    await page.keyboard.press("Escape");
    await page.getByText("2 selected", { exact: true }).waitFor({ state: "detached" });
    assert.deepEqual(page.errors, []);
  });
  it("imports a table pasted from a spreadsheet, and a CSV file dropped on the list", async () => {
    await page.keyboard.press("Escape");
    await putOnClipboard(
      "First name\tLast name\tEmail\r\nCara\tCole\tcara@paste.example\r\nDev\tDunn\tdev@paste.example\r\n",
    );
    await page.keyboard.press("Control+v");
    const dialog = page.getByRole("dialog", { name: "Import contacts" });
    await dialog.getByText("Pasted rows.tsv").waitFor();
    await screenshot(page, "contacts-import-pasted-table");
    await dialog.getByRole("button", { name: "Import 2 rows" }).click();
    await dialog.getByTestId("import-created").getByText("2").waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await rows().filter({ hasText: "Dev Dunn" }).waitFor();

    // An enrichment file: only the contacts already here are updated, none added.
    await page.getByRole("grid").focus();
    await putOnClipboard("Email\tJob title\ncara@paste.example\tBuyer\nnew@paste.example\tIntern\n");
    await page.keyboard.press("Control+v");
    await dialog.getByRole("radio", { name: "Update the contact" }).check();
    await dialog.getByRole("checkbox", { name: "Only update: add no new contacts" }).check();
    const preview = dialog.getByTestId("import-preview").locator("li");
    await preview.nth(0).getByText("Updates Cara Cole").waitFor();
    await preview.nth(1).getByText("Skipped: no contact here has it").waitFor();
    await screenshot(page, "contacts-import-update-only");
    await assertAccessible(page, "the import dialog, updating only");
    await dialog.getByRole("button", { name: "Import 2 rows" }).click();
    await dialog.getByTestId("import-updated").getByText("1").waitFor();
    assert.equal(await dialog.getByTestId("import-created").innerText(), "0");
    assert.equal(await dialog.getByTestId("import-skipped").innerText(), "1");
    await dialog.getByRole("button", { name: "Done" }).click();
    await cell("Cara Cole", "title").getByText("Buyer").waitFor();

    // A file held over the page says it can be dropped; dropped, it opens the import on it.
    const transfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(["First name,Email\nEva,eva@drop.example\n"], "dropped.csv", { type: "text/csv" }));
      return data;
    });
    await page.dispatchEvent("main", "dragenter", { dataTransfer: transfer });
    await page.getByRole("status").getByText("Drop the CSV file to import its contacts").waitFor();
    await screenshot(page, "contacts-import-drop-hint");
    await assertAccessible(page, "the list with a file held over it");
    await page.dispatchEvent("main", "drop", { dataTransfer: transfer });
    await dialog.getByText("dropped.csv").waitFor();
    await page.getByText("Drop the CSV file to import its contacts").waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Import 1 row" }).click();
    await dialog.getByTestId("import-created").getByText("1").waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await rows().filter({ hasText: "Eva" }).waitFor();
    assert.deepEqual(page.errors, []);
  });
  it("undoes the open record's last field edit with Ctrl+Z in its panel, and redoes it", async () => {
    await page.goto(`/contacts?open=${bo.id}`);
    const field = (id) => page.getByTestId("record-panel").locator(`dd[data-field="${id}"]`);
    const before = (await contact(bo.id)).title;
    await field("title").getByRole("button").click();
    await field("title").getByRole("textbox", { name: "Title" }).fill("Chief Buyer");
    await field("title").getByRole("textbox", { name: "Title" }).press("Enter");
    await eventually(async () => assert.equal((await contact(bo.id)).title, "Chief Buyer"));
    await page.waitForFunction(() => document.activeElement?.closest("dd")?.getAttribute("data-field") === "title");
    await page.keyboard.press("Control+z");
    await toast("Undid the edit of Title.").waitFor();
    await field("title").getByText(before).waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).title, before));
    // And made again with Ctrl+Shift+Z, then taken back once more.
    await page.keyboard.press("Control+Shift+z");
    await toast("Redid the edit of Title.").waitFor();
    await field("title").getByText("Chief Buyer").waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).title, "Chief Buyer"));
    await page.keyboard.press("Control+z");
    await field("title").getByText(before).waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).title, before));
    // Redone while the undo's save is still on its way (a slow connection): the field shows the undone value, so the
    // redo is made, queued behind it, not refused as "changed since".
    await page.keyboard.press("Control+Shift+z");
    await toast("Redid the edit of Title.").waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).title, "Chief Buyer"));
    const undoSave = await holdRequest(page, procedureRoute("contacts.update"), 1);
    await page.keyboard.press("Control+z");
    await undoSave.reached;
    await field("title").getByText(before).waitFor();
    await page.keyboard.press("Control+Shift+z");
    await toast("Redid the edit of Title.").waitFor();
    undoSave.release();
    await field("title").getByText("Chief Buyer").waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).title, "Chief Buyer"));
    await page.unroute(procedureRoute("contacts.update"));
    await page.keyboard.press("Control+z");
    await field("title").getByText(before).waitFor();
    await eventually(async () => assert.equal((await contact(bo.id)).title, before));
    // Ctrl+C on a field copies its value, as a cell's.
    await field("title").getByRole("button").focus();
    await page.keyboard.press("Control+c");
    await toast(`Copied “${before}”.`).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), before);
    assert.deepEqual(page.errors, []);
  });
  it("filters by a column from its header's menu", async () => {
    await page.goto("/contacts");
    const header = page.getByTestId("column-header-leadStatus");
    await header.hover();
    await header.getByRole("button", { name: "Lead status column options" }).click();
    await page.getByRole("menuitem", { name: "Filter by Lead status" }).click();
    const form = page.getByRole("dialog", { name: "Add filter" });
    assert.equal(await form.getByRole("button", { name: "Field" }).innerText(), "Lead status");
    await form.getByLabel("Value").selectOption({ label: "Qualified" });
    await screenshot(page, "contacts-filter-by-column");
    await assertAccessible(page, "a filter opened from a column's menu");
    await form.getByRole("button", { name: "Add filter" }).click();
    await page.getByTestId("filter-chip").filter({ hasText: "Lead status is Qualified" }).waitFor();
    await page.getByTestId("record-total").getByText("2 contacts match").waitFor();

    // The company column filters by the company itself, picked from a list.
    const company = page.getByTestId("column-header-company");
    await company.hover();
    await company.getByRole("button", { name: "Company column options" }).click();
    await page.getByRole("menuitem", { name: "Filter by Company" }).click();
    assert.equal(await form.getByRole("button", { name: "Field" }).innerText(), "Company");
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "detached" });
    assert.deepEqual(page.errors, []);
  });
});
