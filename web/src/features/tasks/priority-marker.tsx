import { cn } from "../../ui/cn";
import type { TaskPriority } from "./task-types";

export const priorityLabels: Record<TaskPriority, string> = { high: "High", normal: "Normal", low: "Low" };
const filled: Record<TaskPriority, number> = { low: 1, normal: 2, high: 3 };

/** Three signal bars, as Linear draws priority; high ones in red. */
export function PriorityMarker({ priority, className }: { priority: TaskPriority; className?: string }) {
  return (
    <svg
      viewBox="0 0 12 12"
      className={cn("size-3.5 shrink-0", priority === "high" ? "text-danger" : "text-muted", className)}
      role="img"
      aria-label={`${priorityLabels[priority]} priority`}
      data-priority={priority}
    >
      <title>{`${priorityLabels[priority]} priority`}</title>
      {[0, 1, 2].map((bar) => (
        <rect
          key={bar}
          x={1 + bar * 4}
          y={8 - bar * 3}
          width="2.5"
          height={3 + bar * 3}
          rx="0.75"
          fill="currentColor"
          opacity={bar < filled[priority] ? 1 : 0.25}
        />
      ))}
    </svg>
  );
}
