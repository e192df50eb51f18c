import { act, fireEvent, render, screen } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { returnFocusFromToasts, toast, TOAST_OPTIONS } from "../../web/src/lib/toast";

afterEach(() => act(() => toast.dismiss()));

/** A page with a focusable row and the app's toaster, a toast with an action on it. */
async function pageWithToast(onAction: () => void) {
  render(
    <>
      <button type="button">Call the bank</button>
      <Toaster {...TOAST_OPTIONS} />
    </>,
  );
  const row = screen.getByRole("button", { name: "Call the bank" });
  row.focus();
  act(() => {
    toast.error("Rita changed this task", { action: { label: "Save mine", onClick: onAction } });
  });
  return { row, action: await screen.findByRole("button", { name: "Save mine" }) };
}

const pressed = async (button: HTMLElement) => {
  // As a mouse press does: the button takes the keyboard, then is clicked.
  act(() => button.focus());
  fireEvent.click(button);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
};

describe("a toast's button, once pressed", () => {
  it("gives the keyboard back to where it was, so an Enter meant for the page does not press it again", async () => {
    const stop = returnFocusFromToasts();
    const onAction = vi.fn();
    const { row, action } = await pageWithToast(onAction);
    await pressed(action);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(row);
    stop();
  });

  it("leaves the keyboard where the action put it (a dialog it opened)", async () => {
    const stop = returnFocusFromToasts();
    const field = document.createElement("input");
    document.body.append(field);
    const { action } = await pageWithToast(() => field.focus());
    await pressed(action);
    expect(document.activeElement).toBe(field);
    field.remove();
    stop();
  });
});
