import { contactPatchFields } from "../../../../worker/src/schemas/records";
import type { ReactNode } from "react";
import { Avatar } from "../../ui/avatar";
import { CallPhone, OpenRecord, OpenWebsite, WriteEmail } from "../records/field-actions";
import { RecordNotes } from "../records/record-notes";
import { forPanel, type PanelField } from "../records/record-fields";
import { RecordDetails } from "../records/property-fields";
import { panelRecord, pickFields, RecordPanel, timestampFields, type ObjectPanelProps } from "../records/record-panel";
import { RecordTasks } from "../records/record-tasks";
import { contactColumns, contactFieldLabels, contactName } from "./contact-columns";
import { leadStatusLabels } from "./lead-status";
import { useContact, type Contact } from "./use-contacts";
import { CompanyLinkContext, CompanySuggestion } from "./company-suggestion";

/** What a field's value lets one do at once, beside it: write, call, open the company or the profile. */
const fieldActions: Partial<Record<string, (contact: Contact) => ReactNode>> = {
  email: (contact) => <WriteEmail email={contact.emails[0]} />,
  phones: (contact) => <CallPhone phone={contact.phones[0]} />,
  company: (contact) =>
    contact.companyId ? (
      <OpenRecord record={{ object: "company", id: contact.companyId }} name={contact.companyName} />
    ) : (
      <CompanySuggestion contact={contact} />
    ),
  linkedinUrl: (contact) => <OpenWebsite url={contact.linkedinUrl} label="Open the LinkedIn profile" />,
};

const panelFields: PanelField<Contact>[] = [
  ...forPanel(
    pickFields(contactColumns, [
      "name",
      "email",
      "phones",
      "company",
      "title",
      "leadStatus",
      "leadScore",
      "source",
      "linkedinUrl",
      "owner",
      "tags",
      "lastActivityAt",
      "nextTaskAt",
    ]),
    { asides: fieldActions, cells: { name: (contact) => <span className="font-medium">{contactName(contact)}</span> } },
  ),
  ...timestampFields<Contact>(),
];

type ContactPanelProps = ObjectPanelProps<Contact> & { contactId: string | null };

/** The contact opened from the table: its fields, tasks, notes and timeline, beside the list. */
export function ContactPanel({
  contactId,
  preview,
  onClose,
  onEdit,
  onRestore,
  onDelete,
  stepping,
}: ContactPanelProps) {
  const query = useContact(contactId);
  const details = query.data?.contact.id === contactId ? query.data : undefined;
  const contact = details?.contact ?? preview;
  const shown = panelRecord(details?.contact, preview, panelFields);
  const name = contact ? contactName(contact) : "Contact";

  return (
    <RecordPanel
      open={contactId !== null}
      record={
        contactId ? { object: "contact", id: contactId, name: contact ? name : null, ownerId: contact?.ownerId } : null
      }
      onClose={onClose}
      onDelete={onDelete}
      stepping={stepping}
      title={name}
      description={[contact?.title, contact?.companyName].filter(Boolean).join(" · ")}
      leading={<Avatar name={name} className="size-9" />}
      details={
        <CompanyLinkContext.Provider value={onEdit}>
          <RecordDetails object="contact" row={shown} preview={preview} fields={panelFields} onEdit={onEdit} />
        </CompanyLinkContext.Provider>
      }
      query={query}
      timeline={{
        items: details?.timeline,
        older: details && { object: "contact", recordId: details.contact.id, more: details.olderActivity },
        noun: "contact",
        fieldLabels: contactFieldLabels,
        restore: details && {
          current: details.contact,
          fields: contactPatchFields,
          run: (field, value) => onRestore(details.contact, field, value),
        },
        valueLabels: { leadStatus: leadStatusLabels, companyId: details?.companyNames ?? {} },
      }}
    >
      <RecordTasks object="contact" recordId={contactId} recordName={name} />
      <RecordNotes object="contact" recordId={contactId} />
    </RecordPanel>
  );
}
