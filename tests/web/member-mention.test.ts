import { describe, expect, it, vi } from "vitest";
import { mentionBeforeCaret, namesFor } from "../../web/src/features/records/member-mention";

// The functions are pure; the module's hook reads the signed-in user and the members, which need Firebase.
vi.mock("../../web/src/features/auth/use-current-user", () => ({ useCurrentUser: () => ({}) }));
vi.mock("../../web/src/features/members/use-members", () => ({ useMembers: () => ({}), memberName: () => "" }));

describe("mentionBeforeCaret", () => {
  it("reads the name being typed after an @ that starts a word, up to the caret", () => {
    expect(mentionBeforeCaret("Call her, @th", 13)).toEqual({ at: 10, query: "th" });
    expect(mentionBeforeCaret("@Bo Br and more", 6)).toEqual({ at: 0, query: "Bo Br" });
    expect(mentionBeforeCaret("Call her, @", 11)).toEqual({ at: 10, query: "" });
  });

  it("is none for an email's @, past a line break, or with the caret before the @", () => {
    expect(mentionBeforeCaret("write ann@acme", 14)).toBeNull();
    expect(mentionBeforeCaret("@Bo\nthen", 8)).toBeNull();
    expect(mentionBeforeCaret("Call @th", 3)).toBeNull();
  });
});

describe("namesFor", () => {
  const people = ["Bo Brandt", "Ann Bonnet", "Theo Teammate", "Cy", "Bob", "Bonnie", "Bolt", "Boris"];
  it("finds names starting so, or with a word starting so, five at most", () => {
    expect(namesFor("th", people, (name) => name)).toEqual(["Theo Teammate"]);
    expect(namesFor("bo", people, (name) => name)).toEqual(["Bo Brandt", "Ann Bonnet", "Bob", "Bonnie", "Bolt"]);
    expect(namesFor("bo b", people, (name) => name)).toEqual(["Bo Brandt"]);
    expect(namesFor("BONNET", people, (name) => name)).toEqual(["Ann Bonnet"]);
    expect(namesFor("zed", people, (name) => name)).toEqual([]);
  });
});
