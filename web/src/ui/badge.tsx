import type { ReactNode } from "react";
import { cn } from "./cn";

type Tone = "neutral" | "primary" | "success" | "danger";
const tones: Record<Tone, string> = {
  neutral: "bg-surface-2 text-muted",
  primary: "bg-primary-soft text-primary",
  success: "bg-green-50 text-green-700 dark:bg-green-950 dark:text-green-300",
  danger: "bg-danger-soft text-danger",
};

/** A small label; `asWritten` keeps the text's own case (a tag), else the first letter is capitalised (a role). */
export function Badge({
  tone = "neutral",
  asWritten = false,
  children,
}: {
  tone?: Tone;
  asWritten?: boolean;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium",
        !asWritten && "capitalize",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
