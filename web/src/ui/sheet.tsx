import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Drawn left of the title (an avatar). */
  leading?: ReactNode;
  children: ReactNode;
  testId?: string;
};

/**
 * A record's side panel: a non-modal Radix dialog on the right. The list behind stays usable
 * (click another row, keep using the keyboard) and keeps focus; Escape or the X closes it.
 */
export function Sheet({ open, onOpenChange, title, description, leading, children, testId }: SheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          data-testid={testId}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            // Escape inside an inline editor or a menu cancels that, not the panel.
            const target = event.target as Element | null;
            if (target?.closest?.("[data-cell-editor],[role=menu],[role=dialog]:not([data-sheet])"))
              event.preventDefault();
          }}
          data-sheet
          className="fixed inset-y-0 right-0 z-40 flex w-full max-w-md flex-col border-l border-border bg-background shadow-2xl focus:outline-none"
        >
          <div className="flex items-start gap-3 border-b border-border px-5 py-4">
            {leading}
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="truncate text-base font-semibold text-foreground">
                {title}
              </RadixDialog.Title>
              <RadixDialog.Description className={description ? "truncate text-[13px] text-muted" : "sr-only"}>
                {description ?? title}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-foreground"
              aria-label="Close panel"
            >
              <X className="size-4" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
