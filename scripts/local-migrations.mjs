// The local D1's migrations, applied as `wrangler d1 migrations apply DB --local --persist-to DIR` applies them (same
// file, same statements, same d1_migrations table, so wrangler and this agree on what is applied), in one Miniflare.
// Wrangler 4.86 starts a Miniflare per migration: 34 of them took 24 s of the machine's two cores, where this takes 4,
// and every fresh `npm start`, browser test run and seed test waited for it.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The table and columns wrangler keeps applied migrations in (wrangler's initMigrationsTable). */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/**
 * Applies the migrations not yet applied to the local D1 kept under `persistTo` (wrangler's --persist-to folder),
 * each in one batch with its row in d1_migrations: a migration that fails leaves nothing of itself, and stops the
 * ones after it. Resolves to the names applied. `migrationsDir`: another folder of migrations (the tests').
 */
export async function applyLocalMigrations(persistTo, { migrationsDir } = {}) {
  // Imported here: they take two seconds to load, which the stack's other commands (--migrate-only aside) pay once.
  const [{ Miniflare }, { readD1Migrations }, { unstable_readConfig }] = await Promise.all([
    import("miniflare"),
    // Wrangler's own reading and splitting of the migration files (triggers' BEGIN … END kept whole).
    import("@cloudflare/vitest-pool-workers"),
    import("wrangler"),
  ]);
  const database = unstable_readConfig({ config: path.join(root, "wrangler.toml") }).d1_databases.find(
    (d1) => d1.binding === "DB",
  );
  const migrations = await readD1Migrations(migrationsDir ?? path.join(root, database.migrations_dir ?? "migrations"));
  const miniflare = new Miniflare({
    modules: true,
    script: "",
    d1Persist: path.join(persistTo, "v3", "d1"),
    // The id wrangler opens the local database by, in `migrations apply` as in `dev`.
    d1Databases: { DB: database.preview_database_id ?? database.database_id },
  });
  try {
    const db = await miniflare.getD1Database("DB");
    await db.prepare(CREATE_MIGRATIONS_TABLE).run();
    const { results } = await db.prepare("SELECT name FROM d1_migrations").all();
    const applied = new Set(results.map((row) => row.name));
    const done = [];
    for (const { name, queries } of migrations) {
      if (applied.has(name)) continue;
      try {
        await db.batch([
          ...queries.map((query) => db.prepare(query)),
          db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
        ]);
      } catch (error) {
        throw new Error(`Migration ${name} failed: ${error?.cause?.message ?? error?.message ?? error}`);
      }
      done.push(name);
    }
    return done;
  } finally {
    await miniflare.dispose();
  }
}
