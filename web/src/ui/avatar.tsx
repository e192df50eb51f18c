import { cn } from "./cn";

/** "Ada Lovelace" → "AL"; an email by the part before the @: "ann.lee@acme.com" → "AL", "dana@acme.com" → "D". */
export function initials(name: string): string {
  const parts = name
    .trim()
    .replace(/@.*$/, "")
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

export function Avatar({ name, photoUrl, className }: { name: string; photoUrl?: string | null; className?: string }) {
  const base = cn(
    "inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary",
    className ?? "size-7",
  );
  return photoUrl ? (
    <img src={photoUrl} alt="" className={cn(base, "object-cover")} />
  ) : (
    // The initials are drawn by CSS (styles.css, [data-initials]), not written as text: they decorate a name shown
    // or said beside them, and as text they would be read as part of it, "ALAda Lovelace", by anything that reads
    // what a control shows (voice control, a copy, an accessibility check).
    <span className={base} aria-hidden data-initials={initials(name)} />
  );
}
