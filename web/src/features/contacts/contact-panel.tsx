import { formatDateTime } from "../../lib/format";
import { Avatar } from "../../ui/avatar";
import { Badge } from "../../ui/badge";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { Sheet } from "../../ui/sheet";
import { memberName, useMembers } from "../members/use-members";
import { PanelSection, RecordFields } from "../records/record-fields";
import { RecordTimeline } from "../records/record-timeline";
import { contactFieldLabels, contactName } from "./contact-columns";
import { LeadStatusPill, leadStatusLabels } from "./lead-status";
import { useContact, type Contact } from "./use-contacts";

type ContactPanelProps = {
  contactId: string | null;
  /** The list's copy, so the header shows at once while the full record loads. */
  preview: Contact | undefined;
  onClose: () => void;
};

function FieldsSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading contact">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-4 w-2/3" />
      ))}
    </div>
  );
}

/** The contact opened from the table: its fields and its timeline, beside the list. */
export function ContactPanel({ contactId, preview, onClose }: ContactPanelProps) {
  const query = useContact(contactId);
  const members = useMembers();
  const details = query.data?.contact.id === contactId ? query.data : undefined;
  const contact = details?.contact ?? preview;
  const name = contact ? contactName(contact) : "Contact";
  const owner = members.data?.find((m) => m.userId === contact?.ownerId);

  return (
    <Sheet
      open={contactId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={name}
      description={[contact?.title, details?.company?.name].filter(Boolean).join(" · ") || undefined}
      leading={<Avatar name={name} className="size-9" />}
      testId="record-panel"
    >
      <PanelSection title="Details">
        {contact ? (
          <RecordFields
            fields={[
              { label: "Email", value: contact.emails.join(", ") },
              { label: "Phone", value: contact.phones.join(", ") },
              { label: "Title", value: contact.title },
              { label: "Company", value: details?.company?.name },
              { label: "Lead status", value: <LeadStatusPill status={contact.leadStatus} /> },
              { label: "Lead score", value: String(contact.leadScore) },
              { label: "Source", value: contact.source },
              { label: "Owner", value: owner ? memberName(owner) : null },
              {
                label: "Tags",
                value: contact.tags.length ? (
                  <span className="flex flex-wrap gap-1">
                    {contact.tags.map((tag) => (
                      <Badge key={tag}>{tag}</Badge>
                    ))}
                  </span>
                ) : null,
              },
              { label: "Created", value: formatDateTime(contact.createdAt) },
              { label: "Updated", value: formatDateTime(contact.updatedAt) },
            ]}
          />
        ) : (
          <FieldsSkeleton />
        )}
      </PanelSection>
      <PanelSection title="Timeline">
        {query.isError && !details ? (
          <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
        ) : (
          <RecordTimeline
            items={details?.timeline}
            noun="contact"
            fieldLabels={contactFieldLabels}
            valueLabels={{ leadStatus: leadStatusLabels }}
          />
        )}
      </PanelSection>
    </Sheet>
  );
}
