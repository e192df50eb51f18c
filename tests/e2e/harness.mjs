// Shared by the browser tests: Debian's Chromium through playwright-core, and the steps a
// person takes (sign up, create a workspace) written once.
import axe from "axe-core";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { afterEach } from "node:test";
import Papa from "papaparse";
import { chromium } from "playwright-core";
import superjson from "superjson";

export const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8787";
export const AUTH_EMULATOR_URL = process.env.AUTH_EMULATOR_URL ?? "http://127.0.0.1:9099";
const OUTPUT = process.env.E2E_OUTPUT ?? path.resolve("tests/e2e/output");

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A fresh browser profile (own IndexedDB, cookies); page errors fail loudly in the log. */
export async function newPage(
  browser,
  {
    colorScheme = "light",
    viewport = { width: 1360, height: 860 },
    locale,
    timezoneId = process.env.E2E_TIME_ZONE,
    hasTouch = false,
    reminders = false,
  } = {},
) {
  // `locale` pins number and date formats ("1,000", "3:00 PM") for tests that read them; `timezoneId` the browser's
  // time zone (the run's otherwise: tests/e2e/day-zone.mjs). `hasTouch`: a touch screen,
  // whose pointer is coarse (a phone). `reminders`: task reminders as the app sets them, at the due time; off unless
  // asked for, or a test's task due now would put a reminder among the toasts it reads.
  const context = await browser.newContext({
    baseURL: BASE_URL,
    colorScheme,
    viewport,
    hasTouch,
    ...(locale && { locale }),
    ...(timezoneId && { timezoneId }),
  });
  await context.addInitScript(recordToasts);
  if (!reminders)
    await context.addInitScript(() => {
      try {
        if (localStorage.getItem("taskReminders") === null) localStorage.setItem("taskReminders", "off");
      } catch {
        // A frame without storage (about:blank): no app runs there.
      }
    });
  context.on("page", instrument);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Every page of a test's browser context, the first and any it opens later (a tab opened again): its errors, calls
 * and toasts are kept for a failed test's report, and its navigations are tried once more when the dev proxy drops.
 */
function instrument(page) {
  openPages.add(page);
  page.on("close", () => openPages.delete(page));
  page.errors = [];
  // Nothing may leave the machine: no analytics unless configured, no fonts, no CDNs.
  page.externalRequests = [];
  page.on("request", (request) => {
    const { hostname, protocol } = new URL(request.url());
    if ((protocol === "http:" || protocol === "https:") && hostname !== "127.0.0.1" && hostname !== "localhost")
      page.externalRequests.push(request.url());
  });
  // Requests still open, so a navigation that times out can say what it waited for.
  page.pending = new Set();
  // And when a call to the Worker last started or ended, for settled().
  page.lastCallMoved = Date.now();
  const track = (request, open) => {
    if (open) page.pending.add(request);
    else page.pending.delete(request);
    if (isCall(request)) page.lastCallMoved = Date.now();
  };
  page.on("request", (request) => track(request, true));
  page.on("requestfinished", (request) => track(request, false));
  page.on("requestfailed", (request) => track(request, false));
  page.on("pageerror", (error) => page.errors.push(error.message));
  // The app's last calls, and every toast shown (a toast is gone 5 s later), for a failed test to tell.
  page.calls = [];
  const sentAt = new WeakMap();
  page.on("request", (request) => sentAt.set(request, Date.now()));
  const logCall = async (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith("/trpc/")) return;
    const status = request.failure()?.errorText ?? (await request.response().catch(() => null))?.status();
    const took = Date.now() - (sentAt.get(request) ?? Date.now());
    page.calls.push(`${clockTime()} ${request.method()} ${pathname.slice(6)} ${status} in ${took} ms`);
    if (page.calls.length > 12) page.calls.shift();
  };
  page.on("requestfinished", logCall);
  page.on("requestfailed", logCall);
  // wrangler 4.86's dev proxy can lose a request sent on a pooled connection that idled ~5 s (both
  // ends close it at once; fixed upstream in workers-sdk#15252, in wranglers that need Node 22): the
  // asset then never arrives. A navigation that waits 15 s for one is tried once more, and says so.
  const retried =
    (navigate, what) =>
    async (...args) => {
      const options = typeof args.at(-1) === "object" ? args.pop() : {};
      try {
        return await navigate(...args, { timeout: 15_000, ...options });
      } catch (error) {
        if (!String(error?.message).includes("Timeout")) throw error;
        const open = [...page.pending].map((r) => `${r.method()} ${r.url()}`);
        console.warn(`! ${what(args)} did not load (still open: ${open.join(", ") || "none"}); loading it again`);
        return navigate(...args, options);
      }
    };
  page.goto = retried(page.goto.bind(page), ([url]) => url);
  page.reload = retried(page.reload.bind(page), () => "the reload");
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // "Failed to load resource: … 404" names no resource by itself; its location does.
    const { url } = message.location();
    page.errors.push(
      message.text().startsWith("Failed to load resource") && url ? `${message.text()}: ${url}` : message.text(),
    );
  });
  // A call wrangler's dev proxy dropped (503 "Your worker restarted mid-request", see fetchLocalWorker) never
  // reached the Worker, and the app sends it again: not the app's error. Chromium still logs its 503, which would
  // fail every later test of the file that expects no errors; it is said as a warning instead.
  page.on("response", async (response) => {
    if (response.status() !== 503 || !isCall(response.request())) return;
    const body = await response.text().catch(() => "");
    if (!body.includes(PROXY_DROPPED)) return;
    console.warn(`! ${response.request().method()} ${response.url()} was dropped by wrangler's dev proxy (503)`);
    const logged = `503 (Service Unavailable): ${response.url()}`;
    // The console message may come just after the response.
    for (const wait of [0, 100, 500]) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      const at = page.errors.findIndex((error) => error.endsWith(logged));
      if (at >= 0) return void page.errors.splice(at, 1);
    }
  });
}

