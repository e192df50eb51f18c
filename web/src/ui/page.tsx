import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * A header action's label, which gives way to its icon (and tooltip) when the page is narrower than the header's
 * widest row (a list's title, count and four buttons: about 740 px), as with the record side panel open. The page
 * must be a container (`@container`).
 */
export const headerActionLabel = "@max-[48rem]:sr-only";

/** A page's side margins: narrower on a phone, where every pixel of a row counts. */
export const pageGutter = "px-4 sm:px-8";

/** Title row every page starts with; `actions` sit on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header
      className={cn(
        "flex flex-wrap items-end justify-between gap-3 border-b border-border pt-5 pb-4 sm:pt-7 sm:pb-5",
        pageGutter,
      )}
    >
      {/* Takes the room the actions leave, so a long description wraps inside it rather than pushing the actions to a
          row of their own; the actions wrap below only when it would be narrower than 12rem. */}
      <div className="min-w-0 flex-[1_1_12rem]">
        <h1 className="text-xl font-semibold tracking-tight text-foreground">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}

export function PageBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn(pageGutter, "py-6", className)}>{children}</div>;
}
