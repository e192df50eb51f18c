import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  launchBrowser,
  loseFirstAnswer,
  newPage,
  registeredUser,
  screenshot,
  settled,
  signUp,
  toastsShown,
  uniqueEmail,
} from "./harness.mjs";

/** The invite link /settings/members shows once an invite is created. */
async function shownInviteUrl(page) {
  const link = page.getByTestId("invite-link");
  await link.waitFor();
  const text = (await link.inputValue().catch(() => null)) ?? (await link.innerText());
  const url = text.match(/https?:\/\/\S+\/invite\/[\w-]+/)?.[0];
  assert.ok(url, `no invite URL in ${text}`);
  return url;
}

/** The toasts that said a write failed ("Could not …"). */
const refusalsShown = async (page) => (await toastsShown(page)).filter((toast) => toast.includes("Could not"));

describe("a teammate joins through an invite link", () => {
  let browser;
  let owner;
  let inviteUrl;
  const teammateEmail = `teammate-${Date.now().toString(36)}@example.com`;

  before(async () => {
    browser = await launchBrowser();
    owner = await registeredUser(browser, { organization: "Northwind Sales", name: "Nancy Davolio" });
  });
  after(() => browser?.close());

  it("an owner invites a teammate by email from /settings/members and gets a link", async () => {
    const { page } = owner;
    await page.goto("/settings/members");
    await page.fill('input[name="email"]', teammateEmail);
    await page.click('button:has-text("Send invite")');
    inviteUrl = await shownInviteUrl(page);
    // One click copies it.
    await owner.context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Invite link copied.").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), inviteUrl);
    await page.getByText(teammateEmail).first().waitFor();
    await screenshot(page, "settings-members");
  });

  it("the teammate opens the link, creates an account and lands in the same organization", async () => {
    const { page } = await newPage(browser);
    await page.goto(inviteUrl);
    await page.getByText("Northwind Sales").first().waitFor();
    await screenshot(page, "invite-signed-out");
    await page
      .getByRole("link", { name: "Create account" })
      .or(page.getByRole("button", { name: "Create account" }))
      .first()
      .click();
    await page.waitForURL("**/signup");
    await signUp(page, { email: teammateEmail, name: "Andrew Fuller" });
    await page.waitForURL("**/invite/**");
    const asked = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/trpc/")) asked.push(pathname.slice(6));
    });
    await page.getByRole("button", { name: /^Join / }).click();
    await page.waitForURL("**/home");
    await page.getByTestId("organization-name").getByText("Northwind Sales").waitFor();
    await settled(page);
    // Joining never asks for the used invite again: it would answer 409 "already used".
    const afterJoin = asked.slice(asked.findIndex((names) => names.includes("invite.accept")));
    assert.ok(afterJoin.length > 0, `no invite.accept among ${asked.join(", ")}`);
    assert.deepEqual(
      afterJoin.filter((names) => names.includes("invite.get")),
      [],
    );
    assert.deepEqual(page.errors, []);
  });

  it("the owner sees the teammate among the members", async () => {
    const { page } = owner;
    await page.goto("/settings/members");
    await page.getByText(teammateEmail).first().waitFor();
    await page.getByText("Andrew Fuller").first().waitFor();
  });

  it("a used invite link says so", async () => {
    const { page } = await newPage(browser);
    await page.goto(inviteUrl);
    await page.getByText("This invite has already been used.").waitFor();
    await screenshot(page, "invite-used");
  });
});

describe("an invite accepted while the answer was lost on the way", () => {
  let browser;
  before(async () => (browser = await launchBrowser()));
  after(() => browser?.close());

  it("is sent again and lands on /home in the organization joined, without 'already been used'", async () => {
    const owner = await registeredUser(browser, { organization: "Contoso Field Sales", name: "Megan Bowen" });
    const email = uniqueEmail("joiner");
    const invite = await callProcedure(owner.page, "organization.invite", { email });
    const { page } = await newPage(browser);
    await page.goto("/signup");
    await signUp(page, { email, name: "Alex Wilber" });
    await page.waitForURL("**/setup");
    await page.goto(invite.path);
    const sent = await loseFirstAnswer(page, "invite.accept");
    await page.getByRole("button", { name: /^Join / }).click();
    await page.waitForURL("**/home");
    await page.getByTestId("organization-name").getByText("Contoso Field Sales").waitFor();
    assert.equal(sent.length, 2, "sent again after no answer");
    assert.deepEqual(await toastsShown(page), []);
    const members = await callProcedure(owner.page, "organization.listMembers", undefined, { kind: "query" });
    assert.deepEqual(members.map((m) => m.email).sort(), [owner.email, email].sort());
  });
});

describe("/settings/members when an answer is lost on the way", () => {
  let browser;
  let owner;
  before(async () => {
    browser = await launchBrowser();
    owner = await registeredUser(browser, { organization: "Fabrikam Inside Sales", name: "Lee Gu" });
  });
  after(() => browser?.close());

  const pendingFor = (email) => owner.page.getByTestId("pending-invite").filter({ hasText: email });

  it("an invite sent again shows one pending invite, and the link it shows is the one that works", async () => {
    const { page } = owner;
    const email = uniqueEmail("resent-invite");
    await page.goto("/settings/members");
    const sent = await loseFirstAnswer(page, "organization.invite");
    await page.fill('input[name="email"]', email);
    await page.click('button:has-text("Send invite")');
    await page.getByText(`Invite created for ${email}.`).waitFor();
    assert.equal(sent.length, 2, "sent again after no answer");
    const path = new URL(await shownInviteUrl(page)).pathname;
    // The list is read again once the invite is made: counted when it shows it and no call is on its way.
    await pendingFor(email).first().waitFor();
    await settled(page);
    assert.equal(await pendingFor(email).count(), 1);
    const opened = await callProcedure(page, "invite.get", { token: path.split("/").at(-1) }, { kind: "query" });
    assert.equal(opened.email, email);
    assert.deepEqual(await refusalsShown(page), []);
  });

  it("a revoke sent again says the invite is revoked, takes it off the list, and its link says so", async () => {
    const { page } = owner;
    const email = uniqueEmail("revoked-invite");
    const invite = await callProcedure(page, "organization.invite", { email });
    await page.goto("/settings/members");
    const sent = await loseFirstAnswer(page, "invite.revoke");
    await pendingFor(email).getByRole("button", { name: "Revoke" }).click();
    await page.getByText(`Invite for ${email} revoked. Its link no longer works.`).waitFor();
    assert.equal(sent.length, 2, "sent again after no answer");
    await pendingFor(email).waitFor({ state: "detached" });
    assert.deepEqual(await refusalsShown(page), []);
    const visitor = await newPage(browser);
    await visitor.page.goto(invite.path);
    await visitor.page.getByText("This invite was revoked. Ask Lee Gu for a new one.").waitFor();
    await screenshot(visitor.page, "invite-revoked");
  });
});
