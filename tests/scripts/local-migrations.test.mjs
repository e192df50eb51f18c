// The local D1's migrations (scripts/local-migrations.mjs): applied as wrangler applies them, once, whole or not at all.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { applyLocalMigrations, applyMigrations, openLocalD1 } from "../../scripts/local-migrations.mjs";
import { quietEnv } from "../../scripts/stack.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const temporary = fs.mkdtempSync(path.join(os.tmpdir(), "crm-migrations-"));
after(() => fs.rmSync(temporary, { recursive: true, force: true }));

/** Runs `read(db)` on the local D1 kept under `persistTo`, opened as `wrangler dev --persist-to` opens it. */
async function onLocalDatabase(persistTo, read) {
  const { db, dispose } = await openLocalD1(persistTo);
  try {
    return await read(db);
  } finally {
    await dispose();
  }
}
const appliedNames = (db) =>
  db
    .prepare("SELECT name FROM d1_migrations ORDER BY id")
    .all()
    .then(({ results }) => results.map((row) => row.name));
const tableNames = (db) =>
  db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .then(({ results }) => results.map((row) => row.name));

describe("the local D1's migrations", () => {
  it("applies every migration once, in order, and wrangler finds none left to apply", async () => {
    const persistTo = path.join(temporary, "app", "wrangler");
    const files = fs
      .readdirSync(path.join(root, "migrations"))
      .filter((file) => file.endsWith(".sql"))
      .sort();
    assert.deepEqual(await applyLocalMigrations(persistTo), files);
    assert.deepEqual(await applyLocalMigrations(persistTo), [], "a second run applies nothing");
    const [applied, tables] = await onLocalDatabase(persistTo, (db) => Promise.all([appliedNames(db), tableNames(db)]));
    assert.deepEqual(applied, files);
    for (const table of ["contacts", "companies", "tasks", "activities", "organizations"])
      assert.ok(tables.includes(table), `${table} is there`);

    const listed = spawnSync(
      path.join(root, "node_modules", ".bin", "wrangler"),
      ["d1", "migrations", "list", "DB", "--local", "--persist-to", persistTo],
      { cwd: root, env: quietEnv, encoding: "utf8" },
    );
    assert.equal(listed.status, 0, listed.stderr);
    assert.match(listed.stdout, /No migrations to apply/);
  });

  it("leaves nothing of a migration that fails, names it, and applies it once it is fixed", async () => {
    const persistTo = path.join(temporary, "failing", "wrangler");
    const migrationsDir = path.join(temporary, "failing-migrations");
    fs.mkdirSync(migrationsDir);
    fs.writeFileSync(path.join(migrationsDir, "0000_first.sql"), "CREATE TABLE first (id INTEGER PRIMARY KEY);\n");
    const second = path.join(migrationsDir, "0001_second.sql");
    fs.writeFileSync(
      second,
      "CREATE TABLE second (id INTEGER PRIMARY KEY);\n--> statement-breakpoint\nINSERT INTO missing (id) VALUES (1);\n",
    );
    fs.writeFileSync(path.join(migrationsDir, "0002_third.sql"), "CREATE TABLE third (id INTEGER PRIMARY KEY);\n");

    await assert.rejects(applyLocalMigrations(persistTo, { migrationsDir }), (error) => {
      assert.match(error.message, /^Migration 0001_second\.sql failed: .*no such table: missing/);
      return true;
    });
    const [applied, tables] = await onLocalDatabase(persistTo, (db) => Promise.all([appliedNames(db), tableNames(db)]));
    assert.deepEqual(applied, ["0000_first.sql"]);
    assert.ok(tables.includes("first"));
    assert.ok(!tables.includes("second"), "the failed migration's first statement was not kept");
    assert.ok(!tables.includes("third"), "nothing after it ran");

    fs.writeFileSync(second, "CREATE TABLE second (id INTEGER PRIMARY KEY);\n");
    assert.deepEqual(await applyLocalMigrations(persistTo, { migrationsDir }), ["0001_second.sql", "0002_third.sql"]);
    assert.deepEqual(await onLocalDatabase(persistTo, appliedNames), [
      "0000_first.sql",
      "0001_second.sql",
      "0002_third.sql",
    ]);
  });

  it("tries a migration again when the runtime's bridge failed the call, and not when it was written", async () => {
    const migrationsDir = path.join(temporary, "bridged-migrations");
    fs.mkdirSync(migrationsDir);
    fs.writeFileSync(path.join(migrationsDir, "0000_first.sql"), "CREATE TABLE first (id INTEGER PRIMARY KEY);\n");
    fs.writeFileSync(path.join(migrationsDir, "0001_second.sql"), "CREATE TABLE second (id INTEGER PRIMARY KEY);\n");
    const bridgeError = () => Object.assign(new Error("false == true"), { code: "ERR_ASSERTION" });
    // The first migration's call fails before it reaches the runtime; the second's after the runtime wrote it.
    let calls = 0;
    const flaky = (db) => {
      return Object.assign(Object.create(db), {
        prepare: (query) => db.prepare(query),
        batch: async (statements) => {
          calls += 1;
          if (calls === 1) throw bridgeError();
          const written = await db.batch(statements);
          if (calls === 3) throw bridgeError();
          return written;
        },
      });
    };
    const persistTo = path.join(temporary, "bridged", "wrangler");
    const applied = await onLocalDatabase(persistTo, (db) => applyMigrations(flaky(db), { migrationsDir }));
    assert.deepEqual(applied, ["0000_first.sql", "0001_second.sql"]);
    assert.equal(calls, 3, "the first tried twice, the second once");
    const [names, tables] = await onLocalDatabase(persistTo, (db) => Promise.all([appliedNames(db), tableNames(db)]));
    assert.deepEqual(names, ["0000_first.sql", "0001_second.sql"], "each written once");
    assert.ok(tables.includes("first") && tables.includes("second"));
  });

  it("starts the runtime again when its bridge fails every call after losing one answer, and applies what is left", async () => {
    const migrationsDir = path.join(temporary, "restarted-migrations");
    fs.mkdirSync(migrationsDir);
    for (const [i, table] of ["first", "second", "third"].entries())
      fs.writeFileSync(
        path.join(migrationsDir, `000${i}_${table}.sql`),
        `CREATE TABLE ${table} (id INTEGER PRIMARY KEY);\n`,
      );
    const bridgeError = () => Object.assign(new Error("false == true"), { code: "ERR_ASSERTION" });
    // As miniflare's bridge does: the second migration is written, its answer lost, and every call after it fails.
    const desyncing = (db) => {
      let lost = false;
      let batches = 0;
      return Object.assign(Object.create(db), {
        prepare: (query) => {
          if (lost) throw bridgeError();
          return db.prepare(query);
        },
        batch: async (statements) => {
          if (lost) throw bridgeError();
          const written = await db.batch(statements);
          if (++batches === 2) lost = true;
          if (lost) throw bridgeError();
          return written;
        },
      });
    };
    const opened = [];
    const open = async (persistTo) => {
      const local = await openLocalD1(persistTo);
      opened.push(persistTo);
      return opened.length === 1 ? { ...local, db: desyncing(local.db) } : local;
    };
    const persistTo = path.join(temporary, "restarted", "wrangler");
    const applied = await applyLocalMigrations(persistTo, { migrationsDir, open });
    assert.deepEqual(applied, ["0000_first.sql", "0001_second.sql", "0002_third.sql"]);
    assert.equal(opened.length, 2, "one runtime more");
    assert.deepEqual(
      await onLocalDatabase(persistTo, appliedNames),
      ["0000_first.sql", "0001_second.sql", "0002_third.sql"],
      "each written once",
    );

    // A runtime that never answers is given up after four, saying why.
    const never = async (at) => {
      const local = await openLocalD1(at);
      opened.push(at);
      return {
        ...local,
        db: Object.assign(Object.create(local.db), {
          prepare: () => {
            throw bridgeError();
          },
        }),
      };
    };
    opened.length = 0;
    await assert.rejects(
      applyLocalMigrations(path.join(temporary, "never", "wrangler"), { migrationsDir, open: never }),
      {
        message: "false == true",
      },
    );
    assert.equal(opened.length, 4);
  });

  it("tries again when the bridge failed a statement's prepare, and gives up after four tries saying why", async () => {
    const migrationsDir = path.join(temporary, "prepared-migrations");
    fs.mkdirSync(migrationsDir);
    fs.writeFileSync(path.join(migrationsDir, "0000_first.sql"), "CREATE TABLE first (id INTEGER PRIMARY KEY);\n");
    fs.writeFileSync(path.join(migrationsDir, "0001_second.sql"), "CREATE TABLE second (id INTEGER PRIMARY KEY);\n");
    const bridgeError = () => Object.assign(new Error("false == true"), { code: "ERR_ASSERTION" });
    // A prepare is a synchronous call through the bridge: it throws, it does not reject. `failing` says which do.
    const preparing = (db, failing) =>
      Object.assign(Object.create(db), {
        prepare: (query) => {
          if (failing(query)) throw bridgeError();
          return db.prepare(query);
        },
      });
    const persistTo = path.join(temporary, "prepared", "wrangler");
    // The first migration's statement fails once, then every statement of the second.
    let failedOnce = false;
    const once = (query) => query.startsWith("CREATE TABLE first") && !failedOnce && (failedOnce = true);
    const secondNever = (query) => query.startsWith("CREATE TABLE second");
    const applied = await onLocalDatabase(persistTo, (db) => applyMigrations(preparing(db, once), { migrationsDir }));
    assert.deepEqual(applied, ["0000_first.sql", "0001_second.sql"]);
    assert.deepEqual(await onLocalDatabase(persistTo, appliedNames), ["0000_first.sql", "0001_second.sql"]);

    const otherTo = path.join(temporary, "prepared-again", "wrangler");
    await assert.rejects(
      onLocalDatabase(otherTo, (db) => applyMigrations(preparing(db, secondNever), { migrationsDir })),
      { message: "Migration 0001_second.sql failed: false == true" },
    );
    const [names, tables] = await onLocalDatabase(otherTo, (db) => Promise.all([appliedNames(db), tableNames(db)]));
    assert.deepEqual(names, ["0000_first.sql"], "the first kept, nothing of the second");
    assert.ok(tables.includes("first") && !tables.includes("second"));
  });
});