const openPages = new Set();

/** A call to the Worker's API (not an asset, not the Auth emulator). */
const isCall = (request) => new URL(request.url()).pathname.startsWith("/trpc/");

/** The time of day to the millisecond, as the failed test's report prints it. */
const clockTime = (date = new Date()) => date.toISOString().slice(11, 23);

/** Runs in the page before its scripts: keeps the text of every toast shown, with the real time (not page.clock's). */
function recordToasts() {
  const RealDate = Date;
  const seen = new WeakSet();
  window.__toastsShown = [];
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
      if (seen.has(toast)) continue;
      seen.add(toast);
      const text = toast.innerText.replace(/\s+/g, " ").trim().slice(0, 120);
      window.__toastsShown.push(`${new RealDate().toISOString().slice(11, 23)} ${text}`);
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * A failed test says what its pages showed when it failed, in its error (all a CI log may keep): the address, where
 * the keyboard was, the dialogs, menus and toasts open, the last toasts shown, the active row, the last errors, the
 * last calls to the Worker (when, status, how long) and the requests still open.
 * A screenshot of each is saved as "FAILED <test>".
 */
afterEach(async (t) => {
  if (t.passed || openPages.size === 0) return;
  const lines = [];
  let n = 0;
  for (const page of openPages) {
    n += 1;
    const label = openPages.size > 1 ? `page ${n}` : "page";
    try {
      const name = `FAILED ${t.name}`.replace(/[^\w .,-]+/g, "_").slice(0, 100) + (openPages.size > 1 ? ` ${n}` : "");
      await page.screenshot({ path: path.join(OUTPUT, "screenshots", `${name}.png`), timeout: 5_000 }).catch(() => {});
      const shown = await Promise.race([
        page.evaluate(describeShown),
        new Promise((resolve) => setTimeout(() => resolve(["(the page did not answer)"]), 5_000)),
      ]);
      lines.push(`${label}: ${page.url()}`, ...shown.map((line) => `  ${line}`));
      if (page.errors.length) lines.push(`  last errors: ${page.errors.slice(-5).join(" | ")}`);
      if (page.calls.length)
        lines.push(`  last calls (failed at ${clockTime()}):`, ...page.calls.map((c) => `    ${c}`));
      const open = [...page.pending].map((request) => `${request.method()} ${request.url()}`);
      if (open.length) lines.push(`  requests still open: ${open.join(", ")}`);
    } catch (error) {
      lines.push(`${label}: could not be read (${error?.message})`);
    }
  }
  const error = t.error?.cause ?? t.error;
  if (!(error instanceof Error)) return;
  const said = `\n  What the browser showed:\n${lines.map((line) => `    ${line}`).join("\n")}`;
  const stack = error.stack ?? "";
  const at = stack.search(/\n\s+at /);
  error.stack = at < 0 ? stack + said : stack.slice(0, at) + said + stack.slice(at);
});

/** Runs in the page: what a person would see of it, in a few lines. */
function describeShown() {
  const text = (element) => (element?.innerText ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
  const named = (element) => {
    if (!element) return "nothing";
    const role = element.getAttribute("role");
    const label = element.getAttribute("aria-label");
    const testId = element.getAttribute("data-testid");
    return [
      element.tagName.toLowerCase(),
      role && `role=${role}`,
      label && `“${label}”`,
      testId && `testid=${testId}`,
      `“${text(element).slice(0, 60)}”`,
    ]
      .filter(Boolean)
      .join(" ");
  };
  const overlays = [...document.querySelectorAll("[role=dialog],[role=alertdialog],[role=menu],[role=listbox]")];
  const toasts = [...document.querySelectorAll("[data-sonner-toast]")];
  const hidden = [...document.body.children].filter((element) => element.getAttribute("aria-hidden") === "true");
  return [
    `keyboard at: ${named(document.activeElement)}`,
    `heading: ${text(document.querySelector("h1")) || "none"}`,
    ...overlays.map((overlay) => {
      const title = overlay.querySelector("h1,h2,h3")?.textContent ?? overlay.getAttribute("aria-label") ?? "";
      return `open ${overlay.getAttribute("role")}${overlay.dataset.testid ? ` (${overlay.dataset.testid})` : ""}: “${title}”`;
    }),
    ...toasts.map((toast) => `toast: ${text(toast)}`),
    ...(window.__toastsShown ?? []).slice(-5).map((toast) => `toast shown at ${toast}`),
    `active row: ${text(document.querySelector("[data-active]")) || "none"}`,
    ...(hidden.length
      ? [`aria-hidden at the top: ${hidden.map((element) => element.tagName.toLowerCase()).join(", ")}`]
      : []),
  ];
}

/**
 * `check` (async; throws while what it expects is not there yet) tried until it passes or `timeout` ms
 * went by. For what the server holds after an action whose request the page sends a moment later (a
 * quick add clears its field, then sends): settled() may come before that request starts.
 */
export async function eventually(check, timeout = 10_000) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > end) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Resolves once the page has had no call to the Worker open for `quietMs`: what a test waits for before reading the
 * server after an action whose save the page sends a moment after it shows the change (optimistically).
 * Not Playwright's waitForLoadState("networkidle"), which resolves at once on a page that was idle once since it
 * loaded, and so read the server while an Undo's save was still on its way (CI, tasks: the old due date).
 */
export async function settled(page, { quietMs = 300, timeout = 15_000 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const open = [...page.pending].filter(isCall);
    if (open.length === 0 && Date.now() - page.lastCallMoved >= quietMs) return;
    if (Date.now() > end)
      throw new Error(
        `calls still open after ${timeout} ms: ${open.map((r) => `${r.method()} ${r.url()}`).join(", ")}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The page's errors, a failed request said as "<status> <procedure>" ("409 properties.create") and a
 * failed asset as "<status> <path>": what a test expects the browser to have logged.
 */
export function loggedErrors(page) {
  return page.errors.map((error) => {
    const failed = /^Failed to load resource: .* status of (\d+) .*?: (\S+)$/.exec(error);
    if (!failed) return error;
    const { pathname } = new URL(failed[2]);
    return `${failed[1]} ${pathname.startsWith("/trpc/") ? decodeURIComponent(pathname.slice(6)) : pathname}`;
  });
}

/**
 * The task list's parts, found on the page `pageOf()` gives when each is used (a test's page is set in its `before`):
 * a row by its title, a tab's count, the open picker (not the toolbar's "Assigned to" list), a toast by its text.
 */
export function taskLocators(pageOf) {
  return {
    row: (title) =>
      pageOf()
        .getByTestId("task-row")
        .filter({ has: pageOf().getByText(title, { exact: true }) }),
    count: (tab) => pageOf().getByTestId(`task-tab-count-${tab}`),
    picker: () => pageOf().locator("[data-picker]"),
    toast: (text) => pageOf().locator("[data-sonner-toast]").filter({ hasText: text }),
  };
}

export async function screenshot(page, name) {
  await page.screenshot({ path: path.join(OUTPUT, "screenshots", `${name}.png`) });
}

let counter = 0;
export function uniqueEmail(label = "user") {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = "correct-horse-9";

/**
 * Moments in the browser's time zone, as the page reads them: `{ name: [days from today, hour, minute?] }` to
 * `{ name: Date }`.
 */
export async function browserTimes(page, moments) {
  const iso = await page.evaluate((wanted) => {
    const at = ([days, hour, minute = 0]) => {
      const d = new Date();
      d.setDate(d.getDate() + days);
      d.setHours(hour, minute, 0, 0);
      return d.toISOString();
    };
    return Object.fromEntries(Object.entries(wanted).map(([name, moment]) => [name, at(moment)]));
  }, moments);
  return Object.fromEntries(Object.entries(iso).map(([name, at]) => [name, new Date(at)]));
}

export async function signUp(page, { email, password = PASSWORD, name = "Ada Lovelace" }) {
  if (!page.url().includes("/signup")) await page.goto("/signup");
  await page.fill('input[name="displayName"]', name);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]:has-text("Create account")');
}

export async function signIn(page, { email, password = PASSWORD }) {
  if (!page.url().includes("/signin")) await page.goto("/signin");
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]:has-text("Sign in")');
}

/** From /setup: name the workspace and land on /home. */
export async function createOrganization(page, name = "Acme Sales") {
  await page.waitForURL("**/setup");
  await page.fill('input[name="name"]', name);
  await page.click('button[type="submit"]:has-text("Create workspace")');
  await page.waitForURL("**/home");
  await page.getByTestId("organization-name").getByText(name).waitFor();
}

/** A new user with a new workspace, signed in on /home. */
export async function registeredUser(browser, options = {}) {
  const { context, page } = await newPage(browser, options);
  const email = uniqueEmail(options.label ?? "owner");
  await page.goto("/signup");
  await signUp(page, { email, name: options.name ?? "Ada Lovelace" });
  await createOrganization(page, options.organization ?? "Acme Sales");
  return { context, page, email };
}

/**
 * A teammate who joins the workspace of `ownerPage`'s user through an invite: signs up in a browser
 * profile of their own and accepts it (the invite flow itself is tested in invite.test.mjs).
 */
export async function teammateJoins(browser, ownerPage, name) {
  const email = uniqueEmail("teammate");
  const invite = await callProcedure(ownerPage, "organization.invite", { email });
  const { context, page } = await newPage(browser);
  await page.goto("/signup");
  await signUp(page, { email, name });
  await page.waitForURL("**/setup");
  await callProcedure(page, "invite.accept", { token: invite.path.split("/").pop() });
  return { context, page, email };
}

/**
 * On a record page: opens New contact and fills the fields given (firstName, lastName, email,
 * title, leadStatus); returns the dialog, for the test to add to it and submit.
 */
export async function fillNewContact(page, fields) {
  await page.getByRole("button", { name: "New contact" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New contact" });
  for (const name of ["firstName", "lastName", "email", "title"])
    if (fields[name] !== undefined) await dialog.locator(`input[name="${name}"]`).fill(fields[name]);
  if (fields.leadStatus) await dialog.locator('select[name="leadStatus"]').selectOption(fields.leadStatus);
  return dialog;
}

/** Adds a contact through the New contact dialog and waits for its row in the table. */
export async function addContact(page, fields) {
  const dialog = await fillNewContact(page, fields);
  await dialog.getByRole("button", { name: "Create contact" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page
    .getByTestId("record-row")
    .filter({ hasText: `${fields.firstName} ${fields.lastName}` })
    .waitFor();
}

/** The number of cached queries the persister wrote to IndexedDB (0 when nothing is stored). */
export async function persistedQueryCount(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("team-crm");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("query-cache")) return resolve(0);
          const req = db.transaction("query-cache").objectStore("query-cache").getAll();
          req.onsuccess = () => {
            let count = 0;
            for (const value of req.result) {
              // Stored as an object (an older copy: superjson's text).
              if (typeof value === "object") {
                count += value?.clientState?.queries?.length ?? 0;
                continue;
              }
              try {
                const parsed = JSON.parse(value);
                count += (parsed.json ?? parsed).clientState?.queries?.length ?? 0;
              } catch {
                count += 1;
              }
            }
            resolve(count);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** Opens /contacts' Import and chooses a CSV file (`csv`: its text, or its bytes); returns the dialog. */
export const openContactImport = (page, name, csv) => openImport(page, "contacts", name, csv);

/** The same on /companies. */
export const openCompanyImport = (page, name, csv) => openImport(page, "companies", name, csv);

async function openImport(page, records, name, csv) {
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Import ${records}` });
  const buffer = typeof csv === "string" ? Buffer.from(csv) : csv;
  await dialog.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer });
  return dialog;
}

