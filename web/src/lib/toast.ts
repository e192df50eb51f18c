import { toast } from "sonner";
import { errorMessage } from "./trpc-errors";

/** SPEC §9 (our reading, see README): 3 visible, 5 s, bottom-right, 225/195 ms animations. */
export const TOAST_OPTIONS = {
  position: "bottom-right",
  visibleToasts: 3,
  duration: 5000,
  // Sonner names its region "Notifications", the sidebar's name for what teammates did for the reader.
  containerAriaLabel: "Messages",
} as const;

/** SPEC §8: the one sentence shown when organization.create fails. */
export function organizationCreateErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `Error creating organization: ${message}`;
}

/** A button on a toast: what it says and does (e.g. "Retry"). */
export type ToastAction = { label: string; onClick: () => void };

export function toastError(error: unknown, prefix?: string, action?: ToastAction): void {
  const message = errorMessage(error);
  toast.error(prefix ? `${prefix}: ${message}` : message, action ? { action } : undefined);
}

/**
 * A loading toast that counts work on many items as it goes ("Updating 300 of 2,808 contacts…"), shown only when
 * `shown` (the work takes long enough to watch). Its `id` lets the result take its place (undefined when not shown).
 */
export function progressToast(shown: boolean, say: (done: number) => string) {
  const id = shown ? toast.loading(say(0)) : undefined;
  return {
    id,
    update: (done: number) => {
      if (id !== undefined) toast.loading(say(done), { id });
    },
  };
}

/**
 * A toast's button, once pressed, gives the keyboard back to where it was before (the list row, the cell): the
 * toast takes 195 ms to leave, and an Enter meant for the page must not press its "Save mine" again. Returns the
 * cleanup.
 */
export function returnFocusFromToasts(target: Document = document): () => void {
  let before: HTMLElement | null = null;
  const inToast = (node: EventTarget | null) => node instanceof Element && node.closest("[data-sonner-toast]") !== null;
  const onFocusIn = (event: FocusEvent) => {
    if (inToast(event.target) && !inToast(event.relatedTarget))
      before = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || !inToast(button)) return;
    const back = before;
    before = null;
    // After the toast's own handler (and React's update) have run; an action that put the keyboard somewhere
    // itself (a field it showed) keeps it there. A microtask, not a timer: no clock may hold it back.
    queueMicrotask(() => {
      const now = target.activeElement;
      if (now !== button && now !== target.body && now !== null) return;
      if (back?.isConnected) back.focus({ preventScroll: true });
      else button.blur();
    });
  };
  target.addEventListener("focusin", onFocusIn);
  target.addEventListener("click", onClick);
  return () => {
    target.removeEventListener("focusin", onFocusIn);
    target.removeEventListener("click", onClick);
  };
}

export { toast };
