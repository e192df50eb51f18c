import { describe, expect, it } from "vitest";
import { RESEND_DELAYS_MS, resendWithoutAnswer } from "../../web/src/lib/resend";

describe("a save sent again after no answer", () => {
  const noAnswer = Object.assign(new Error("Failed to fetch"), { cause: new TypeError("Failed to fetch") });
  const refusal = Object.assign(new Error("Changed by Bob at 10:58"), { data: { code: "CONFLICT" } });

  it("is sent again while it gets no answer, as many times as there are delays, waiting longer each time", () => {
    const tries = RESEND_DELAYS_MS.map((_, failures) => resendWithoutAnswer.retry(failures, noAnswer));
    expect(tries.every(Boolean)).toBe(true);
    expect(resendWithoutAnswer.retry(RESEND_DELAYS_MS.length, noAnswer)).toBe(false);
    const delays = RESEND_DELAYS_MS.map((_, failures) => resendWithoutAnswer.retryDelay(failures));
    expect(delays).toEqual([...RESEND_DELAYS_MS].sort((a, b) => a - b));
    expect(delays[0]).toBeGreaterThan(0);
  });

  it("is not sent again when the server refused it", () => {
    expect(resendWithoutAnswer.retry(0, refusal)).toBe(false);
    expect(resendWithoutAnswer.retry(0, new Error("This change cannot be sent: it names no procedure."))).toBe(false);
  });
});
