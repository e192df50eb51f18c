import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TIMELINE_PAGE } from "../../worker/src/domain/records/lifecycle";
import { expectTRPCError, ownerOfNewOrganization } from "./helpers";

/** `count` logged calls on a record, some in the same millisecond, written straight to D1. */
async function logCalls(organizationId: string, object: string, recordId: string, actorId: string, count: number) {
  const start = Date.UTC(2025, 0, 1);
  const insert = env.DB.prepare(
    `INSERT INTO activities (id, organization_id, record_object, record_id, kind, summary, actor_id, created_at)
     VALUES (?, ?, ?, ?, 'call', ?, ?, ?)`,
  );
  await env.DB.batch(
    Array.from({ length: count }, (_, i) =>
      // Pairs share a millisecond: the page boundary must still keep the order they were written in.
      insert.bind(
        `act_call${recordId}${i}`,
        organizationId,
        object,
        recordId,
        `Call ${i}`,
        actorId,
        start + Math.floor(i / 2),
      ),
    ),
  );
}

describe("timeline.older", () => {
  it("pages a record's whole timeline, newest first, each activity once, after the get's first page", async () => {
    const { caller, org, identity } = await ownerOfNewOrganization();
    const ann = await caller.contacts.create({ firstName: "Ann" });
    await logCalls(org.id, "contact", ann.id, identity.uid, 2 * TIMELINE_PAGE + 30);
    const first = await caller.contacts.get({ id: ann.id });
    expect(first.timeline).toHaveLength(TIMELINE_PAGE);
    expect(first.olderActivity).toBe(true);
    expect(first.timeline[0].kind).toBe("created");

    const seen = [...first.timeline];
    let more = first.olderActivity;
    while (more) {
      const page = await caller.timeline.older({ object: "contact", recordId: ann.id, cursor: seen.at(-1)!.id });
      seen.push(...page.items);
      more = page.more;
    }
    // The creation, then the calls from the last written to the first.
    const calls = Array.from({ length: 2 * TIMELINE_PAGE + 30 }, (_, i) => `Call ${2 * TIMELINE_PAGE + 29 - i}`);
    expect(seen.map((item) => item.summary ?? item.kind)).toEqual(["created", ...calls]);
  });

  it("says there is nothing older for a short timeline, and reads a company's too", async () => {
    const { caller } = await ownerOfNewOrganization();
    const acme = await caller.companies.create({ name: "Acme" });
    const got = await caller.companies.get({ id: acme.id });
    expect(got).toMatchObject({ olderActivity: false, timeline: [{ kind: "created" }] });
    expect(await caller.timeline.older({ object: "company", recordId: acme.id, cursor: got.timeline[0].id })).toEqual({
      items: [],
      more: false,
      companyNames: {},
    });
  });

  it("is NOT_FOUND for another organization's record, and reads nothing of it through a cursor", async () => {
    const a = await ownerOfNewOrganization("Org A");
    const b = await ownerOfNewOrganization("Org B");
    const theirs = await b.caller.contacts.create({ firstName: "Bea" });
    await logCalls(b.org.id, "contact", theirs.id, b.identity.uid, 5);
    const theirCursor = (await b.caller.contacts.get({ id: theirs.id })).timeline[0].id;
    await expectTRPCError(
      a.caller.timeline.older({ object: "contact", recordId: theirs.id, cursor: theirCursor }),
      "NOT_FOUND",
      "That contact does not exist or was deleted.",
    );
    // Their cursor on one of our records reads nothing.
    const mine = await a.caller.contacts.create({ firstName: "Ann" });
    await logCalls(a.org.id, "contact", mine.id, a.identity.uid, 3);
    expect(
      (await a.caller.timeline.older({ object: "contact", recordId: mine.id, cursor: theirCursor })).items,
    ).toEqual([]);
  });
});
