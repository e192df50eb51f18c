// `npm start` (scripts/stack.mjs) stopped with Ctrl+C: the Worker and the Auth emulator stop with it, nothing is left.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A port of 127.0.0.1 free with the `extra` ports after it (the emulator's hub and logging take two more). */
async function freePort(extra = 0) {
  for (;;) {
    const server = net.createServer();
    const port = await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port)));
    await new Promise((resolve) => server.close(resolve));
    const next = await Promise.all(
      Array.from({ length: extra }, (_, i) => {
        const probe = net.createServer();
        return new Promise((resolve) => {
          probe.once("error", () => resolve(false));
          probe.listen(port + i + 1, "127.0.0.1", () => probe.close(() => resolve(true)));
        });
      }),
    );
    if (next.every(Boolean)) return port;
  }
}

/** `promise`'s value, or `fallback` once `ms` have gone by (the timer then keeps the process no longer). */
function within(ms, promise, fallback) {
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Processes whose command line names `folder`: the emulator gets its config from it, wrangler its D1. */
const processesOf = (folder) =>
  fs
    .readdirSync("/proc")
    .filter((pid) => /^\d+$/.test(pid) && Number(pid) !== process.pid && commandLine(pid).includes(folder));

function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return ""; // gone meanwhile
  }
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
