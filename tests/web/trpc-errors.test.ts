import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { errorCode, isConflict, isNetworkFailure, saveAgainLabel } from "../../web/src/lib/trpc-errors";

/** What the tRPC client throws when the server answered with an error of `code`. */
const answered = (code: string, message = "refused") =>
  TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus: 409 } } });

describe("what a failed save may offer", () => {
  it("offers to save mine after a CONFLICT (a teammate saved first)", () => {
    const conflict = answered(
      "CONFLICT",
      "This record was changed by Ann at 2026-11-26 09:00 UTC. Reload to see their change.",
    );
    expect(errorCode(conflict)).toBe("CONFLICT");
    expect(isConflict(conflict)).toBe(true);
    expect(saveAgainLabel(conflict)).toBe("Save mine");
  });

  it("offers to retry when the request got no answer (offline, server unreachable)", () => {
    const unreachable = TRPCClientError.from(new TypeError("Failed to fetch"));
    expect(isNetworkFailure(unreachable)).toBe(true);
    expect(saveAgainLabel(unreachable)).toBe("Retry");
    expect(saveAgainLabel(new TypeError("Failed to fetch"))).toBe("Retry");
  });

  it("offers nothing for a refusal that would only repeat", () => {
    for (const code of ["BAD_REQUEST", "FORBIDDEN", "NOT_FOUND", "INTERNAL_SERVER_ERROR"])
      expect(saveAgainLabel(answered(code))).toBeUndefined();
    expect(saveAgainLabel(new Error("anything else"))).toBeUndefined();
    expect(saveAgainLabel(null)).toBeUndefined();
  });
});
