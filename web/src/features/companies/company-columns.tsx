import { formatDateTime, formatRelative } from "../../lib/format";
import type { DataTableColumn, FilterField } from "../../ui/data-table";
import type { Company } from "./use-companies";

const Empty = () => <span className="text-muted/60">—</span>;

function When({ date }: { date: Date }) {
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)} className="text-muted">
      {formatRelative(date)}
    </time>
  );
}

/** A square initial: companies read differently from people at a glance. */
export function CompanyMark({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={
        className ??
        "inline-flex size-5 shrink-0 items-center justify-center rounded bg-surface-2 text-[10px] font-semibold text-muted"
      }
    >
      {name.trim().slice(0, 1).toUpperCase() || "?"}
    </span>
  );
}

const text = (key: keyof Company, label: string) => ({ kind: "text" as const, fields: [{ key, label }] });

export const companyColumns: DataTableColumn<Company>[] = [
  {
    id: "name",
    header: "Name",
    width: 240,
    sortField: "name",
    hideable: false,
    cell: (company) => (
      <span className="flex min-w-0 items-center gap-2">
        <CompanyMark name={company.name} />
        <span className="truncate font-medium">{company.name}</span>
      </span>
    ),
    editor: text("name", "Name"),
  },
  {
    id: "domain",
    header: "Domain",
    width: 200,
    sortField: "domain",
    cell: (company) => (company.domain ? <span className="text-foreground">{company.domain}</span> : <Empty />),
    editor: text("domain", "Domain"),
  },
  {
    id: "industry",
    header: "Industry",
    width: 180,
    sortField: "industry",
    cell: (company) => company.industry ?? <Empty />,
    editor: text("industry", "Industry"),
  },
  {
    id: "size",
    header: "Size",
    width: 120,
    sortField: "size",
    cell: (company) => company.size ?? <Empty />,
    editor: text("size", "Size"),
  },
  {
    id: "updatedAt",
    header: "Updated",
    width: 140,
    sortField: "updatedAt",
    cell: (company) => <When date={company.updatedAt} />,
  },
  {
    id: "createdAt",
    header: "Created",
    width: 140,
    sortField: "createdAt",
    defaultHidden: true,
    cell: (company) => <When date={company.createdAt} />,
  },
];

export const companyFilterFields: FilterField[] = [
  { field: "name", label: "Name", kind: "text" },
  { field: "domain", label: "Domain", kind: "text" },
  { field: "industry", label: "Industry", kind: "text" },
  { field: "size", label: "Size", kind: "text" },
  { field: "tags", label: "Tags", kind: "array" },
  { field: "createdAt", label: "Created", kind: "date" },
  { field: "updatedAt", label: "Updated", kind: "date" },
];

/** Field names as the timeline shows them. */
export const companyFieldLabels: Record<string, string> = {
  name: "Name",
  domain: "Domain",
  industry: "Industry",
  size: "Size",
  address: "Address",
  linkedinUrl: "LinkedIn",
  ownerId: "Owner",
  tags: "Tags",
  properties: "Custom properties",
};
