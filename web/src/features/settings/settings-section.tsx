import type { ReactNode } from "react";
import { Card, CardHeader } from "../../ui/card";
import { cn } from "../../ui/cn";

type SettingsSectionProps = {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** Tables and lists run edge to edge; forms and text get padding. */
  flush?: boolean;
  children: ReactNode;
};

/** One titled card on a settings page. */
export function SettingsSection({ title, description, action, flush = false, children }: SettingsSectionProps) {
  return (
    <section>
      <Card>
        <CardHeader title={title} description={description} action={action} />
        <div className={cn(!flush && "p-4")}>{children}</div>
      </Card>
    </section>
  );
}

/** The stack of sections a settings page is made of. */
export function SettingsStack({ children }: { children: ReactNode }) {
  return <div className="space-y-6">{children}</div>;
}

/** A quiet line of context under or between sections. */
export function SettingsNote({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2.5 rounded-lg border border-border bg-surface px-3.5 py-2.5 text-[13px] text-muted">
      {icon && <span className="mt-0.5 shrink-0 text-muted">{icon}</span>}
      <div>{children}</div>
    </div>
  );
}
