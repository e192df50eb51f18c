import { Contact as ContactIcon, UserRoundPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { ImportExportButtons } from "../import/import-export-buttons";
import { contactImport } from "../import/import-objects";
import { listLayout } from "../records/board/layout-toggle";
import { RecordBoard } from "../records/board/record-board";
import { RecordListPage } from "../records/record-list-page";
import type { RecordStepping } from "../records/use-record-stepping";
import { recordNouns } from "../records/use-record-actions";
import { useRecordPage } from "../records/use-record-page";
import { ContactCard, contactCardFields, contactLanes, leadStatusOf } from "./contact-board";
import { contactColumns, contactFilterFields, contactName, toContactPatch } from "./contact-columns";
import { ContactPanel } from "./contact-panel";
import { NewContactDialog } from "./new-contact-dialog";
import type { LeadStatus } from "./lead-status";
import { contactHooks, type Contact, type ContactTypes } from "./use-contacts";

const layoutOfContacts = listLayout("contact");

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
  const layout = layoutOfContacts.use();
  // The status a lane's "+" starts a new contact at (the header's New contact: "New").
  const [newStatus, setNewStatus] = useState<LeadStatus>("new");
  const startContact = (status: LeadStatus) => {
    setNewStatus(status);
    setCreating(true);
  };
  const { onEditCell } = page.listProps;
  // On the board, the board shows the panel, stepping through the open card's lane.
  const onBoard = layout === "board" && !page.list.trash;
  const panel = (stepping: RecordStepping | null) => (
    <ContactPanel
      contactId={page.openId}
      preview={page.preview}
      onClose={() => setOpenId(null)}
      onEdit={onEditCell}
      onRestore={page.restoreValue}
      onDelete={page.deleteOpen}
      stepping={stepping}
    />
  );

  return (
    <RecordListPage
      {...page.listProps}
      title="Contacts"
      layout={{ value: layout, set: layoutOfContacts.set, board: "Cards in a lane per lead status" }}
      board={
        onBoard && (
          <RecordBoard<Contact>
            label="Contacts by lead status"
            noun={recordNouns.contact}
            field="leadStatus"
            lanes={contactLanes}
            valueOf={leadStatusOf}
            view={page.list.input}
            fields={contactCardFields}
            useList={contactHooks.useList}
            listKey={contactHooks.listKey}
            card={(contact) => <ContactCard contact={contact} />}
            nameOf={contactName}
            openId={page.openId}
            onOpen={setOpenId}
            onAdd={(status) => startContact(status as LeadStatus)}
            panel={panel}
            save={(contact, leadStatus, from) =>
              onEditCell(
                contact,
                "leadStatus",
                { leadStatus },
                from === undefined ? undefined : { row: contact, holds: (copy) => copy.leadStatus === from },
              )
            }
            onMatchEvery={() => page.list.setFilter({ ...page.list.filter, combinator: "and" })}
            onShowTable={() => layoutOfContacts.set("table")}
          />
        )
      }
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
        leadStatus={newStatus}
        open={page.creating}
        onOpenChange={(open) => {
          // Closed: the next new contact (the header's button, `c`) starts at "New" again.
          if (!open) setNewStatus("new");
          setCreating(open);
        }}
        onCreated={(contact) => setOpenId(contact.id)}
        onOpenExisting={setOpenId}
      />
      {!onBoard && panel(page.stepping)}
    </RecordListPage>
  );
}
