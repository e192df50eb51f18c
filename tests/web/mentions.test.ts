import { describe, expect, it } from "vitest";
import { memberName, mentionsIn } from "../../drizzle/values";

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
});
