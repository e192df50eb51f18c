import { Contact as ContactIcon, UserRoundPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { ImportExportButtons } from "../import/import-export-buttons";
import { contactImport } from "../import/import-objects";
import { useBoardChoice } from "../records/board/use-board-choice";
import { PageBoard } from "../records/board/page-board";
import { RecordListPage } from "../records/record-list-page";
import type { RecordStepping } from "../records/use-record-stepping";
import { recordNouns } from "../records/use-record-actions";
import { useRecordPage } from "../records/use-record-page";
import { ContactCard, contactCardFields, contactGroupings } from "./contact-board";
import { contactColumns, contactFilterFields, contactName, toContactPatch } from "./contact-columns";
import { ContactPanel } from "./contact-panel";
import { NewContactDialog } from "./new-contact-dialog";
import type { LeadStatus } from "./lead-status";
import { contactHooks, type Contact, type ContactTypes } from "./use-contacts";

/** Where a new contact starts: "New", no property; a board lane's "+" starts it at the lane's value. */
const plainStart: { leadStatus: LeadStatus; properties?: Record<string, string> } = { leadStatus: "new" };

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
  const { choice, grouping } = useBoardChoice("contact", contactGroupings);
  // Where a lane's "+" starts a new contact (the header's New contact: "New", no property).
  const [newStart, setNewStart] = useState(plainStart);
  const { onEditCell } = page.listProps;
  // On the board, the board shows the panel, stepping through the open card's lane.
  const onBoard = choice.value === "board" && !page.list.trash;
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
      layout={choice}
      board={
        onBoard && (
          <PageBoard<Contact>
            object="contact"
            page={page}
            choice={choice}
            grouping={grouping}
            useList={contactHooks.useList}
            listKey={contactHooks.listKey}
            noun={recordNouns.contact}
            fields={contactCardFields}
            card={(contact) => <ContactCard contact={contact} />}
            nameOf={contactName}
            onAdd={({ fields, properties }) => {
              setNewStart({ leadStatus: (fields.leadStatus as LeadStatus | undefined) ?? "new", properties });
              setCreating(true);
            }}
            panel={panel}
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
        leadStatus={newStart.leadStatus}
        properties={newStart.properties}
        open={page.creating}
        onOpenChange={(open) => {
          // Closed: the next new contact (the header's button, `c`) starts at "New" again.
          if (!open) setNewStart(plainStart);
          setCreating(open);
        }}
        onCreated={(contact) => setOpenId(contact.id)}
        onOpenExisting={setOpenId}
      />
      {!onBoard && panel(page.stepping)}
    </RecordListPage>
  );
}
