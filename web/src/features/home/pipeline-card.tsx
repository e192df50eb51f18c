import { Handshake } from "lucide-react";
import { defaultStages } from "../deals/default-pipeline";
import { cn } from "../../ui/cn";
import { HomeCard } from "./home-card";

const trackColor = { open: "bg-primary/25", won: "bg-success/30", lost: "bg-danger/25" } as const;

/** Deal counts per stage; every count is 0 until deals can be created. */
export function PipelineCard({ className }: { className?: string }) {
  return (
    <HomeCard title="Pipeline" icon={Handshake} to="/deals" className={className} testId="home-pipeline">
      <div className="px-4 pt-4 pb-3">
        <ol className="grid grid-cols-3 gap-x-2 gap-y-4 sm:grid-cols-6" aria-label="Deals per stage">
          {defaultStages.map((stage) => (
            <li key={stage.name} className="min-w-0">
              <div className={cn("h-1.5 rounded-full", trackColor[stage.kind])} aria-hidden />
              <p className="mt-2 truncate text-xs text-muted">{stage.name}</p>
              <p className="text-base font-semibold text-foreground tabular-nums">0</p>
            </li>
          ))}
        </ol>
      </div>
      <p className="mt-auto border-t border-border px-4 py-2.5 text-xs text-muted">
        <span className="font-medium text-foreground">No deals yet.</span> New deals start in Lead and move right as
        they progress.
      </p>
    </HomeCard>
  );
}
