import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  holdRequest,
  launchBrowser,
  procedureRoute,
  registeredUser,
  screenshot,
} from "./harness.mjs";

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

  it("puts a field's earlier value back from its change, offered only while the field holds what the change set", async () => {
    const restore = (text) =>
      items()
        .filter({ hasText: text })
        .first()
        .getByRole("button", { name: /^Restore Title: / });
    await items().first().scrollIntoViewIfNeeded();
    await items().first().hover();
    assert.equal(await restore("Title 111 → Title 112").getAttribute("aria-label"), "Restore Title: Title 111");
    // An older change set what a later one changed since: nothing to put back there.
    assert.equal(await restore("Title 110 → Title 111").count(), 0);
    await screenshot(page, "timeline-restore");
    await restore("Title 111 → Title 112").click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Restored Title: Title 111." }).waitFor();
    await panel().getByTestId("timeline-change").first().filter({ hasText: "Title: Title 112 → Title 111" }).waitFor();
    assert.equal(await panel().locator('dd[data-field="title"]').innerText(), "Title 111");
    // Now the change that set Title 111 may put back Title 110, and the one it undid no longer offers anything.
    assert.equal(await restore("Title 110 → Title 111").count(), 1);
    assert.equal(await restore("Title 111 → Title 112").count(), 0);
    assert.deepEqual(page.errors, []);
  });

  it("lists a note saved while the panel's first read of the notes was still on its way", async () => {
    await callProcedure(page, "contacts.create", { firstName: "Katherine", lastName: "Johnson" });
    await page.reload();
    const row = page.getByTestId("record-row").filter({ hasText: "Katherine Johnson" });
    await row.waitFor();
    // Her panel's first read (a slow network, or a person quicker than it): answered only after the save.
    const firstRead = await holdRequest(page, procedureRoute("notes.list"), 1, { answered: true });
    await row.click();
    await firstRead.reached;
    const composer = panel().getByRole("textbox", { name: "New note" });
    await composer.fill("Orbit numbers checked.");
    const saved = page.waitForResponse((response) => procedureRoute("notes.create").test(response.url()));
    await composer.press("Control+Enter");
    assert.equal((await saved).status(), 200);
    firstRead.release();
    await panel().getByTestId("note").filter({ hasText: "Orbit numbers checked." }).waitFor();
    await panel().getByTestId("timeline-item").filter({ hasText: "added a note" }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("makes the web and email addresses a note holds links, in the note and on the timeline", async () => {
    await callProcedure(page, "contacts.create", { firstName: "Dorothy", lastName: "Vaughan" });
    await page.reload();
    await page.getByTestId("record-row").filter({ hasText: "Dorothy Vaughan" }).click();
    const composer = panel().getByRole("textbox", { name: "New note" });
    await composer.fill("Slides: https://nasa.example/fortran-deck. Copy dot@langley.example.");
    await composer.press("Control+Enter");
    const note = panel().getByTestId("note").filter({ hasText: "Slides:" });
    const deck = note.getByRole("link", { name: "https://nasa.example/fortran-deck" });
    await deck.waitFor();
    assert.equal(await deck.getAttribute("href"), "https://nasa.example/fortran-deck");
    assert.equal(await deck.getAttribute("target"), "_blank");
    assert.equal(
      await note.getByRole("link", { name: "dot@langley.example" }).getAttribute("href"),
      "mailto:dot@langley.example",
    );
    const logged = panel().getByTestId("timeline-item").filter({ hasText: "added a note" });
    assert.equal(
      await logged.getByRole("link", { name: "https://nasa.example/fortran-deck" }).getAttribute("href"),
      "https://nasa.example/fortran-deck",
    );
    // The link opens a tab of its own (answered here: nothing leaves the machine); this page stays.
    await page.context().route("https://nasa.example/**", (route) => route.fulfill({ body: "The deck" }));
    const [opened] = await Promise.all([page.context().waitForEvent("page"), deck.click()]);
    await opened.getByText("The deck").waitFor();
    assert.equal(await opened.evaluate(() => window.opener), null, "the new tab cannot reach this page");
    await opened.close();
    assert.match(page.url(), /\/contacts\?open=con_/);
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, "note-links");
    assert.deepEqual(page.errors, []);
  });

  it("pins a note above newer ones, kept through a reload and told on the timeline; a fourth is refused", async () => {
    const mary = await callProcedure(page, "contacts.create", { firstName: "Mary", lastName: "Jackson" });
    const bodies = [
      "Decides with the CFO; no calls before 10.",
      "Sent the deck.",
      "Wind tunnel visit booked.",
      "Asked for references.",
    ];
    const notes = [];
    for (const body of bodies)
      notes.push(await callProcedure(page, "notes.create", { recordObject: "contact", recordId: mary.id, body }));
    await page.goto(`/contacts?open=${mary.id}`);
    const shown = () => panel().getByTestId("record-notes").getByTestId("note");
    await shown().nth(3).waitFor();
    assert.match(await shown().first().innerText(), /Asked for references/);

    const standing = shown().filter({ hasText: "Decides with the CFO" });
    await standing.hover();
    await standing.getByRole("button", { name: "Pin note" }).click();
    const pinnedSection = panel().getByTestId("pinned-notes");
    await pinnedSection.getByTestId("note").filter({ hasText: "Decides with the CFO" }).waitFor();
    // On top, once: not again among the others.
    assert.match(await shown().first().innerText(), /Decides with the CFO/);
    assert.equal(await shown().filter({ hasText: "Decides with the CFO" }).count(), 1);
    assert.equal(await shown().count(), 4);
    await pinnedSection.getByRole("img", { name: "Pinned by You" }).waitFor();
    await panel().getByTestId("timeline-item").filter({ hasText: "You pinned a note" }).waitFor();
    await pinnedSection.scrollIntoViewIfNeeded();
    await screenshot(page, "note-pinned");

    // Two more pinned by a teammate's hand (here: a direct call), then a fourth from the panel.
    for (const note of notes.slice(1, 3)) await callProcedure(page, "notes.pin", { id: note.id, pinned: true });
    await page.reload();
    await pinnedSection.getByTestId("note").nth(2).waitFor();
    assert.match(await pinnedSection.getByTestId("note").first().innerText(), /Wind tunnel visit booked/);
    const fourth = shown().filter({ hasText: "Asked for references" });
    await fourth.hover();
    await fourth.getByRole("button", { name: "Pin note" }).click();
    await page
      .locator("[data-sonner-toast][data-type=error]")
      .filter({ hasText: "A record keeps 3 pinned notes at most. Unpin one to pin this one." })
      .waitFor();
    assert.equal(await pinnedSection.getByTestId("note").count(), 3);

    // Unpinned, a note goes back to its place among the others.
    const first = pinnedSection.getByTestId("note").filter({ hasText: "Decides with the CFO" });
    await first.hover();
    await first.getByRole("button", { name: "Unpin note" }).click();
    await pinnedSection.getByTestId("note").nth(1).waitFor();
    await pinnedSection.getByTestId("note").filter({ hasText: "Decides with the CFO" }).waitFor({ state: "detached" });
    assert.match(await shown().last().innerText(), /Decides with the CFO/);
    await panel().getByTestId("timeline-item").filter({ hasText: "You unpinned a note" }).waitFor();
    // The refused fourth pin, and nothing else.
    assert.deepEqual(
      page.errors.map((error) => error.replace(/^.*\(Bad Request\): .*\/trpc\/(notes\.pin).*$/, "400 $1")),
      ["400 notes.pin"],
    );
  });
});
