import { Building2, Plus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { usePaletteLink } from "../../app/palette-links";
import { Button } from "../../ui/button";
import { useListState, useTablePages, type CellPatch } from "../../ui/data-table";
import { EmptyState } from "../../ui/empty-state";
import { recordPatchOf, useRecordProperties } from "../records/property-columns";
import { ImportExportButtons } from "../import/import-export-buttons";
import { companyImport } from "../import/import-objects";
import { RecordListPage } from "../records/record-list-page";
import { useBulkDelete } from "../records/use-bulk-delete";
import { companyColumns, companyFilterFields } from "./company-columns";
import { CompanyPanel } from "./company-panel";
import { NewCompanyDialog } from "./new-company-dialog";
import { useCompanyList, useDeleteCompanies, useUpdateCompany, type Company, type CompanyPatch } from "./use-companies";

const getCompanyId = (company: Company) => company.id;

function toCompanyPatch(patch: CellPatch): CompanyPatch {
  const result: CompanyPatch = {};
  if ("name" in patch) result.name = patch.name;
  for (const key of ["domain", "industry", "size"] as const) if (key in patch) result[key] = patch[key].trim() || null;
  return result;
}

export default function CompaniesPage() {
  const list = useListState({ field: "name", direction: "asc" });
  const pages = useTablePages(useCompanyList(list.input));
  const updateCompany = useUpdateCompany();
  const { deleteRecords: deleteCompanies, restoreRecords: restoreCompanies } = useDeleteCompanies();
  // ?open=<id> and ?new=1 come from the command palette.
  const link = usePaletteLink();
  const [openId, setOpenId] = useState<string | null>(link.openId);
  const [creating, setCreating] = useState(link.create);
  const { clearSelection } = list;

  const properties = useRecordProperties<Company>("company", companyColumns, companyFilterFields);
  const { definitions } = properties;
  const handleEditCell = useCallback(
    async (company: Company, _columnId: string, patch: CellPatch) =>
      updateCompany(company, recordPatchOf(definitions, patch, toCompanyPatch)),
    [updateCompany, definitions],
  );
  const handleOpenRow = useCallback((company: Company) => setOpenId(company.id), []);
  const bulkDelete = useBulkDelete({
    noun: ["company", "companies"],
    remove: deleteCompanies,
    restore: restoreCompanies,
    onDeleted: (ids) => {
      clearSelection();
      if (openId && ids.includes(openId)) setOpenId(null);
    },
  });
  const preview = useMemo(() => pages.rows.find((c) => c.id === openId), [pages.rows, openId]);

  return (
    <RecordListPage
      object="company"
      title="Companies"
      noun={["company", "companies"]}
      description="The organizations your contacts work for."
      action={
        <>
          <ImportExportButtons config={companyImport} view={list.input} />
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden />
            New company
          </Button>
        </>
      }
      list={list}
      pages={pages}
      columns={properties.columns}
      filterFields={properties.filterFields}
      getRowId={getCompanyId}
      onOpenRow={handleOpenRow}
      openRowId={openId}
      onEditCell={handleEditCell}
      onDeleteSelected={bulkDelete.deleteSelected}
      deletePending={bulkDelete.pending}
      empty={
        <EmptyState
          icon={Building2}
          title="No companies yet"
          description="Companies group contacts and deals under one account, with domain, industry and size."
          action={<Button onClick={() => setCreating(true)}>New company</Button>}
        />
      }
    >
      <NewCompanyDialog open={creating} onOpenChange={setCreating} onCreated={(company) => setOpenId(company.id)} />
      <CompanyPanel companyId={openId} preview={preview} onClose={() => setOpenId(null)} />
    </RecordListPage>
  );
}
