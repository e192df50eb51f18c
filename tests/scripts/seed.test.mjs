// npm run seed's data and its handling of the indexes it drops while writing (scripts/seed.mjs).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { openLocalD1 } from "../../scripts/local-migrations.mjs";
import { dropDeferredIndexes, emulatorAccount, openLocalDatabase, seed, seedDatabase } from "../../scripts/seed.mjs";

const SMALL = { org: "Seed Test", contacts: 300, companies: 30, tasks: 40, log: () => {} };

describe("npm run seed", () => {
  const persistTo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "crm-seed-")), "wrangler");
  const deferredFile = path.join(persistTo, "seed-deferred-indexes.json");
  let db;
  let dispose;
  /** Every index of the migrated database, by name, with its definition. */
  const indexes = async () =>
    (
      await db
        .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
        .all()
    ).results;
  let migrated;

  before(async () => {
    ({ db, dispose } = await openLocalDatabase(persistTo));
    migrated = await indexes();
  });
  after(async () => {
    await dispose?.();
    fs.rmSync(path.dirname(persistTo), { recursive: true, force: true });
  });

  it("fills an organization and leaves every index of the migrations, the ones it dropped built again", async () => {
    const result = await seedDatabase(db, deferredFile, SMALL);
    assert.deepEqual(result.counts, { companies: 30, contacts: 300, tasks: 40, activities: result.counts.activities });
    const live = await db
      .prepare("SELECT count(*) AS n FROM contacts WHERE organization_id = ? AND deleted_at IS NULL")
      .bind(result.organizationId)
      .first();
    assert.equal(live.n, 300);
    // Some companies belong to a group: each to a company of the organization made before it.
    const groups = await db
      .prepare(
        `SELECT count(*) AS members, sum(NOT EXISTS (SELECT 1 FROM companies AS parent
           WHERE parent.id = c.parent_company_id AND parent.organization_id = c.organization_id
             AND parent.seq < c.seq)) AS astray
         FROM companies AS c WHERE c.organization_id = ? AND c.parent_company_id IS NOT NULL`,
      )
      .bind(result.organizationId)
      .first();
    assert.ok(groups.members > 0, "some companies have a parent");
    assert.equal(groups.astray, 0);
    assert.deepEqual(await indexes(), migrated);
    assert.ok(migrated.some((index) => index.name === "contacts_org_title_key_idx"));
    assert.equal(fs.existsSync(deferredFile), false);
    // A sort reads its index: the list's query plan names it.
    const plan = await db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM contacts WHERE organization_id = ? AND deleted_at IS NULL
         ORDER BY (lower(title) || char(1) || sort_name), id LIMIT 51`,
      )
      .bind(result.organizationId)
      .all();
    assert.match(plan.results.map((row) => row.detail).join("\n"), /INDEX contacts_org_title_key_idx/);
  });

  it("builds the indexes a stopped seed dropped when it runs again, and replaces the records", async () => {
    // A seed stopped while writing: the list indexes are gone, their definitions kept in the file.
    await dropDeferredIndexes(db, deferredFile);
    const dropped = JSON.parse(fs.readFileSync(deferredFile, "utf8")).map((index) => index.name);
    assert.ok(dropped.includes("record_values_sort_idx") && dropped.includes("contacts_org_status_key_idx"));
    assert.ok(dropped.length >= 15, `dropped ${dropped.length}`);
    assert.ok(!dropped.some((name) => name.endsWith("_uq") || name === "contacts_org_company_idx"));
    assert.equal((await indexes()).length, migrated.length - dropped.length);

    const result = await seedDatabase(db, deferredFile, { ...SMALL, contacts: 200, replace: true });
    assert.equal(result.counts.contacts, 200);
    const all = await db
      .prepare("SELECT count(*) AS n FROM contacts WHERE organization_id = ?")
      .bind(result.organizationId)
      .first();
    assert.equal(all.n, 200);
    assert.deepEqual(await indexes(), migrated);
    assert.equal(fs.existsSync(deferredFile), false);
  });

  it("makes the --owner-email user the owner, when they signed up and made no workspace yet", async () => {
    // What the Auth emulator saves as `npm start` stops: the app writes a user's row with their first workspace.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crm-seed-auth-"));
    fs.mkdirSync(path.join(dataDir, "auth", "auth_export"), { recursive: true });
    fs.writeFileSync(
      path.join(dataDir, "auth", "auth_export", "accounts.json"),
      JSON.stringify({
        kind: "identitytoolkit#DownloadAccountResponse",
        users: [
          { localId: "uidOther", email: "other@acme.example" },
          { localId: "uidSam123", email: "Sam@Acme.example", displayName: "Sam Seller" },
        ],
      }),
    );
    const account = emulatorAccount(dataDir, "sam@acme.example");
    assert.deepEqual(account, { uid: "uidSam123", email: "Sam@Acme.example", displayName: "Sam Seller" });
    assert.equal(emulatorAccount(dataDir, "nobody@acme.example"), null);
    assert.equal(emulatorAccount(path.join(dataDir, "missing"), "sam@acme.example"), null);

    const result = await seedDatabase(db, deferredFile, {
      ...SMALL,
      org: "Sam's Workspace",
      ownerEmail: "sam@acme.example",
      ownerAccount: account,
    });
    assert.equal(result.ownerId, "uidSam123");
    const user = await db
      .prepare("SELECT email, display_name, organization_id FROM users WHERE id = ?")
      .bind("uidSam123")
      .first();
    assert.deepEqual(user, {
      email: "Sam@Acme.example",
      display_name: "Sam Seller",
      organization_id: result.organizationId,
    });
    const membership = await db
      .prepare("SELECT role FROM memberships WHERE organization_id = ? AND user_id = ?")
      .bind(result.organizationId, "uidSam123")
      .first();
    assert.equal(membership?.role, "owner");

    // An organization seeded before, for another user: they own it too.
    const again = await seedDatabase(db, deferredFile, {
      ...SMALL,
      replace: true,
      ownerEmail: "other@acme.example",
      ownerAccount: emulatorAccount(dataDir, "other@acme.example"),
    });
    assert.equal(again.ownerId, "uidOther");
    const theirs = await db
      .prepare("SELECT u.organization_id, m.role FROM users u JOIN memberships m ON m.user_id = u.id WHERE u.id = ?")
      .bind("uidOther")
      .first();
    assert.deepEqual(theirs, { organization_id: again.organizationId, role: "owner" });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes when the runtime's bridge fails some of its prepares, writing each record once", async () => {
    // Miniflare's bridge can lose a synchronous call's answer (scripts/local-migrations.mjs): a prepare throws.
    // The first prepares of each kind fail, as many times as named: a read, the organization's batch, the drop and
    // the rebuild of the list indexes, the records' batches (twice in a row).
    const failures = new Map([
      ["SELECT count(*)", 1],
      ["INSERT INTO organizations", 1],
      ["DROP INDEX", 1],
      ["INSERT INTO contacts", 2],
      ["INSERT INTO companies", 1],
      ["CREATE INDEX", 1],
    ]);
    let failed = 0;
    const flaky = Object.assign(Object.create(db), {
      prepare: (query) => {
        const kind = [...failures.keys()].find((start) => query.trimStart().startsWith(start));
        if (failures.get(kind) > 0) {
          failures.set(kind, failures.get(kind) - 1);
          failed++;
          throw Object.assign(new Error("false == true"), { code: "ERR_ASSERTION" });
        }
        return db.prepare(query);
      },
    });
    const result = await seedDatabase(flaky, deferredFile, { ...SMALL, org: "Seed Through A Flaky Bridge" });
    assert.equal(failed, 7, "each failure named happened");
    const count = (table) =>
      db.prepare(`SELECT count(*) AS n FROM ${table} WHERE organization_id = ?`).bind(result.organizationId).first("n");
    assert.deepEqual(
      { contacts: await count("contacts"), companies: await count("companies"), tasks: await count("tasks") },
      { contacts: 300, companies: 30, tasks: 40 },
    );
    assert.equal(await count("memberships"), 1);
    assert.deepEqual(await indexes(), migrated);
  });

  it("seeds again in a new runtime once the bridge fails every call, replacing only what it wrote", async () => {
    // A data folder of its own: the seed starts its runtimes there, beside none of this suite's.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crm-seed-restart-"));
    const bridgeError = () => Object.assign(new Error("false == true"), { code: "ERR_ASSERTION" });
    /** Opens runtimes as the seed does; in the first, the bridge loses an answer at `losesAt`, and fails from then on. */
    const opening = (losesAt) => {
      const opened = { runtimes: 0 };
      opened.open = async (persistTo) => {
        const local = await openLocalDatabase(persistTo);
        if (++opened.runtimes > 1) return local;
        let lost = false;
        const prepare = (query) => {
          if (lost || (lost = query.trimStart().startsWith(losesAt))) throw bridgeError();
          return local.db.prepare(query);
        };
        return { ...local, db: Object.assign(Object.create(local.db), { prepare }) };
      };
      return opened;
    };
    const counts = async (organizationId) => {
      const { db: read, dispose: close } = await openLocalD1(path.join(dataDir, "wrangler"));
      try {
        const count = (table) =>
          read.prepare(`SELECT count(*) AS n FROM ${table} WHERE organization_id = ?`).bind(organizationId).first("n");
        return { contacts: await count("contacts"), companies: await count("companies"), tasks: await count("tasks") };
      } finally {
        await close();
      }
    };
    try {
      const org = "Seed Through A Lost Answer";
      const logged = [];
      // Lost among the contacts' batches, after the companies went in: seeded again, each record once.
      const midway = opening("INSERT INTO contacts");
      const result = await seed({ ...SMALL, org, dataDir, open: midway.open, log: (line) => logged.push(line) });
      assert.equal(midway.runtimes, 2);
      assert.ok(logged.some((line) => /bridge failed \(false == true\); seeding again in another/.test(line)));
      assert.deepEqual(await counts(result.organizationId), { contacts: 300, companies: 30, tasks: 40 });

      // Lost before the seed has looked for records of its own: the next runtime still refuses to replace them.
      const early = opening("SELECT count(*)");
      await assert.rejects(
        seed({ ...SMALL, org, dataDir, open: early.open }),
        /already has 300 contacts and 30 companies/,
      );
      assert.equal(early.runtimes, 2);
      assert.deepEqual(await counts(result.organizationId), { contacts: 300, companies: 30, tasks: 40 });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
