import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";

type HomeCardProps = {
  title: string;
  icon: LucideIcon;
  /** Where "View all" goes. */
  to?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
};

export function HomeCard({ title, icon: Icon, to, className, testId, children }: HomeCardProps) {
  return (
    <Card className={cn("flex flex-col", className)} data-testid={testId}>
      <div className="flex items-center gap-2 border-b border-border px-4 py-2.5">
        <Icon className="size-4 text-muted" aria-hidden />
        <h2 className="flex-1 text-[13px] font-semibold text-foreground">{title}</h2>
        {to && (
          <Link to={to} className="rounded text-xs font-medium text-muted hover:text-primary">
            View all
          </Link>
        )}
      </div>
      <div className="flex flex-1 flex-col">{children}</div>
    </Card>
  );
}

/** Nothing to show yet, said plainly, with what will appear here. */
export function CardEmpty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-8 text-center">
      <p className="text-[13px] font-medium text-foreground">{title}</p>
      <p className="mt-1 max-w-xs text-xs text-muted">{children}</p>
    </div>
  );
}
