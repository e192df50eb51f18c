import { contactPatch } from "../../../../worker/src/schemas/records";
import { contactDisplayName } from "../../../../worker/src/domain/records/normalize";
import { Avatar } from "../../ui/avatar";
import { parseMulti, type CellPatch, type DataTableColumn, type FilterField } from "../../ui/data-table";
import { readableUrl } from "../records/field-actions";
import { blankToNull, checkWith, listEditor, splitList, textEditor } from "../records/field-editors";
import {
  commonFieldLabels,
  commonFilterFields,
  Empty,
  nextTaskColumn,
  nextTaskFilterField,
  timeColumn,
  timestampColumns,
} from "../records/record-columns";
import { companiesNamed, ownershipColumns, useCompanyOptions } from "../records/reference-fields";
import { LeadStatusPill, leadStatusOptions, type LeadStatus } from "./lead-status";
import type { Contact, ContactPatch } from "./use-contacts";

export function contactName(contact: Pick<Contact, "firstName" | "lastName" | "primaryEmail">): string {
  return contactDisplayName(contact.firstName, contact.lastName, contact.primaryEmail);
}

const field = contactPatch.shape;

/** Contact fields as columns: the table's cells and inline editors, and the side panel's fields. */
export const contactColumns: DataTableColumn<Contact>[] = [
  {
    id: "name",
    fields: ["firstName", "lastName", "primaryEmail"],
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
    fields: ["emails", "primaryEmail"],
    header: "Email",
    width: 230,
    sortField: "email",
    cell: (contact) =>
      contact.emails.length ? (
        <span className="text-foreground">
          {contact.emails[0]}
          {contact.emails.length > 1 && <span className="text-muted"> +{contact.emails.length - 1}</span>}
        </span>
      ) : (
        <Empty />
      ),
    // Every address, the first being the primary one: "ann@acme.com, ann@home.net".
    editor: {
      ...listEditor<Contact>("emails", "Emails", field.emails),
      apply: (contact, patch) => {
        const emails = splitList(patch.emails).map((email) => email.toLowerCase());
        return { ...contact, emails, primaryEmail: emails[0] ?? null };
      },
    },
  },
  {
    id: "company",
    fields: ["companyId", "companyName"],
    header: "Company",
    width: 190,
    // By the company's name (the server keeps it with the contact), those without one last.
    sortField: "company",
    cell: (contact) => contact.companyName ?? <Empty />,
    editor: {
      kind: "lookup",
      field: "companyId",
      labelField: "companyName",
      label: "Company",
      useOptions: useCompanyOptions,
      resolve: companiesNamed,
      clearable: true,
    },
  },
  {
    id: "title",
    fields: ["title"],
    header: "Title",
    width: 180,
    sortField: "title",
    cell: (contact) => (contact.title ? contact.title : <Empty />),
    editor: textEditor("title", "Title", { schema: field.title }),
  },
  {
    id: "leadStatus",
    fields: ["leadStatus"],
    header: "Lead status",
    width: 130,
    sortField: "leadStatus",
    cell: (contact) => <LeadStatusPill status={contact.leadStatus} />,
    editor: { kind: "select", field: "leadStatus", options: leadStatusOptions },
  },
  {
    id: "leadScore",
    fields: ["leadScore"],
    header: "Lead score",
    width: 112,
    sortField: "leadScore",
    align: "end",
    cell: (contact) => contact.leadScore,
    editor: {
      kind: "text",
      fields: [{ key: "leadScore", label: "Lead score", inputType: "number" }],
      apply: (contact, patch) => ({ ...contact, leadScore: Number(patch.leadScore) }),
      validate: checkWith(
        field.leadScore,
        (patch) => (patch.leadScore?.trim() ? Number(patch.leadScore) : undefined),
        "Lead score",
      ),
    },
  },
  ...ownershipColumns<Contact>("contact"),
  ...timestampColumns<Contact>().slice(0, 1),
  {
    id: "phones",
    fields: ["phones"],
    header: "Phone",
    width: 150,
    defaultHidden: true,
    cell: (contact) => contact.phones.join(", ") || <Empty />,
    editor: listEditor<Contact>("phones", "Phones", field.phones),
  },
  {
    id: "source",
    fields: ["source"],
    header: "Source",
    width: 140,
    sortField: "source",
    defaultHidden: true,
    cell: (contact) => contact.source ?? <Empty />,
    editor: textEditor("source", "Source", { schema: field.source }),
  },
  {
    id: "linkedinUrl",
    fields: ["linkedinUrl"],
    header: "LinkedIn",
    width: 200,
    defaultHidden: true,
    cell: (contact) => (contact.linkedinUrl ? readableUrl(contact.linkedinUrl) : <Empty />),
    editor: textEditor("linkedinUrl", "LinkedIn", { schema: field.linkedinUrl, inputType: "url" }),
  },
  // When the newest note or logged call, meeting or email took place: who has gone quiet.
  { ...timeColumn<Contact>("lastActivityAt", "Last activity", { defaultHidden: true }), width: 140 },
  nextTaskColumn<Contact>(),
  ...timestampColumns<Contact>().slice(1),
];

/** An inline edit's values (texts) as the update patch of the fields it touched. */
export function toContactPatch(patch: CellPatch): ContactPatch {
  const result: ContactPatch = {};
  if ("firstName" in patch) result.firstName = patch.firstName.trim();
  if ("lastName" in patch) result.lastName = patch.lastName.trim();
  if ("emails" in patch) result.emails = splitList(patch.emails);
  if ("phones" in patch) result.phones = splitList(patch.phones);
  if ("title" in patch) result.title = blankToNull(patch.title);
  if ("source" in patch) result.source = blankToNull(patch.source);
  if ("linkedinUrl" in patch) result.linkedinUrl = blankToNull(patch.linkedinUrl);
  if ("leadStatus" in patch) result.leadStatus = patch.leadStatus as LeadStatus;
  if ("leadScore" in patch) result.leadScore = Number(patch.leadScore);
  if ("companyId" in patch) result.companyId = blankToNull(patch.companyId);
  if ("ownerId" in patch) result.ownerId = blankToNull(patch.ownerId);
  if ("tags" in patch) result.tags = parseMulti(patch.tags);
  return result;
}

export const contactFilterFields: FilterField[] = [
  { field: "name", label: "Name", kind: "text" },
  { field: "email", label: "Email", kind: "text" },
  { field: "company", label: "Company name", kind: "text" },
  { field: "title", label: "Title", kind: "text" },
  { field: "leadStatus", label: "Lead status", kind: "enum", options: leadStatusOptions },
  { field: "leadScore", label: "Lead score", kind: "number" },
  { field: "source", label: "Source", kind: "text" },
  { field: "lastActivityAt", label: "Last activity", kind: "date" },
  nextTaskFilterField,
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
