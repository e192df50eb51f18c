import { ArrowRight, UserRoundPlus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { contactDisplayName } from "../../../../worker/src/domain/records/normalize";
import { recordPath } from "../../app/recent-records";
import { Avatar } from "../../ui/avatar";
import type { EditCell } from "../../ui/data-table";
import { OpenWebsite } from "../records/field-actions";
import { EditableFields, PanelSection, forPanel, type PanelField } from "../records/record-fields";
import { RecordNotes } from "../records/record-notes";
import { RecordPropertyFields } from "../records/property-fields";
import { LoadingLines, panelRecord, pickFields, RecordPanel, timestampFields } from "../records/record-panel";
import { RecordTasks } from "../records/record-tasks";
import { CompanyMark, companyColumns, companyFieldLabels, peopleOf } from "./company-columns";
import { useCompany, type Company } from "./use-companies";

/** What a field's value lets one do at once, beside it: open the website or the LinkedIn page. */
const fieldActions: Partial<Record<string, (company: Company) => ReactNode>> = {
  domain: (company) => <OpenWebsite url={company.domain} label={`Open ${company.domain}`} />,
  linkedinUrl: (company) => <OpenWebsite url={company.linkedinUrl} label="Open the LinkedIn page" />,
};

const panelFields: PanelField<Company>[] = [
  ...forPanel(
    pickFields(companyColumns, [
      "name",
      "domain",
      "industry",
      "size",
      "address",
      "linkedinUrl",
      "owner",
      "tags",
      "lastActivityAt",
    ]),
    { asides: fieldActions, cells: { name: (company) => <span className="font-medium">{company.name}</span> } },
  ),
  ...timestampFields<Company>(),
];

type CompanyPanelProps = {
  companyId: string | null;
  /** The list's copy, so the header shows at once while the full record loads. */
  preview: Company | undefined;
  onClose: () => void;
  /** Saves a field edited in the panel: the table's inline edit, so both stay in step. */
  onEdit: EditCell<Company>;
  /** Moves the company to the trash. */
  onDelete: () => void;
};

/** The company opened from the table: its fields, its people, tasks, notes and timeline. */
export function CompanyPanel({ companyId, preview, onClose, onEdit, onDelete }: CompanyPanelProps) {
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
      title={name}
      description={[company?.domain, company?.industry].filter(Boolean).join(" · ")}
      leading={
        <CompanyMark
          name={name}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-surface-2 text-sm font-semibold text-muted"
        />
      }
      details={
        shown && (
          <>
            <EditableFields row={shown} fields={panelFields} onEdit={onEdit} />
            <RecordPropertyFields object="company" row={shown} onEdit={onEdit} />
          </>
        )
      }
      query={query}
      timeline={{
        items: details?.timeline,
        older: details && { object: "company", recordId: details.company.id, more: details.olderActivity },
        noun: "company",
        fieldLabels: companyFieldLabels,
      }}
    >
      <PanelSection
        title={details ? `People · ${details.company.peopleCount.toLocaleString()}` : "People"}
        action={
          companyId && (
            <Link
              to={`/contacts?new=1&company=${companyId}`}
              className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
            >
              <UserRoundPlus className="size-3.5" aria-hidden />
              Add person
            </Link>
          )
        }
      >
        {!details ? (
          query.isError ? null : (
            <LoadingLines count={2} />
          )
        ) : details.contacts.length === 0 ? (
          <p className="text-[13px] text-muted">
            No contacts work here yet. Set a contact’s company to list them here.
          </p>
        ) : (
          <ul className="-mx-1.5 space-y-0.5 text-[13px]" data-testid="company-contacts">
            {details.contacts.map((person) => {
              const personName = contactDisplayName(person.firstName, person.lastName, person.email);
              return (
                <li key={person.id}>
                  <Link
                    to={recordPath({ object: "contact", id: person.id })}
                    className="flex min-w-0 items-center gap-2 rounded-md px-1.5 py-1 hover:bg-surface-2"
                  >
                    <Avatar name={personName} className="size-5 text-[9px]" />
                    <span className="truncate font-medium text-foreground">{personName}</span>
                    {person.title && <span className="truncate text-muted">{person.title}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {details && details.company.peopleCount > 0 && (
          <Link
            to="/contacts"
            state={peopleOf(details.company.id)}
            className="mt-2 inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
          >
            {details.company.peopleCount > details.contacts.length
              ? `See all ${details.company.peopleCount.toLocaleString()} in Contacts`
              : "See them in Contacts"}
            <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        )}
      </PanelSection>
      <RecordTasks object="company" recordId={companyId} recordName={name} />
      <RecordNotes object="company" recordId={companyId} />
    </RecordPanel>
  );
}
