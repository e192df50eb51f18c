import { trpc } from "../../lib/trpc";
import { markCompanyActivityStale } from "../records/list-cache";
import { refreshFavorites } from "../favorites/use-favorites";
import { createRecordHooks, type RecordListView, type RecordTypesOf } from "../records/use-record-hooks";

export type ContactTypes = RecordTypesOf<typeof trpc.contacts>;
export type Contact = ContactTypes["row"];
export type ContactListInput = RecordListView;
export type ContactPatch = ContactTypes["patch"];

export const contactHooks = createRecordHooks<ContactTypes>(trpc.contacts, "contact", (queryClient) => {
  markCompanyActivityStale(queryClient);
  // The sidebar names favorites as they are now, and leaves out those in the trash.
  refreshFavorites(queryClient);
});

export const {
  useList: useContactList,
  useRecord: useContact,
  useCreate: useCreateContact,
  useDeleteRecords: useDeleteContacts,
} = contactHooks;
