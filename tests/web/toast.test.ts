import { describe, expect, it } from "vitest";
import { organizationCreateErrorText, TOAST_OPTIONS } from "../../web/src/lib/toast";

describe("toasts (SPEC §8, §9)", () => {
  it("words a failed organization.create as the spec says", () => {
    expect(organizationCreateErrorText(new Error("You already belong to Acme."))).toBe(
      "Error creating organization: You already belong to Acme.",
    );
  });
  it("shows at most 3 toasts, for 5 seconds, bottom-right", () => {
    expect(TOAST_OPTIONS).toEqual({
      position: "bottom-right",
      visibleToasts: 3,
      duration: 5000,
      // Not sonner's "Notifications": the sidebar's Notifications are another thing.
      containerAriaLabel: "Messages",
    });
  });
});
