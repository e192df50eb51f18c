import { after, before, describe, it } from "node:test";
import { assert, callProcedure, launchBrowser, registeredUser, screenshot } from "./harness.mjs";

describe("a record's timeline beyond its first page", () => {
  let browser;
  let page;
  const panel = () => page.getByTestId("record-panel");
  const items = () => panel().getByTestId("timeline-item");
  const UPDATES = 112;

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Long Memory", name: "Ada Lovelace", locale: "en-US" }));
    let contact = await callProcedure(page, "contacts.create", { firstName: "Grace", lastName: "Hopper" });
    for (let i = 1; i <= UPDATES; i++)
      contact = await callProcedure(page, "contacts.update", {
        id: contact.id,
        version: contact.version,
        patch: { title: `Title ${i}` },
      });
  });
  after(() => browser?.close());

  it("shows the newest 100 entries, then the older ones on 'Show older activity', down to the creation", async () => {
    await page.goto("/contacts");
    await page.getByTestId("record-row").filter({ hasText: "Grace Hopper" }).click();
    await panel().getByRole("heading", { name: "Grace Hopper" }).waitFor();
    await items().nth(99).waitFor();
    assert.equal(await items().count(), 100);
    assert.match(await items().first().innerText(), /Title 111 → Title 112/);
    const older = panel().getByRole("button", { name: "Show older activity" });
    await older.scrollIntoViewIfNeeded();
    await screenshot(page, "timeline-older-button");

    await older.click();
    await items().nth(UPDATES).waitFor();
    assert.equal(await items().count(), UPDATES + 1);
    assert.match(await items().last().innerText(), /created this contact/);
    assert.match(
      await items()
        .nth(UPDATES - 1)
        .innerText(),
      /Title: empty → Title 1/,
    );
    // Nothing older is left: the button is gone, and no entry shows twice.
    await older.waitFor({ state: "detached" });
    const texts = await items().allInnerTexts();
    assert.equal(new Set(texts.map((t) => t.split("\n").at(-1))).size, UPDATES + 1);
    await items().last().scrollIntoViewIfNeeded();
    await screenshot(page, "timeline-older-loaded");
    assert.deepEqual(page.errors, []);
  });
});
