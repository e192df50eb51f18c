import { Contact as ContactIcon, UserRoundPlus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { usePaletteLink } from "../../app/palette-links";
import { Button } from "../../ui/button";
import { useListState, useTablePages, type CellPatch } from "../../ui/data-table";
import { EmptyState } from "../../ui/empty-state";
import { ImportExportButtons } from "../import/import-export-buttons";
import { contactImport } from "../import/import-objects";
import { recordPatchOf, useRecordProperties } from "../records/property-columns";
import { RecordListPage } from "../records/record-list-page";
import { useBulkDelete } from "../records/use-bulk-delete";
import { contactColumns, contactFilterFields } from "./contact-columns";
import { ContactPanel } from "./contact-panel";
import type { LeadStatus } from "./lead-status";
import { NewContactDialog } from "./new-contact-dialog";
import { useContactList, useDeleteContacts, useUpdateContact, type Contact, type ContactPatch } from "./use-contacts";

const getContactId = (contact: Contact) => contact.id;

function toContactPatch(patch: CellPatch): ContactPatch {
  const result: ContactPatch = {};
  if ("firstName" in patch) result.firstName = patch.firstName;
  if ("lastName" in patch) result.lastName = patch.lastName;
  if ("title" in patch) result.title = patch.title.trim() || null;
  if ("leadStatus" in patch) result.leadStatus = patch.leadStatus as LeadStatus;
  return result;
}

export default function ContactsPage() {
  const list = useListState({ field: "name", direction: "asc" });
  const pages = useTablePages(useContactList(list.input));
  const updateContact = useUpdateContact();
  const { deleteRecords: deleteContacts, restoreRecords: restoreContacts } = useDeleteContacts();
  // ?open=<id> and ?new=1 come from the command palette.
  const link = usePaletteLink();
  const [openId, setOpenId] = useState<string | null>(link.openId);
  const [creating, setCreating] = useState(link.create);
  const { clearSelection } = list;

  const properties = useRecordProperties<Contact>("contact", contactColumns, contactFilterFields);
  const { definitions } = properties;
  const handleEditCell = useCallback(
    async (contact: Contact, _columnId: string, patch: CellPatch) =>
      updateContact(contact, recordPatchOf(definitions, patch, toContactPatch)),
    [updateContact, definitions],
  );
  const handleOpenRow = useCallback((contact: Contact) => setOpenId(contact.id), []);
  const bulkDelete = useBulkDelete({
    noun: ["contact", "contacts"],
    remove: deleteContacts,
    restore: restoreContacts,
    onDeleted: (ids) => {
      clearSelection();
      if (openId && ids.includes(openId)) setOpenId(null);
    },
  });
  const preview = useMemo(() => pages.rows.find((c) => c.id === openId), [pages.rows, openId]);

  return (
    <RecordListPage
      object="contact"
      title="Contacts"
      noun={["contact", "contacts"]}
      description="Everyone your team sells to, with their history."
      action={
        <>
          <ImportExportButtons config={contactImport} view={list.input} />
          <Button onClick={() => setCreating(true)}>
            <UserRoundPlus className="size-4" aria-hidden />
            New contact
          </Button>
        </>
      }
      list={list}
      pages={pages}
      columns={properties.columns}
      filterFields={properties.filterFields}
      getRowId={getContactId}
      onOpenRow={handleOpenRow}
      openRowId={openId}
      onEditCell={handleEditCell}
      onDeleteSelected={bulkDelete.deleteSelected}
      deletePending={bulkDelete.pending}
      empty={
        <EmptyState
          icon={ContactIcon}
          title="No contacts yet"
          description="Contacts you add or import appear here, with their company, owner, lead status and timeline."
          action={<Button onClick={() => setCreating(true)}>New contact</Button>}
        />
      }
    >
      <NewContactDialog open={creating} onOpenChange={setCreating} onCreated={(contact) => setOpenId(contact.id)} />
      <ContactPanel contactId={openId} preview={preview} onClose={() => setOpenId(null)} />
    </RecordListPage>
  );
}
