import { describe, expect, it } from "vitest";
import { anonymousCaller, callerFor, newIdentity, ownerOfNewOrganization } from "./helpers";

describe("user.getUser", () => {
  it("returns null for a signed-in user who has not created or joined an organization", async () => {
    const caller = await callerFor(newIdentity());
    expect(await caller.user.getUser()).toBeNull();
  });

  it("returns the record with organization and role once registered", async () => {
    const { caller, identity } = await ownerOfNewOrganization("Globex");
    const user = await caller.user.getUser();
    expect(user).toMatchObject({
      id: identity.uid,
      email: identity.email,
      role: "owner",
      organization: { name: "Globex", currency: "EUR" },
    });
    expect(user?.createdAt).toBeInstanceOf(Date);
  });

  it("is UNAUTHORIZED without a token", async () => {
    const caller = await anonymousCaller();
    await expect(caller.user.getUser()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
