import { onlineManager } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { untilAnswered } from "../../web/src/lib/until-answered";
import { noAnswer } from "./trpc-fixtures";

describe("untilAnswered", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => onlineManager.setOnline(true));

  it("calls again after 1, 2, 4 … seconds while there is no answer, and says when it waits", async () => {
    const times: number[] = [];
    const waiting: boolean[] = [];
    const answer = untilAnswered(
      async () => {
        times.push(Date.now());
        if (times.length < 4) throw noAnswer();
        return "page";
      },
      { onWaiting: (w) => waiting.push(w) },
    );
    await vi.advanceTimersByTimeAsync(7000);
    expect(await answer).toBe("page");
    expect(times.slice(1).map((t, i) => t - times[i])).toEqual([1000, 2000, 4000]);
    expect(waiting).toEqual([true, true, true, false]);
  });

  it("calls again as soon as the browser is back online", async () => {
    let calls = 0;
    const answer = untilAnswered(async () => {
      calls++;
      if (calls === 1) {
        onlineManager.setOnline(false);
        throw noAnswer();
      }
      return "page";
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(1);
    onlineManager.setOnline(true);
    expect(await answer).toBe("page");
    expect(calls).toBe(2);
  });

  it("gives up after its attempts with the last error, and never repeats a refusal", async () => {
    let calls = 0;
    const failing = untilAnswered(
      async () => {
        calls++;
        throw noAnswer();
      },
      { attempts: 3 },
    );
    const settled = expect(failing).rejects.toThrow("Failed to fetch");
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(calls).toBe(3);

    let refusals = 0;
    const refused = untilAnswered(async () => {
      refusals++;
      throw new TRPCClientError("That contact does not exist or was deleted.");
    });
    await expect(refused).rejects.toThrow("does not exist");
    expect(refusals).toBe(1);
  });
});