/** Closes an import dialog holding a mapped file with Escape, answering its "Discard this import?" with Discard. */
export async function discardImport(page, dialog) {
  await page.keyboard.press("Escape");
  await dialog
    .getByRole("alert")
    .filter({ hasText: "Discard this import?" })
    .getByRole("button", { name: "Discard" })
    .click();
  await dialog.waitFor({ state: "hidden" });
}

/** Rows (objects with the same keys) as CSV text, the way a spreadsheet exports it. */
export function toCsv(rows, columns) {
  return Papa.unparse(rows, { columns, newline: "\n" });
}

/** CSV text (with a header row) as objects keyed by header. */
export function parseCsv(text) {
  const result = Papa.parse(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy" });
  assert.deepEqual(result.errors, [], "the CSV parses cleanly");
  return { columns: result.meta.fields ?? [], rows: result.data };
}

/** Waits for the download `trigger` starts and returns the file's text. */
export async function downloadText(page, trigger) {
  const [download] = await Promise.all([page.waitForEvent("download"), trigger()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, "utf8") };
}

/** The signed-in user's Firebase ID token, as the SPA stored it (IndexedDB persistence). */
export async function idTokenOf(page) {
  const token = await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("firebaseLocalStorageDb");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("firebaseLocalStorage")) return resolve(null);
          const req = db.transaction("firebaseLocalStorage").objectStore("firebaseLocalStorage").getAll();
          req.onsuccess = () => {
            const user = req.result.find((r) => String(r.fbase_key).startsWith("firebase:authUser:"));
            resolve(user?.value?.stsTokenManager?.accessToken ?? null);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
  assert.ok(token, "a signed-in user's ID token is stored in the page");
  return token;
}

const PROXY_DROPPED = "Your worker restarted mid-request";

/**
 * fetch from wrangler dev, whose proxy (4.86) can lose a request sent on a pooled connection that idled ~5 s (README,
 * Quick start): a POST then gets 503 "Your worker restarted mid-request", a GET never answers. Neither reached the
 * Worker, so each is sent once more, as the app's local builds do (web/src/lib/trpc-links.ts). Under load the proxy
 * also resets a connection now and then (ECONNRESET): a GET is then sent again, and so is a POST that `resendable`
 * marks as safe to send twice (a keyed write, answered the second time as the first).
 */
export async function fetchLocalWorker(url, { resendable, ...init } = {}) {
  const get = (init.method ?? "GET") === "GET";
  const { pathname } = new URL(url);
  try {
    const res = await fetch(url, get ? { ...init, signal: AbortSignal.timeout(10_000) } : init);
    if (res.status !== 503 || !(await res.clone().text()).includes(PROXY_DROPPED)) return res;
    console.warn(`! ${get ? "GET" : "POST"} ${pathname} was dropped by wrangler's dev proxy (503); sending it again`);
  } catch (error) {
    const lost = error instanceof TypeError && error.message === "fetch failed";
    if (get && error?.name === "TimeoutError")
      console.warn(`! GET ${pathname} got no answer in 10 s; sending it again`);
    else if (lost && (get || resendable))
      console.warn(
        `! ${get ? "GET" : "POST"} ${pathname} lost its connection (${error.cause?.code}); sending it again`,
      );
    else throw error;
  }
  return fetch(url, init);
}

/**
 * The writes that take a write key, `router.procedure`, read from worker/src/routers: each procedure whose input
 * is `keyed(…)` (schemas/write-key.ts), in the router file of its name. (`properties.create` is not: its `key` is
 * the property's.)
 */
export const KEYED_PROCEDURES = (() => {
  const routers = new URL("../../worker/src/routers/", import.meta.url);
  const read = (file) => fs.readFileSync(new URL(file, routers), "utf8");
  // Each procedure is a `name: …Procedure` entry at `indent`; its text runs to the next one.
  const keyedIn = (source, indent) => {
    const entries = [...source.matchAll(new RegExp(`^ {${indent}}(\\w+): \\w*[pP]rocedure\\b`, "gm"))];
    return entries
      .filter((entry, i) =>
        /\.input\(\s*keyed\(/.test(source.slice(entry.index, entries[i + 1]?.index ?? source.length)),
      )
      .map((entry) => entry[1]);
  };
  // What every record object's router spreads (`...recordProcedures(…)`), returned from a function: one level deeper.
  const shared = keyedIn(read("record-procedures.ts"), 4);
  const keyed = new Set();
  for (const file of fs
    .readdirSync(routers)
    .filter((f) => f.endsWith(".ts") && !/^(index|record-procedures)\.ts$/.test(f))) {
    const source = read(file);
    const router = path.basename(file, ".ts");
    const own = keyedIn(source, 2);
    for (const name of [...own, ...(source.includes("...recordProcedures(") ? shared : [])])
      keyed.add(`${router}.${name}`);
  }
  return keyed;
})();

/**
 * Calls a tRPC procedure as the page's signed-in user (setup data, not the behaviour under
 * test): `kind` is "query" or "mutation"; inputs and results go through superjson like the SPA's.
 * A write that takes a write key is sent with a fresh one, so that a call whose connection wrangler dev resets on
 * the way is sent again without writing twice (fetchLocalWorker); a query is sent again anyway.
 */
export async function callProcedure(page, procedure, input, { kind = "mutation", token } = {}) {
  const keyed = KEYED_PROCEDURES.has(procedure);
  const bearer = token ?? (await idTokenOf(page));
  const headers = { authorization: `Bearer ${bearer}`, "content-type": "application/json" };
  const encoded = JSON.stringify(superjson.serialize(keyed ? { ...input, key: newWriteKey() } : input));
  const url = new URL(`/trpc/${procedure}`, BASE_URL);
  if (kind === "query") url.searchParams.set("input", encoded);
  const res = await fetchLocalWorker(
    url,
    kind === "query" ? { headers } : { method: "POST", headers, body: encoded, resendable: keyed },
  );
  const body = await res.json();
  if (!res.ok)
    throw new Error(`${procedure} answered ${res.status}: ${body.error?.json?.message ?? JSON.stringify(body)}`);
  return superjson.deserialize(unpacked(body.result.data));
}

/**
 * A response whose records travel packed (a list's or a bulk page's rows: worker/src/serialize.ts), with its records
 * as objects, as the SPA's deserializeResponse gives them; their dates stay epoch milliseconds.
 */
function unpacked({ columns, ...rest }) {
  for (const [key, { keys, repeats = [] }] of Object.entries(columns ?? {}))
    rest.json[key] = JSON.parse(rest.json[key]).map((values) => {
      const record = Object.fromEntries(keys.map((name, i) => [name, values[i]]));
      for (const [i, array] of repeats) if (values[i] === 0) record[keys[i]] = values[array]?.[0] ?? null;
      return record;
    });
  return rest;
}

/** A write key as the web makes one (web/src/lib/write-key.ts): 32 hex digits. */
const newWriteKey = () => crypto.randomUUID().replaceAll("-", "");

/** Picks a filter's field in its form (`form`, "Add filter" or "Change filter") from the fields' searchable list. */
export async function chooseFilterField(form, label) {
  const list = form.page().locator("[data-picker]");
  if (!(await list.isVisible())) await form.getByRole("button", { name: "Field" }).click();
  await list.getByRole("combobox", { name: "Field" }).fill(label);
  await list.getByRole("option", { name: label, exact: true }).click();
  await list.waitFor({ state: "detached" });
}

/** The fields a filter's form offers, from its list (opened if it is not). */
export async function filterFieldChoices(form) {
  const list = form.page().locator("[data-picker]");
  if (!(await list.isVisible())) await form.getByRole("button", { name: "Field" }).click();
  return list.getByRole("option").allInnerTexts();
}

/** Opens the inline editor of a table cell whose column is `label` (the pencil that hover shows); returns its textbox. */
export async function openCellEditor(cell, label) {
  await cell.hover();
  await cell.getByRole("button", { name: `Edit ${label}` }).click();
  return cell.getByRole("textbox", { name: label });
}

/** Edits a text cell inline to `value` and waits for its editor to close. */
export async function editCellText(cell, label, value) {
  const editor = await openCellEditor(cell, label);
  await editor.fill(value);
  await editor.press("Enter");
  await editor.waitFor({ state: "detached" });
}

/**
 * Resolves once a call to `procedure` (alone or in a batch) is answered with success: what a test waits for before
 * reading the server after an edit the page shows at once (optimistically), while its save may still be on its way.
 */
export function savedBy(page, procedure) {
  return page.waitForResponse(
    (response) =>
      response.ok() && new URL(response.url()).pathname.replace("/trpc/", "").split(",").includes(procedure),
  );
}

/**
 * A route matcher for calls to one tRPC procedure, alone or in a batch (/trpc/a.b,c.d?batch=1), and to
 * no other: a glob like contacts.import* would also catch contacts.importMatches.
 */
export function procedureRoute(procedure) {
  const name = procedure.replace(/\./g, "\\.");
  return new RegExp(`/trpc/(?:[^/?]*,)?${name}(?:,[^/?]*)?(?:\\?|$)`);
}

/**
 * The first call to `procedure` reaches the server and is written, but its answer never reaches the page (the
 * connection is reset). Returns the write key each call to it carried (undefined for one without), as they come.
 */
export async function loseFirstAnswer(page, procedure) {
  const keys = [];
  await page.route(procedureRoute(procedure), async (route) => {
    keys.push(
      route
        .request()
        .postData()
        ?.match(/"key":"(\w+)"/)?.[1],
    );
    if (keys.length > 1) return route.continue();
    await fetchRouted(route).finally(() => route.abort("connectionreset"));
  });
  return keys;
}

/**
 * `route.fetch()`: the routed request sent to the Worker by Playwright, not the page. Its client keeps idle
 * connections open, and workerd closes one idle 5 s: a request written into it as it closes fails with "socket
 * hang up" (ECONNRESET), measured 1 in 40 sent about 5 s apart. Such a request never reached the Worker, so it is
 * sent again, once. Without this, the route handler threw and the page's request stayed open forever.
 */
export async function fetchRouted(route) {
  try {
    return await route.fetch();
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error?.message))) throw error;
    console.warn(`! ${route.request().method()} ${route.request().url()} lost its idle connection; sending it again`);
    return route.fetch();
  }
}

