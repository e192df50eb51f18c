import { after, before, describe, it } from "node:test";
import {
  AUTH_EMULATOR_URL,
  BASE_URL,
  assert,
  fetchLocalWorker,
  launchBrowser,
  newPage,
  uniqueEmail,
} from "./harness.mjs";

/**
 * Google sign-in. The browser half: the button leaves for the provider (the Auth emulator's IdP
 * page stands in for Google) with the right provider and return URL. The Firebase SDK then needs
 * Google's gapi script (apis.google.com) to read the redirect result, even against the emulator,
 * so the round trip cannot finish on a machine without internet; the identity half is proven
 * through the emulator's own signInWithIdp endpoint and the running Worker.
 */
describe("Google sign-in", () => {
  let browser;

  before(async () => {
    browser = await launchBrowser();
  });
  after(() => browser?.close());

  it("'Continue with Google' redirects to the provider's page for google.com, returning to the app", async () => {
    const { page, context } = await newPage(browser);
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await page.goto("/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL(`${AUTH_EMULATOR_URL}/emulator/auth/handler**`);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("providerId"), "google.com");
    assert.equal(url.searchParams.get("authType"), "signInViaRedirect");
    assert.equal(url.searchParams.get("redirectUrl"), `${BASE_URL}/signin`);
  });

  it("a Google identity registers through the Worker and shows up as a connected account", async () => {
    const email = uniqueEmail("google");
    const idp = await fetch(
      `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: `g-${Date.now()}`, email, email_verified: true, name: "Katherine Johnson" }))}&providerId=google.com`,
          requestUri: BASE_URL,
          returnSecureToken: true,
        }),
      },
    ).then((r) => r.json());
    assert.ok(idp.idToken, JSON.stringify(idp));
    const call = (path, init = {}) =>
      fetchLocalWorker(`${BASE_URL}/trpc/${path}`, {
        ...init,
        headers: { authorization: `Bearer ${idp.idToken}`, "content-type": "application/json", ...init.headers },
      }).then((r) => r.json());

    const created = await call("organization.create", {
      method: "POST",
      body: JSON.stringify({ json: { name: "Langley Research" } }),
    });
    assert.equal(created.result.data.json.name, "Langley Research");
    const accounts = await call("user.getConnectedAccounts");
    const providers = accounts.result.data.json.map((a) => a.provider);
    assert.ok(providers.includes("google.com"), `providers: ${providers}`);
  });
});
