import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DuePicker } from "../../web/src/features/tasks/task-pickers";
import type { Task } from "../../web/src/features/tasks/task-types";

// The due picker asks nothing of the server; its module's other pickers would load the client.
vi.mock("../../web/src/lib/trpc", () => ({ trpc: {}, trpcClient: {} }));

// What jsdom lacks and cmdk's list calls.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};

const task = { id: "t1", title: "Book the venue", dueAt: null, assigneeId: null } as unknown as Task;

function renderPicker() {
  render(
    <DuePicker
      task={task}
      anchor={<button type="button">due</button>}
      open
      onOpenChange={() => {}}
      onPick={() => {}}
    />,
  );
  return screen.getAllByRole("option").map((option) => option.textContent);
}

describe("DuePicker's presets", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));

  it("offers later today, today, tomorrow, next week and in 2 weeks on a Wednesday afternoon", () => {
    vi.setSystemTime(new Date(2026, 10, 25, 14, 0));
    expect(renderPicker()).toEqual([
      "Later today5:00 PM",
      "TodayWed, Nov 25",
      "TomorrowThu, Nov 26",
      "Next weekMon, Nov 30",
      "In 2 weeksWed, Dec 9",
    ]);
  });

  it("keeps them all on a Sunday, where tomorrow is next week's Monday: the list does not change by the day", () => {
    vi.setSystemTime(new Date(2026, 10, 29, 18, 0));
    expect(renderPicker()).toEqual([
      "TodaySun, Nov 29",
      "TomorrowMon, Nov 30",
      "Next weekMon, Nov 30",
      "In 2 weeksSun, Dec 13",
    ]);
  });
});