/** The text of every toast `page` has shown, each after the time it appeared. */
export const toastsShown = (page) => page.evaluate(() => window.__toastsShown);

/**
 * Holds the `nth` request matching `url` (a route glob or RegExp) until `release()`; `reached` resolves when
 * it arrives, `sent()` counts them all (a write sent again, its body the same, once). The others go through. For a test to look at a long job half-way.
 * `answered`: the server answers it at once and the page gets the answer on `release()` (a slow network's
 * read, which holds what the server had when it was sent).
 */
export async function holdRequest(page, url, nth, { answered = false } = {}) {
  let count = 0;
  let release;
  const held = new Promise((resolve) => (release = resolve));
  let arrived;
  const reached = new Promise((resolve) => (arrived = resolve));
  // A write sent again with the same body (its key too) is the same write: the app sends one again when wrangler's
  // dev proxy drops it (see fetchLocalWorker). Counted twice, it made the batch held the wrong one.
  const bodies = new Set();
  await page.route(url, async (route) => {
    const body = route.request().postData();
    if (body && bodies.has(body)) return route.continue().catch(() => undefined);
    if (body) bodies.add(body);
    count += 1;
    if (count !== nth) return route.continue().catch(() => undefined);
    const response = answered ? await fetchRouted(route) : undefined;
    arrived();
    await held;
    // A request the page aborted meanwhile can no longer be continued.
    await (response ? route.fulfill({ response }) : route.continue()).catch(() => undefined);
  });
  return { reached, release, sent: () => count };
}

