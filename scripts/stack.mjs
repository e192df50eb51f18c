#!/usr/bin/env node
// Runs the whole app locally: builds the SPA, migrates the local D1, starts the Firebase Auth
// emulator and `wrangler dev` (one origin for the SPA and /trpc), waits until both answer,
// prints the URL, and on Ctrl+C / SIGTERM stops every process it started.
//
//   node scripts/stack.mjs [--data DIR] [--port 8787] [--auth-port 9099] [--no-build]
//   node scripts/stack.mjs --migrate-only [--data DIR]   (npm run db:migrate: the local D1's migrations, nothing else)
//
// Also imported by the browser tests (startStack) with an ephemeral data folder and other ports.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { applyLocalMigrations } from "./local-migrations.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const PROJECT_ID = "demo-team-crm";
/** Where `npm start` keeps its local D1 and the emulator's users (`npm run reset` deletes it). */
const DEFAULT_DATA_DIR = path.join(root, ".data");

/** Nothing we run may reach out: no telemetry, no update checks. */
export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_UPDATE_NOTIFIER: "1",
  FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true",
  CI: process.env.CI ?? "",
};

/**
 * Where wrangler writes its debug log: inside the data folder (`npm run reset` clears it), keeping
 * the last few runs. Wrangler writes it whatever --log-level says, and wrangler dev logs four
 * inspector events (Network.*) per D1 call there: ~/.config/.wrangler/logs grew by hundreds of MB
 * over a day of tests and benchmarks.
 */
function wranglerDebugLogs(dataDir, keep = 3) {
  const dir = path.join(dataDir, "logs", "wrangler-debug");
  fs.mkdirSync(dir, { recursive: true });
  const old = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith("wrangler-") && name.endsWith(".log"))
    .sort()
    .slice(0, -keep);
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return dir;
}

/** Runs a step to its end; with `logFile`, its output goes there (the browser tests keep their console short). */
function run(command, args, env = quietEnv, logFile) {
  const output = logFile ? fs.openSync(logFile, "a") : "inherit";
  const result = spawnSync(command, args, { cwd: root, env, stdio: logFile ? ["ignore", output, output] : "inherit" });
  if (logFile) fs.closeSync(output);
  if (result.status !== 0)
    throw new Error(
      `${path.basename(command)} ${args.join(" ")} failed (exit ${result.status})${logFile ? `: see ${logFile}` : ""}`,
    );
}

async function waitFor(url, label, timeoutMs, isAlive) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${label} exited before it was ready`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${label} was not ready at ${url} after ${timeoutMs / 1000} s`);
}

/** Every server started and not yet exited: what Ctrl+C stops, even while the stack is still starting. */
const running = new Set();

/** `graceMs`: how long it may take to stop after SIGINT before it is killed. */
function startProcess(label, command, args, env, logFile, graceMs = 8000) {
  const out = logFile ? fs.openSync(logFile, "a") : "inherit";
  // Own process group, so stopping it stops its children too (workerd, the emulator's java-less node).
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ["ignore", out, out] });
  child.label = label;
  child.graceMs = graceMs;
  child.alive = true;
  running.add(child);
  child.on("exit", () => {
    child.alive = false;
    running.delete(child);
  });
  return child;
}

/** Stops `child` and its process group with `signal`, killing it if it is still there after its grace time. */
async function stopProcess(child, { signal = "SIGINT" } = {}) {
  if (!child?.alive) return;
  const exited = new Promise((r) => child.once("exit", r));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }, child.graceMs);
  await exited;
  clearTimeout(timer);
}

/** The emulator's own ports beside `authPort`: its hub and its logging (firebase.json below). */
const emulatorPorts = (authPort) => ({ auth: authPort, hub: authPort + 2, logging: authPort + 3 });

/** Whether nothing listens on `port` of 127.0.0.1: it can be bound, and is let go at once. */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * Refuses to start beside a stack already running on these ports (a second `npm start`), before anything is built,
 * migrated or started: that stack's Worker would answer the readiness check, and this one would say it was running.
 */
