import { describe, expect, it } from "vitest";
import { standingOf } from "../../web/src/app/standing";

const pending = { status: "pending" as const, data: undefined };

describe("standingOf (SPEC §6 standings)", () => {
  it("is loading while Firebase has not said who the user is", () => {
    expect(standingOf("loading", pending)).toBe("loading");
  });

  it("is signed-out when there is no Firebase user, whatever the cache holds", () => {
    expect(standingOf("signed-out", { status: "success", data: { id: "u1" } })).toBe("signed-out");
  });

  it("is unregistered when the backend says there is no user record", () => {
    expect(standingOf("signed-in", { status: "success", data: null })).toBe("unregistered");
  });

  it("is registered when the backend returns the user record", () => {
    expect(standingOf("signed-in", { status: "success", data: { id: "u1" } })).toBe("registered");
  });

  it("waits for the user record before deciding", () => {
    expect(standingOf("signed-in", pending)).toBe("loading");
  });

  it("reports an error when the user record cannot be loaded and nothing is cached", () => {
    expect(standingOf("signed-in", { status: "error", data: undefined })).toBe("error");
  });

  it("keeps a cached user record usable while a refetch fails", () => {
    expect(standingOf("signed-in", { status: "error", data: { id: "u1" } })).toBe("registered");
  });

  it("does not act on the copy's 'no workspace yet' from before this load while the user is read again", () => {
    const loadedAt = 5_000;
    const copied = { status: "success" as const, data: null, dataUpdatedAt: 1_000 };
    expect(standingOf("signed-in", { ...copied, isFetching: true }, loadedAt)).toBe("loading");
    // Read again and still none: /setup.
    expect(standingOf("signed-in", { ...copied, dataUpdatedAt: 6_000, isFetching: false }, loadedAt)).toBe(
      "unregistered",
    );
    // /setup reads the user again every few seconds: its own answer stands meanwhile, no spinner.
    expect(standingOf("signed-in", { ...copied, dataUpdatedAt: 6_000, isFetching: true }, loadedAt)).toBe(
      "unregistered",
    );
    // The read failed (offline): the copy's answer stands.
    expect(standingOf("signed-in", { ...copied, status: "error", isFetching: false }, loadedAt)).toBe("unregistered");
    // A copied registered user paints the app at once.
    expect(
      standingOf(
        "signed-in",
        { status: "success", data: { id: "u1" }, dataUpdatedAt: 1_000, isFetching: true },
        loadedAt,
      ),
    ).toBe("registered");
  });
});
