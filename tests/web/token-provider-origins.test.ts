import { describe, expect, it } from "vitest";
import { allowedOrigins, isAllowedOrigin, normalizeOrigin } from "../../web/src/features/auth/token-provider-origins";

describe("allowedOrigins", () => {
  it("parses a comma-separated list, trimming spaces and skipping empty entries", () => {
    expect(allowedOrigins(" http://127.0.0.1:8788, http://localhost:8788 ,,")).toEqual([
      "http://127.0.0.1:8788",
      "http://localhost:8788",
    ]);
  });

  it("allows nothing when the variable is unset or empty", () => {
    expect(allowedOrigins(undefined)).toEqual([]);
    expect(allowedOrigins("")).toEqual([]);
    expect(allowedOrigins(" , ")).toEqual([]);
  });

  it("normalizes case, a trailing slash and default ports, and removes duplicates", () => {
    expect(allowedOrigins("https://Tool.Example.com/,https://tool.example.com:443")).toEqual([
      "https://tool.example.com",
    ]);
  });

  it("drops wildcards, opaque and non-http entries instead of widening the list", () => {
    expect(
      allowedOrigins("*,null,javascript:alert(1),file:///etc,chrome-extension://abc,https://ok.example.com"),
    ).toEqual(["https://ok.example.com"]);
  });

  it("drops entries that name a page rather than an origin", () => {
    expect(
      allowedOrigins("https://a.example.com/path,https://b.example.com/?x=1,https://user:pw@c.example.com"),
    ).toEqual([]);
  });
});

describe("isAllowedOrigin", () => {
  const list = allowedOrigins("http://127.0.0.1:8788,http://localhost:8788");

  it("accepts an origin on the list", () => {
    expect(isAllowedOrigin("http://127.0.0.1:8788", list)).toBe(true);
    expect(isAllowedOrigin("http://localhost:8788/", list)).toBe(true);
  });

  it("refuses a missing or empty origin", () => {
    expect(isAllowedOrigin(null, list)).toBe(false);
    expect(isAllowedOrigin(undefined, list)).toBe(false);
    expect(isAllowedOrigin("", list)).toBe(false);
  });

  it("refuses another port, another scheme or a look-alike host", () => {
    expect(isAllowedOrigin("http://127.0.0.1:8789", list)).toBe(false);
    expect(isAllowedOrigin("https://127.0.0.1:8788", list)).toBe(false);
    expect(isAllowedOrigin("http://127.0.0.1:8788.evil.example", list)).toBe(false);
    expect(isAllowedOrigin("http://evil.example/?http://127.0.0.1:8788", list)).toBe(false);
  });

  it("refuses wildcards, opaque origins and origins with a path", () => {
    expect(isAllowedOrigin("*", list)).toBe(false);
    expect(isAllowedOrigin("null", list)).toBe(false);
    expect(isAllowedOrigin("http://127.0.0.1:8788/callback", list)).toBe(false);
  });

  it("refuses everything when the list is empty", () => {
    expect(isAllowedOrigin("http://127.0.0.1:8788", [])).toBe(false);
  });
});

describe("normalizeOrigin", () => {
  it("returns the bare origin used as postMessage's target", () => {
    expect(normalizeOrigin(" HTTP://LocalHost:8788/ ")).toBe("http://localhost:8788");
  });
});
