import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { companyPatch } from "../../../../worker/src/schemas/records";
import { parseMulti, type CellPatch, type DataTableColumn, type FilterField } from "../../ui/data-table";
import { listLinkState } from "../../ui/data-table/list-memory";
import { readableUrl } from "../records/field-actions";
import { blankToNull, textEditor } from "../records/field-editors";
import {
  commonFieldLabels,
  commonFilterFields,
  Empty,
  nextTaskColumn,
  nextTaskFilterField,
  timeColumn,
  timestampColumns,
} from "../records/record-columns";
import { companiesNamed, ownershipColumns, useCompanyOptions } from "../records/reference-fields";
import { countOf } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import type { Company, CompanyPatch } from "./use-companies";

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

const field = companyPatch.shape;

/**
 * The company and every company below it, however far down: what cannot be its parent (the server refuses them too).
 * The company alone until the server says.
 */
function useGroupOf(company: Company): string[] {
  const group = useQuery({ ...trpc.companies.groupIds.queryOptions({ id: company.id }), staleTime: 30_000 });
  return group.data ?? [company.id];
}

/** A list filtered to the records whose `field` is the company (router state for a Link). */
const listAt = (field: string, companyId: string) =>
  listLinkState({
    search: "",
    filter: { combinator: "and", conditions: [{ field, operator: "eq", value: companyId }] },
    sort: null,
    trash: false,
  });

/**
 * /contacts filtered to the company's people (router state for a Link): where bulk actions and export reach them all.
 * `withSubsidiaries`: the people of its whole group.
 */
export const peopleOf = (companyId: string, { withSubsidiaries = false } = {}) =>
  listAt(withSubsidiaries ? "companyGroup" : "companyId", companyId);

/** /companies filtered to the company's subsidiaries (router state for a Link), as peopleOf its people. */
export const subsidiariesOf = (companyId: string) => listAt("parentCompanyId", companyId);

/** A new contact's or company's form, opening at the company: its person, its subsidiary. */
export const newAtCompany = (page: "/contacts" | "/companies", companyId: string) =>
  `${page}?new=1&company=${companyId}`;

/** Company fields as columns: the table's cells and inline editors, and the side panel's fields. */
export const companyColumns: DataTableColumn<Company>[] = [
  {
    id: "name",
    fields: ["name"],
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
    editor: textEditor("name", "Name", { schema: field.name, required: true }),
  },
  {
    id: "domain",
    fields: ["domain"],
    header: "Domain",
    width: 200,
    sortField: "domain",
    cell: (company) => (company.domain ? <span className="text-foreground">{company.domain}</span> : <Empty />),
    editor: textEditor("domain", "Domain", { schema: field.domain }),
  },
  {
    id: "industry",
    fields: ["industry"],
    header: "Industry",
    width: 180,
    sortField: "industry",
    cell: (company) => company.industry ?? <Empty />,
    editor: textEditor("industry", "Industry", { schema: field.industry }),
  },
  {
    id: "size",
    fields: ["size"],
    header: "Size",
    width: 120,
    sortField: "size",
    cell: (company) => company.size ?? <Empty />,
    editor: textEditor("size", "Size", { schema: field.size }),
  },
  {
    // Its live contacts (a count the server keeps): sortable, filterable, and a link to them.
    id: "peopleCount",
    fields: ["peopleCount"],
    header: "People",
    width: 96,
    sortField: "peopleCount",
    align: "end",
    cell: (company) =>
      company.peopleCount > 0 ? (
        <Link
          to="/contacts"
          state={peopleOf(company.id)}
          onClick={(event) => event.stopPropagation()}
          aria-label={`${countOf(company.peopleCount, ["contact", "contacts"])} at ${company.name}`}
          title={`Contacts at ${company.name}`}
          className="text-primary hover:underline"
        >
          {company.peopleCount.toLocaleString()}
        </Link>
      ) : (
        <span className="text-muted">0</span>
      ),
    copyText: (company) => String(company.peopleCount),
  },
  {
    // The company it belongs to (a group, a head office): picked from the companies, never itself.
    id: "parentCompany",
    fields: ["parentCompanyId", "parentCompanyName"],
    header: "Parent company",
    width: 190,
    defaultHidden: true,
    cell: (company) => company.parentCompanyName ?? <Empty />,
    editor: {
      kind: "lookup",
      field: "parentCompanyId",
      labelField: "parentCompanyName",
      label: "Parent company",
      useOptions: useCompanyOptions,
      resolve: companiesNamed,
      clearable: true,
      useExcluded: useGroupOf,
    },
  },
  ...ownershipColumns<Company>("company"),
  ...timestampColumns<Company>().slice(0, 1),
  {
    id: "address",
    fields: ["address"],
    header: "Address",
    width: 220,
    defaultHidden: true,
    cell: (company) => company.address ?? <Empty />,
    editor: textEditor("address", "Address", { schema: field.address }),
  },
  {
    id: "linkedinUrl",
    fields: ["linkedinUrl"],
    header: "LinkedIn",
    width: 200,
    defaultHidden: true,
    cell: (company) => (company.linkedinUrl ? readableUrl(company.linkedinUrl) : <Empty />),
    editor: textEditor("linkedinUrl", "LinkedIn", { schema: field.linkedinUrl, inputType: "url" }),
  },
  // The newest entry logged on the company or with one of its people: accounts gone quiet sort last.
  { ...timeColumn<Company>("lastActivityAt", "Last activity", { defaultHidden: true }), width: 140 },
  nextTaskColumn<Company>(),
  ...timestampColumns<Company>().slice(1),
];

/** An inline edit's values (texts) as the update patch of the fields it touched. */
export function toCompanyPatch(patch: CellPatch): CompanyPatch {
  const result: CompanyPatch = {};
  if ("name" in patch) result.name = patch.name.trim();
  for (const key of ["domain", "industry", "size", "address", "linkedinUrl", "ownerId", "parentCompanyId"] as const)
    if (key in patch) result[key] = blankToNull(patch[key]);
  if ("tags" in patch) result.tags = parseMulti(patch.tags);
  return result;
}

export const companyFilterFields: FilterField[] = [
  { field: "name", label: "Name", kind: "text" },
  { field: "domain", label: "Domain", kind: "text" },
  { field: "industry", label: "Industry", kind: "text" },
  { field: "size", label: "Size", kind: "text" },
  { field: "peopleCount", label: "People", kind: "number" },
  { field: "lastActivityAt", label: "Last activity", kind: "date" },
  nextTaskFilterField,
  ...commonFilterFields,
];

/** Field names as the timeline shows them. */
export const companyFieldLabels: Record<string, string> = {
  name: "Name",
  domain: "Domain",
  industry: "Industry",
  size: "Size",
  address: "Address",
  parentCompanyId: "Parent company",
  ...commonFieldLabels,
};
