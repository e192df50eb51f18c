import { describe, expect, it } from "vitest";
import { countBeyond, countText } from "../../web/src/features/tasks/task-counts";

describe("task counts", () => {
  it("says a tab's count, with + when the server has more than its lists hold", () => {
    expect(countText({ count: 12, more: false })).toBe("12");
    expect(countText({ count: 1200, more: true })).toBe(`${(1200).toLocaleString()}+`);
  });

  it("counts what lies beyond the tasks shown, at least that many when a tab holds more", () => {
    expect(
      countBeyond(
        [
          { count: 1, more: false },
          { count: 4, more: false },
          { count: 3, more: false },
        ],
        6,
      ),
    ).toBe("2");
    // Home's card beside three full tabs: 594 is what the loaded lists hold, not every task.
    const full = { count: 200, more: true };
    expect(countBeyond([full, full, full], 6)).toBe("594+");
    expect(countBeyond([{ count: 2, more: false }], 6)).toBe("0");
    expect(countBeyond([], 6)).toBe("0");
  });
});
