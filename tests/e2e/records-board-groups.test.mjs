import { after, before, describe, it } from "node:test";
import {
  assert,
  assertAccessible,
  callProcedure,
  eventually,
  launchBrowser,
  loggedErrors,
  registeredUser,
  screenshot,
} from "./harness.mjs";

/** The lanes, cards and group-by choice of /contacts' or /companies' board. */
function boardOf(page) {
  const board = () => page.getByTestId("record-board");
  const lane = (label) => board().getByRole("region", { name: label, exact: true });
  return {
    board,
    lane,
    layout: () => page.getByRole("group", { name: "Layout" }),
    groupBy: () => page.getByRole("combobox", { name: "Group by" }),
    card: (name) => board().locator("[data-card-id]").filter({ hasText: name }),
    cardIn: (label, name) => lane(label).locator("[data-card-id]").filter({ hasText: name }),
    laneCount: async (label) => (await lane(label).getByTestId("lane-count").textContent()).trim(),
    laneNames: () => board().getByRole("heading", { level: 2 }).allTextContents(),
    namesIn: (label) =>
      lane(label)
        .locator("[data-card-id]")
        .evaluateAll((cards) => cards.map((c) => c.querySelector(".font-medium")?.textContent)),
  };
}

describe("a board grouped by a select property: contacts by tier, companies by stage", () => {
  let browser;
  let page;
  const contacts = {};
  const companies = {};
  let tierId;
  const propertyOn = async (procedure, record, key) =>
    (await callProcedure(page, procedure, { id: record.id }, { kind: "query" }))[
      procedure.startsWith("contacts") ? "contact" : "company"
    ].properties[key] ?? null;

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Tiers Co", name: "Tia Tier" }));
    tierId = (
      await callProcedure(page, "properties.create", {
        object: "contact",
        key: "tier",
        label: "Tier",
        type: "select",
        options: ["Gold", "Silver", "Bronze"],
      })
    ).id;
    const people = [
      ["Ann", "Lee", "Gold"],
      ["Bo", "Chen", "Gold"],
      ["Cy", "Diaz", "Silver"],
      ["Di", "Evans", null],
    ];
    for (const [firstName, lastName, tier] of people)
      contacts[`${firstName} ${lastName}`] = await callProcedure(page, "contacts.create", {
        firstName,
        lastName,
        leadStatus: "new",
        ...(tier && { properties: { tier } }),
      });
    for (const name of ["Acme", "Globex", "Initech"])
      companies[name] = await callProcedure(page, "companies.create", {
        name,
        domain: `${name.toLowerCase()}.example`,
      });
    await page.goto("/contacts");
    await page.getByTestId("record-row").first().waitFor();
  });
  after(() => browser?.close());

  it("groups the contacts board by a select property: a lane per option, then those with none; kept after a reload", async () => {
    const b = boardOf(page);
    await b.layout().getByRole("button", { name: "Board" }).click();
    await b.cardIn("New", "Ann Lee").waitFor();
    assert.deepEqual(
      await b
        .groupBy()
        .locator("option")
        .evaluateAll((options) => options.map((o) => o.textContent)),
      ["Lead status", "Tier"],
      "the lead status, then each select property",
    );
    await b.groupBy().selectOption({ label: "Tier" });
    await b.cardIn("Gold", "Ann Lee").waitFor();
    assert.deepEqual(await b.laneNames(), ["Gold", "Silver", "Bronze", "No tier"]);
    assert.deepEqual(await b.namesIn("Gold"), ["Ann Lee", "Bo Chen"]);
    assert.deepEqual(await b.namesIn("No tier"), ["Di Evans"]);
    assert.equal(await b.laneCount("Gold"), "2");
    assert.equal(await b.laneCount("Bronze"), "0");
    assert.equal(await b.board().getAttribute("aria-label"), "Contacts by tier");
    await screenshot(page, "contacts-board-by-tier");
    await assertAccessible(page, "the contacts board grouped by a property");

    await page.reload();
    await b.cardIn("Silver", "Cy Diaz").waitFor();
    assert.equal(await b.groupBy().inputValue(), "prop:tier", "this browser keeps the grouping");
  });

  it("a card dragged to an option's lane takes that value; to the last lane, none", async () => {
    const b = boardOf(page);
    await b.card("Di Evans").dragTo(b.lane("Bronze"));
    await b.cardIn("Bronze", "Di Evans").waitFor();
    await eventually(async () =>
      assert.equal(await propertyOn("contacts.get", contacts["Di Evans"], "tier"), "Bronze"),
    );
    assert.equal(await b.laneCount("No tier"), "0");

    await b.card("Ann Lee").dragTo(b.lane("No tier"));
    await b.cardIn("No tier", "Ann Lee").waitFor();
    await eventually(async () => assert.equal(await propertyOn("contacts.get", contacts["Ann Lee"], "tier"), null));
    assert.equal(await b.laneCount("Gold"), "1");

    // The keyboard moves along the options the same way.
    await b.cardIn("No tier", "Ann Lee").focus();
    await page.keyboard.press("Shift+ArrowLeft");
    await b.cardIn("Bronze", "Ann Lee").waitFor();
    await eventually(async () => assert.equal(await propertyOn("contacts.get", contacts["Ann Lee"], "tier"), "Bronze"));
    // The move is an edit like any other: it is in the record's timeline.
    await b.cardIn("Bronze", "Ann Lee").click();
    const panel = page.getByTestId("record-panel");
    await panel.getByRole("heading", { name: "Ann Lee" }).waitFor();
    await panel
      .getByTestId("timeline-item")
      .filter({ hasText: "Tier" })
      .filter({ hasText: "Bronze" })
      .first()
      .waitFor();
    await screenshot(page, "contacts-board-by-tier-panel");
    await panel.getByRole("button", { name: "Close panel" }).click();
    await panel.waitFor({ state: "hidden" });
  });

  it("a lane's + starts a new contact at its option", async () => {
    const b = boardOf(page);
    await b.lane("Silver").getByRole("button", { name: "New contact in Silver" }).click();
    const dialog = page.getByRole("dialog", { name: "New contact" });
    assert.equal(await dialog.getByLabel("Tier").inputValue(), "Silver");
    assert.equal(await dialog.getByLabel("Lead status").inputValue(), "new");
    await dialog.locator('input[name="firstName"]').fill("Eve");
    await dialog.locator('input[name="lastName"]').fill("Silva");
    await dialog.getByRole("button", { name: "Create contact" }).click();
    await dialog.waitFor({ state: "hidden" });
    await b.cardIn("Silver", "Eve Silva").waitFor();
    await page.keyboard.press("Escape");

    // The header's New contact starts with no tier.
    await page.getByRole("button", { name: "New contact", exact: true }).click();
    assert.equal(await dialog.getByLabel("Tier").inputValue(), "");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("a view saved from the board keeps its grouping; shown by another, it has changed", async () => {
    const b = boardOf(page);
    const controls = page.getByTestId("view-controls");
    await controls.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Save view" });
    await dialog.locator('input[name="viewName"]').fill("By tier");
    await dialog.getByRole("button", { name: "Save view" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("open-view").filter({ hasText: "By tier" }).waitFor();
    const saved = (await callProcedure(page, "views.list", { object: "contact" }, { kind: "query" })).find(
      (view) => view.name === "By tier",
    );
    assert.equal(saved.definition.groupBy, "prop:tier");
    assert.equal(saved.definition.layout, "board");

    await b.groupBy().selectOption({ label: "Lead status" });
    await b.cardIn("New", "Ann Lee").waitFor();
    await controls.getByRole("button", { name: "Reset" }).click();
    await b.cardIn("Bronze", "Ann Lee").waitFor();
    assert.equal(await b.groupBy().inputValue(), "prop:tier");

    // From the plain list grouped by lead status, the sidebar's view opens by tier.
    await b.groupBy().selectOption({ label: "Lead status" });
    await page.getByRole("link", { name: "Contacts", exact: true }).click();
    await b.cardIn("New", "Ann Lee").waitFor();
    await page.getByTestId("sidebar-view").filter({ hasText: "By tier" }).click();
    await b.cardIn("Bronze", "Ann Lee").waitFor();
    assert.deepEqual(await b.laneNames(), ["Gold", "Silver", "Bronze", "No tier"]);
    await page.getByRole("link", { name: "Contacts", exact: true }).click();
    await b.cardIn("Bronze", "Ann Lee").waitFor();
  });

  it("a property archived takes its board, and a view saved by it, back to the lead status", async () => {
    const b = boardOf(page);
    await callProcedure(page, "properties.archive", { id: tierId });
    await page.reload();
    await b.cardIn("New", "Ann Lee").waitFor();
    assert.deepEqual(await b.laneNames(), ["New", "Contacted", "Qualified", "Unqualified", "Customer"]);
    assert.equal(await b.groupBy().count(), 0, "with one way to group, no choice is offered");
    // The view saved by tier opens by lead status too, and is not shown as changed: there is nothing to reset to.
    await page.getByTestId("sidebar-view").filter({ hasText: "By tier" }).click();
    await page.getByTestId("open-view").filter({ hasText: "By tier" }).waitFor();
    await b.cardIn("New", "Ann Lee").waitFor();
    assert.equal(await page.getByTestId("view-controls").getByRole("button", { name: "Reset" }).count(), 0);
    await page.getByRole("link", { name: "Contacts", exact: true }).click();
    await b.layout().getByRole("button", { name: "Table" }).click();
  });

  it("companies: a board once they have a select property, an admin told how before", async () => {
    const b = boardOf(page);
    await page.goto("/companies");
    await page.getByTestId("record-row").first().waitFor();
    await b.layout().getByRole("button", { name: "Board" }).click();
    await page.getByText("Nothing to group companies by yet").waitFor();
    const add = page.getByRole("link", { name: "Add a select property" });
    assert.equal(await add.getAttribute("href"), "/settings/properties?object=company");
    await screenshot(page, "companies-board-no-field");

    await callProcedure(page, "properties.create", {
      object: "company",
      key: "stage",
      label: "Stage",
      type: "select",
      options: ["Prospect", "Active", "Churned"],
    });
    await callProcedure(page, "companies.update", {
      id: companies.Acme.id,
      version: companies.Acme.version,
      patch: { properties: { stage: "Active" } },
    });
    await page.reload();
    await b.cardIn("Active", "Acme").waitFor();
    assert.deepEqual(await b.laneNames(), ["Prospect", "Active", "Churned", "No stage"]);
    assert.deepEqual(await b.namesIn("No stage"), ["Globex", "Initech"]);
    assert.match(await b.cardIn("Active", "Acme").textContent(), /acme\.example/, "a card shows the domain");
    await screenshot(page, "companies-board");
    await assertAccessible(page, "the companies board");

    await b.cardIn("No stage", "Globex").focus();
    await page.keyboard.press("Shift+ArrowLeft");
    await b.cardIn("Churned", "Globex").waitFor();
    await eventually(async () => assert.equal(await propertyOn("companies.get", companies.Globex, "stage"), "Churned"));
    await b.card("Initech").dragTo(b.lane("Prospect"));
    await b.cardIn("Prospect", "Initech").waitFor();
    await eventually(async () =>
      assert.equal(await propertyOn("companies.get", companies.Initech, "stage"), "Prospect"),
    );
    assert.equal(await b.laneCount("No stage"), "0");

    await b.lane("Active").getByRole("button", { name: "New company in Active" }).click();
    const dialog = page.getByRole("dialog", { name: "New company" });
    assert.equal(await dialog.getByLabel("Stage").inputValue(), "Active");
    await dialog.locator('input[name="name"]').fill("Hooli");
    await dialog.getByRole("button", { name: "Create company" }).click();
    await dialog.waitFor({ state: "hidden" });
    await b.cardIn("Active", "Hooli").waitFor();
    await page.keyboard.press("Escape");
    assert.deepEqual(loggedErrors(page), [], "no request failed and the page logged no error");
    await b.layout().getByRole("button", { name: "Table" }).click();
  });
});
