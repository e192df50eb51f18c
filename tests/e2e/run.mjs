#!/usr/bin/env node
// Browser tests: starts the app as `npm start` does (fresh data, its own ports so a running
// `npm start` is not disturbed), runs tests/e2e/*.test.mjs with node:test, two files at a time,
// stops everything, and writes {passed, failed, failures} to --report.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { fileURLToPath } from "node:url";
import { startStack } from "../../scripts/stack.mjs";
import { dayZone } from "./day-zone.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const reportArg = process.argv.indexOf("--report");
const reportFile = reportArg > 0 ? process.argv[reportArg + 1] : null;
const filter = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && all[i - 1] !== "--report");
// E2E_OUTPUT puts logs and screenshots elsewhere, so two runs side by side keep their own.
const output = process.env.E2E_OUTPUT ? path.resolve(process.env.E2E_OUTPUT) : path.join(here, "output");
fs.rmSync(output, { recursive: true, force: true });
fs.mkdirSync(path.join(output, "screenshots"), { recursive: true });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crm-e2e-"));
const port = Number(process.env.E2E_PORT ?? 8797);
const authPort = Number(process.env.E2E_AUTH_PORT ?? 9197);
console.log(`Starting the app for browser tests (logs in ${path.relative(process.cwd(), output)})…`);
const stack = await startStack({ dataDir, port, authPort, logDir: output });

process.env.BASE_URL = stack.url;
process.env.AUTH_EMULATOR_URL = stack.authUrl;
process.env.E2E_OUTPUT = output;
// The tests' own clock (TZ, for their Node) and their browsers' (harness.mjs reads E2E_TIME_ZONE) in one zone, hours
// from midnight. Set after the stack starts, which keeps the machine's.
const timeZone = process.env.E2E_TIME_ZONE || dayZone();
process.env.TZ = process.env.E2E_TIME_ZONE = timeZone;
console.log(`Browsers run in ${timeZone}, where it is ${new Date().toLocaleTimeString("en-GB", { timeZone })}.`);

const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith(".test.mjs") && (filter.length === 0 || filter.some((x) => f.includes(x))))
  .sort();
// Files run side by side, E2E_CONCURRENCY at a time (2): each signs up its own people and organization, so
// they share only the stack, and most of a browser test is waiting. A file that measures how long the tab's
// main thread stalls runs alone, after them, so another file's Chromium does not take its CPU.
const ALONE = new Set(["records-scale.test.mjs"]);
const concurrency = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 2));
const batches = [
  { files: files.filter((f) => !ALONE.has(f)), concurrency },
  { files: files.filter((f) => ALONE.has(f)), concurrency: 1 },
];

const totals = { passed: 0, failed: 0, failures: [] };
async function runFiles(batch) {
  const stream = run({
    files: batch.files.map((f) => path.join(here, f)),
    concurrency: batch.concurrency,
    // A file's whole run, against a hang: on a slow stretch of the machine, with another file beside it, the
    // longest (records-edit-safety, records-panel) have taken 180 s without failing anything.
    timeout: 300_000,
  });
  stream.on("test:pass", ({ details }) => {
    if (details.type !== "suite") totals.passed++;
  });
  stream.on("test:fail", ({ name, details }) => {
    if (details.type === "suite") return;
    totals.failed++;
    totals.failures.push(`e2e: ${name}`);
  });
  await new Promise((resolve, reject) => {
    stream.compose(spec).on("end", resolve).on("error", reject).pipe(process.stdout, { end: false });
  });
}

try {
  for (const batch of batches) if (batch.files.length) await runFiles(batch);
} finally {
  await stack.stop();
  // E2E_KEEP=1 keeps the stack's data (D1, and wrangler's debug log under logs/) to look into a failure.
  if (process.env.E2E_KEEP) console.log(`The stack's data is kept in ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `Browser tests: ${totals.passed} passed, ${totals.failed} failed. Screenshots in ${path.join(output, "screenshots")}`,
);
if (reportFile) fs.writeFileSync(reportFile, JSON.stringify(totals));
process.exit(totals.failed > 0 ? 1 : 0);
