import { cn } from "./cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <svg
      className={cn("animate-spin text-current", className ?? "size-5")}
      viewBox="0 0 24 24"
      fill="none"
      role="status"
      aria-label={label}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** SPEC §2: shown while authentication state loads. */
export function FullScreenSpinner() {
  return (
    <div
      className="flex h-full min-h-screen items-center justify-center bg-background text-primary"
      data-testid="full-screen-spinner"
    >
      <Spinner className="size-8" label="Loading your workspace" />
    </div>
  );
}
