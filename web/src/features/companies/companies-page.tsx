import { Building2, Plus } from "lucide-react";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { ImportExportButtons } from "../import/import-export-buttons";
import { companyImport } from "../import/import-objects";
import { RecordListPage } from "../records/record-list-page";
import { recordNouns } from "../records/use-record-actions";
import { useRecordPage } from "../records/use-record-page";
import { companyColumns, companyFilterFields, toCompanyPatch } from "./company-columns";
import { CompanyPanel } from "./company-panel";
import { NewCompanyDialog } from "./new-company-dialog";
import { companyHooks, type CompanyTypes } from "./use-companies";

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

  return (
    <RecordListPage
      {...page.listProps}
      title="Companies"
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
        onOpenChange={setCreating}
        onCreated={(company) => setOpenId(company.id)}
        onOpenExisting={setOpenId}
        parentCompanyId={page.newAtCompanyId}
      />
      <CompanyPanel
        companyId={page.openId}
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
