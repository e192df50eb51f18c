import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { databaseFor } from "../../worker/src/db";
import { companyConfig, contactConfig } from "../../worker/src/domain/records/fields";
import {
  restoreRecord,
  softDeleteRecords,
  updateRecord,
  type RecordContext,
} from "../../worker/src/domain/records/lifecycle";
import { expectTRPCError, ownerOfNewOrganization, rows } from "./helpers";

/**
 * The write helpers re-check their precondition inside the batch. These tests call them the way
 * a request that lost a race would (its earlier read said "go"), which the routers cannot show.
 */
async function organization() {
  const owner = await ownerOfNewOrganization();
  const ctx: RecordContext = { db: databaseFor(env), org: { id: owner.org.id }, uid: owner.identity.uid };
  return { ...owner, ctx };
}

const activityKinds = async (recordId: string) =>
  (await rows<{ kind: string }>("SELECT kind FROM activities WHERE record_id = ? ORDER BY rowid", recordId)).map(
    (a) => a.kind,
  );
const liveCount = async (organizationId: string, object: string) =>
  (
    await rows<{ count: number }>(
      "SELECT count FROM record_counts WHERE organization_id = ? AND object = ?",
      organizationId,
      object,
    )
  )[0]?.count;

describe("updateRecord", () => {
  it("is CONFLICT without writing the change or an activity when the version moved after the read", async () => {
    const { caller, ctx } = await organization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.contacts.update({ id: ann.id, version: 1, patch: { title: "CFO" } });
    await expectTRPCError(
      updateRecord(ctx, contactConfig, ann.id, 1, { title: "CEO" }, { title: ["CFO", "CEO"] }),
      "CONFLICT",
      /^This record was changed by owner \d+ at /,
    );
    expect(await activityKinds(ann.id)).toEqual(["created", "updated"]);
    expect(await rows("SELECT title, version FROM contacts WHERE id = ?", ann.id)).toEqual([
      { title: "CFO", version: 2 },
    ]);
  });

  it("is CONFLICT for a record deleted after the read", async () => {
    const { caller, ctx } = await organization();
    const acme = await caller.companies.create({ name: "Acme" });
    await caller.companies.delete({ ids: [acme.id] });
    await expectTRPCError(
      updateRecord(ctx, companyConfig, acme.id, 1, { name: "Acme 2" }, { name: ["Acme", "Acme 2"] }),
      "CONFLICT",
    );
    expect(await activityKinds(acme.id)).toEqual(["created", "deleted"]);
  });
});

describe("softDeleteRecords and restoreRecord", () => {
  it("counts exactly and writes one activity per record, however the ids repeat", async () => {
    const { caller, ctx, org } = await organization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    const bob = await caller.contacts.create({ firstName: "Bob" });
    expect(await softDeleteRecords(ctx, contactConfig, [ann.id, ann.id, bob.id])).toEqual({ deleted: 2 });
    expect(await liveCount(org.id, "contact")).toBe(0);
    expect(await activityKinds(ann.id)).toEqual(["created", "deleted"]);
  });

  it("restoring a record that is already live is NOT_FOUND and changes neither the count nor the timeline", async () => {
    const { caller, ctx, org } = await organization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await caller.contacts.delete({ ids: [ann.id] });
    await restoreRecord(ctx, contactConfig, ann.id);
    // A second request that read "in the trash" before the first one restored it.
    await expectTRPCError(restoreRecord(ctx, contactConfig, ann.id), "NOT_FOUND");
    expect(await liveCount(org.id, "contact")).toBe(1);
    expect(await activityKinds(ann.id)).toEqual(["created", "deleted", "restored"]);
  });
});
