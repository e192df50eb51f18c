import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Drawn left of the title (an avatar). */
  leading?: ReactNode;
  /** Buttons beside the close button (copy a link). */
  actions?: ReactNode;
  /**
   * Puts the buttons in a row of their own above the title, `toolbarStart` at its start (a record's place in its
   * list): a panel with many buttons leaves its title the panel's width.
   */
  toolbar?: boolean;
  toolbarStart?: ReactNode;
  children: ReactNode;
  testId?: string;
};

/**
 * A record's side panel: a non-modal Radix dialog on the right. The list behind stays usable
 * (click another row, keep using the keyboard) and keeps focus; Escape or the X closes it.
 */
export function Sheet(props: SheetProps) {
  const { open, onOpenChange, title, description, leading, actions, toolbar, toolbarStart, children, testId } = props;
  const passThrough = useDoubleClickThrough(open);
  const heading = (
    <div className="min-w-0 flex-1">
      <RadixDialog.Title className="line-clamp-2 text-base font-semibold break-words text-foreground">
        {title}
      </RadixDialog.Title>
      <RadixDialog.Description className={description ? "truncate text-[13px] text-muted" : "sr-only"}>
        {description ?? title}
      </RadixDialog.Description>
    </div>
  );
  const closeButton = (
    <RadixDialog.Close
      className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-foreground"
      aria-label="Close panel"
    >
      <X className="size-4" aria-hidden />
    </RadixDialog.Close>
  );
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
          onPointerDownCapture={passThrough.swallow}
          onMouseDownCapture={passThrough.swallow}
          onPointerUpCapture={passThrough.swallow}
          onMouseUpCapture={passThrough.swallow}
          onClickCapture={passThrough.swallow}
          onDoubleClickCapture={passThrough.redirect}
          className="fixed inset-y-0 right-0 z-40 flex w-full max-w-md flex-col border-l border-border bg-background shadow-2xl focus:outline-none"
        >
          {toolbar ? (
            <div className="border-b border-border px-5 pt-2.5 pb-4">
              <div className="-mr-1 flex items-center gap-1" data-testid="sheet-toolbar">
                <div className="mr-auto -ml-1 flex items-center">{toolbarStart}</div>
                {actions}
                {closeButton}
              </div>
              <div className="mt-1.5 flex items-center gap-3">
                {leading}
                {heading}
              </div>
            </div>
          ) : (
            <div className="flex items-start gap-3 border-b border-border px-5 py-4">
              {leading}
              {heading}
              {actions}
              {closeButton}
            </div>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** How long after opening a second click still belongs to the click that opened the panel. */
const DOUBLE_CLICK_MS = 500;
/** How far from the first click the second may land and still make a double-click. */
const NEAR_PX = 6;

/**
 * A double-click on a table cell that the panel opened by its first click now covers or pushes aside
 * (a row's click opens its record, and the list makes room for the panel): its second click lands on
 * the panel. That click is not the panel's (it is swallowed), and the double-click goes to the cell
 * the first click was on, brought back into view, which starts its inline edit.
 */
function useDoubleClickThrough(open: boolean) {
  const openedAt = useRef(-Infinity);
  const firstClick = useRef<{ cell: Element; x: number; y: number } | null>(null);
  useEffect(() => {
    const remember = (event: globalThis.MouseEvent) => {
      if (event.detail !== 1) return;
      const cell = event.target instanceof Element ? event.target.closest("[role=gridcell]") : null;
      firstClick.current = cell ? { cell, x: event.clientX, y: event.clientY } : null;
    };
    document.addEventListener("mousedown", remember, true);
    return () => document.removeEventListener("mousedown", remember, true);
  }, []);
  useEffect(() => {
    if (open) openedAt.current = performance.now();
  }, [open]);
  // Pointer events carry no click count (Radix menus open on pointerdown): the place and the time say it.
  const secondClick = (event: MouseEvent) => {
    const first = firstClick.current;
    return (
      first !== null &&
      first.cell.isConnected &&
      performance.now() - openedAt.current < DOUBLE_CLICK_MS &&
      Math.abs(event.clientX - first.x) <= NEAR_PX &&
      Math.abs(event.clientY - first.y) <= NEAR_PX
    );
  };
  return {
    swallow(event: MouseEvent) {
      if (!secondClick(event)) return;
      event.preventDefault();
      event.stopPropagation();
    },
    redirect(event: MouseEvent) {
      if (!secondClick(event)) return;
      event.preventDefault();
      event.stopPropagation();
      const { cell } = firstClick.current!;
      cell.scrollIntoView({ block: "nearest", inline: "nearest" });
      cell.dispatchEvent(new window.MouseEvent("dblclick", { bubbles: true, detail: 2 }));
    },
  };
}
