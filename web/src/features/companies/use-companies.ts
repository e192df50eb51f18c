import { trpc } from "../../lib/trpc";
import { markContactCompaniesStale } from "../records/list-cache";
import { createRecordHooks, type RecordListView, type RecordTypesOf } from "../records/use-record-hooks";

export type CompanyTypes = RecordTypesOf<typeof trpc.companies>;
export type Company = CompanyTypes["row"];
export type CompanyListInput = RecordListView;
export type CompanyPatch = CompanyTypes["patch"];

export const companyHooks = createRecordHooks<CompanyTypes>(trpc.companies, "company", markContactCompaniesStale);

export const {
  useList: useCompanyList,
  useRecord: useCompany,
  useCreate: useCreateCompany,
  useDeleteRecords: useDeleteCompanies,
} = companyHooks;
