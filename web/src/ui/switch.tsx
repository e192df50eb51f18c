import { useId, type ReactNode } from "react";
import { cn } from "./cn";

type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** A line under the label saying what turning it on does. */
  description?: ReactNode;
  disabled?: boolean;
};

/** An on/off switch with its label and explanation beside it. */
export function Switch({ checked, onChange, label, description, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          "relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:opacity-50",
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
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-foreground">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-xs text-muted">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
