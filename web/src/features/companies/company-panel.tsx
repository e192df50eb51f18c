import { PanelSection } from "../records/record-fields";
import { RecordNotes } from "../records/record-notes";
import { RecordPropertyFields } from "../records/property-fields";
import { LoadingLines, RecordPanel, useCommonFields } from "../records/record-panel";
import { CompanyMark, companyFieldLabels } from "./company-columns";
import { useCompany, useUpdateCompany, type Company } from "./use-companies";

type CompanyPanelProps = {
  companyId: string | null;
  /** The list's copy, so the header shows at once while the full record loads. */
  preview: Company | undefined;
  onClose: () => void;
};

/** The company opened from the table: its fields, its people and its timeline. */
export function CompanyPanel({ companyId, preview, onClose }: CompanyPanelProps) {
  const query = useCompany(companyId);
  const details = query.data?.company.id === companyId ? query.data : undefined;
  const company = details?.company ?? preview;
  const name = company?.name ?? "Company";
  const common = useCommonFields(company);
  const updateCompany = useUpdateCompany();

  return (
    <RecordPanel
      open={companyId !== null}
      onClose={onClose}
      title={name}
      description={[company?.domain, company?.industry].filter(Boolean).join(" · ")}
      leading={
        <CompanyMark
          name={name}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-surface-2 text-sm font-semibold text-muted"
        />
      }
      fields={
        company
          ? [
              { label: "Domain", value: company.domain },
              { label: "Industry", value: company.industry },
              { label: "Size", value: company.size },
              { label: "Address", value: company.address },
              { label: "LinkedIn", value: company.linkedinUrl },
              ...common,
            ]
          : null
      }
      extraFields={
        company && (
          <RecordPropertyFields
            object="company"
            values={company.properties}
            onSave={(key, value) => updateCompany(company, { properties: { [key]: value } })}
          />
        )
      }
      query={query}
      timeline={{ items: details?.timeline, noun: "company", fieldLabels: companyFieldLabels }}
    >
      <PanelSection title={details ? `People · ${details.contacts.length}` : "People"}>
        {!details ? (
          query.isError ? null : (
            <LoadingLines count={2} />
          )
        ) : details.contacts.length === 0 ? (
          <p className="text-[13px] text-muted">No contacts work here yet.</p>
        ) : (
          <ul className="space-y-1.5 text-[13px]" data-testid="company-contacts">
            {details.contacts.map((person) => (
              <li key={person.id} className="flex min-w-0 items-baseline gap-2">
                <span className="truncate font-medium text-foreground">
                  {`${person.firstName} ${person.lastName}`.trim() || person.email}
                </span>
                {person.title && <span className="truncate text-muted">{person.title}</span>}
              </li>
            ))}
          </ul>
        )}
      </PanelSection>
      <RecordNotes object="company" recordId={companyId} />
    </RecordPanel>
  );
}
