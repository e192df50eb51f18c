import http from "node:http";
import { after, before, describe, it } from "node:test";
import { assert, BASE_URL, launchBrowser, newPage, registeredUser } from "./harness.mjs";

/** A companion tool on an allowed origin (.env.emulator lists http://127.0.0.1:8788). */
function companionServer() {
  const html = `<!doctype html><title>Companion</title><body><button id="connect">Connect</button><pre id="out"></pre>
<script>
  window.received = null;
  addEventListener("message", (e) => { if (e.origin === ${JSON.stringify(BASE_URL)}) { window.received = e.data; document.getElementById("out").textContent = JSON.stringify(e.data); } });
  document.getElementById("connect").onclick = () => window.open(${JSON.stringify(BASE_URL)} + "/auth/token-provider?app=Companion&origin=" + encodeURIComponent(location.origin), "crm", "width=480,height=640");
</script></body>`;
  const server = http.createServer((_req, res) => res.end(html));
  return new Promise((resolve) => server.listen(8788, "127.0.0.1", () => resolve(server)));
}

describe("/auth/token-provider hands an ID token only to allowed origins", () => {
  let browser;
  let owner;

  before(async () => {
    browser = await launchBrowser();
    owner = await registeredUser(browser, { organization: "Token Test Co" });
  });
  after(() => browser?.close());

  it("sends a fresh ID token to an allowed opener when the person allows it", async () => {
    const server = await companionServer();
    try {
      const { page, context, email } = owner;
      await page.goto("http://127.0.0.1:8788/");
      const [popup] = await Promise.all([context.waitForEvent("page"), page.click("#connect")]);
      await popup
        .getByText(/Companion/)
        .first()
        .waitFor();
      await popup.getByRole("button", { name: "Allow" }).click();
      await page.waitForFunction(() => window.received !== null);
      const message = await page.evaluate(() => window.received);
      assert.equal(message.type, "team-crm:id-token");
      const payload = JSON.parse(Buffer.from(message.token.split(".")[1], "base64url").toString());
      assert.equal(payload.email, email);
    } finally {
      server.close();
    }
  });

  it("refuses an origin that is not on the allow-list, visibly", async () => {
    const { page } = owner;
    await page.goto("/auth/token-provider?app=Evil%20Tool&origin=https%3A%2F%2Fevil.example");
    await page
      .getByText(/not allowed/i)
      .first()
      .waitFor();
  });

  it("refuses when the page was not opened by another window", async () => {
    const { page } = owner;
    await page.goto("/auth/token-provider?app=Companion&origin=http%3A%2F%2F127.0.0.1%3A8788");
    await page
      .getByText(/not allowed|opened by|no app/i)
      .first()
      .waitFor();
  });

  it("signed out, it asks the person to sign in first", async () => {
    const { page } = await newPage(browser);
    await page.goto("/auth/token-provider?app=Companion&origin=http%3A%2F%2F127.0.0.1%3A8788");
    const signInLink = page.getByRole("link", { name: /sign in/i }).first();
    await signInLink.waitFor();
    assert.ok(await signInLink.isVisible());
  });
});
