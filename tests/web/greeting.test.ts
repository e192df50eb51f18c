import { describe, expect, it } from "vitest";
import { firstName, greetingFor } from "../../web/src/features/home/greeting";

describe("the home page's greeting", () => {
  it("says morning from 5 to noon, afternoon to 6 pm, evening until 5 am", () => {
    expect([0, 4, 5, 11, 12, 17, 18, 23].map(greetingFor)).toEqual([
      "Good evening",
      "Good evening",
      "Good morning",
      "Good morning",
      "Good afternoon",
      "Good afternoon",
      "Good evening",
      "Good evening",
    ]);
  });

  it("greets by the first name, else by the email's name, else 'there'", () => {
    expect(firstName({ displayName: "  Ada  Lovelace ", email: "ada@example.com" })).toBe("Ada");
    expect(firstName({ displayName: null, email: "grace@example.com" })).toBe("Grace");
    expect(firstName({ displayName: "", email: "@example.com" })).toBe("there");
  });
});