async function assertPortsFree(port, authPort) {
  const { auth, hub, logging } = emulatorPorts(authPort);
  const wanted = {
    "the app": port,
    "the Auth emulator": auth,
    "the Auth emulator's hub": hub,
    "the Auth emulator's logging": logging,
  };
  for (const [what, number] of Object.entries(wanted))
    if (!(await portIsFree(number)))
      throw new Error(`Port ${number} (${what}) is in use: is \`npm start\` already running? Stop it (Ctrl+C) first.`);
}

function writeFirebaseConfig(dataDir, authPort) {
  const config = {
    emulators: {
      auth: { host: "127.0.0.1", port: authPort },
      ui: { enabled: false },
      hub: { host: "127.0.0.1", port: emulatorPorts(authPort).hub },
      logging: { host: "127.0.0.1", port: emulatorPorts(authPort).logging },
      singleProjectMode: true,
    },
  };
  const file = path.join(dataDir, "firebase.json");
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/** Where the Auth emulator keeps its users between runs (imported at start, exported as it stops). */
export const authDataDir = (dataDir) => path.join(dataDir, "auth");

/** How often a quiet stack asks for /health, and how many at once, to keep wrangler's proxy connections in use. */
const KEEP_WARM_MS = 1_000;
const KEEP_WARM_CONNECTIONS = 8;

/**
 * wrangler 4.86's dev proxy (the newest that runs on Node 20) loses a request written into a pooled connection to
 * the Worker just as that connection's 5 s idle timeout closes it, both ends timing out at once (workers-sdk#14641,
 * fixed in #15252): a POST is answered 503 "Your worker restarted mid-request", a GET never answers. Measured on this
 * machine, requests every 5 s: 7 of 24 lost, and 3 of 24 in another run; with /health asked every second alongside,
 * none of 24. The proxy opens a connection per request in flight, so bursts (browser tests run two files at once,
 * and set up data with dozens of calls at a time) leave several to idle: bursts of 6 to 26 calls 5 s apart lost 3, 6
 * and 1 of 246 with one ask a second, 3 with four at once, none in two runs with eight (3 of 396 with bursts up to 46,
 * where sixteen lost none). Each ask is a line in wrangler's request log, so only a stack whose output goes to files
 * (the browser tests) keeps warm; the app itself sends a dropped request again in local runs
 * (web/src/lib/trpc-links.ts), and so does the browser tests' harness (fetchLocalWorker).
 */
function keepProxyWarm(url) {
  const timer = setInterval(() => {
    for (let i = 0; i < KEEP_WARM_CONNECTIONS; i++)
      fetch(`${url}/health`, { signal: AbortSignal.timeout(KEEP_WARM_MS * 3) }).then(
        (response) => response.body?.cancel(),
        () => {},
      );
  }, KEEP_WARM_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Applies the migrations not yet applied to the local D1 in `dataDir` (`npm run db:migrate` runs only this), and says
 * which, on the console or in `logFile`.
 */
export async function migrateLocalDatabase(dataDir = DEFAULT_DATA_DIR, logFile) {
  // Wrangler, running in this process, writes its debug log where the commands it runs write theirs.
  process.env.WRANGLER_LOG_PATH ??= wranglerDebugLogs(dataDir);
  const applied = await applyLocalMigrations(path.join(dataDir, "wrangler"));
  const said = applied.length
    ? `Applied ${applied.length} migration${applied.length === 1 ? "" : "s"} to the local D1: ${applied.join(", ")}`
    : "The local D1 has every migration.";
  if (logFile) fs.appendFileSync(logFile, `${said}\n`);
  else console.log(said);
}

/**
 * Starts the stack and resolves once both servers answer. Returns { url, authUrl, stop }.
 * `log`: a folder to write the servers' output to (the browser tests keep it quiet this way); such a stack also
 * keeps wrangler's proxy warm (keepProxyWarm).
 */
export async function startStack({
  dataDir = DEFAULT_DATA_DIR,
  port = 8787,
  authPort = 9099,
  build = true,
  logDir,
  keepWarm = Boolean(logDir),
} = {}) {
  await assertPortsFree(port, authPort);
  fs.mkdirSync(path.join(dataDir, "auth"), { recursive: true });
  const authUrl = `http://127.0.0.1:${authPort}`;
  const env = { ...quietEnv, VITE_AUTH_EMULATOR_URL: authUrl, WRANGLER_LOG_PATH: wranglerDebugLogs(dataDir) };

  const log = (name) => (logDir ? path.join(logDir, `${name}.log`) : undefined);
  if (logDir) fs.mkdirSync(logDir, { recursive: true });

  // The emulator needs neither the build nor the D1: it starts first, and is ready by the time they are done
  // (it takes 10–13 s to answer; the build and the migrations about 6).
  const firebaseConfig = writeFirebaseConfig(dataDir, authPort);
  const authData = authDataDir(dataDir);
  const hasExport = fs.existsSync(path.join(authData, "firebase-export-metadata.json"));

  const emulator = startProcess(
    "auth emulator",
    bin("firebase"),
    [
      "emulators:start",
      "--only",
      "auth",
      "--project",
      PROJECT_ID,
      "--config",
      firebaseConfig,
      ...(hasExport ? ["--import", authData] : []),
      "--export-on-exit",
      authData,
    ],
    env,
    log("auth-emulator"),
    15_000, // it exports its users on the way out
  );
  try {
    if (build) run(bin("vite"), ["build", "--mode", "emulator", "--logLevel", logDir ? "warn" : "info"], env);
    await migrateLocalDatabase(dataDir, log("migrations"));
  } catch (error) {
    // Killed, not asked: no one can have signed up in it yet (the Worker never started), so its users on disk are
    // as it found them, and its clean shutdown (an export) took up to 10 s.
    await stopProcess(emulator, { signal: "SIGKILL" });
    throw error;
  }

  const worker = startProcess(
    "wrangler dev",
    bin("wrangler"),
    [
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      path.join(dataDir, "wrangler"),
      "--var",
      "AUTH_EMULATOR:1",
      "--show-interactive-dev-session=false",
      "--log-level",
      logDir ? "warn" : "info",
    ],
    env,
    log("wrangler"),
  );

  let coolDown = () => {};
  const stop = async () => {
    coolDown();
    await Promise.all([stopProcess(worker), stopProcess(emulator)]);
  };
  try {
    await Promise.all([
      waitFor(`${authUrl}/`, "Auth emulator", 90_000, () => emulator.alive),
      waitFor(`http://127.0.0.1:${port}/health`, "wrangler dev", 60_000, () => worker.alive),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;
  if (keepWarm) coolDown = keepProxyWarm(url);
  return { url, authUrl, stop, processes: [emulator, worker] };
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--no-build") options.build = false;
    else if (arg === "--migrate-only") options.migrateOnly = true;
    else if (arg === "--data") options.dataDir = path.resolve(argv[++i]);
    else if (arg === "--port") options.port = Number(argv[++i]);
    else if (arg === "--auth-port") options.authPort = Number(argv[++i]);
    else throw new Error(`Unknown option ${arg}`);
  }
  return options;
}

/** `npm start`: the stack until Ctrl+C or SIGTERM, which stop every process it started. */
async function serve(options) {
  let stopping = false;
  // Installed before anything starts: a Ctrl+C while the servers start stops the ones already running.
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping…");
    await Promise.all([...running].map((child) => stopProcess(child)));
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  const stack = await startStack(options).catch((error) => {
    if (stopping) return null;
    console.error(`\n✖ ${error.message}`);
    process.exit(1);
  });
  if (stack && !stopping) {
    console.log(
      `\n  Team CRM is running at ${stack.url}\n  (Auth emulator at ${stack.authUrl}; Ctrl+C stops everything)\n`,
    );
    for (const child of stack.processes)
      child.on("exit", (code) => {
        if (!stopping) {
          console.error(`${child.label} exited (code ${code}); stopping the rest.`);
          void shutdown(1);
        }
      });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { migrateOnly, ...options } = parseArgs(process.argv.slice(2));
  if (!migrateOnly) await serve(options);
  else
    try {
      await migrateLocalDatabase(options.dataDir);
    } catch (error) {
      console.error(`\n✖ ${error.message}`);
      process.exitCode = 1;
    }
}
