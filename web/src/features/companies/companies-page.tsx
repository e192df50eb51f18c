import { Building2, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { ImportExportButtons } from "../import/import-export-buttons";
import { companyImport } from "../import/import-objects";
import { useBoardChoice } from "../records/board/use-board-choice";
import { PageBoard } from "../records/board/page-board";
import { RecordListPage } from "../records/record-list-page";
import type { RecordStepping } from "../records/use-record-stepping";
import { recordNouns } from "../records/use-record-actions";
import { useRecordPage } from "../records/use-record-page";
import { CompanyCard, companyCardFields, companyGroupings } from "./company-board";
import { companyColumns, companyFilterFields, toCompanyPatch } from "./company-columns";
import { CompanyPanel } from "./company-panel";
import { NewCompanyDialog } from "./new-company-dialog";
import { companyHooks, type Company, type CompanyTypes } from "./use-companies";

export default function CompaniesPage() {
  const page = useRecordPage<CompanyTypes>({
    object: "company",
    noun: recordNouns.company,
    hooks: companyHooks,
    columns: companyColumns,
    filterFields: companyFilterFields,
    toPatch: toCompanyPatch,
  });
  const { setCreating, setOpenId } = page;
  const { choice, grouping } = useBoardChoice("company", companyGroupings);
  // The property values a lane's "+" starts a new company with (the header's New company: none).
  const [newProperties, setNewProperties] = useState<Record<string, string> | undefined>();
  // On the board, the board shows the panel, stepping through the open card's lane.
  const onBoard = choice.value === "board" && !page.list.trash;
  const panel = (stepping: RecordStepping | null) => (
    <CompanyPanel
      companyId={page.openId}
      preview={page.preview}
      onClose={() => setOpenId(null)}
      onEdit={page.listProps.onEditCell}
      onRestore={page.restoreValue}
      onDelete={page.deleteOpen}
      stepping={stepping}
    />
  );

  return (
    <RecordListPage
      {...page.listProps}
      title="Companies"
      layout={choice}
      board={
        onBoard && (
          <PageBoard<Company>
            object="company"
            page={page}
            choice={choice}
            grouping={grouping}
            useList={companyHooks.useList}
            listKey={companyHooks.listKey}
            noun={recordNouns.company}
            fields={companyCardFields}
            card={(company) => <CompanyCard company={company} />}
            nameOf={(company) => company.name}
            onAdd={({ properties }) => {
              setNewProperties(properties);
              setCreating(true);
            }}
            panel={panel}
          />
        )
      }
      description="The organizations your contacts work for."
      action={
        <>
          <ImportExportButtons config={companyImport} view={page.list.input} onTrash={page.deleteRecords} />
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden />
            New company
          </Button>
        </>
      }
      empty={
        <EmptyState
          icon={Building2}
          title="No companies yet"
          description="Companies group contacts and deals under one account, with domain, industry and size. Drop a CSV file here, or paste rows copied from a spreadsheet, to import them."
          action={<Button onClick={() => setCreating(true)}>New company</Button>}
        />
      }
    >
      <NewCompanyDialog
        open={page.creating}
        onOpenChange={(open) => {
          // Closed: the next new company (the header's button, `c`) starts with no property set.
          if (!open) setNewProperties(undefined);
          setCreating(open);
        }}
        properties={newProperties}
        onCreated={(company) => setOpenId(company.id)}
        onOpenExisting={setOpenId}
        parentCompanyId={page.newAtCompanyId}
      />
      {!onBoard && panel(page.stepping)}
    </RecordListPage>
  );
}
