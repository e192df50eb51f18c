import { describe, expect, it } from "vitest";
import { initials } from "../../web/src/ui/avatar";

describe("an avatar's initials", () => {
  it("takes a name's first two words, and an email's name before the @ (not its domain)", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("  grace  ")).toBe("G");
    expect(initials("ann.lee@acme.com")).toBe("AL");
    expect(initials("dana@example.com")).toBe("D");
    expect(initials("")).toBe("?");
  });
});
