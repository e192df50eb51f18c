import { companyPatchFields } from "../../../../worker/src/schemas/records";
import type { ReactNode } from "react";
import { OpenRecord, OpenWebsite } from "../records/field-actions";
import { forPanel, type PanelField } from "../records/record-fields";
import { RecordNotes } from "../records/record-notes";
import { RecordDetails } from "../records/property-fields";
import { panelRecord, pickFields, RecordPanel, timestampFields, type ObjectPanelProps } from "../records/record-panel";
import { RecordTasks } from "../records/record-tasks";
import { CompanyMark, companyColumns, companyFieldLabels } from "./company-columns";
import { CompanyPeople } from "./company-people";
import { CompanySubsidiaries } from "./company-subsidiaries";
import { useCompany, type Company } from "./use-companies";

/** What a field's value lets one do at once, beside it: open the website or the LinkedIn page. */
const fieldActions: Partial<Record<string, (company: Company) => ReactNode>> = {
  domain: (company) => <OpenWebsite url={company.domain} label={`Open ${company.domain}`} />,
  parentCompany: (company) =>
    company.parentCompanyId && company.parentCompanyName ? (
      <OpenRecord record={{ object: "company", id: company.parentCompanyId }} name={company.parentCompanyName} />
    ) : null,
  linkedinUrl: (company) => <OpenWebsite url={company.linkedinUrl} label="Open the LinkedIn page" />,
};

const panelFields: PanelField<Company>[] = [
  ...forPanel(
    pickFields(companyColumns, [
      "name",
      "domain",
      "industry",
      "size",
      "parentCompany",
      "address",
      "linkedinUrl",
      "owner",
      "tags",
      "lastActivityAt",
      "nextTaskAt",
    ]),
    { asides: fieldActions, cells: { name: (company) => <span className="font-medium">{company.name}</span> } },
  ),
  ...timestampFields<Company>(),
];

type CompanyPanelProps = ObjectPanelProps<Company> & { companyId: string | null };

/** The company opened from the table: its fields, its people, tasks, notes and timeline. */
export function CompanyPanel({
  companyId,
  preview,
  onClose,
  onEdit,
  onRestore,
  onDelete,
  stepping,
}: CompanyPanelProps) {
  const query = useCompany(companyId);
  const details = query.data?.company.id === companyId ? query.data : undefined;
  const company = details?.company ?? preview;
  const shown = panelRecord(details?.company, preview, panelFields);
  const name = company?.name ?? "Company";

  return (
    <RecordPanel
      open={companyId !== null}
      record={
        companyId ? { object: "company", id: companyId, name: company ? name : null, ownerId: company?.ownerId } : null
      }
      onClose={onClose}
      onDelete={onDelete}
      stepping={stepping}
      title={name}
      description={[company?.domain, company?.industry].filter(Boolean).join(" · ")}
      leading={
        <CompanyMark
          name={name}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-surface-2 text-sm font-semibold text-muted"
        />
      }
      details={<RecordDetails object="company" row={shown} preview={preview} fields={panelFields} onEdit={onEdit} />}
      query={query}
      timeline={{
        items: details?.timeline,
        older: details && { object: "company", recordId: details.company.id, more: details.olderActivity },
        noun: "company",
        fieldLabels: companyFieldLabels,
        valueLabels: { parentCompanyId: details?.companyNames ?? {} },
        restore: details && {
          current: details.company,
          fields: companyPatchFields,
          run: (field, value) => onRestore(details.company, field, value),
        },
      }}
    >
      <CompanyPeople companyId={companyId} details={details} failed={query.isError} />
      <CompanySubsidiaries details={details} />
      <RecordTasks object="company" recordId={companyId} recordName={name} />
      <RecordNotes object="company" recordId={companyId} />
    </RecordPanel>
  );
}
