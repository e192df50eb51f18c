import { toast } from "sonner";
import { errorMessage } from "./trpc-errors";

/** SPEC §9 (our reading, see README): 3 visible, 5 s, bottom-right, 225/195 ms animations. */
export const TOAST_OPTIONS = {
  position: "bottom-right",
  visibleToasts: 3,
  duration: 5000,
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

export { toast };
