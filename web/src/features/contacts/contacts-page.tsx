import { Contact as ContactIcon, UserRoundPlus } from "lucide-react";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { ImportExportButtons } from "../import/import-export-buttons";
import { contactImport } from "../import/import-objects";
import { RecordListPage } from "../records/record-list-page";
import { recordNouns } from "../records/use-record-actions";
import { useRecordPage } from "../records/use-record-page";
import { contactColumns, contactFilterFields, toContactPatch } from "./contact-columns";
import { ContactPanel } from "./contact-panel";
import { NewContactDialog } from "./new-contact-dialog";
import { contactHooks, type ContactTypes } from "./use-contacts";

export default function ContactsPage() {
  const page = useRecordPage<ContactTypes>({
    object: "contact",
    noun: recordNouns.contact,
    hooks: contactHooks,
    columns: contactColumns,
    filterFields: contactFilterFields,
    toPatch: toContactPatch,
  });
  const { setCreating, setOpenId } = page;

  return (
    <RecordListPage
      {...page.listProps}
      title="Contacts"
      description="Everyone your team sells to, with their history."
      action={
        <>
          <ImportExportButtons config={contactImport} view={page.list.input} onTrash={page.deleteRecords} />
          <Button onClick={() => setCreating(true)}>
            <UserRoundPlus className="size-4" aria-hidden />
            New contact
          </Button>
        </>
      }
      empty={
        <EmptyState
          icon={ContactIcon}
          title="No contacts yet"
          description="Contacts you add or import appear here, with their company, owner, lead status and timeline. Drop a CSV file here, or paste rows copied from a spreadsheet, to import them."
          action={<Button onClick={() => setCreating(true)}>New contact</Button>}
        />
      }
    >
      <NewContactDialog
        companyId={page.newAtCompanyId}
        open={page.creating}
        onOpenChange={setCreating}
        onCreated={(contact) => setOpenId(contact.id)}
        onOpenExisting={setOpenId}
      />
      <ContactPanel
        contactId={page.openId}
        preview={page.preview}
        onClose={() => setOpenId(null)}
        onEdit={page.listProps.onEditCell}
        onRestore={page.restoreValue}
        onDelete={page.deleteOpen}
        stepping={page.stepping}
      />
    </RecordListPage>
  );
}
