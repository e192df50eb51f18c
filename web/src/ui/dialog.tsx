import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { holdPageForForm } from "../lib/unsaved-edits";
import { Button } from "./button";
import { cn, unlessSet } from "./cn";

/** What to ask before a dismissal (Escape, a click outside, the X) would throw work away. */
export type CloseQuestion = { title: string; description: string; confirmLabel: string; keepLabel?: string };

/** The question for a form something was typed into (`noun`: "contact", "property" …). */
export function discardQuestion(noun: string): CloseQuestion {
  return { title: `Discard this ${noun}?`, description: "What you typed will be lost.", confirmLabel: "Discard" };
}

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /**
   * Set while closing would lose something (a form typed in, an import running): a dismissal asks
   * this first, inside the dialog, and closing or reloading the tab asks the browser's question. The
   * caller's own buttons (Cancel, Done) close without asking.
   */
  confirmClose?: CloseQuestion | null;
};

/** Fields typed or chosen in; a category's radio pills come before the text in the feedback modal. */
const FIELDS = "input:not([type=hidden], [type=radio], [type=checkbox]), select, textarea";
const TABBABLE = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

/**
 * Where a dialog's focus starts: what its body marks `data-autofocus` (a confirmation's button), else its first field,
 * else its first control but the X, else the dialog itself.
 */
function firstFocusTarget(content: HTMLElement): HTMLElement {
  const usable = (selector: string) =>
    [...content.querySelectorAll<HTMLElement>(selector)].find(
      (element) =>
        !element.closest("[data-dialog-close]") && !element.matches(":disabled") && element.getClientRects().length > 0,
    );
  return usable("[data-autofocus]") ?? usable(FIELDS) ?? usable(TABBABLE) ?? content;
}

export function Dialog({ open, onOpenChange, title, description, children, className, confirmClose }: DialogProps) {
  // A caller's max-w-* replaces the default (max-w-lg used to beat the import dialog's max-w-3xl).
  const width = unlessSet(className, "max-w-", "max-w-lg");
  // Never taller than the window below its top (a short laptop screen scrolls it to its buttons); a dialog placed
  // higher up sets its own.
  const height = unlessSet(className, "max-h-", "max-h-[calc(85dvh-0.75rem)]");
  const [asking, setAsking] = useState(false);
  const holding = open && !!confirmClose;
  useEffect(() => (holding ? holdPageForForm() : undefined), [holding]);
  // The question is for one dismissal: it goes when the dialog closes or there is nothing left to lose.
  if (asking && (!open || !confirmClose)) setAsking(false);
  const question = asking && open ? confirmClose : null;
  const handleOpenChange = (next: boolean) => {
    if (next || !confirmClose) {
      setAsking(false);
      onOpenChange(next);
    } else {
      // A second Escape while asking means "keep going", the choice that loses nothing.
      setAsking((was) => !was);
    }
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={handleOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40" />
        <RadixDialog.Content
          onOpenAutoFocus={(event) => {
            // Radix focuses the first thing it can, the X. Opened from a menu, the menu also took back the focus that
            // a field's autoFocus gave (its own trap). The first field is where a person starts typing.
            event.preventDefault();
            firstFocusTarget(event.currentTarget as HTMLElement).focus();
          }}
          // A click on a toast (its Undo, say) is not a click outside that closes the dialog.
          onInteractOutside={(event) => {
            if (event.target instanceof Element && event.target.closest("[data-sonner-toaster]"))
              event.preventDefault();
          }}
          className={cn(
            "fixed top-[15%] left-1/2 z-50 w-[calc(100%-1.5rem)] -translate-x-1/2 overflow-y-auto rounded-xl border border-border bg-background p-4 shadow-2xl focus:outline-none sm:w-[calc(100%-2rem)] sm:p-6",
            width,
            height,
            className,
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-base font-semibold text-foreground">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-foreground"
              aria-label="Close"
              data-dialog-close
            >
              <X className="size-4" />
            </RadixDialog.Close>
          </div>
          {children}
          {question && (
            <div
              role="alert"
              className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-danger/40 bg-danger-soft px-4 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-foreground">{question.title}</p>
                <p className="mt-0.5 text-xs text-muted">{question.description}</p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="ghost" autoFocus onClick={() => setAsking(false)}>
                  {question.keepLabel ?? "Keep editing"}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => {
                    setAsking(false);
                    onOpenChange(false);
                  }}
                >
                  {question.confirmLabel}
                </Button>
              </div>
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
