import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createCaller } from "../../worker/src/routers";
import { createContext } from "../../worker/src/trpc";
import { countedCaller } from "./counting-database";
import { newRecordIds, raceBeforeBatch } from "./records-helpers";
import { expectTRPCError, ownerOfNewOrganization, rows, seedMember, signIdToken, type Identity } from "./helpers";

type Owner = Awaited<ReturnType<typeof ownerOfNewOrganization>>;
type Caller = Owner["caller"];

/**
 * A caller for `identity` whose next D1 batch first waits for `meanwhile`: the same create sent again
 * lands between this one's reads and its write. (Through the binding: procedures make their own database.)
 */
async function racingCaller(identity: Identity, meanwhile: () => Promise<unknown>) {
  return callerOver(identity, raceBeforeBatch(env.DB, meanwhile));
}

/** A caller for `identity` whose procedures use `DB` as their D1 binding. */
async function callerOver(identity: Identity, DB: D1Database) {
  const request = new Request("http://crm.test/trpc", {
    headers: { authorization: `Bearer ${await signIdToken(identity)}` },
  });
  return createCaller(await createContext({ env: { ...env, DB }, request }));
}

/** `DB`, except that `meanwhile` runs just before the first statement run on its own whose SQL `matches`. */
function beforeStatement(DB: D1Database, matches: (sql: string) => boolean, meanwhile: () => Promise<unknown>) {
  let raced = false;
  const delayed = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(inner, property) {
        const value: unknown = Reflect.get(inner, property);
        if (typeof value !== "function") return value;
        if (property === "bind")
          return (...values: unknown[]) =>
            delayed((value as (...v: unknown[]) => D1PreparedStatement).apply(inner, values));
        if (property === "run" || property === "all" || property === "raw" || property === "first")
          return async (...args: unknown[]) => {
            if (!raced) {
              raced = true;
              await meanwhile();
            }
            return (value as (...a: unknown[]) => unknown).apply(inner, args);
          };
        return value.bind(inner);
      },
    });
  return new Proxy(DB, {
    get(inner, property) {
      const value: unknown = Reflect.get(inner, property);
      if (property === "prepare")
        return (sql: string) => {
          const statement = inner.prepare(sql);
          return matches(sql) ? delayed(statement) : statement;
        };
      return typeof value === "function" ? value.bind(inner) : value;
    },
  });
}

