import type { DataTableColumn, FilterField } from "../../ui/data-table";
import { commonFieldLabels, commonFilterFields, Empty, timestampColumns } from "../records/record-columns";
import type { Company } from "./use-companies";

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
  ...timestampColumns<Company>(),
];

export const companyFilterFields: FilterField[] = [
  { field: "name", label: "Name", kind: "text" },
  { field: "domain", label: "Domain", kind: "text" },
  { field: "industry", label: "Industry", kind: "text" },
  { field: "size", label: "Size", kind: "text" },
  ...commonFilterFields,
];

/** Field names as the timeline shows them. */
export const companyFieldLabels: Record<string, string> = {
  name: "Name",
  domain: "Domain",
  industry: "Industry",
  size: "Size",
  address: "Address",
  ...commonFieldLabels,
};
