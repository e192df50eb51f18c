// `npm start` (scripts/stack.mjs) stopped with Ctrl+C: the Worker and the Auth emulator stop with it, nothing is left.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { commandLine, freePort, processesOf } from "./stack-processes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** `promise`'s value, or `fallback` once `ms` have gone by (the timer then keeps the process no longer). */
function within(ms, promise, fallback) {
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe("npm start stopped with Ctrl+C", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crm-stop-"));
  after(() => {
    for (const pid of processesOf(dataDir)) process.kill(Number(pid), "SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops the Worker and the Auth emulator, and exits", { timeout: 120_000 }, async () => {
    // Started without building the SPA; wrangler only needs its assets folder to exist.
    fs.mkdirSync(path.join(root, "dist"), { recursive: true });
    const [port, authPort] = [await freePort(), await freePort(3)];
    const stack = spawn(
      process.execPath,
      ["scripts/stack.mjs", "--no-build", "--data", dataDir, "--port", String(port), "--auth-port", String(authPort)],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    stack.stdout.on("data", (chunk) => (output += chunk));
    stack.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise((resolve) => stack.once("exit", (code) => resolve(code)));
    const ready = new Promise((resolve) =>
      stack.stdout.on("data", () => output.includes("Team CRM is running") && resolve(true)),
    );
    const started = await within(90_000, Promise.race([ready, exited.then(() => false)]), false);
    assert.ok(started, `the stack did not start:\n${output.slice(-2000)}`);
    assert.ok(processesOf(dataDir).length >= 2, "the Worker and the emulator run");

    stack.kill("SIGINT");
    const code = await within(40_000, exited, "still running");
    assert.equal(code, 0, `npm start exits (${output.slice(-1000)})`);
    const left = processesOf(dataDir).map((pid) => `${pid}: ${commandLine(pid).slice(0, 200)}`);
    assert.deepEqual(left, [], `no process of the stack is left:\n${output.slice(-3000)}`);
    await assert.rejects(fetch(`http://127.0.0.1:${port}/health`), "the app's port answers no more");
    await assert.rejects(fetch(`http://127.0.0.1:${authPort}/`), "nor the emulator's");
  });
});
