import { Building2 } from "lucide-react";
import { Avatar } from "../../ui/avatar";
import type { BoardGrouping } from "../records/board/board-groups";
import { OwnerName } from "../records/reference-fields";
import { contactName } from "./contact-columns";
import { leadStatuses, leadStatusMeta, type LeadStatus } from "./lead-status";
import type { Contact } from "./use-contacts";

/** The contacts board's first grouping: a lane per lead status, in the order a lead goes through them. */
export const byLeadStatus: BoardGrouping<Contact> = {
  field: "leadStatus",
  label: "Lead status",
  lanes: leadStatuses.map((value) => ({ value, ...leadStatusMeta[value] })),
  valueOf: (contact) => contact.leadStatus,
  withValue: (contact, value) => ({ ...contact, leadStatus: value as LeadStatus }),
  reads: [],
};
/** What else than the contacts' select properties their board can group by. */
export const contactGroupings = [byLeadStatus];

/** What a contact's card shows; the board reads only these fields. */
export const contactCardFields = [
  "firstName",
  "lastName",
  "primaryEmail",
  "title",
  "companyId",
  "companyName",
  "ownerId",
  "leadStatus",
];

/** A contact on the board: who, their title, their company and owner. */
export function ContactCard({ contact }: { contact: Contact }) {
  const name = contactName(contact);
  return (
    <span className="flex min-w-0 flex-col gap-1">
      <span className="flex min-w-0 items-center gap-2">
        <Avatar name={name} className="size-5 text-[9px]" />
        <span className="truncate font-medium text-foreground">{name}</span>
      </span>
      {contact.title && <span className="truncate text-xs text-muted">{contact.title}</span>}
      {(contact.companyName || contact.ownerId) && (
        <span className="flex min-w-0 items-center gap-2 text-xs text-muted">
          {contact.companyName && (
            <span className="flex min-w-0 items-center gap-1">
              <Building2 className="size-3 shrink-0" aria-hidden />
              <span className="truncate">{contact.companyName}</span>
            </span>
          )}
          <span className="ml-auto shrink-0">
            <OwnerName userId={contact.ownerId} avatarOnly />
          </span>
        </span>
      )}
    </span>
  );
}
