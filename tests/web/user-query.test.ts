import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { userQueryRetry, userRefetchInterval } from "../../web/src/features/auth/user-query-policy";

function trpcError(code: string) {
  return new TRPCClientError("failed", { result: { error: { message: "failed", code: -1, data: { code } } } as never });
}

describe("user.getUser polling (SPEC §7, §9)", () => {
  it("refetches every 60 seconds while healthy", () => {
    expect(userRefetchInterval({ state: { status: "success" } })).toBe(60_000);
  });
  it("stops polling after an error", () => {
    expect(userRefetchInterval({ state: { status: "error" } })).toBe(false);
  });
  it("retries up to 3 times", () => {
    const error = trpcError("INTERNAL_SERVER_ERROR");
    expect([0, 1, 2, 3].map((n) => userQueryRetry(n, error))).toEqual([true, true, true, false]);
  });
  it("never retries UNAUTHORIZED", () => {
    expect(userQueryRetry(0, trpcError("UNAUTHORIZED"))).toBe(false);
  });
});
