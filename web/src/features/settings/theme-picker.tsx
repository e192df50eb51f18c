import { Check, Moon, Sun, type LucideIcon } from "lucide-react";
import { useRef, type KeyboardEvent } from "react";
import { useTheme, type Theme } from "../../lib/theme";
import { cn } from "../../ui/cn";
import { ThemeSwatch } from "./theme-swatch";

const options: { value: Theme; label: string; icon: LucideIcon }[] = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
];

/** Two radio cards; arrow keys move between them like native radios. */
export function ThemePicker() {
  const { theme, setTheme } = useTheme();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const handleKeyDown = (event: KeyboardEvent, index: number) => {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) return;
    event.preventDefault();
    const next = options[(index + 1) % options.length];
    setTheme(next.value);
    refs.current[options.indexOf(next)]?.focus();
  };

  return (
    <div role="radiogroup" aria-label="Theme" className="grid grid-cols-2 gap-3 sm:max-w-md">
      {options.map((option, index) => {
        const selected = theme === option.value;
        return (
          <button
            key={option.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            data-testid={`theme-${option.value}`}
            onClick={() => setTheme(option.value)}
            onKeyDown={(e) => handleKeyDown(e, index)}
            className={cn(
              "rounded-lg border p-2 text-left transition-colors",
              selected ? "border-primary ring-2 ring-primary" : "border-border hover:bg-surface",
            )}
          >
            <ThemeSwatch theme={option.value} />
            <span className="mt-2 flex items-center gap-1.5 px-1 text-[13px] font-medium text-foreground">
              <option.icon className="size-3.5 text-muted" aria-hidden />
              {option.label}
              {selected && <Check className="ml-auto size-4 text-primary" aria-hidden />}
            </span>
          </button>
        );
      })}
    </div>
  );
}
