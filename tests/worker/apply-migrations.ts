import { applyD1Migrations, env } from "cloudflare:test";

/**
 * Each test file starts on an empty, freshly migrated D1, as if it ran alone. Files share their pool worker's
 * workerd and so its D1 (`isolate: false` in vitest.worker.config.ts), so what an earlier file made is dropped
 * first: its triggers and views (a table dropped while a trigger still writes to it from another breaks the rest),
 * then the full-text tables (dropping one drops its shadow tables, which may not be dropped by name), then the
 * tables, newest first, with foreign keys checked only once all are gone. D1's own tables (`_cf_…`) stay.
 */
async function dropEverything() {
  const { results } = await env.DB.prepare(
    "SELECT type, name, sql LIKE 'CREATE VIRTUAL TABLE%' AS virtual FROM sqlite_master " +
      "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY rowid",
  ).all<{ type: string; name: string; virtual: number }>();
  const named = (type: string, virtual = false) =>
    results.filter((r) => r.type === type && Boolean(r.virtual) === virtual).map((r) => r.name);
  const fullText = named("table", true);
  const tables = named("table").filter((name) => !fullText.some((fts) => name.startsWith(`${fts}_`)));
  const drops = [
    ...named("trigger").map((name) => `DROP TRIGGER "${name}"`),
    ...named("view").map((name) => `DROP VIEW "${name}"`),
    // Newest first: a table that refers to another came after it (view_defaults after saved_views), and dropping the
    // one referred to first cascades into the other, whose own parent (organizations) may be gone by then.
    ...[...fullText, ...tables.reverse()].map((name) => `DROP TABLE "${name}"`),
  ];
  if (drops.length === 0) return;
  await env.DB.batch([env.DB.prepare("PRAGMA defer_foreign_keys = ON"), ...drops.map((sql) => env.DB.prepare(sql))]);
}

await dropEverything();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const left = await env.DB.prepare(
  "SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM organizations) AS n",
).first<number>("n");
if (left) throw new Error(`This test file's D1 still holds ${left} users and organizations of an earlier file`);
