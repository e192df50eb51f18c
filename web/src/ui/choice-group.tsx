import type { ReactNode } from "react";
import { cn } from "./cn";

type ChoiceGroupProps<T extends string> = {
  /** The group's accessible name ("Combine filters"). */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf?: (option: T) => ReactNode;
  titleOf?: (option: T) => string;
  /** A segmented control (and/or, a timeline's view) or separate pills (a feedback's category). */
  variant?: "segmented" | "pills";
};

/** One choice among a few, as radio buttons. */
export function ChoiceGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  labelOf = (option) => option,
  titleOf,
  variant = "segmented",
}: ChoiceGroupProps<T>) {
  const pills = variant === "pills";
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={pills ? "flex gap-2" : "flex w-fit rounded-md border border-border p-0.5"}
    >
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          title={titleOf?.(option)}
          onClick={() => onChange(option)}
          className={cn(
            pills
              ? "rounded-full border px-3 py-1 text-xs font-medium transition-colors"
              : "h-6 rounded px-2 text-xs font-medium",
            value === option
              ? pills
                ? "border-primary bg-primary-soft text-primary"
                : "bg-primary-soft text-primary"
              : pills
                ? "border-border text-muted hover:text-foreground"
                : "text-muted hover:text-foreground",
          )}
        >
          {labelOf(option)}
        </button>
      ))}
    </div>
  );
}
