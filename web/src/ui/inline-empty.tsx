import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** An empty list inside a card: smaller than the page-level EmptyState. */
export function InlineEmpty({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center px-6 py-8 text-center">
      <Icon className="mb-2.5 size-5 text-muted" aria-hidden />
      <p className="text-[13px] font-medium text-foreground">{title}</p>
      {children && <p className="mt-1 max-w-sm text-xs text-muted">{children}</p>}
    </div>
  );
}
