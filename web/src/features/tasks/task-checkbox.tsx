import { Check } from "lucide-react";
import { cn } from "../../ui/cn";
import type { Task } from "./task-types";

export function TaskCheckbox({ task, onToggle }: { task: Task; onToggle: () => void }) {
  const done = task.status === "done";
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={done}
      aria-label={`${done ? "Reopen" : "Complete"} ${task.title}`}
      tabIndex={-1}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      className={cn(
        "flex size-4 shrink-0 items-center justify-center rounded-full border transition-colors",
        done
          ? "border-primary bg-primary text-primary-foreground"
          : "border-muted/60 text-transparent hover:border-primary hover:text-primary/60",
      )}
    >
      <Check className="size-3" strokeWidth={3} aria-hidden />
    </button>
  );
}
