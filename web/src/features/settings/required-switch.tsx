import { useId } from "react";
import { cn } from "../../ui/cn";

/** An on/off switch with its explanation beside it. */
export function RequiredSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label="Required"
        onClick={() => onChange(!checked)}
        className={cn(
          "relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors",
          checked ? "bg-primary" : "bg-surface-2 ring-1 ring-border ring-inset",
        )}
      >
        <span
          className={cn(
            "inline-block size-4 rounded-full bg-white shadow-sm transition-transform",
            checked ? "translate-x-[18px]" : "translate-x-0.5",
          )}
        />
      </button>
      <label htmlFor={id} className="text-sm">
        <span className="font-medium text-foreground">Required</span>
        <span className="block text-xs text-muted">Records cannot be saved without a value.</span>
      </label>
    </div>
  );
}
