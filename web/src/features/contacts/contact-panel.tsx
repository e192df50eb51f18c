import { ArrowUpRight } from "lucide-react";
import { Link } from "react-router-dom";
import { recordPath } from "../../app/recent-records";
import { Avatar } from "../../ui/avatar";
import type { EditCell } from "../../ui/data-table";
import { RecordNotes } from "../records/record-notes";
import { EditableFields, type PanelField } from "../records/record-fields";
import { RecordPropertyFields } from "../records/property-fields";
import { panelRecord, pickFields, RecordPanel, timestampFields } from "../records/record-panel";
import { RecordTasks } from "../records/record-tasks";
import { contactColumns, contactFieldLabels, contactName } from "./contact-columns";
import { leadStatusLabels } from "./lead-status";
import { useContact, type Contact } from "./use-contacts";

/** Open the contact's company in its own panel on /companies. */
function OpenCompany({ contact }: { contact: Contact }) {
  if (!contact.companyId || !contact.companyName) return null;
  return (
    <Link
      to={recordPath({ object: "company", id: contact.companyId })}
      aria-label={`Open ${contact.companyName}`}
      title={`Open ${contact.companyName}`}
      className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-primary"
    >
      <ArrowUpRight className="size-3.5" aria-hidden />
    </Link>
  );
}

const panelFields: PanelField<Contact>[] = [
  ...pickFields(contactColumns, ["name", "email", "phones", "company"]).map((field) =>
    field.id === "company" ? { ...field, aside: (contact: Contact) => <OpenCompany contact={contact} /> } : field,
  ),
  ...pickFields(contactColumns, [
    "title",
    "leadStatus",
    "leadScore",
    "source",
    "linkedinUrl",
    "owner",
    "tags",
    "lastActivityAt",
  ]),
  ...timestampFields<Contact>(),
];

type ContactPanelProps = {
  contactId: string | null;
  /** The list's copy, so the header shows at once while the full record loads. */
  preview: Contact | undefined;
  onClose: () => void;
  /** Saves a field edited in the panel: the table's inline edit, so both stay in step. */
  onEdit: EditCell<Contact>;
  /** Moves the contact to the trash. */
  onDelete: () => void;
};

/** The contact opened from the table: its fields, tasks, notes and timeline, beside the list. */
export function ContactPanel({ contactId, preview, onClose, onEdit, onDelete }: ContactPanelProps) {
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
      title={name}
      description={[contact?.title, contact?.companyName].filter(Boolean).join(" · ")}
      leading={<Avatar name={name} className="size-9" />}
      details={
        shown && (
          <>
            <EditableFields row={shown} fields={panelFields} onEdit={onEdit} />
            <RecordPropertyFields object="contact" row={shown} onEdit={onEdit} />
          </>
        )
      }
      query={query}
      timeline={{
        items: details?.timeline,
        older: details && { object: "contact", recordId: details.contact.id, more: details.olderActivity },
        noun: "contact",
        fieldLabels: contactFieldLabels,
        valueLabels: { leadStatus: leadStatusLabels, companyId: details?.companyNames ?? {} },
      }}
    >
      <RecordTasks object="contact" recordId={contactId} recordName={name} />
      <RecordNotes object="contact" recordId={contactId} />
    </RecordPanel>
  );
}
