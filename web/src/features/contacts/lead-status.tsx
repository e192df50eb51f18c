import { leadStatuses, type LeadStatus } from "../../../../drizzle/values";
import { cn } from "../../ui/cn";

export { leadStatuses, type LeadStatus };

export const leadStatusMeta: Record<LeadStatus, { label: string; dot: string }> = {
  new: { label: "New", dot: "bg-sky-500" },
  contacted: { label: "Contacted", dot: "bg-amber-500" },
  qualified: { label: "Qualified", dot: "bg-emerald-500" },
  unqualified: { label: "Unqualified", dot: "bg-slate-400" },
  customer: { label: "Customer", dot: "bg-violet-500" },
};

export const leadStatusOptions = leadStatuses.map((value) => ({ value, label: leadStatusMeta[value].label }));

export const leadStatusLabels: Record<string, string> = Object.fromEntries(
  leadStatuses.map((value) => [value, leadStatusMeta[value].label]),
);

export function LeadStatusPill({ status }: { status: LeadStatus }) {
  const meta = leadStatusMeta[status] ?? leadStatusMeta.new;
  return (
    <span className="inline-flex h-5 items-center gap-1.5 rounded-full border border-border bg-background px-2 text-xs text-foreground">
      <span className={cn("size-1.5 rounded-full", meta.dot)} aria-hidden />
      {meta.label}
    </span>
  );
}
