import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * A box that scrolls and that the keyboard can reach: focusable and named, for content with nothing focusable
 * in it (WCAG 2.1.1: arrow keys scroll it once it has focus).
 */
export function ScrollRegion({ label, className, ...props }: { label: string } & ComponentProps<"div">) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      className={cn(
        "overflow-y-auto focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none",
        className,
      )}
      {...props}
    />
  );
}
