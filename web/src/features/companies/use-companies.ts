import { trpc } from "../../lib/trpc";
import { markContactCompaniesStale } from "../records/list-cache";
import { refreshFavorites } from "../favorites/use-favorites";
import { createRecordHooks, type RecordListView, type RecordTypesOf } from "../records/use-record-hooks";

export type CompanyTypes = RecordTypesOf<typeof trpc.companies>;
export type Company = CompanyTypes["row"];
export type CompanyListInput = RecordListView;
export type CompanyPatch = CompanyTypes["patch"];

export const companyHooks = createRecordHooks<CompanyTypes>(trpc.companies, "company", (queryClient) => {
  markContactCompaniesStale(queryClient);
  // The sidebar names favorites as they are now, and leaves out those in the trash.
  refreshFavorites(queryClient);
});

export const {
  useList: useCompanyList,
  useRecord: useCompany,
  useCreate: useCreateCompany,
  useDeleteRecords: useDeleteCompanies,
} = companyHooks;
