import { describe, expect, it } from "vitest";
import { authErrorMessage, isSuppressedAuthError } from "../../web/src/lib/auth-errors";

describe("auth errors (SPEC §8)", () => {
  it("keeps 'User not authenticated.' out of the error state", () => {
    expect(isSuppressedAuthError("Firebase: User not authenticated. (auth/internal-error)")).toBe(true);
    expect(isSuppressedAuthError("Wrong email or password.")).toBe(false);
  });
  it("words the provider's errors for a person", () => {
    expect(authErrorMessage({ code: "auth/invalid-credential" })).toBe("Wrong email or password.");
    expect(authErrorMessage({ code: "auth/weak-password" })).toBe("Choose a stronger password: at least 6 characters.");
    expect(authErrorMessage({ code: "auth/email-already-in-use" })).toBe(
      "An account already uses this email. Sign in instead.",
    );
  });
  it("names the code when Firebase gives no words beyond 'Error'", () => {
    const error = Object.assign(new Error("Firebase: Error (auth/internal-error)."), { code: "auth/internal-error" });
    expect(authErrorMessage(error)).toBe("Sign-in failed (auth/internal-error). Please try again.");
  });
  it("strips Firebase's prefix and code from unknown errors", () => {
    expect(authErrorMessage(new Error("Firebase: Something odd happened (auth/odd-thing)."))).toBe(
      "Something odd happened",
    );
  });
});
