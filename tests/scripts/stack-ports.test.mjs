// Starting the stack (scripts/stack.mjs) when it cannot run: beside a stack already running, refused before anything is
// built, migrated or started; with a D1 that cannot be migrated, nothing left running.
import assert from "node:assert/strict";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { startStack } from "../../scripts/stack.mjs";
import { freePort, processesOf } from "./stack-processes.mjs";

/** A server listening on a free port of 127.0.0.1, as a running stack's would. */
function listening() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => resolve(server));
  });
}

describe("starting the stack where one already runs", () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "crm-ports-")), "data");
  let taken;
  before(async () => (taken = await listening()));
  after(() => {
    taken.close();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it("says which port is in use and why, and starts nothing", async () => {
    const port = taken.address().port;
    await assert.rejects(startStack({ dataDir, port, authPort: port + 10, build: false }), {
      message: `Port ${port} (the app) is in use: is \`npm start\` already running? Stop it (Ctrl+C) first.`,
    });
    assert.equal(fs.existsSync(dataDir), false, "no data folder was made");
  });

  it("names the Auth emulator's port when that one is taken", async () => {
    const authPort = taken.address().port;
    const free = await listening();
    const port = free.address().port;
    free.close();
    await assert.rejects(startStack({ dataDir, port, authPort, build: false }), {
      message: /^Port \d+ \(the Auth emulator\) is in use/,
    });
  });
});

describe("a stack whose D1 cannot be migrated", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crm-unmigrated-"));
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("fails with the migration's error and leaves no Auth emulator running", async () => {
    // The Auth emulator starts before the build and the migrations; where the local D1 should be, a file.
    fs.writeFileSync(path.join(dataDir, "wrangler"), "not a folder");
    const [port, authPort] = [await freePort(), await freePort(3)];
    await assert.rejects(startStack({ dataDir, port, authPort, build: false, logDir: dataDir }));
    assert.deepEqual(processesOf(dataDir), [], "the emulator started for this stack is stopped");
  });
});
