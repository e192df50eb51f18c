import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * A header action's label, which gives way to its icon (and tooltip) when the page is narrower than the header's
 * widest row (a list's title, count and four buttons: about 740 px), as with the record side panel open. The page
 * must be a container (`@container`).
 */
export const headerActionLabel = "@max-[48rem]:sr-only";

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
    <header className="flex flex-wrap items-end justify-between gap-3 border-b border-border px-8 pt-7 pb-5">
      {/* Takes the room the actions leave, so a long description wraps inside it rather than pushing the actions to a
          row of their own; the actions wrap below only when it would be narrower than 12rem. */}
      <div className="min-w-0 flex-[1_1_12rem]">
        <h1 className="text-xl font-semibold tracking-tight text-foreground">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </header>
  );
}

export function PageBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("px-8 py-6", className)}>{children}</div>;
}
