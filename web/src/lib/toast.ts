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

export { toast };
