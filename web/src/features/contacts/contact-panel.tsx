import { Avatar } from "../../ui/avatar";
import { RecordNotes } from "../records/record-notes";
import { RecordPropertyFields } from "../records/property-fields";
import { RecordPanel, useCommonFields } from "../records/record-panel";
import { contactFieldLabels, contactName } from "./contact-columns";
import { LeadStatusPill, leadStatusLabels } from "./lead-status";
import { useContact, useUpdateContact, type Contact } from "./use-contacts";

type ContactPanelProps = {
  contactId: string | null;
  /** The list's copy, so the header shows at once while the full record loads. */
  preview: Contact | undefined;
  onClose: () => void;
};

/** The contact opened from the table: its fields and its timeline, beside the list. */
export function ContactPanel({ contactId, preview, onClose }: ContactPanelProps) {
  const query = useContact(contactId);
  const details = query.data?.contact.id === contactId ? query.data : undefined;
  const contact = details?.contact ?? preview;
  const name = contact ? contactName(contact) : "Contact";
  const common = useCommonFields(contact);
  const updateContact = useUpdateContact();

  return (
    <RecordPanel
      open={contactId !== null}
      onClose={onClose}
      title={name}
      description={[contact?.title, details?.company?.name].filter(Boolean).join(" · ")}
      leading={<Avatar name={name} className="size-9" />}
      fields={
        contact
          ? [
              { label: "Email", value: contact.emails.join(", ") },
              { label: "Phone", value: contact.phones.join(", ") },
              { label: "Title", value: contact.title },
              { label: "Company", value: details?.company?.name },
              { label: "Lead status", value: <LeadStatusPill status={contact.leadStatus} /> },
              { label: "Lead score", value: String(contact.leadScore) },
              { label: "Source", value: contact.source },
              ...common,
            ]
          : null
      }
      extraFields={
        contact && (
          <RecordPropertyFields
            object="contact"
            values={contact.properties}
            onSave={(key, value) => updateContact(contact, { properties: { [key]: value } })}
          />
        )
      }
      query={query}
      timeline={{
        items: details?.timeline,
        noun: "contact",
        fieldLabels: contactFieldLabels,
        valueLabels: { leadStatus: leadStatusLabels },
      }}
    >
      <RecordNotes object="contact" recordId={contactId} />
    </RecordPanel>
  );
}
