import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useSettledValue } from "../../web/src/lib/use-settled-value";

describe("useSettledValue (what is typed, once typing pauses)", () => {
  beforeEach(() => vi.useFakeTimers());

  it("follows the value only once it has stayed the same for the delay", () => {
    const { result, rerender } = renderHook(({ text }) => useSettledValue(text, 300, ""), {
      initialProps: { text: "a" },
    });
    expect(result.current).toBe("");
    // Keys every 200 ms: nothing settles while they keep coming.
    for (const text of ["an", "ann", "anne"]) {
      act(() => vi.advanceTimersByTime(200));
      rerender({ text });
    }
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("anne");
  });

  it("starts from the value itself unless told otherwise, and renders no more once settled", () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useSettledValue("acme", 150);
    });
    expect(result.current).toBe("acme");
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe("acme");
    expect(renders).toBeLessThanOrEqual(2);
  });
});
