import { cn } from "./cn";
import { Kbd } from "./kbd";

/** Each hint: its keys (alternatives side by side) and what they do, in a word or two. */
export type KeyHint = [keys: string[], action: string];

/** A line of the keys a list answers to, under it. */
export function KeyboardHints({ hints, className }: { hints: KeyHint[]; className?: string }) {
  return (
    <p
      className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted pointer-coarse:hidden", className)}
      aria-label="Keyboard shortcuts"
    >
      {hints.map(([keys, action]) => (
        <span key={action} className="inline-flex items-center gap-1">
          {keys.map((key) => (
            <Kbd key={key}>{key}</Kbd>
          ))}
          {action}
        </span>
      ))}
    </p>
  );
}
