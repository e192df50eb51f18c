#!/usr/bin/env node
// Runs every suite, prints each one's result, and ends with one line: "N passed, N failed".
// Checks (typecheck, lint, format, builds) count one each; test runners count their tests.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { quietEnv } from "./stack.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const only = process.argv.slice(2);
const WORKER_LIMIT_BYTES = 3 * 1024 * 1024; // Workers Free plan: 3 MiB compressed (Paid: 10 MiB)

function sh(command, args, env = quietEnv) {
  console.log(`\n▶ ${path.basename(command)} ${args.join(" ")}`);
  return spawnSync(command, args, { cwd: root, env, stdio: "inherit" }).status === 0;
}

/** A command run in the background with its output held, so checks run side by side yet print one by one. */
function inBackground(command, args) {
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: quietEnv });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const done = (ok) => resolve({ ok, output, seconds: (Date.now() - begun) / 1000 });
    child.on("error", (error) => ((output += `${error.message}\n`), done(false)));
    child.on("close", (code) => done(code === 0));
  });
}

// The static checks are single-threaded and share no files: they start together, before the test suites.
const checkCommands = {
  typecheck: [bin("tsc"), ["-b"]],
  lint: [bin("eslint"), [".", "--max-warnings", "0"]],
  format: [bin("prettier"), ["--check", "--log-level", "warn", "."]],
};
const checksRunning = Object.fromEntries(
  Object.entries(checkCommands)
    .filter(([name]) => only.length === 0 || only.includes(name))
    .map(([name, [command, args]]) => [name, inBackground(command, args)]),
);

function check(name) {
  return async () => {
    const [command, args] = checkCommands[name];
    console.log(`\n▶ ${path.basename(command)} ${args.join(" ")}`);
    const { ok, output, seconds } = await checksRunning[name];
    process.stdout.write(output);
    return ok ? { passed: 1, failed: 0, seconds } : { passed: 0, failed: 1, failures: [name], seconds };
  };
}

/** A vitest run, counted from its JSON report. */
function vitest(config) {
  return () => {
    const report = path.join(os.tmpdir(), `vitest-${path.basename(config)}-${process.pid}.json`);
    const ok = sh(bin("vitest"), [
      "run",
      "--config",
      config,
      "--reporter=default",
      "--reporter=json",
      `--outputFile=${report}`,
    ]);
    if (!fs.existsSync(report)) return { passed: 0, failed: 1, failures: [`${config} did not run`] };
    const { numPassedTests, numFailedTests, numTotalTests, testResults } = JSON.parse(fs.readFileSync(report, "utf8"));
    const failed = numFailedTests + (ok || numFailedTests > 0 ? 0 : 1) + (numTotalTests === 0 ? 1 : 0);
    return { passed: numPassedTests, failed, failures: failed ? failedVitestTests(testResults, config) : [] };
  };
}

/**
 * Each failed test by file and name, with the first line of its error: the summary is the end of the output, what a
 * CI log's tail keeps, so it has to say which test failed, not only which suite.
 */
function failedVitestTests(testResults, config) {
  const named = testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === "failed");
    if (tests.length === 0 && file.status === "failed") return [`${where}: ${firstLine(file.message)}`];
    return tests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
  return named.length ? named : [config];
}

const firstLine = (text = "") => text.trim().split("\n")[0].slice(0, 300);

