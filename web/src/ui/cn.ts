/** Joins class names, skipping falsy ones. */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

/**
 * `fallback` unless `className` already sets a utility starting with `prefix` ("h-", "max-w-"):
 * `cn` only joins classes, and of two utilities for one property the one Tailwind emits later wins,
 * whatever their order in the attribute.
 */
export function unlessSet(className: string | undefined, prefix: string, fallback: string): string | null {
  return className?.split(/\s+/).some((c) => c.startsWith(prefix)) ? null : fallback;
}
