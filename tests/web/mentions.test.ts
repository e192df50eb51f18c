import { describe, expect, it } from "vitest";
import { memberName, mentionHandles, mentionsIn } from "../../drizzle/values";

const members = [
  { userId: "u1", displayName: "Ann Lee", email: "ann@acme.example" },
  { userId: "u2", displayName: "Anna", email: "anna@acme.example" },
  { userId: "u3", displayName: null, email: "dana@acme.example" },
  { userId: "u4", displayName: "Bo (Sales)", email: "bo@acme.example" },
];

describe("mentionsIn", () => {
  it("finds members named after an @, any case, each name ending there", () => {
    expect(mentionsIn("Ask @ann lee, then @ANNA.", members)).toEqual(["u1", "u2"]);
    expect(mentionsIn("@Annabel and @Ann Leeds are not members", members)).toEqual([]);
    // A name that is a longer word's start the first time, and whole the next.
    expect(mentionsIn("@Annabel, and later @Anna", members)).toEqual(["u2"]);
  });

  it("names a member without a display name by email, and reads a name with brackets as written", () => {
    expect(memberName(members[2])).toBe("dana@acme.example");
    expect(mentionsIn("cc @dana@acme.example and @Bo (Sales)!", members)).toEqual(["u3", "u4"]);
    expect(mentionsIn("no at sign: Ann Lee", members)).toEqual([]);
  });

  it("counts the longest name at each @, so a member called Ann is not told of @Ann Lee", () => {
    const withAnn = [...members, { userId: "u5", displayName: "Ann", email: "a@acme.example" }];
    expect(mentionsIn("Ask @Ann Lee", withAnn)).toEqual(["u1"]);
    expect(mentionsIn("Ask @Ann Lee and @ann", withAnn)).toEqual(["u1", "u5"]);
    expect(mentionsIn("Ask @Ann Leeds", withAnn)).toEqual(["u5"]);
  });
});

describe("mentionHandles", () => {
  const twins = [
    { userId: "u1", displayName: "Ann Lee", email: "ann@acme.example" },
    { userId: "u2", displayName: "ann lee ", email: "ann.lee@acme.example" },
    { userId: "u3", displayName: "Bo", email: "bo@acme.example" },
  ];

  it("names members sharing a name, any case, by their email, and the others by their name", () => {
    expect([...mentionHandles(twins).values()]).toEqual(["ann@acme.example", "ann.lee@acme.example", "Bo"]);
  });

  it("tells only the twin named by email, and neither by the name they share", () => {
    expect(mentionsIn("cc @ann.lee@acme.example", twins)).toEqual(["u2"]);
    expect(mentionsIn("cc @ann@acme.example and @Bo", twins)).toEqual(["u1", "u3"]);
    expect(mentionsIn("cc @Ann Lee", twins)).toEqual([]);
  });
});
