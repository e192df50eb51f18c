import { describe, expect, it } from "vitest";
import { isPhoneNumber, telAddress } from "../../worker/src/schemas/phone-number";

describe("phone numbers", () => {
  it("are digits, spaces and + ( ) . -, five digits at least, maybe with an extension", () => {
    for (const ok of [
      "+1 (512) 555-0199",
      "+33 1 23 45 67 89",
      "020 7946 0958 x3",
      "555 0100 ext. 12",
      "555.0100 Extension 7",
    ])
      expect(isPhoneNumber(ok), ok).toBe(true);
    for (const bad of [
      "(---)",
      "-----",
      "1234",
      "call me maybe",
      "555 0100 x",
      "555 0100 ext. 1234567",
      "+44 20 7946 0958 #2",
    ])
      expect(isPhoneNumber(bad), bad).toBe(false);
  });

  it("are called at their digits, an extension as ;ext= and not as more digits of the number", () => {
    expect(telAddress("+1 (512) 555-0199")).toBe("tel:+15125550199");
    expect(telAddress("+1 (512) 555-0199 ext. 12")).toBe("tel:+15125550199;ext=12");
    expect(telAddress("020 7946 0958 x3")).toBe("tel:02079460958;ext=3");
  });
});
