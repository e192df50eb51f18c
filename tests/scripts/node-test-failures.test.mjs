// The scripts' tests' failures as npm test's summary names them (scripts/node-test-failures.mjs): the failing test
// and its error, the hook that cancelled a suite's tests rather than the tests, and the last stderr line of a file
// whose process died.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const reporter = fileURLToPath(new URL("../../scripts/node-test-failures.mjs", import.meta.url));

const fixtures = {
  "hook.test.mjs": `import { before, describe, it } from "node:test";
describe("a local runtime", () => {
  before(() => { throw new Error("Migration 0000_init.sql failed: false == true"); });
  it("first", () => {});
  it("second", () => {});
});`,
  "assertion.test.mjs": `import assert from "node:assert/strict";
import { it } from "node:test";
it("counts", () => assert.equal(1, 2));
it("passes", () => {});`,
  "crash.test.mjs": `import { it } from "node:test";
it("starts", async () => { console.error("workerd: the runtime stopped"); await new Promise((r) => setTimeout(r, 50)); process.exit(3); });`,
  "passing.test.mjs": `import { it } from "node:test";
it("passes", () => {});`,
};

describe("the scripts' tests' failures in npm test's summary", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "crm-node-failures-"));
  after(() => fs.rmSync(folder, { recursive: true, force: true }));
  for (const [name, source] of Object.entries(fixtures)) fs.writeFileSync(path.join(folder, name), source);

  const report = (...files) => {
    const run = spawnSync(
      process.execPath,
      ["--test", `--test-reporter=${reporter}`, "--test-reporter-destination=stdout", ...files],
      // Without the runner's NODE_TEST_CONTEXT, which would make this run report to the runner running this file.
      { cwd: folder, encoding: "utf8", env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
    );
    return run.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  };

  it("names a failed test with its error, and a failed hook rather than the tests it cancelled", () => {
    assert.deepEqual(report("hook.test.mjs", "assertion.test.mjs", "passing.test.mjs"), [
      { test: "assertion.test.mjs › counts", error: "Expected values to be strictly equal: ⏎ 1 !== 2" },
      { test: "hook.test.mjs › a local runtime", error: "Migration 0000_init.sql failed: false == true" },
    ]);
  });

  it("names a file whose process died with the last line it wrote to stderr", () => {
    assert.deepEqual(report("crash.test.mjs"), [
      { test: "crash.test.mjs", error: "test failed (workerd: the runtime stopped)" },
    ]);
  });

  it("names nothing when every test passed", () => {
    assert.deepEqual(report("passing.test.mjs"), []);
  });
});