/**
 * What a tab does when the person comes back to it after a minute: cached data is stale (SPEC §9), so
 * what is on screen is fetched again. Needs `page.clock.install()` before the page loaded (the clock
 * then runs as usual until this jumps it); resolves once each named procedure has been answered.
 */
export async function comeBackAfterAMinute(page, ...procedures) {
  // Calls are batched: /trpc/views.list,contacts.list,…
  const refetched = procedures.map((procedure) =>
    page.waitForResponse((response) =>
      new URL(response.url()).pathname.replace("/trpc/", "").split(",").includes(procedure),
    ),
  );
  await page.clock.fastForward("01:05");
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
  await Promise.all(refetched);
}

/** The Name cells of a record table from the top, as shown (the name's last line, should it wrap). */
export async function recordNames(page) {
  const texts = await page.getByTestId("record-row").locator('[data-column-id="name"]').allInnerTexts();
  return texts.map((text) => text.trim().split("\n").pop());
}

/** The button in a column's header that sorts the list by it (the header's other button opens its menu). */
export const sortButton = (page, columnId) =>
  page.getByTestId(`column-header-${columnId}`).locator("button:not([aria-haspopup])");

/** The record table's total ("3 contacts match") when it reads exactly `text`. */
export const recordTotal = (page, text) =>
  page.getByTestId("record-total").filter({ hasText: new RegExp(`^${text}$`) });

export { assert };

/** WCAG 2.0 and 2.1, levels A and AA: what axe-core checks of them (contrast, names, roles, keyboard reach). */
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Fails with each rule axe finds broken on the page as it is now: the rule, what it asks, and where. axe-core runs in
 * the page itself, put there once a document; @axe-core/playwright injected it again for every audit and opened a page
 * of its own to gather each one's results, which took twice as long for the same rules and findings.
 */
export async function assertAccessible(page, what) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async (tags) => {
    const { violations } = await window.axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return violations.flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.help}): ${node.target.join(" ")}: ${node.failureSummary.split("\n")[1]}`,
      ),
    );
  }, WCAG_AA);
  assert.deepEqual(found, [], `${what}: ${found.length} accessibility problem(s)`);
}
