import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  holdRequest,
  launchBrowser,
  procedureRoute,
  registeredUser,
  screenshot,
  sortButton,
} from "./harness.mjs";

describe("/contacts sorted by company", () => {
  let browser;
  let page;
  /** The Company cells from the top, as shown. */
  const companies = () => page.locator('[data-testid="record-row"] [data-column-id="company"]').allInnerTexts();

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Sorting Co" }));
    const company = (name) => callProcedure(page, "companies.create", { name });
    const [globex, initech, acme] = [await company("Globex"), await company("Initech"), await company("acme")];
    for (const [firstName, companyId] of [
      ["Gina", globex.id],
      ["Ian", initech.id],
      ["Ann", acme.id],
      ["Nora", null],
      ["Gary", globex.id],
    ])
      await callProcedure(page, "contacts.create", { firstName, lastName: "Test", companyId });
  });
  after(() => browser?.close());

  it("sorts by the company's name from its header, either way, those without a company last", async () => {
    await page.goto("/contacts");
    await page.getByTestId("record-total").getByText("5 contacts").waitFor();
    await sortButton(page, "company").click();
    await page.locator('[data-testid="column-header-company"][aria-sort="ascending"]').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-row"] [data-column-id="company"]')?.textContent === "acme",
    );
    assert.deepEqual(await companies(), ["acme", "Globex", "Globex", "Initech", "—"]);
    await screenshot(page, "contacts-sorted-by-company");

    await sortButton(page, "company").click();
    await page.locator('[data-testid="column-header-company"][aria-sort="descending"]').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-row"] [data-column-id="company"]')?.textContent === "Initech",
    );
    assert.deepEqual(await companies(), ["Initech", "Globex", "Globex", "acme", "—"], "the empty ones stay last");
  });

  it("shows a company renamed on /companies in its new place when the contacts are next shown, even as its save lands", async () => {
    // The rename's answer reaches the page only once the contacts, sorted by company, are on screen again: the
    // lists shown then, fresh from a moment before, are read again as it lands.
    const rename = await holdRequest(page, procedureRoute("companies.update"), 1, { answered: true });
    await page.getByRole("link", { name: "Companies" }).click();
    // Until the companies list is shown, "Initech" also finds its contact's row on the contacts list.
    await page.getByTestId("record-total").getByText("3 companies").waitFor();
    const initech = page.getByTestId("record-row").filter({ hasText: "Initech" });
    const name = initech.locator('[data-column-id="name"]');
    await name.hover();
    await name.getByRole("button", { name: "Edit Name" }).click();
    const editor = name.getByRole("textbox", { name: "Name" });
    await editor.fill("Aperture");
    await editor.press("Enter");
    await editor.waitFor({ state: "detached" });
    await page.getByTestId("record-row").filter({ hasText: "Aperture" }).waitFor();

    // The list opens in its own order again (by name); sorted by company, Initech's people moved up.
    await page.getByRole("link", { name: "Contacts", exact: true }).click();
    await sortButton(page, "company").click();
    await page.locator('[data-testid="column-header-company"][aria-sort="ascending"]').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-row"] [data-column-id="company"]')?.textContent === "acme",
    );
    await rename.reached;
    rename.release();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="record-row"] [data-column-id="company"]')[1]?.textContent ===
        "Aperture",
    );
    assert.deepEqual(await companies(), ["acme", "Aperture", "Globex", "Globex", "—"]);
  });

  it("sorts by owner from the Owner header: the person's own contacts first, the unowned after", async () => {
    const me = await callProcedure(page, "user.getUser", undefined, { kind: "query" });
    const found = await callProcedure(page, "search.records", { query: "Nora" }, { kind: "query" });
    await callProcedure(page, "contacts.bulkUpdate", {
      ids: [found.contacts[0].id],
      action: { type: "assign", ownerId: me.id },
    });
    await page.reload();
    await sortButton(page, "owner").click();
    await page.locator('[data-testid="column-header-owner"][aria-sort="ascending"]').waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="record-row"] [data-column-id="name"]')?.textContent?.endsWith("Nora Test"),
    );
    await screenshot(page, "contacts-sorted-by-owner");
  });

  it("lists one lead status's people by name from the Lead status header, whatever order they were made in", async () => {
    for (const name of ["Ian", "Ann"]) {
      const found = await callProcedure(page, "search.records", { query: name }, { kind: "query" });
      const { contact } = await callProcedure(page, "contacts.get", { id: found.contacts[0].id }, { kind: "query" });
      await callProcedure(page, "contacts.update", {
        id: contact.id,
        version: contact.version,
        patch: { leadStatus: "qualified" },
      });
    }
    await page.reload();
    await page.getByTestId("record-total").getByText("5 contacts").waitFor();
    await sortButton(page, "leadStatus").click();
    await page.locator('[data-testid="column-header-leadStatus"][aria-sort="ascending"]').waitFor();
    // New ones first (Gary, Gina, Nora, made in another order), then the qualified (Ann, Ian).
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="record-row"] [data-column-id="name"]')?.textContent?.endsWith("Gary Test"),
    );
    const names = await page.locator('[data-testid="record-row"] [data-column-id="name"] .font-medium').allInnerTexts();
    assert.deepEqual(names, ["Gary Test", "Gina Test", "Nora Test", "Ann Test", "Ian Test"]);
    await screenshot(page, "contacts-sorted-by-status");
  });

  it("sorts /companies by their number of people from the People header, most first on the second click", async () => {
    // Ann leaves acme for Globex: Globex 3, Aperture 1, acme 0.
    const found = await callProcedure(page, "search.records", { query: "Ann" }, { kind: "query" });
    const ann = await callProcedure(page, "contacts.get", { id: found.contacts[0].id }, { kind: "query" });
    const globex = (await callProcedure(page, "search.records", { query: "Globex" }, { kind: "query" })).companies[0];
    await callProcedure(page, "contacts.update", {
      id: ann.contact.id,
      version: ann.contact.version,
      patch: { companyId: globex.id },
    });
    await page.getByRole("link", { name: "Companies", exact: true }).click();
    await page.getByTestId("record-total").getByText("3 companies").waitFor();
    /** Each row's name (beside its initial's mark) and People count, from the top. */
    const shown = () =>
      page
        .getByTestId("record-row")
        .evaluateAll((rows) =>
          rows.map((row) => [
            row.querySelector('[data-column-id="name"] [aria-hidden] + span')?.textContent,
            row.querySelector('[data-column-id="peopleCount"]')?.textContent,
          ]),
        );
    /** One click on the header: sorted `direction`, once the first row is `first`. */
    const sortBy = async (direction, first) => {
      await sortButton(page, "peopleCount").click();
      await page.locator(`[data-testid="column-header-peopleCount"][aria-sort="${direction}"]`).waitFor();
      await page.waitForFunction(
        (name) =>
          document.querySelector('[data-testid="record-row"] [data-column-id="name"] [aria-hidden] + span')
            ?.textContent === name,
        first,
      );
      return shown();
    };
    assert.deepEqual(await sortBy("ascending", "acme"), [
      ["acme", "0"],
      ["Aperture", "1"],
      ["Globex", "3"],
    ]);
    assert.deepEqual(await sortBy("descending", "Globex"), [
      ["Globex", "3"],
      ["Aperture", "1"],
      ["acme", "0"],
    ]);
    await screenshot(page, "companies-sorted-by-people");
    assert.deepEqual(page.errors, []);
  });
});
