import type { ReactNode } from "react";

export type RecordField = { label: string; value: ReactNode };

/** The side panel's label/value list; empty values read "—" so every field keeps its row. */
export function RecordFields({ fields }: { fields: RecordField[] }) {
  return (
    <dl className="grid grid-cols-[8.5rem_1fr] gap-x-3 gap-y-2.5 text-[13px]" data-testid="record-fields">
      {fields.map((field) => (
        <div key={field.label} className="contents">
          <dt className="text-muted">{field.label}</dt>
          <dd className="min-w-0 break-words text-foreground">
            {field.value === null || field.value === undefined || field.value === "" ? (
              <span className="text-muted">—</span>
            ) : (
              field.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-border px-5 py-4 last:border-b-0">
      <h3 className="mb-3 text-[11px] font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}