const count = async (table: string, organizationId: string) =>
  (await rows<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE organization_id = ?`, organizationId))[0].n;
const activitiesOf = (recordId: string) =>
  rows<{ kind: string }>("SELECT kind FROM activities WHERE record_id = ? ORDER BY created_at", recordId);

/** Each keyed create, with what it makes and where that is counted (`on`: the contact a note is written on). */
type Keyed = { table: string; create: (caller: Caller, key?: string, on?: string) => Promise<{ id: string }> };
const creates: Record<string, Keyed> = {
  contact: {
    table: "contacts",
    create: (caller, key) =>
      caller.contacts.create({ firstName: "Ann", lastName: "Lee", emails: ["ann@acme.com"], key }),
  },
  company: {
    table: "companies",
    create: (caller, key) => caller.companies.create({ name: "Acme", domain: "acme.com", key }),
  },
  task: { table: "tasks", create: (caller, key) => caller.tasks.create({ title: "Call Ann", key }) },
  feedback: {
    table: "feedback",
    create: (caller, key) => caller.feedback.create({ text: "The board should group by owner", key }),
  },
  note: {
    table: "notes",
    create: async (caller, key, on) => {
      const recordId = on ?? (await caller.contacts.create({ firstName: "Anchor" })).id;
      return caller.notes.create({ recordObject: "contact", recordId, body: "Called, left a message", key });
    },
  },
};

describe.each(Object.entries(creates))("a %s create sent again under its key (its answer was lost)", (_, object) => {
  it("is answered with the record it made, and makes nothing twice", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const on = (await caller.contacts.create({ firstName: "Anchor" })).id;
    const first = await object.create(caller, "create-key-1", on);
    const before = await count(object.table, org.id);
    const again = await object.create(caller, "create-key-1", on);
    expect(again.id).toBe(first.id);
    expect(await count(object.table, org.id)).toBe(before);
    // Another key is another create.
    if (object.table === "tasks" || object.table === "notes" || object.table === "feedback") {
      const other = await object.create(caller, "create-key-2", on);
      expect(other.id).not.toBe(first.id);
      expect(await count(object.table, org.id)).toBe(before + 1);
    }
  });

  it("is made once when the second send lands while the first is being written", async () => {
    const { caller, identity, org } = await ownerOfNewOrganization();
    const on = (await caller.contacts.create({ firstName: "Anchor" })).id;
    const before = await count(object.table, org.id);
    let second: { id: string } | undefined;
    const racing = await racingCaller(identity, async () => {
      second = await object.create(caller, "raced-key-1", on);
    });
    const first = await object.create(racing as unknown as Caller, "raced-key-1", on);
    expect(second?.id).toBeDefined();
    expect(first.id).toBe(second!.id);
    expect(await count(object.table, org.id)).toBe(before + 1);
  });

  it("is the organization's own: another organization's create under the same key makes its own record", async () => {
    const ours = await ownerOfNewOrganization();
    const theirs = await ownerOfNewOrganization();
    const mine = await object.create(ours.caller, "shared-key-1");
    const before = await count(object.table, theirs.org.id);
    const made = await object.create(theirs.caller, "shared-key-1");
    expect(made.id).not.toBe(mine.id);
    expect(made).toMatchObject({ organizationId: theirs.org.id });
    expect(await count(object.table, theirs.org.id)).toBe(before + 1);
  });
});

describe("keyed creates", () => {
  it("cost no round trip more than a create without a key: nothing is read first", async () => {
    const { identity } = await ownerOfNewOrganization();
    const measure = await countedCaller(identity);
    const plain = await measure((c) => c.tasks.create({ title: "Call Ann" }));
    const keyed = await measure((c) => c.tasks.create({ title: "Call Ann", key: "no-read-first-1" }));
    expect(keyed.trips).toBe(plain.trips);
    const again = await measure((c) => c.tasks.create({ title: "Call Ann", key: "no-read-first-1" }));
    expect(again.result.id).toBe(keyed.result.id);
  });

  it("write one 'created' activity for a contact sent three times at once", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const sends = await Promise.all([1, 2, 3].map(() => creates.contact.create(caller, "three-times-1")));
    expect(new Set(sends.map((c) => c.id)).size).toBe(1);
    expect(await activitiesOf(sends[0].id)).toEqual([{ kind: "created" }]);
    expect(await count("contacts", org.id)).toBe(1);
  });

  it("answer a create sent again after its record was deleted with NOT_FOUND, and make no second one", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Send the deck", key: "deleted-key-1" });
    await caller.tasks.delete({ id: task.id });
    await expectTRPCError(
      caller.tasks.create({ title: "Send the deck", key: "deleted-key-1" }),
      "NOT_FOUND",
      "That task does not exist or was deleted.",
    );
    expect(await count("tasks", org.id)).toBe(1);
  });

  it("answer a key sent again with another request as that request, not as the first", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const first = await caller.tasks.create({ title: "Call Ann", key: "reused-key-1" });
    // Made under the key already taken: its batch clashes on the key, and the kept request is not this one.
    await expectTRPCError(
      caller.tasks.create({ title: "Call Bob", key: "reused-key-1" }),
      "CONFLICT",
      "This write's key was already used for another one. Send each write under a key of its own.",
    );
    expect(await count("tasks", org.id)).toBe(1);
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CEO" }, key: "reused-update-1" });
    await expectTRPCError(
      caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CFO" }, key: "reused-update-1" }),
      "CONFLICT",
      /was changed by/,
    );
    expect(first.title).toBe("Call Ann");
  });

  it("refuse a key that is not one, and a create without a key is made each time", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await expectTRPCError(
      caller.tasks.create({ title: "Call Bob", key: "no spaces" }),
      "BAD_REQUEST",
      /A write's key is 8 to 64 letters, digits, '-' or '_'\./,
    );
    await caller.tasks.create({ title: "Call Bob" });
    await caller.tasks.create({ title: "Call Bob" });
    expect(await count("tasks", org.id)).toBe(2);
  });

  it("remember nothing for a create that was refused: fixed and sent under the same key, it is made", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] });
    await expectTRPCError(
      caller.contacts.create({ firstName: "Bea", emails: ["ann@acme.com"], key: "refused-key-1" }),
      "CONFLICT",
      "ann@acme.com already belongs to Ann.",
    );
    const bea = await caller.contacts.create({ firstName: "Bea", emails: ["bea@acme.com"], key: "refused-key-1" });
    expect(bea).toMatchObject({ firstName: "Bea", primaryEmail: "bea@acme.com" });
    expect(await count("contacts", org.id)).toBe(2);
    const kept = await rows<{ result: string }>("SELECT result FROM write_keys WHERE organization_id = ?", org.id);
    expect(kept.map((row) => JSON.parse(row.result).answer)).toEqual([bea.id]);
  });

  it("answer an import batch sent again while the first is being written as the first, written once", async () => {
    const { caller, identity, org } = await ownerOfNewOrganization();
    const batch = { rows: [{ firstName: "Bob" }, { firstName: "Cy" }], lineNumbers: [2, 3], key: "import-race-1" };
    let second: unknown;
    const racing = await racingCaller(identity, async () => {
      second = await caller.contacts.import(batch);
    });
    const first = await racing.contacts.import(batch);
    expect(first).toEqual({ created: 2, createdIds: newRecordIds(2), updated: 0, skipped: 0, failed: [] });
    expect(second).toEqual(first);
    expect(await count("contacts", org.id)).toBe(2);
  });
});

/** Each keyed update: a record to change, and the change (`title`), from `version`. */
type Updatable = {
  make: (caller: Caller) => Promise<{ id: string }>;
  update: (caller: Caller, id: string, version: number, key?: string) => Promise<{ id: string; version: number }>;
};
const updates: Record<string, Updatable> = {
  contact: {
    make: (caller) => caller.contacts.create({ firstName: "Ann" }),
    update: (caller, id, version, key) => caller.contacts.update({ id, version, patch: { title: "CEO" }, key }),
  },
  company: {
    make: (caller) => caller.companies.create({ name: "Acme" }),
    update: (caller, id, version, key) => caller.companies.update({ id, version, patch: { industry: "Rail" }, key }),
  },
  task: {
    make: (caller) => caller.tasks.create({ title: "Call Ann" }),
    update: (caller, id, version, key) => caller.tasks.update({ id, version, patch: { status: "done" }, key }),
  },
  note: {
    make: async (caller) => {
      const { id } = await caller.contacts.create({ firstName: "Anchor" });
      return caller.notes.create({ recordObject: "contact", recordId: id, body: "Called" });
    },
    update: (caller, id, version, key) => caller.notes.update({ id, version, body: "Called back", key }),
  },
};

describe.each(Object.entries(updates))("a %s update sent again under its key after it was applied", (_, object) => {
  it("is answered with the record as it is now, not refused as if a teammate had changed it", async () => {
    const { caller } = await ownerOfNewOrganization();
    const { id } = await object.make(caller);
    const applied = await object.update(caller, id, 1, "update-key-1");
    expect(applied.version).toBe(2);
    const again = await object.update(caller, id, 1, "update-key-1");
    expect(again).toMatchObject({ id, version: 2 });
  });

  it("is applied once when the second send lands while the first is being written", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const { id } = await object.make(caller);
    let second: { version: number } | undefined;
    const racing = await racingCaller(identity, async () => {
      second = await object.update(caller, id, 1, "raced-update-1");
    });
    const first = await object.update(racing as unknown as Caller, id, 1, "raced-update-1");
    expect(second?.version).toBe(2);
    expect(first).toMatchObject({ id, version: 2 });
  });

  it("is still CONFLICT when the version is stale for another reason: no key, another key, another organization's", async () => {
    const ours = await ownerOfNewOrganization();
    const { id } = await object.make(ours.caller);
    await object.update(ours.caller, id, 1, "teammate-key-1");
    await expectTRPCError(object.update(ours.caller, id, 1), "CONFLICT", /was changed by/);
    await expectTRPCError(object.update(ours.caller, id, 1, "my-own-key-1"), "CONFLICT", /was changed by/);
    // Another organization's key, even the same, names nothing here.
    const theirs = await ownerOfNewOrganization();
    const other = await object.make(theirs.caller);
    await object.update(theirs.caller, other.id, 1, "shared-update-1");
    await expectTRPCError(object.update(ours.caller, id, 1, "shared-update-1"), "CONFLICT", /was changed by/);
  });
});

describe("keyed updates", () => {
  it("write one 'updated' activity for a contact's change sent twice", async () => {
    const { caller } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CEO" }, key: "twice-update-1" });
    await caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CEO" }, key: "twice-update-1" });
    expect((await activitiesOf(ann.id)).map((a) => a.kind)).toEqual(["created", "updated"]);
  });

  it("remember nothing for an update that lost its race: sent again, it is still refused, never taken as applied", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    // A teammate's change lands between this update's reads and its write.
    const racing = await racingCaller(identity, () =>
      caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CEO" } }),
    );
    const lost = { id: ann.id, version: 1, patch: { title: "CFO" }, key: "lost-race-1" };
    await expectTRPCError(racing.contacts.update(lost), "CONFLICT", /was changed by/);
    await expectTRPCError(caller.contacts.update(lost), "CONFLICT", /was changed by/);
    expect((await caller.contacts.get({ id: ann.id })).contact).toMatchObject({ title: "CEO", version: 2 });
  });
});

/** Each keyed delete: a record to delete, the delete, and what the first one answered. */
type Deletable = {
  make: (caller: Caller) => Promise<{ id: string }>;
  remove: (caller: Caller, id: string, key?: string) => Promise<unknown>;
};
const deletes: Record<string, Deletable> = {
  contact: {
    make: (caller) => caller.contacts.create({ firstName: "Ann" }),
    remove: (caller, id, key) => caller.contacts.delete({ ids: [id], key }),
  },
  company: {
    make: (caller) => caller.companies.create({ name: "Acme" }),
    remove: (caller, id, key) => caller.companies.delete({ ids: [id], key }),
  },
  task: {
    make: (caller) => caller.tasks.create({ title: "Call Ann" }),
    remove: (caller, id, key) => caller.tasks.delete({ id, key }),
  },
  note: {
    make: async (caller) => {
      const { id } = await caller.contacts.create({ firstName: "Anchor" });
      return caller.notes.create({ recordObject: "contact", recordId: id, body: "Called" });
    },
    remove: (caller, id, key) => caller.notes.delete({ id, key }),
  },
};

describe.each(Object.entries(deletes))("a %s delete sent again under its key after it was made", (_, object) => {
  it("is answered as the first was, not NOT_FOUND, and deletes nothing twice", async () => {
    const { caller } = await ownerOfNewOrganization();
    const { id } = await object.make(caller);
    const first = await object.remove(caller, id, "delete-key-1");
    expect(await object.remove(caller, id, "delete-key-1")).toEqual(first);
    await expectTRPCError(object.remove(caller, id), "NOT_FOUND");
    await expectTRPCError(object.remove(caller, id, "delete-key-2"), "NOT_FOUND");
  });

  it("is made once when sent twice at once", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const { id } = await object.make(caller);
    let second: unknown;
    const racing = await racingCaller(identity, async () => {
      second = await object.remove(caller, id, "raced-delete-1");
    });
    expect(await object.remove(racing as unknown as Caller, id, "raced-delete-1")).toEqual(second);
  });

  it("is answered only for its own request: the same key sent for another organization's record is NOT_FOUND", async () => {
    const ours = await ownerOfNewOrganization();
    const theirs = await ownerOfNewOrganization();
    const { id } = await object.make(ours.caller);
    await object.remove(ours.caller, id, "shared-delete-1");
    const other = await object.make(theirs.caller);
    await object.remove(theirs.caller, other.id, "shared-delete-1");
    // Their key, sent for our record, names nothing of ours: NOT_FOUND, as any other organization's id.
    await expectTRPCError(object.remove(theirs.caller, id, "shared-delete-1"), "NOT_FOUND");
  });
});

describe("keyed deletes", () => {
  it("write one 'deleted' activity and drop the count once for contacts deleted twice", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.contacts.create({ firstName: "Bob" });
    expect(await caller.contacts.delete({ ids: [ann.id], key: "twice-delete-1" })).toEqual({ deleted: 1 });
    expect(await caller.contacts.delete({ ids: [ann.id], key: "twice-delete-1" })).toEqual({ deleted: 1 });
    expect((await activitiesOf(ann.id)).map((a) => a.kind)).toEqual(["created", "deleted"]);
    const [{ count: live }] = await rows<{ count: number }>(
      "SELECT count FROM record_counts WHERE organization_id = ? AND object = 'contact'",
      org.id,
    );
    expect(live).toBe(1);
  });

  it("answer a task's delete sent again with the task in the trash", async () => {
    const { caller } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Send the deck" });
    const first = await caller.tasks.delete({ id: task.id, key: "task-delete-1" });
    const again = await caller.tasks.delete({ id: task.id, key: "task-delete-1" });
    expect(again).toMatchObject({ id: task.id, title: "Send the deck", version: 2 });
    expect(again.deletedAt).toEqual(first.deletedAt);
  });

  it("remember nothing for a task's delete that lost its race: sent again, it deletes the task as it now is", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Send the deck" });
    const racing = await racingCaller(identity, () =>
      caller.tasks.update({ id: task.id, version: 1, patch: { title: "Send the new deck" } }),
    );
    await expectTRPCError(racing.tasks.delete({ id: task.id, key: "lost-delete-1" }), "CONFLICT", /was changed by/);
    const again = await caller.tasks.delete({ id: task.id, key: "lost-delete-1" });
    expect(again).toMatchObject({ title: "Send the new deck", version: 3 });
    expect(again.deletedAt).toBeInstanceOf(Date);
  });
});

describe("keyed restores", () => {
  it.each([
    ["contacts", (caller: Caller) => caller.contacts.create({ firstName: "Ann" })],
    ["companies", (caller: Caller) => caller.companies.create({ name: "Acme" })],
  ] as const)(
    "answer %s brought back and sent again as the first, and bring nothing back twice",
    async (object, make) => {
      const { caller, org } = await ownerOfNewOrganization();
      const { id } = await make(caller);
      const router = object === "contacts" ? caller.contacts : caller.companies;
      await router.delete({ ids: [id] });
      const first = await router.restoreMany({ ids: [id], key: "restore-key-1" });
      expect(first).toEqual({ restored: 1, refused: [] });
      expect(await router.restoreMany({ ids: [id], key: "restore-key-1" })).toEqual(first);
      await expectTRPCError(router.restoreMany({ ids: [id] }), "NOT_FOUND");
      expect((await activitiesOf(id)).map((a) => a.kind)).toEqual(["created", "deleted", "restored"]);
      expect(await count(object, org.id)).toBe(1);
    },
  );

  it("answer a task's restore sent again with the task as it is, and one 'restored' entry", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const task = await caller.tasks.create({ title: "Send the deck" });
    await caller.tasks.delete({ id: task.id });
    let second: { version: number } | undefined;
    const racing = await racingCaller(identity, async () => {
      second = await caller.tasks.restore({ id: task.id, key: "task-restore-1" });
    });
    const first = await racing.tasks.restore({ id: task.id, key: "task-restore-1" });
    expect(first).toMatchObject({ id: task.id, version: 3, deletedAt: null });
    expect(second).toMatchObject({ version: 3 });
    expect(await caller.tasks.restore({ id: task.id, key: "task-restore-1" })).toMatchObject({ version: 3 });
    await expectTRPCError(caller.tasks.restore({ id: task.id }), "NOT_FOUND");
  });
});

/** Two records of one object to merge (the survivor first), and the merge. */
type Mergeable = {
  object: "contact" | "company";
  make: (caller: Caller) => Promise<[{ id: string }, { id: string }]>;
  merge: (caller: Caller, survivorId: string, mergedId: string, key?: string) => Promise<unknown>;
};
const merges: Record<string, Mergeable> = {
  contact: {
    object: "contact",
    make: async (caller) => [
      await caller.contacts.create({ firstName: "Ann", emails: ["ann@acme.com"] }),
      await caller.contacts.create({ firstName: "Ann", lastName: "Lee", emails: ["ann.lee@acme.com"] }),
    ],
    merge: (caller, survivorId, mergedId, key) =>
      caller.contacts.merge({ survivorId, survivorVersion: 1, mergedId, key }),
  },
  company: {
    object: "company",
    make: async (caller) => [
      await caller.companies.create({ name: "Acme", domain: "acme.com" }),
      await caller.companies.create({ name: "Acme Inc", industry: "Rail" }),
    ],
    merge: (caller, survivorId, mergedId, key) =>
      caller.companies.merge({ survivorId, survivorVersion: 1, mergedId, key }),
  },
};

const liveCount = async (organizationId: string, object: string) =>
  (
    await rows<{ count: number }>(
      "SELECT count FROM record_counts WHERE organization_id = ? AND object = ?",
      organizationId,
      object,
    )
  )[0].count;

describe.each(Object.entries(merges))("a %s merge sent again under its key after it was made", (_, pair) => {
  it("is answered as the first was, not NOT_FOUND, and merges nothing twice", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const [survivor, merged] = await pair.make(caller);
    const first = await pair.merge(caller, survivor.id, merged.id, "merge-key-1");
    expect(first).toEqual({ survivorId: survivor.id, mergedId: merged.id });
    expect(await pair.merge(caller, survivor.id, merged.id, "merge-key-1")).toEqual(first);
    // Without its key, or under another, the merged record is gone.
    await expectTRPCError(pair.merge(caller, survivor.id, merged.id), "NOT_FOUND");
    await expectTRPCError(pair.merge(caller, survivor.id, merged.id, "merge-key-2"), "NOT_FOUND");
    // The merged record's timeline moved to the survivor: both "created", one "merged".
    expect((await activitiesOf(survivor.id)).map((a) => a.kind)).toEqual(["created", "created", "merged"]);
    expect(await liveCount(org.id, pair.object)).toBe(1);
  });

  it("is made once when sent twice at once", async () => {
    const { caller, identity, org } = await ownerOfNewOrganization();
    const [survivor, merged] = await pair.make(caller);
    let second: unknown;
    const racing = await racingCaller(identity, async () => {
      second = await pair.merge(caller, survivor.id, merged.id, "raced-merge-1");
    });
    const first = await pair.merge(racing as unknown as Caller, survivor.id, merged.id, "raced-merge-1");
    expect(first).toEqual({ survivorId: survivor.id, mergedId: merged.id });
    expect(second).toEqual(first);
    // The merged record's timeline moved to the survivor: both "created", one "merged".
    expect((await activitiesOf(survivor.id)).map((a) => a.kind)).toEqual(["created", "created", "merged"]);
    expect(await liveCount(org.id, pair.object)).toBe(1);
  });

  it("remembers nothing when it lost its race to a teammate's edit: sent again, it is still CONFLICT", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const [survivor, merged] = await pair.make(caller);
    const racing = await racingCaller(identity, () =>
      pair.object === "contact"
        ? caller.contacts.update({ id: survivor.id, version: 1, patch: { title: "CEO" } })
        : caller.companies.update({ id: survivor.id, version: 1, patch: { size: "11-50" } }),
    );
    await expectTRPCError(pair.merge(racing as unknown as Caller, survivor.id, merged.id, "lost-merge-1"), "CONFLICT");
    await expectTRPCError(pair.merge(caller, survivor.id, merged.id, "lost-merge-1"), "CONFLICT", /was changed by/);
    expect((await activitiesOf(merged.id)).map((a) => a.kind)).toEqual(["created"]);
  });

  it("is the organization's own: the same key sent for another organization's records is NOT_FOUND", async () => {
    const ours = await ownerOfNewOrganization();
    const theirs = await ownerOfNewOrganization();
    const [survivor, merged] = await pair.make(ours.caller);
    await pair.merge(ours.caller, survivor.id, merged.id, "shared-merge-1");
    const [otherSurvivor, otherMerged] = await pair.make(theirs.caller);
    await expectTRPCError(pair.merge(theirs.caller, survivor.id, merged.id, "shared-merge-1"), "NOT_FOUND");
    await pair.merge(theirs.caller, otherSurvivor.id, otherMerged.id, "shared-merge-1");
    expect(await liveCount(theirs.org.id, pair.object)).toBe(1);
  });
});

describe("keyed bulk edits", () => {
  it.each(["contacts", "companies"] as const)(
    "answer %s tagged and sent again as the first (not 'nothing to change'), tagging nothing twice",
    async (object) => {
      const { caller } = await ownerOfNewOrganization();
      const router = object === "contacts" ? caller.contacts : caller.companies;
      const made = await Promise.all(
        ["Ann", "Bob"].map((name) =>
          object === "contacts" ? caller.contacts.create({ firstName: name }) : caller.companies.create({ name }),
        ),
      );
      const ids = made.map((record) => record.id);
      const request = { ids, action: { type: "addTag", tag: "vip" } as const, key: "bulk-key-1" };
      const first = await router.bulkUpdate(request);
      expect(first).toEqual({ updated: 2, matched: 2 });
      expect(await router.bulkUpdate(request)).toEqual(first);
      // Without its key the tags are already there: nothing to change.
      expect(await router.bulkUpdate({ ...request, key: undefined })).toEqual({ updated: 0, matched: 2 });
      for (const id of ids) expect((await activitiesOf(id)).map((a) => a.kind)).toEqual(["created", "updated"]);
    },
  );

  it("answer a bulk edit that changed nothing as such when sent again, and one sent twice at once as the first", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann", tags: ["vip"] });
    const unchanged = { ids: [ann.id], action: { type: "addTag", tag: "vip" } as const, key: "bulk-none-1" };
    expect(await caller.contacts.bulkUpdate(unchanged)).toEqual({ updated: 0, matched: 1 });
    expect(await caller.contacts.bulkUpdate(unchanged)).toEqual({ updated: 0, matched: 1 });

    let second: unknown;
    const assign = {
      ids: [ann.id],
      action: { type: "assign", ownerId: identity.uid } as const,
      key: "bulk-raced-1",
    };
    const racing = await racingCaller(identity, async () => {
      second = await caller.contacts.bulkUpdate(assign);
    });
    const first = await racing.contacts.bulkUpdate(assign);
    expect(second).toEqual({ updated: 1, matched: 1 });
    expect(first).toEqual(second);
    expect((await activitiesOf(ann.id)).map((a) => a.kind)).toEqual(["created", "updated"]);
  });

  it("answer a bulk edit sent again while the first is still being written once the first is done", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    const request = { ids: [ann.id], action: { type: "addTag", tag: "vip" } as const, key: "bulk-slow-1" };
    let second: Promise<unknown> | undefined;
    // Just before the first stores its answer, the same edit arrives again and finds its key taken.
    const DB = beforeStatement(
      env.DB,
      (sql) => /^update "write_keys"/i.test(sql),
      async () => {
        second = caller.contacts.bulkUpdate(request);
        await new Promise((resolve) => setTimeout(resolve, 150));
      },
    );
    const first = await (await callerOver(identity, DB)).contacts.bulkUpdate(request);
    expect(first).toEqual({ updated: 1, matched: 1 });
    expect(await second).toEqual(first);
  });

  it("fail as they failed when a later round's batch fails: not answered as if sent again, and sent again they are made", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    const bob = await caller.contacts.create({ firstName: "Bob" });
    const request = { ids: [ann.id, bob.id], action: { type: "addTag", tag: "vip" } as const, key: "bulk-fails-1" };
    // A teammate changes Bob before the first round's batch (Bob goes to a second round), whose batch fails.
    let batches = 0;
    const DB = new Proxy(env.DB, {
      get(inner, property) {
        if (property === "batch")
          return async (statements: D1PreparedStatement[]) => {
            batches += 1;
            if (batches === 1) await caller.contacts.update({ id: bob.id, version: 1, patch: { title: "CFO" } });
            if (batches === 2) throw new Error("D1_ERROR: Network connection lost.");
            return inner.batch(statements);
          };
        const value: unknown = Reflect.get(inner, property);
        return typeof value === "function" ? value.bind(inner) : value;
      },
    });
    const failing = await callerOver(identity, DB);
    await expect(failing.contacts.bulkUpdate(request)).rejects.toThrow(/Network connection lost/);
    // Tried again (a new call, under a key of its own), it makes what the failed one did not.
    expect(await caller.contacts.bulkUpdate({ ...request, key: "bulk-fails-2" })).toEqual({ updated: 1, matched: 2 });
    expect((await caller.contacts.get({ id: bob.id })).contact.tags).toEqual(["vip"]);
  });

  it("answer a bulk edit sent again after its records were deleted as the first, and refuse another organization's", async () => {
    const ours = await ownerOfNewOrganization();
    const theirs = await ownerOfNewOrganization();
    const ann = await ours.caller.contacts.create({ firstName: "Ann" });
    const request = { ids: [ann.id], action: { type: "addTag", tag: "vip" } as const, key: "bulk-gone-1" };
    await ours.caller.contacts.bulkUpdate(request);
    await ours.caller.contacts.delete({ ids: [ann.id] });
    expect(await ours.caller.contacts.bulkUpdate(request)).toEqual({ updated: 1, matched: 1 });
    // Their call under the same key names our contact: NOT_FOUND, as any other organization's id.
    await expectTRPCError(theirs.caller.contacts.bulkUpdate(request), "NOT_FOUND");
  });
});

describe("keyed saved views", () => {
  const viewCount = (organizationId: string) => count("saved_views", organizationId);

  it("make a view sent again once, answered with it; another organization's same key makes its own", async () => {
    const ours = await ownerOfNewOrganization();
    const request = { object: "contact", name: "Hot", definition: {}, key: "view-create-1" } as const;
    const first = await ours.caller.views.create(request);
    expect(await ours.caller.views.create(request)).toMatchObject({ id: first.id, name: "Hot" });
    expect(await viewCount(ours.org.id)).toBe(1);
    const theirs = await ownerOfNewOrganization();
    const their = await theirs.caller.views.create(request);
    expect(their.id).not.toBe(first.id);
    expect(await viewCount(theirs.org.id)).toBe(1);
  });

  it("answer a view's change sent again with the view as it is, not a CONFLICT naming oneself; still CONFLICT without it", async () => {
    const { caller, identity } = await ownerOfNewOrganization();
    const view = await caller.views.create({ object: "contact", name: "Hot", definition: {} });
    const change = { id: view.id, version: 1, name: "Hotter", key: "view-update-1" };
    expect(await caller.views.update(change)).toMatchObject({ name: "Hotter", version: 2 });
    expect(await caller.views.update(change)).toMatchObject({ name: "Hotter", version: 2 });
    await expectTRPCError(caller.views.update({ ...change, key: undefined }), "CONFLICT", /was changed by/);
    // Twice at once: saved once.
    let second: unknown;
    const racing = await racingCaller(identity, async () => {
      second = await caller.views.update({ id: view.id, version: 2, name: "Hottest", key: "view-update-2" });
    });
    const first = await racing.views.update({ id: view.id, version: 2, name: "Hottest", key: "view-update-2" });
    expect(first).toMatchObject({ name: "Hottest", version: 3 });
    expect(second).toMatchObject({ version: 3 });
  });

  it("answer a view's delete sent again as the first, not NOT_FOUND; another organization's view stays NOT_FOUND", async () => {
    const ours = await ownerOfNewOrganization();
    const theirs = await ownerOfNewOrganization();
    const view = await ours.caller.views.create({ object: "contact", name: "Hot", definition: {} });
    expect(await ours.caller.views.delete({ id: view.id, key: "view-delete-1" })).toEqual({ id: view.id });
    expect(await ours.caller.views.delete({ id: view.id, key: "view-delete-1" })).toEqual({ id: view.id });
    await expectTRPCError(ours.caller.views.delete({ id: view.id }), "NOT_FOUND");
    await expectTRPCError(theirs.caller.views.delete({ id: view.id, key: "view-delete-1" }), "NOT_FOUND");
  });
});

describe("custom properties sent again after they were saved", () => {
  const tier = {
    object: "contact" as const,
    key: "tier",
    label: "Tier",
    type: "select" as const,
    options: ["Gold", "Silver"],
  };

  it("a create: answered with the property it made, not 'already exists'; another definition or admin still is", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const first = await caller.properties.create(tier);
    expect(await caller.properties.create(tier)).toMatchObject({ id: first.id, key: "tier" });
    expect(await count("property_definitions", org.id)).toBe(1);
    await expectTRPCError(
      caller.properties.create({ ...tier, options: ["Gold"] }),
      "CONFLICT",
      'A contact property with the key "tier" already exists.',
    );
    const admin = await seedMember(org.id, "admin");
    await expectTRPCError(admin.caller.properties.create(tier), "CONFLICT", /already exists/);
    // Archived, it is not what a create asked for.
    await caller.properties.archive({ id: first.id });
    await expectTRPCError(caller.properties.create(tier), "CONFLICT", /archived contact property “Tier”/);
  });

  it("an edit, a reorder, an archive and a restore: each answered as made, and made once", async () => {
    const { caller, org } = await ownerOfNewOrganization();
    const made = await caller.properties.create(tier);
    const ann = await caller.contacts.create({ firstName: "Ann", properties: { tier: "Gold" } });
    const rename = {
      id: made.id,
      options: ["Platinum", "Silver"],
      renamedOptions: [{ from: "Gold", to: "Platinum" }],
      key: "prop-update-1",
    };
    expect(await caller.properties.update(rename)).toMatchObject({ options: ["Platinum", "Silver"] });
    expect(await caller.properties.update(rename)).toMatchObject({ options: ["Platinum", "Silver"] });
    expect((await caller.contacts.get({ id: ann.id })).contact.properties).toEqual({ tier: "Platinum" });

    const region = await caller.properties.create({ object: "contact", key: "region", label: "Region", type: "text" });
    const order = { object: "contact" as const, ids: [region.id, made.id], key: "prop-reorder-1" };
    expect(await caller.properties.reorder(order)).toEqual({ ok: true });
    // A teammate's order after it is not undone by this one sent again.
    await caller.properties.reorder({ object: "contact", ids: [made.id, region.id] });
    expect(await caller.properties.reorder(order)).toEqual({ ok: true });
    expect((await caller.properties.list({ object: "contact" })).map((p) => p.key)).toEqual(["tier", "region"]);

    expect(await caller.properties.archive({ id: made.id, key: "prop-archive-1" })).toMatchObject({
      archivedAt: expect.any(Date),
    });
    expect(await caller.properties.archive({ id: made.id, key: "prop-archive-1" })).toMatchObject({ id: made.id });
    await expectTRPCError(caller.properties.archive({ id: made.id }), "NOT_FOUND");
    expect(await caller.properties.restore({ id: made.id, key: "prop-restore-1" })).toMatchObject({ archivedAt: null });
    expect(await caller.properties.restore({ id: made.id, key: "prop-restore-1" })).toMatchObject({ archivedAt: null });
    await expectTRPCError(caller.properties.restore({ id: made.id }), "NOT_FOUND");
    expect(await count("property_definitions", org.id)).toBe(2);
  });

  it("are the organization's own: another organization's property under the same key is NOT_FOUND", async () => {
    const ours = await ownerOfNewOrganization();
    const theirs = await ownerOfNewOrganization();
    const made = await ours.caller.properties.create(tier);
    await ours.caller.properties.archive({ id: made.id, key: "prop-shared-1" });
    await expectTRPCError(theirs.caller.properties.archive({ id: made.id, key: "prop-shared-1" }), "NOT_FOUND");
    await expectTRPCError(theirs.caller.properties.restore({ id: made.id, key: "prop-shared-2" }), "NOT_FOUND");
    await expectTRPCError(
      theirs.caller.properties.update({ id: made.id, label: "Level", key: "prop-shared-3" }),
      "NOT_FOUND",
    );
    await expectTRPCError(
      theirs.caller.properties.reorder({ object: "contact", ids: [made.id], key: "prop-shared-4" }),
      "NOT_FOUND",
    );
  });
});
