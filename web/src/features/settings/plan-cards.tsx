import { CheckCircle2 } from "lucide-react";
import type { CurrentUser } from "../auth/use-current-user";
import { cn } from "../../ui/cn";

type Plan = CurrentUser["organization"]["plan"];

// Who each plan is for; limits per plan are not published yet, so none are promised here.
const plans: { value: Plan; name: string; pitch: string }[] = [
  { value: "free", name: "Free", pitch: "For trying the CRM with a small team." },
  { value: "pro", name: "Pro", pitch: "For sales teams that work in the CRM all day." },
  { value: "business", name: "Business", pitch: "For larger teams that need more seats, records and control." },
];

export function PlanCards({ current }: { current: Plan }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {plans.map((plan) => {
        const isCurrent = plan.value === current;
        return (
          <li
            key={plan.value}
            data-testid={`plan-${plan.value}`}
            aria-current={isCurrent || undefined}
            className={cn(
              "flex flex-col rounded-lg border p-3.5",
              isCurrent ? "border-primary bg-primary-soft/40 ring-1 ring-primary" : "border-border bg-background",
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-semibold text-foreground">{plan.name}</p>
              {isCurrent && (
                <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">
                  Current plan
                </span>
              )}
            </div>
            <p className="mt-1 flex-1 text-xs text-muted">{plan.pitch}</p>
            <p
              className={cn(
                "mt-3 flex items-center gap-1.5 text-xs",
                isCurrent ? "font-medium text-primary" : "text-muted",
              )}
            >
              {isCurrent && <CheckCircle2 className="size-3.5" aria-hidden />}
              {isCurrent ? "Your workspace's plan" : "Not available to switch"}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
