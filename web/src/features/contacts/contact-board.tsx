import { Building2 } from "lucide-react";
import { Avatar } from "../../ui/avatar";
import type { BoardLane } from "../records/board/record-board";
import { OwnerName } from "../records/reference-fields";
import { contactName } from "./contact-columns";
import { leadStatuses, leadStatusMeta } from "./lead-status";
import type { Contact } from "./use-contacts";

/** The contacts board's lanes: one per lead status, in the order a lead goes through them. */
export const contactLanes: BoardLane[] = leadStatuses.map((value) => ({ value, ...leadStatusMeta[value] }));

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

export const leadStatusOf = (contact: Contact) => contact.leadStatus;

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
