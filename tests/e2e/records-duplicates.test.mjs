import { after, before, describe, it } from "node:test";
import { assert, callProcedure, launchBrowser, recordTotal, registeredUser, screenshot } from "./harness.mjs";

describe("possible duplicates in the record panel", () => {
  let browser;
  let page;
  let acme;
  const row = (name) => page.getByTestId("record-row").filter({ hasText: name });
  const panel = () => page.getByTestId("record-panel");
  const note = () => panel().getByRole("region", { name: "Possible duplicates" });
  const toast = (text) => page.locator("[data-sonner-toast]").filter({ hasText: text });

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Twice Told" }));
    acme = await callProcedure(page, "companies.create", { name: "Acme", domain: "acme.example" });
    await callProcedure(page, "companies.create", { name: "ACME" });
    // Jane entered twice: once at Acme with her work email, once from a card with her personal one.
    await callProcedure(page, "contacts.create", {
      firstName: "Jane",
      lastName: "Smith",
      emails: ["jane@acme.example"],
      companyId: acme.id,
      title: "CFO",
    });
    await callProcedure(page, "contacts.create", {
      firstName: "Jane",
      lastName: "Smith",
      emails: ["jane.smith@mail.example"],
      phones: ["+1 555 0100"],
    });
    await callProcedure(page, "contacts.create", { firstName: "John", lastName: "Doe" });
  });
  after(() => browser?.close());

  it("shows a contact's look-alike above its details, and nothing for a contact without one", async () => {
    await page.goto("/contacts");
    await recordTotal(page, "3 contacts").waitFor();
    await row("John Doe").click();
    await panel().getByRole("heading", { name: "John Doe" }).waitFor();
    await panel().getByText("Created", { exact: true }).waitFor();
    assert.equal(await note().count(), 0, "no note for a contact without look-alikes");

    await row("jane@acme.example").click();
    await panel().getByText("CFO").first().waitFor();
    await note().getByText("Possible duplicate contact").waitFor();
    await note().getByText("· same name").waitFor();
    await note().getByText("jane.smith@mail.example", { exact: true }).waitFor();
    await screenshot(page, "possible-duplicate");
  });

  it("merges the two from the note: the panel shows the one kept, holding both emails, and the note is gone", async () => {
    await note().getByRole("button", { name: "Merge with Jane Smith" }).click();
    const dialog = page.getByRole("dialog", { name: "Merge two contacts" });
    await dialog.getByRole("radio", { name: "Keep Jane Smith" }).first().waitFor();
    // The older record (the one at Acme, open in the panel) is offered as the one to keep.
    await dialog.getByRole("button", { name: "Merge into “Jane Smith”" }).click();
    await dialog.waitFor({ state: "hidden" });
    await toast("Merged “Jane Smith” into “Jane Smith”.").waitFor();
    await recordTotal(page, "2 contacts").waitFor();
    await panel().getByText("jane.smith@mail.example").waitFor();
    await panel().getByRole("button", { name: "Phone" }).getByText("+1 555 0100").waitFor();
    await note().waitFor({ state: "detached" });

    // On the server: one Jane, with both emails, and no look-alike left.
    const found = await callProcedure(page, "search.records", { query: "Jane" }, { kind: "query" });
    assert.equal(found.contacts.length, 1);
    const { contact } = await callProcedure(page, "contacts.get", { id: found.contacts[0].id }, { kind: "query" });
    assert.deepEqual(contact.emails, ["jane@acme.example", "jane.smith@mail.example"]);
    assert.deepEqual(await callProcedure(page, "contacts.duplicates", { id: contact.id }, { kind: "query" }), []);
    assert.deepEqual(page.errors, []);
  });

  it("shows a company's look-alike by name and opens it from the note", async () => {
    await page.getByRole("link", { name: "Companies", exact: true }).click();
    // Jane's row says acme.example too: the companies list must be the one on screen.
    await recordTotal(page, "2 companies").waitFor();
    await row("acme.example").click();
    await note().getByText("Possible duplicate company").waitFor();
    await note().getByText("· same name").waitFor();
    await note().getByRole("link", { name: "ACME" }).click();
    await page.waitForURL((url) => url.searchParams.get("open") !== acme.id && url.searchParams.has("open"));
    await panel().getByRole("heading", { name: "ACME" }).waitFor();
    await note().getByText("acme.example", { exact: true }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("says who already holds the name or email typed into a new contact, and opens them instead", async () => {
    await page.getByRole("link", { name: "Contacts", exact: true }).click();
    await recordTotal(page, "2 contacts").waitFor();
    await page.getByRole("button", { name: "New contact" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New contact" });
    const existing = dialog.getByRole("list", { name: "Existing contacts" });
    await dialog.getByLabel("First name").fill("John");
    // "John Do" finds John Doe by prefix; once that answer is in, the form still names nobody.
    const answered = page.waitForResponse(
      (response) => response.url().includes("search.records") && decodeURIComponent(response.url()).includes("John Do"),
    );
    await dialog.getByLabel("Last name").fill("Do");
    const found = await (await answered).json();
    assert.match(JSON.stringify(found), /John Doe/, "the search itself found him");
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.equal(await existing.count(), 0, "a name that only starts like one is no match");
    await dialog.getByLabel("Last name").fill("Doe");
    await existing.getByText("John Doe is already a contact.").waitFor();

    // Her second address (merged in above) names her too.
    await dialog.getByLabel("Email").fill("Jane.Smith@mail.example");
    await existing.getByText("Jane Smith has this email as another address.").waitFor();
    await dialog.getByLabel("Email").fill("JANE@acme.example");
    await existing.getByText("Jane Smith already has this email.").waitFor();
    await screenshot(page, "new-contact-existing");
    await existing.getByRole("button", { name: "Open Jane Smith" }).click();
    await dialog.waitFor({ state: "hidden" });
    await panel().getByRole("heading", { name: "Jane Smith" }).waitFor();
    await recordTotal(page, "2 contacts").waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("says which company already holds the name or domain typed into a new company", async () => {
    await page.getByRole("link", { name: "Companies", exact: true }).click();
    await recordTotal(page, "2 companies").waitFor();
    await page.getByRole("button", { name: "New company" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New company" });
    const existing = dialog.getByRole("list", { name: "Existing companies" });
    // Its legal form and punctuation aside, the name is already taken twice.
    await dialog.getByLabel("Name").fill("Acme, Inc.");
    await existing.getByText("Acme is already a company (acme.example).").waitFor();
    await existing.getByText("ACME is already a company.").waitFor();
    await dialog.getByLabel("Name").fill("acme");
    await existing.getByText("Acme is already a company (acme.example).").waitFor();
    await existing.getByText("ACME is already a company.").waitFor();
    // The domain as people paste it: the server's normal form finds its holder, listed first.
    await dialog.getByLabel("Domain").fill("https://www.Acme.example/about");
    await existing.getByText("Acme already has acme.example.").waitFor();
    assert.deepEqual(await existing.getByRole("listitem").allInnerTexts(), [
      "Acme already has acme.example.\nOpen Acme",
      "ACME is already a company.\nOpen ACME",
    ]);
    await screenshot(page, "new-company-existing");
    await existing.getByRole("button", { name: "Open Acme", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await panel().getByRole("heading", { name: "Acme", exact: true }).waitFor();
    assert.deepEqual(page.errors, []);
  });
});

describe("the organization's possible duplicates, from the list page", () => {
  let browser;
  let page;
  let sams;
  const dialog = () => page.getByRole("dialog", { name: "Possible duplicate contacts" });
  const pair = (text) => dialog().getByTestId("duplicate-pair").filter({ hasText: text });
  const toast = (text) => page.locator("[data-sonner-toast]").filter({ hasText: text });

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await registeredUser(browser, { organization: "Look Alikes" }));
    const acme = await callProcedure(page, "companies.create", { name: "Acme" });
    const globex = await callProcedure(page, "companies.create", { name: "Globex" });
    for (const [firstName, lastName, email, companyId] of [
      ["Jane", "Smith", "jane@acme.example", acme.id],
      ["Jane", "Smith", "jane.smith@mail.example", undefined],
      ["Sam", "Lee", "sam@acme.example", acme.id],
      ["Sam", "Lee", "sam.lee@mail.example", undefined],
      ["Max", "Roe", "max@roe.example", undefined],
      ["Max", "Roe", "max@other.example", undefined],
      // Two people: the same name at two companies.
      ["Pat", "Kim", "pat@acme.example", acme.id],
      ["Pat", "Kim", "pat@globex.example", globex.id],
    ])
      await callProcedure(page, "contacts.create", { firstName, lastName, emails: [email], companyId });
    // The same person by another name: R. Fox's second email is Robin's.
    await callProcedure(page, "contacts.create", {
      firstName: "Robin",
      lastName: "Fox",
      emails: ["robin@fox.example"],
    });
    await callProcedure(page, "contacts.create", {
      firstName: "R.",
      lastName: "Fox",
      emails: ["rfox@mail.example", "Robin@Fox.example"],
    });
    const pairs = await callProcedure(page, "contacts.duplicatePairs", {}, { kind: "query" });
    sams = pairs.pairs.find((p) => p.key.includes("lee")).records.map((r) => r.id);
  });
  after(() => browser?.close());

  it("lists the look-alikes two by two, those sharing an email first, not two people at two companies", async () => {
    await page.goto("/contacts");
    await recordTotal(page, "10 contacts").waitFor();
    await page.getByRole("button", { name: "Duplicates" }).click();
    await pair("Jane Smith").waitFor();
    const listed = dialog().getByTestId("duplicate-pair");
    assert.equal(await listed.count(), 4);
    const fox = await listed.first().innerText();
    assert.match(fox, /Same email: robin@fox\.example/);
    assert.match(fox, /Robin Fox/);
    assert.match(fox, /R\. Fox/);
    assert.match(await pair("Jane Smith").innerText(), /Same name/);
    const sam = await pair("Sam Lee").innerText();
    assert.match(sam, /sam@acme\.example · Acme/);
    assert.match(sam, /sam\.lee@mail\.example/);
    assert.equal(await pair("Pat Kim").count(), 0);
    await screenshot(page, "duplicates-dialog");
  });

  it("marks Sam's pair as not duplicates (Undo offers it again): it leaves the list and Sam's panel", async () => {
    await pair("Sam Lee").getByRole("button", { name: "Not duplicates" }).click();
    const said = toast("The two contacts named Sam Lee are marked as not duplicates");
    await said.waitFor();
    await pair("Sam Lee").waitFor({ state: "detached" });
    // Undo offers them again; then said once more, for good.
    await said.getByRole("button", { name: "Undo" }).click();
    await pair("Sam Lee").waitFor();
    await said.waitFor({ state: "detached" });
    // Said again from the keyboard: j three times to Sam's pair (the shared email, then by name: Jane, Max, Sam), n.
    for (let i = 0; i < 3; i++) await page.keyboard.press("j");
    assert.equal(await pair("Sam Lee").getAttribute("aria-current"), "true");
    await page.keyboard.press("n");
    await said.waitFor();
    await pair("Sam Lee").waitFor({ state: "detached" });
    assert.deepEqual(await callProcedure(page, "contacts.duplicates", { id: sams[0] }, { kind: "query" }), []);
    const again = await callProcedure(page, "contacts.duplicatePairs", {}, { kind: "query" });
    assert.deepEqual(
      again.pairs.map((p) => p.key),
      ["robin@fox.example", "jane smith", "max roe"],
    );
  });

  it("says Max is not a duplicate from his panel's note: the note and the list's pair go", async () => {
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "hidden" });
    await page.getByTestId("record-row").filter({ hasText: "max@roe.example" }).click();
    const note = page.getByTestId("record-panel").getByRole("region", { name: "Possible duplicates" });
    await note.getByText("max@other.example").waitFor();
    await note.getByRole("button", { name: "Max Roe is not a duplicate" }).click();
    await toast("The two contacts named Max Roe are marked as not duplicates").waitFor();
    await note.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Duplicates" }).click();
    await pair("Jane Smith").waitFor();
    assert.equal(await pair("Max Roe").count(), 0);
  });

  it("merges both pairs side by side with m: one Robin and one Jane stay, and nothing is left to look at", async () => {
    // m merges the active pair: the shared email's first, then Jane's, the only one left.
    assert.equal(await pair("Robin Fox").getAttribute("aria-current"), "true");
    await page.keyboard.press("m");
    const mergeFox = page.getByRole("dialog", { name: "Merge two contacts" });
    await mergeFox.getByRole("button", { name: /^Merge into “(Robin|R\.) Fox”$/ }).click();
    await mergeFox.waitFor({ state: "hidden" });
    await pair("Robin Fox").waitFor({ state: "detached" });
    assert.equal(await pair("Jane Smith").getAttribute("aria-current"), "true");
    await page.keyboard.press("m");
    const merge = page.getByRole("dialog", { name: "Merge two contacts" });
    await merge.getByRole("button", { name: "Merge into “Jane Smith”" }).click();
    await merge.waitFor({ state: "hidden" });
    await toast("Merged “Jane Smith” into “Jane Smith”.").waitFor();
    await dialog().getByText("No possible duplicates").waitFor();
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "hidden" });
    await recordTotal(page, "8 contacts").waitFor();
    assert.deepEqual(page.errors, []);
  });

  it("opens from the palette anywhere, in the address: a reload keeps it open, Escape closes it", async () => {
    await page.goto("/home");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.keyboard.press("Control+k");
    await page.getByPlaceholder("Type a page or an action…").fill("duplicate contacts");
    await page.getByRole("option", { name: "Find duplicate contacts" }).click();
    await dialog().getByText("No possible duplicates").waitFor();
    assert.match(page.url(), /\/contacts\?duplicates=1$/);
    await page.reload();
    await dialog().getByText("No possible duplicates").waitFor();
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "hidden" });
    assert.match(page.url(), /\/contacts$/);
    assert.deepEqual(page.errors, []);
  });
});
