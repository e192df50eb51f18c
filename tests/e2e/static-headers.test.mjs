// What the app's static files are served with (web/public/_headers): its scripts kept by the browser for good,
// its pages asked for again, and no page shown inside another site's frame.
import http from "node:http";
import { after, before, describe, it } from "node:test";
import { assert, BASE_URL, fetchLocalWorker, launchBrowser, newPage } from "./harness.mjs";

/** A page of another site (another port is another origin) holding the given HTML. */
function otherSite(html) {
  const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("the app's static files", () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(() => browser?.close());

  it("serve the scripts a page names as kept for a year, and each page as asked for again", async () => {
    const page = await fetchLocalWorker(`${BASE_URL}/contacts`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get("cache-control"), /max-age=0, must-revalidate/);
    const html = await page.text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    assert.ok(scripts.length >= 2, `the page names only ${scripts.length} assets`);
    for (const script of scripts) {
      const res = await fetchLocalWorker(`${BASE_URL}${script}`);
      assert.equal(res.status, 200, script);
      assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable", script);
    }
    // The rules file itself is not served: its path is a page of the app like any unknown one.
    const rules = await fetchLocalWorker(`${BASE_URL}/_headers`);
    assert.doesNotMatch(await rules.text(), /Cache-Control:/);
  });

  it("are not shown inside another site's frame; its own pages are", async () => {
    const site = await otherSite(
      `<!doctype html><iframe id="app" src="${BASE_URL}/signin"></iframe><iframe id="own" srcdoc="<p>Own page</p>"></iframe>`,
    );
    try {
      const { context, page } = await newPage(browser);
      const refused = page.waitForEvent("console", {
        predicate: (message) => /frame-ancestors|X-Frame-Options/.test(message.text()),
        timeout: 10_000,
      });
      await page.goto(`http://127.0.0.1:${site.address().port}/`);
      await refused;
      await page.frameLocator("#own").getByText("Own page").waitFor();
      const appFrame = await (await page.$("#app")).contentFrame();
      assert.equal(await appFrame.locator('input[name="email"]').count(), 0);
      await context.close();
    } finally {
      site.close();
    }
  });
});
