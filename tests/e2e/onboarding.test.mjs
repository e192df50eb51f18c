import { after, before, describe, it } from "node:test";
import {
  assert,
  callProcedure,
  createOrganization,
  eventually,
  launchBrowser,
  loseFirstAnswer,
  newPage,
  persistedQueryCount,
  screenshot,
  signIn,
  signUp,
  toastsShown,
  uniqueEmail,
} from "./harness.mjs";

describe("a new user signs up, creates an organization and lands on /home", () => {
  let browser;
  let page;
  const email = uniqueEmail("founder");

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await page.clock.install(); // runs as usual until the sign-out test moves it past the cache's save throttle
  });
  after(() => browser?.close());

  it("sends a signed-out visitor of / to /signin", async () => {
    await page.goto("/");
    await page.waitForURL("**/signin");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await screenshot(page, "signin-light");
  });

  it("signs up with email and password and is sent to /setup", async () => {
    await page
      .getByRole("link", { name: /create an account|sign up|create account/i })
      .first()
      .click();
    await page.waitForURL("**/signup");
    await screenshot(page, "signup-light");
    await signUp(page, { email, name: "Grace Hopper" });
    await page.waitForURL("**/setup");
    await page.getByText(email).first().waitFor();
    await screenshot(page, "setup-light");
  });

  it("creates the organization and lands on /home showing its name", async () => {
    await createOrganization(page, "Hopper Analytics");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    assert.match(await page.getByRole("heading", { level: 1 }).first().innerText(), /Grace/);
    // A new workspace: its cards say what will appear in them, once their lists have answered.
    await page.getByTestId("home-tasks").getByText("Nothing due").waitFor();
    await page.getByTestId("home-activity").getByText("No activity yet").waitFor();
    await screenshot(page, "home-light");
  });

  it("keeps the session across a reload", async () => {
    await page.reload();
    await page.getByTestId("organization-name").getByText("Hopper Analytics").waitFor();
    assert.ok(page.url().endsWith("/home"));
  });

  it("signs out to /signin and leaves no cached query in IndexedDB", async () => {
    // The copy a reload paints from is there while signed in.
    await eventually(async () => assert.ok((await persistedQueryCount(page)) > 0));
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL("**/signin");
    // Any save of the cache (throttled to one per 10 s) still pending fires now; its write then has a moment to land.
    await page.clock.runFor(11_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(await persistedQueryCount(page), 0);
  });

  it("shows the provider's wrong-password error in words", async () => {
    await signIn(page, { email, password: "not-the-password" });
    await page.getByRole("alert").getByText("Wrong email or password.").waitFor();
  });

  it("signs back in and returns to the page the user asked for", async () => {
    await page.goto("/settings/preferences");
    await page.waitForURL("**/signin");
    await signIn(page, { email });
    await page.waitForURL("**/settings/preferences");
    assert.deepEqual(
      page.errors.filter((e) => !/Failed to load resource/.test(e)),
      [],
    );
  });
});

describe("a new workspace whose answer was lost on the way", () => {
  let browser;
  before(async () => (browser = await launchBrowser()));
  after(() => browser?.close());

  it("is sent again and lands on /home in the workspace it made, without an error", async () => {
    const { page } = await newPage(browser);
    await page.goto("/signup");
    await signUp(page, { email: uniqueEmail("lost-answer"), name: "Katherine Johnson" });
    const sent = await loseFirstAnswer(page, "organization.create");
    await createOrganization(page, "Langley Research");
    assert.equal(sent.length, 2, "sent again after no answer");
    const user = await callProcedure(page, "user.getUser", undefined, { kind: "query" });
    assert.equal(user.organization.name, "Langley Research");
    assert.equal(user.role, "owner");
    assert.deepEqual(await toastsShown(page), []);
  });
});
