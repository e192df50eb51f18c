import { after, before, describe, it } from "node:test";
import { AUTH_EMULATOR_URL, assert, createOrganization, launchBrowser, newPage, screenshot, uniqueEmail } from "./harness.mjs";

describe("Google sign-in through a redirect (the Auth emulator's IdP page stands in for Google)", () => {
  let browser;
  let page;
  const email = uniqueEmail("google");

  before(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    // The emulator's IdP page links styles from a CDN; there is no internet here, so refuse
    // anything that is not on this machine instead of waiting on it.
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  });
  after(() => browser?.close());

  it("redirects to the provider, comes back signed in, and a new user goes to /setup", async () => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL(`${AUTH_EMULATOR_URL}/emulator/auth/handler**`);
    await page.click("#add-account-button");
    await page.fill("#email-input", email);
    await page.fill("#display-name-input", "Katherine Johnson");
    await page.click("#sign-in");
    await page.waitForURL("**/setup", { timeout: 30_000 });
    await page.getByText(email).first().waitFor();
  });

  it("creates a workspace and lists Google among the connected accounts", async () => {
    await createOrganization(page, "Langley Research");
    await page.goto("/settings/accounts");
    const account = page.getByTestId("connected-account").filter({ hasText: "Google" });
    await account.waitFor();
    assert.match(await account.innerText(), new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await screenshot(page, "settings-accounts-google");
  });
});
