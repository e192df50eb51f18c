import { Avatar } from "../../ui/avatar";
import type { DataTableColumn, FilterField } from "../../ui/data-table";
import { commonFieldLabels, commonFilterFields, Empty, timestampColumns } from "../records/record-columns";
import { LeadStatusPill, leadStatusOptions } from "./lead-status";
import type { Contact } from "./use-contacts";

export function contactName(contact: Pick<Contact, "firstName" | "lastName" | "primaryEmail">): string {
  return `${contact.firstName} ${contact.lastName}`.trim() || contact.primaryEmail || "Unnamed contact";
}

export const contactColumns: DataTableColumn<Contact>[] = [
  {
    id: "name",
    header: "Name",
    width: 220,
    sortField: "name",
    hideable: false,
    cell: (contact) => (
      <span className="flex min-w-0 items-center gap-2">
        <Avatar name={contactName(contact)} className="size-5 text-[9px]" />
        <span className="truncate font-medium">{contactName(contact)}</span>
      </span>
    ),
    editor: {
      kind: "text",
      fields: [
        { key: "firstName", label: "First name" },
        { key: "lastName", label: "Last name" },
      ],
    },
  },
  {
    id: "email",
    header: "Email",
    width: 230,
    sortField: "email",
    cell: (contact) =>
      contact.primaryEmail ? <span className="text-foreground">{contact.primaryEmail}</span> : <Empty />,
  },
  {
    id: "title",
    header: "Title",
    width: 180,
    sortField: "title",
    cell: (contact) => (contact.title ? contact.title : <Empty />),
    editor: { kind: "text", fields: [{ key: "title", label: "Title" }] },
  },
  {
    id: "leadStatus",
    header: "Lead status",
    width: 130,
    sortField: "leadStatus",
    cell: (contact) => <LeadStatusPill status={contact.leadStatus} />,
    editor: { kind: "select", field: "leadStatus", options: leadStatusOptions },
  },
  {
    id: "leadScore",
    header: "Lead score",
    width: 112,
    sortField: "leadScore",
    align: "end",
    cell: (contact) => contact.leadScore,
  },
  ...timestampColumns<Contact>().slice(0, 1),
  {
    id: "source",
    header: "Source",
    width: 140,
    sortField: "source",
    defaultHidden: true,
    cell: (contact) => contact.source ?? <Empty />,
  },
  ...timestampColumns<Contact>().slice(1),
];

export const contactFilterFields: FilterField[] = [
  { field: "name", label: "Name", kind: "text" },
  { field: "email", label: "Email", kind: "text" },
  { field: "title", label: "Title", kind: "text" },
  { field: "leadStatus", label: "Lead status", kind: "enum", options: leadStatusOptions },
  { field: "leadScore", label: "Lead score", kind: "number" },
  { field: "source", label: "Source", kind: "text" },
  { field: "lastActivityAt", label: "Last activity", kind: "date" },
  ...commonFilterFields,
];

/** Field names as the timeline shows them. */
export const contactFieldLabels: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  emails: "Emails",
  phones: "Phones",
  title: "Title",
  companyId: "Company",
  leadStatus: "Lead status",
  source: "Source",
  leadScore: "Lead score",
  ...commonFieldLabels,
};
