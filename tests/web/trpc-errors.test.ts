import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import {
  errorCode,
  errorMessage,
  isConflict,
  isNetworkFailure,
  isStale,
  saveAgainLabel,
} from "../../web/src/lib/trpc-errors";
import { setTimeLocale } from "../../web/src/lib/time-locale";
import { answered } from "./trpc-fixtures";

describe("what a failed save may offer", () => {
  it("offers to save mine after a CONFLICT on a stale version (a teammate saved first)", () => {
    const conflict = answered(
      "CONFLICT",
      "This record was changed by Ann at 2026-11-26 09:00 UTC. Reload to see their change.",
      { change: { noun: "record", by: "Ann", at: "2026-11-26T09:00:00.000Z" } },
    );
    expect(errorCode(conflict)).toBe("CONFLICT");
    expect(isStale(conflict)).toBe(true);
    expect(saveAgainLabel(conflict)).toBe("Save mine");
  });

  it("offers nothing when the value belongs to another record: saving it again would be refused again", () => {
    const taken = answered("CONFLICT", "ann@acme.example already belongs to Ann Lee.", { change: null });
    expect(isConflict(taken)).toBe(true);
    expect(isStale(taken)).toBe(false);
    expect(saveAgainLabel(taken)).toBeUndefined();
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

describe("errorMessage", () => {
  const stale = (change: { noun: string; by: string; at: string | null }) =>
    answered("CONFLICT", "This record was changed by Mia Rossi at 2026-11-26 09:00 UTC. Reload to see their change.", {
      change,
    });

  it("says who changed the record and when, in the person's time zone, without asking for a reload", () => {
    setTimeLocale("en-US");
    const at = new Date(2026, 10, 26, 9, 5); // local time
    const sameDay = new Date(2026, 10, 26, 17, 0);
    expect(errorMessage(stale({ noun: "record", by: "Mia Rossi", at: at.toISOString() }), sameDay)).toBe(
      "Mia Rossi changed this record at 9:05 AM.",
    );
    expect(errorMessage(stale({ noun: "note", by: "Mia Rossi", at: at.toISOString() }), new Date(2026, 10, 27))).toBe(
      "Mia Rossi changed this note on Nov 26, 2026, 9:05 AM.",
    );
    expect(errorMessage(stale({ noun: "task", by: "a teammate", at: null }))).toBe(
      "A teammate changed this task meanwhile.",
    );
  });

  it("is the server's message for anything else", () => {
    expect(errorMessage(answered("CONFLICT", "ann@acme.com is already Ann Lee's email."))).toBe(
      "ann@acme.com is already Ann Lee's email.",
    );
    expect(errorMessage(new Error("Failed to fetch"))).toBe("Failed to fetch");
    expect(errorMessage("plain")).toBe("plain");
  });
});
