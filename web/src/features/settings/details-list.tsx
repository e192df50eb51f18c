import type { ReactNode } from "react";

export type Detail = { label: string; value: ReactNode };

/** Read-only label/value rows. */
export function DetailsList({ items }: { items: Detail[] }) {
  return (
    <dl className="divide-y divide-border">
      {items.map((item) => (
        <div key={item.label} className="grid grid-cols-1 gap-1 px-4 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
          <dt className="text-[13px] text-muted">{item.label}</dt>
          <dd className="min-w-0 text-[13px] break-words text-foreground">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
