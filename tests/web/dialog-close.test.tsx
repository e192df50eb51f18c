import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { guardUnsavedEdits } from "../../web/src/lib/unsaved-edits";
import { Dialog, discardQuestion, type CloseQuestion } from "../../web/src/ui/dialog";
import { leavingAsks } from "./leaving";

function Harness({ question, onClose }: { question: CloseQuestion | null; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Reopen</button>
      <button onClick={() => setOpen(false)}>Close from outside</button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) onClose();
        }}
        title="New contact"
        confirmClose={question}
      >
        <input aria-label="First name" />
      </Dialog>
    </>
  );
}

const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });

describe("a dialog's dismissal when closing would lose work", () => {
  it("closes at once when there is nothing to lose", () => {
    const onClose = vi.fn();
    render(<Harness question={null} onClose={onClose} />);
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks first; 'Keep editing' (or a second Escape) keeps it, 'Discard' closes it", () => {
    const onClose = vi.fn();
    render(<Harness question={discardQuestion("contact")} onClose={onClose} />);
    escape();
    expect(screen.getByRole("alert").textContent).toContain("Discard this contact?");
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(screen.queryByRole("alert")).toBeNull();

    escape();
    escape();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("dialog")).toBeTruthy();

    escape();
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("does not carry a question over to the next opening", () => {
    render(<Harness question={discardQuestion("contact")} onClose={() => undefined} />);
    escape();
    expect(screen.getByRole("alert")).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole("button", { name: "Close from outside", hidden: true })));
    act(() => fireEvent.click(screen.getByRole("button", { name: "Reopen", hidden: true })));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("closing the tab while a dialog would ask first", () => {
  it("asks the browser's question while a form is typed in, and no longer once it is closed or emptied", () => {
    const stop = guardUnsavedEdits(new QueryClient());
    const { rerender } = render(<Harness question={null} onClose={() => undefined} />);
    expect(leavingAsks(), "nothing typed").toBe(false);
    rerender(<Harness question={discardQuestion("contact")} onClose={() => undefined} />);
    expect(leavingAsks(), "typed in").toBe(true);
    rerender(<Harness question={null} onClose={() => undefined} />);
    expect(leavingAsks(), "emptied").toBe(false);
    rerender(<Harness question={discardQuestion("contact")} onClose={() => undefined} />);
    act(() => fireEvent.click(screen.getByRole("button", { name: "Close from outside", hidden: true })));
    expect(leavingAsks(), "closed").toBe(false);
    cleanup();
    expect(leavingAsks(), "gone").toBe(false);
    stop();
  });
});
