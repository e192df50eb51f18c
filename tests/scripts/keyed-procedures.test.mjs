// The browser tests' setup calls send a write key with the writes that take one (tests/e2e/harness.mjs,
// KEYED_PROCEDURES, read from the routers' source): a sample of both kinds, as the routers declare them.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { KEYED_PROCEDURES } from "../e2e/harness.mjs";

describe("the harness's keyed procedures", () => {
  it("are read from the routers: their keyed writes, and no other procedure", () => {
    assert.ok(KEYED_PROCEDURES.size >= 20, `only ${KEYED_PROCEDURES.size} keyed procedures were read`);
    for (const keyed of ["contacts.create", "companies.delete", "contacts.merge", "tasks.restore", "feedback.create"])
      assert.ok(KEYED_PROCEDURES.has(keyed), `${keyed} takes a write key`);
    for (const unkeyed of [
      "properties.create",
      "organization.invite",
      "invite.accept",
      "contacts.list",
      "contacts.import",
    ])
      assert.ok(!KEYED_PROCEDURES.has(unkeyed), `${unkeyed} takes no write key`);
  });
});
