import { after, before, describe, it } from "node:test";
import {
  assert,
  assertAccessible,
  callProcedure,
  eventually,
  launchBrowser,
  registeredUser,
  screenshot,
  settled,
  teammateJoins,
} from "./harness.mjs";

describe("/team: what each member did lately", () => {
  let browser;
  let page;
  let taraId;
  const memberRow = (name) => page.getByTestId("team-member-row").filter({ hasText: name });
  const panel = () => page.getByTestId("member-activity-panel");
  const JUST_NOW = /^(now|\d+ seconds? ago|\d+ minutes? ago)$/;

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Northwind", name: "Mona Manager", locale: "en-US" }));
    const tara = await teammateJoins(browser, page, "Tara Teammate");
    await teammateJoins(browser, page, "Quinn Quiet");
    const members = await callProcedure(page, "organization.listMembers", undefined, { kind: "query" });
    taraId = members.find((member) => member.displayName === "Tara Teammate").userId;

    const ann = await callProcedure(page, "contacts.create", { firstName: "Ann", lastName: "Lee" });
    const acme = await callProcedure(page, "companies.create", { name: "Acme Robotics" });
    // Tara's oldest entry is a call on Ann; then 25 notes on Acme, a page's worth, newest last.
    await callProcedure(tara.page, "notes.create", {
      recordObject: "contact",
      recordId: ann.id,
      kind: "call",
      outcome: "connected",
      body: "Wants a demo",
    });
    for (let i = 1; i <= 25; i++)
      await callProcedure(tara.page, "notes.create", {
        recordObject: "company",
        recordId: acme.id,
        body: `Visit ${i}`,
      });
    await callProcedure(page, "notes.create", { recordObject: "contact", recordId: ann.id, body: "Budget in Q3" });
    // A field change is the record's history, not anyone's activity.
    await callProcedure(tara.page, "contacts.update", { id: ann.id, version: ann.version, patch: { title: "CTO" } });
    await tara.context.close();
  });
  after(() => browser?.close());

  it("counts each member's entries of the week and says when they last did something", async () => {
    await page.goto("/team");
    const count = (name) => memberRow(name).getByTestId("team-activity-count");
    const latest = (name) => memberRow(name).getByTestId("team-latest-activity");
    await count("Tara Teammate").getByRole("button", { name: "26 entries in 7 days by Tara Teammate" }).waitFor();
    // What they were, on hover.
    assert.equal(await count("Tara Teammate").getByRole("button").getAttribute("title"), "1 call, 25 notes");
    await count("Mona Manager").getByRole("button", { name: "1 entry in 7 days by you" }).waitFor();
    await count("Quinn Quiet").getByRole("button", { name: "0 entries in 7 days by Quinn Quiet" }).waitFor();
    assert.match(await latest("Tara Teammate").innerText(), JUST_NOW);
    assert.match(await latest("Mona Manager").innerText(), JUST_NOW);
    assert.equal(await latest("Quinn Quiet").innerText(), "—");
    await screenshot(page, "team-activity");
  });

  it("sorts by a column: the most first, the other way on a second click, kept through a reload", async () => {
    const names = async () =>
      (await page.getByTestId("team-member-row").getByTestId("member-name").allInnerTexts()).map((text) =>
        text.replace(/\s*\(you\)$/, ""),
      );
    const header = page.getByRole("columnheader", { name: "Activity in 7 days" });
    await header.getByRole("button").click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "activity");
    // The address changes first; the rows follow as React renders it.
    const inOrder = (expected) => eventually(async () => assert.deepEqual(await names(), expected));
    await inOrder(["Tara Teammate", "Mona Manager", "Quinn Quiet"]);
    assert.equal(await header.getAttribute("aria-sort"), "descending");
    await header.getByRole("button").click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "activity.asc");
    await inOrder(["Quinn Quiet", "Mona Manager", "Tara Teammate"]);
    await page.reload();
    await memberRow("Tara Teammate").getByRole("button", { name: "26 entries in 7 days by Tara Teammate" }).waitFor();
    await inOrder(["Quinn Quiet", "Mona Manager", "Tara Teammate"]);
    assert.equal(await header.getAttribute("aria-sort"), "ascending");
    await screenshot(page, "team-sorted");
    // By name, A to Z, the member opened next keeps the sort in the address.
    await page.getByRole("columnheader", { name: "Member" }).getByRole("button").click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "name");
    await inOrder(["Mona Manager", "Quinn Quiet", "Tara Teammate"]);
  });

  it("opens a member's activity beside the table, newest first, the older a page at a time; a record opens from it", async () => {
    await memberRow("Tara Teammate")
      .getByRole("button", { name: /^Tara Teammate.*: show activity$/ })
      .click();
    await page.waitForURL(
      (url) => url.searchParams.get("member") === taraId && url.searchParams.get("sort") === "name",
    );
    await panel().getByRole("heading", { name: "Tara Teammate" }).waitFor();
    assert.match(
      await panel().getByTestId("member-activity-summary").innerText(),
      /^26 entries in 7 days: 1 call, 25 notes\n+Latest (now|\d+ (seconds?|minutes?) ago)$/,
    );
    assert.equal(await memberRow("Tara Teammate").getAttribute("aria-current"), "true");

    const items = panel().getByTestId("activity-feed-item");
    const summaries = () => panel().getByTestId("activity-summary").allInnerTexts();
    await items.nth(24).waitFor();
    assert.equal(await items.count(), 25);
    assert.deepEqual(
      (await summaries()).slice(0, 3),
      ["Visit 25", "Visit 24", "Visit 23"],
      "newest first; Mona's note and the field change are not hers",
    );
    await panel().getByRole("button", { name: "Show older" }).click();
    await items.nth(25).waitFor();
    assert.equal(await items.count(), 26);
    const oldest = items.last();
    assert.equal(await oldest.getByTestId("activity-record").innerText(), "Ann Lee");
    // Hers alone: the panel names no one.
    assert.match(await oldest.getByTestId("activity-action").innerText(), /^logged a call/);
    assert.match(await oldest.getByTestId("activity-summary").innerText(), /Wants a demo/);
    await panel().getByRole("button", { name: "Show older" }).waitFor({ state: "detached" });
    await items.first().scrollIntoViewIfNeeded();
    await screenshot(page, "team-member-activity");
    await settled(page);
    await assertAccessible(page, "/team with a member's activity open");

    // Its record opens from it; Back comes back to the member's activity.
    await oldest.getByTestId("activity-record").click();
    await page.waitForURL((url) => url.pathname === "/contacts" && url.searchParams.has("open"));
    await page.getByTestId("record-panel").getByRole("heading", { name: "Ann Lee" }).waitFor();
    await page.goBack();
    await panel().getByRole("heading", { name: "Tara Teammate" }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get("member"), taraId);

    await page.keyboard.press("Escape");
    await panel().waitFor({ state: "detached" });
    assert.equal(new URL(page.url()).searchParams.get("member"), null);
  });

  it("says when a member has done nothing yet; their count opens the same panel", async () => {
    await memberRow("Quinn Quiet").getByRole("button", { name: "0 entries in 7 days by Quinn Quiet" }).click();
    await panel().getByRole("heading", { name: "Quinn Quiet" }).waitFor();
    await panel().getByText("No activity yet").waitFor();
    await panel()
      .getByText("Notes, calls, meetings and emails Quinn logs on contacts and companies will be listed here.")
      .waitFor();
    assert.equal(await panel().getByTestId("member-activity-summary").innerText(), "0 entries in 7 days");
    // Another member's button swaps the panel's member.
    await memberRow("Mona Manager")
      .getByRole("button", { name: /^Mona Manager ?\(you\).*: show activity$/ })
      .click();
    await panel().getByRole("heading", { name: "Mona Manager (you)" }).waitFor();
    await panel().getByTestId("activity-feed-item").first().waitFor();
    assert.deepEqual(await panel().getByTestId("activity-summary").allInnerTexts(), ["Budget in Q3"]);
    assert.deepEqual(page.errors, []);
  });
});