/** node:test files (the scripts' own tests), counted from the TAP report's summary. */
function nodeTests(files) {
  return () => {
    console.log(`\n▶ node --test ${files.join(" ")}`);
    // Two files at a time (node's default is one on two cores): the slow ones wait on a local runtime starting, and
    // each makes its own folders and ports. 26 s became 17.
    // The failures, one JSON line each, named in the summary (scripts/node-test-failures.mjs).
    const failuresFile = path.join(os.tmpdir(), `node-test-failures-${process.pid}.jsonl`);
    const run = spawnSync(
      process.execPath,
      [
        "--test",
        "--test-concurrency=2",
        "--test-reporter=tap",
        "--test-reporter-destination=stdout",
        `--test-reporter=${path.join(root, "scripts/node-test-failures.mjs")}`,
        `--test-reporter-destination=${failuresFile}`,
        ...files,
      ],
      { cwd: root, env: quietEnv, encoding: "utf8" },
    );
    process.stdout.write(run.stdout);
    process.stderr.write(run.stderr);
    const count = (label) => Number(run.stdout.match(new RegExp(`^# ${label} (\\d+)$`, "m"))?.[1] ?? 0);
    const [passed, failedTests] = [count("pass"), count("fail") + count("cancelled")];
    const failed = failedTests + (run.status !== 0 && failedTests === 0 ? 1 : 0) + (passed + failedTests === 0 ? 1 : 0);
    const named = fs.existsSync(failuresFile)
      ? fs
          .readFileSync(failuresFile, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line))
          .map(({ test, error }) => `${test}: ${error}`)
      : [];
    fs.rmSync(failuresFile, { force: true });
    return { passed, failed, failures: failed ? (named.length ? named : files) : [] };
  };
}

function workerBundle() {
  const outdir = path.join(root, "build-worker");
  if (!sh(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir, "--env", "production"]))
    return { passed: 0, failed: 1, failures: ["worker bundle"] };
  const files = fs.readdirSync(outdir).filter((f) => f.endsWith(".js"));
  const size = files.reduce((sum, f) => sum + fs.statSync(path.join(outdir, f)).size, 0);
  const gzip = spawnSync("gzip", ["-c", ...files.map((f) => path.join(outdir, f))]).stdout.length;
  const pct = ((gzip / WORKER_LIMIT_BYTES) * 100).toFixed(1);
  console.log(
    `Worker bundle: ${(size / 1024).toFixed(0)} KiB, ${(gzip / 1024).toFixed(0)} KiB gzip = ${pct}% of the 3 MiB limit`,
  );
  return gzip < WORKER_LIMIT_BYTES
    ? { passed: 1, failed: 0 }
    : { passed: 0, failed: 1, failures: ["worker bundle over the limit"] };
}

function e2e() {
  const report = path.join(os.tmpdir(), `e2e-${process.pid}.json`);
  sh("node", ["tests/e2e/run.mjs", "--report", report]);
  if (!fs.existsSync(report)) return { passed: 0, failed: 1, failures: ["browser tests did not run"] };
  const { passed, failed, failures } = JSON.parse(fs.readFileSync(report, "utf8"));
  return { passed, failed: failed + (passed + failed === 0 ? 1 : 0), failures };
}

const suites = {
  typecheck: check("typecheck"),
  lint: check("lint"),
  format: check("format"),
  worker: vitest("vitest.worker.config.ts"),
  web: vitest("vitest.web.config.ts"),
  // Every file in tests/scripts, read from the folder, so a new one runs without being listed here.
  scripts: nodeTests(
    fs
      .readdirSync(path.join(root, "tests/scripts"))
      .filter((file) => file.endsWith(".test.mjs"))
      .sort()
      .map((file) => `tests/scripts/${file}`),
  ),
  "worker-bundle": workerBundle,
  e2e,
};

const totals = { passed: 0, failed: 0 };
const lines = [];
const failures = [];
for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  const started = Date.now();
  const result = await run();
  totals.passed += result.passed;
  totals.failed += result.failed;
  failures.push(...(result.failures ?? []));
  lines.push(
    `  ${name.padEnd(14)} ${String(result.passed).padStart(4)} passed ${String(result.failed).padStart(3)} failed  ${(result.seconds ?? (Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
console.log(`\nSummary\n${lines.join("\n")}`);
if (failures.length) console.log(`Failed:\n${failures.map((failure) => `  ${failure}`).join("\n")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
