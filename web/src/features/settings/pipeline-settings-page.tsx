import { ChevronRight, Workflow } from "lucide-react";
import { defaultStages } from "../deals/default-pipeline";
import { cn } from "../../ui/cn";
import { SettingsSection } from "./settings-section";

type Stage = (typeof defaultStages)[number];

const kindStyles = {
  open: "text-foreground",
  won: "text-success",
  lost: "text-danger",
} as const;

function StageChip({ stage }: { stage: Stage }) {
  return (
    <span
      className={cn(
        "rounded-md border border-border bg-background px-2.5 py-1 text-xs font-medium shadow-xs",
        kindStyles[stage.kind],
      )}
    >
      {stage.name}
      <span className="ml-1.5 font-normal text-muted tabular-nums">{stage.probability}%</span>
    </span>
  );
}

const openStages = defaultStages.filter((stage) => stage.kind === "open");
const outcomes = defaultStages.filter((stage) => stage.kind !== "open");

export default function PipelineSettingsPage() {
  return (
    <SettingsSection
      title="Pipelines"
      description="The stages your deals move through, with the win probability each one implies."
    >
      <div className="flex flex-col items-center rounded-lg border border-dashed border-border bg-surface px-6 py-10 text-center">
        <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Workflow className="size-5" aria-hidden />
        </div>
        <h2 className="text-base font-semibold text-foreground">Your workspace uses the default sales pipeline</h2>
        <p className="mt-1.5 max-w-md text-sm text-muted">
          It was created with the workspace: Lead, Qualified, Proposal, Negotiation, Won and Lost. Renaming, reordering
          and adding stages, and extra pipelines, will be managed on this page.
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-1.5" data-testid="default-stages">
          <ol className="flex flex-wrap items-center gap-1.5" aria-label="Open stages">
            {openStages.map((stage) => (
              <li key={stage.name} className="flex items-center gap-1.5">
                <StageChip stage={stage} />
                <ChevronRight className="size-3.5 text-muted" aria-hidden />
              </li>
            ))}
          </ol>
          <ul className="flex flex-col gap-1" aria-label="Outcomes">
            {outcomes.map((stage) => (
              <li key={stage.name} className="flex">
                <StageChip stage={stage} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </SettingsSection>
  );
}
