// The local D1's migrations, applied as `wrangler d1 migrations apply DB --local --persist-to DIR` applies them (same
// file, same statements, same d1_migrations table, so wrangler and this agree on what is applied), in one local
// runtime (wrangler's getPlatformProxy).
// Wrangler 4.86 starts a Miniflare per migration: 34 of them took 24 s of the machine's two cores, where this takes 4,
// and every fresh `npm start`, browser test run and seed test waited for it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The table wrangler keeps applied migrations in, as wrangler's initMigrationsTable writes it (its tabs too). */
const CREATE_MIGRATIONS_TABLE =
  "CREATE TABLE IF NOT EXISTS d1_migrations(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n)";

/**
 * `import(specifier)` for wrangler's modules, leaving this process's Ctrl+C alone: importing wrangler adds SIGINT and
 * SIGTERM listeners that exit the process at once (its CLI's cleanup). In `npm start` that ended the process as its
 * own listener began to stop the servers, and it no longer waited for them: the emulator was still exporting.
 */
async function importQuietly(...specifiers) {
  const signals = ["SIGINT", "SIGTERM"];
  const ours = new Set(signals.flatMap((signal) => process.listeners(signal)));
  const modules = await Promise.all(specifiers.map((specifier) => import(specifier)));
  for (const signal of signals)
    for (const listener of process.listeners(signal)) if (!ours.has(listener)) process.off(signal, listener);
  return modules;
}

/** The local D1 kept under `persistTo` (wrangler's --persist-to folder), opened as `wrangler dev` opens it. */
export async function openLocalD1(persistTo) {
  const [{ getPlatformProxy }] = await importQuietly("wrangler");
  // `wrangler dev --persist-to X` and `wrangler d1 migrations apply --local --persist-to X` keep it in X/v3.
  const persist = path.join(persistTo, "v3");
  // A folder that cannot be made fails here, before a runtime starts: miniflare, failing on it half-way, would leave
  // its loopback server open and the process running.
  fs.mkdirSync(persist, { recursive: true });
  const proxy = await getPlatformProxy({
    configPath: path.join(root, "wrangler.toml"),
    persist: { path: persist },
    remoteBindings: false,
  });
  return { db: proxy.env.DB, dispose: proxy.dispose };
}

/**
 * Applies the migrations not yet applied to `db`, each in one batch with its row in d1_migrations: a migration that
 * fails leaves nothing of itself, and stops the ones after it. Resolves to the names applied. `migrationsDir`:
 * another folder of migrations (the tests'); `run.pending`, set once: the names not yet applied when first read.
 */
export async function applyMigrations(db, { migrationsDir, run = {} } = {}) {
  // Imported when called: wrangler and the pool's module take about two seconds to load.
  // The pool's module: wrangler's own reading and splitting of the migration files (triggers' BEGIN … END kept whole).
  const [{ unstable_readConfig }, { readD1Migrations }] = await importQuietly(
    "wrangler",
    "@cloudflare/vitest-pool-workers",
  );
  const config = unstable_readConfig({ config: path.join(root, "wrangler.toml") });
  const database = config.d1_databases.find((d1) => d1.binding === "DB");
  const migrations = await readD1Migrations(migrationsDir ?? path.join(root, database.migrations_dir ?? "migrations"));
  await throughBridge(() => db.prepare(CREATE_MIGRATIONS_TABLE).run());
  const { results } = await throughBridge(() => db.prepare("SELECT name FROM d1_migrations").all());
  const applied = new Set(results.map((row) => row.name));
  const pending = migrations.filter(({ name }) => !applied.has(name));
  run.pending ??= pending.map(({ name }) => name);
  for (const { name, queries } of pending) {
    // Async, so that a `prepare` the bridge failed (a synchronous call) is caught as the batch's failure is.
    const apply = async () =>
      db.batch([
        ...queries.map((query) => db.prepare(query)),
        db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
      ]);
    for (let tries = 1; ; tries++) {
      try {
        await apply();
        break;
      } catch (error) {
        if (isFinal(error) || tries === BRIDGE_TRIES)
          throw new Error(`Migration ${name} failed: ${reason(error)}`, { cause: error });
        // The runtime may have written the batch before the bridge lost its answer.
        if (await throughBridge(() => isApplied(db, name))) break;
        console.warn(`! Migration ${name} failed (${reason(error)}); trying it again`);
      }
    }
  }
  return pending.map(({ name }) => name);
}

/**
 * Miniflare's bridge to the runtime can lose a call's answer under load: its synchronous fetch (a `prepare`, a
 * method's first call) wakes with no message and asserts, "false == true". On two cores it failed about one run of
 * the scripts' tests in eight, on a migration's `prepare`. SQLite's refusal of a statement is final; any other
 * failure of a call is tried again, up to BRIDGE_TRIES times in all. Tried in the same runtime, that helps only if the
 * answer never comes: one that comes late is read by the next call, and every call after it fails (as the browser
 * tests' start saw, four times running), which applyLocalMigrations mends by starting another runtime.
 */
export const BRIDGE_TRIES = 4;
const isFinal = (error) => /SQLITE_/.test(reason(error));

/** A call miniflare's bridge failed (its assertion, "false == true"), or a migration it failed. */
export const isBridgeFailure = (error) =>
  [error, error?.cause].some((e) => e?.code === "ERR_ASSERTION" && e.message === "false == true");

/** `call()`, tried again while the bridge fails it: for calls that change nothing (a read, a `prepare`). */
export async function throughBridge(call) {
  for (let tries = 1; ; tries++) {
    try {
      return await call();
    } catch (error) {
      if (isFinal(error) || tries === BRIDGE_TRIES) throw error;
    }
  }
}

/**
 * `db.batch(build())`, where `build` prepares and binds the batch's statements: built again while the bridge fails
 * one of those synchronous calls, which send nothing. The batch itself is sent once: a write tried again blindly could
 * be written twice.
 */
export async function batchThroughBridge(db, build) {
  const statements = await throughBridge(async () => build());
  return db.batch(statements);
}

const reason = (error) => error?.cause?.message ?? error?.message ?? String(error);

async function isApplied(db, name) {
  const row = await db.prepare("SELECT 1 AS applied FROM d1_migrations WHERE name = ?").bind(name).first();
  return row !== null;
}

/**
 * applyMigrations on the local D1 kept under `persistTo`, opened for it (`open`) and closed again. When the runtime's
 * bridge keeps failing calls, the runtime is started again and what is left is applied there: once the bridge lost one
 * answer, miniflare's SynchronousFetcher, reading one message a call, hands each later call the answer before its own,
 * so no call through that runtime succeeds again (the inner tries above all failed so, starting the browser tests).
 * A migration written before its answer was lost is found applied by the new runtime. Up to BRIDGE_TRIES runtimes.
 * Resolves to the names applied, by any of them.
 */
export async function applyLocalMigrations(persistTo, { open = openLocalD1, ...options } = {}) {
  const run = {};
  for (let started = 1; ; started++) {
    const { db, dispose } = await open(persistTo);
    try {
      await applyMigrations(db, { ...options, run });
      return run.pending;
    } catch (error) {
      if (!isBridgeFailure(error) || started === BRIDGE_TRIES) throw error;
      console.warn(`! The local runtime's bridge failed (${reason(error)}); starting it again`);
    } finally {
      await dispose();
    }
  }
}
