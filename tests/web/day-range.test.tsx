import { QueryClient } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useDayRange } from "../../web/src/features/tasks/day-range";
import type { Task } from "../../web/src/features/tasks/task-types";
import { TitleEditor } from "../../web/src/features/tasks/title-editor";
import { guardUnsavedEdits, holdPageForForm } from "../../web/src/lib/unsaved-edits";
import { leavingAsks } from "./leaving";

const dayOf = (range: { dayStart: Date }) => range.dayStart.getDate();

describe("the tasks page's day", () => {
  it("rolls over at midnight", () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 1, 23, 59, 58) });
    const { result } = renderHook(() => useDayRange());
    expect(dayOf(result.current)).toBe(1);
    act(() => void vi.advanceTimersByTime(4_000));
    expect(dayOf(result.current)).toBe(2);
  });

  it("waits while something typed is not saved (a task's title), then rolls over", () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 1, 23, 59, 58) });
    const { result } = renderHook(() => useDayRange());
    const release = holdPageForForm();
    act(() => void vi.advanceTimersByTime(10_000));
    expect(dayOf(result.current), "still typing past midnight").toBe(1);
    release();
    act(() => void vi.advanceTimersByTime(1_000));
    expect(dayOf(result.current)).toBe(2);
  });
});

describe("a task's title typed and not saved yet", () => {
  const task = { id: "tsk_1", version: 1, title: "Call the bank" } as Task;

  it("makes closing the tab ask first, until it is put back or the editor goes", () => {
    const stop = guardUnsavedEdits(new QueryClient());
    render(<TitleEditor task={task} onSave={() => undefined} onCancel={() => undefined} />);
    const input = screen.getByRole("textbox", { name: "Task title" });
    expect(leavingAsks(), "opened, nothing typed").toBe(false);
    fireEvent.change(input, { target: { value: "Call the bank about the loan" } });
    expect(leavingAsks(), "typed").toBe(true);
    fireEvent.change(input, { target: { value: "Call the bank " } });
    expect(leavingAsks(), "put back as it was").toBe(false);
    fireEvent.change(input, { target: { value: "Call Ana" } });
    cleanup();
    expect(leavingAsks(), "the editor gone").toBe(false);
    stop();
  });
});
