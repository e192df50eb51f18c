import {
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { inferInput, inferOutput } from "@trpc/tanstack-react-query";
import { useCallback } from "react";
import { trpc } from "../../lib/trpc";
import { removeFromLists, replaceInLists, useQueuedUpdate } from "../records/list-cache";

export type Contact = inferOutput<typeof trpc.contacts.list>["items"][number];
export type ContactListInput = Omit<inferInput<typeof trpc.contacts.list>, "cursor" | "limit">;
export type ContactPatch = inferInput<typeof trpc.contacts.update>["patch"];
export { isConflict } from "../records/list-cache";

const PAGE_SIZE = 100;
/** Every cached contacts list: each search/filter/sort is its own infinite query. */
const listKey = trpc.contacts.list.infiniteQueryKey();

/** Contacts a page at a time; the previous results stay on screen while a new query loads. */
export function useContactList(input: ContactListInput) {
  return useInfiniteQuery(
    trpc.contacts.list.infiniteQueryOptions(
      { ...input, limit: PAGE_SIZE },
      { getNextPageParam: (page) => page.nextCursor, placeholderData: keepPreviousData },
    ),
  );
}

export function useContact(id: string | null) {
  return useQuery(trpc.contacts.get.queryOptions(id ? { id } : skipToken));
}

/** contacts.update with the row's version; on success every cached list shows the saved record. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation(
    trpc.contacts.update.mutationOptions({
      onSuccess: (contact) => {
        replaceInLists(queryClient, listKey, contact);
        void queryClient.invalidateQueries({ queryKey: trpc.contacts.get.queryKey({ id: contact.id }) });
      },
    }),
  );
  const refresh = useCallback(
    async (id: string) =>
      (await queryClient.fetchQuery({ ...trpc.contacts.get.queryOptions({ id }), staleTime: 0 })).contact,
    [queryClient],
  );
  return useQueuedUpdate<Contact, ContactPatch>({ queryClient, listKey, save: mutateAsync, refresh });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.contacts.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
    }),
  );
}

const DELETE_CHUNK = 200;

/**
 * Moves contacts to the trash (in chunks the procedure accepts) and drops them from the cached
 * lists at once; the lists are marked stale rather than refetched page by page.
 */
export function useDeleteContacts() {
  const queryClient = useQueryClient();
  const { mutateAsync: remove } = useMutation(trpc.contacts.delete.mutationOptions());
  const { mutateAsync: restore } = useMutation(trpc.contacts.restore.mutationOptions());

  const deleteContacts = useCallback(
    async (ids: string[]) => {
      let deleted = 0;
      for (let i = 0; i < ids.length; i += DELETE_CHUNK)
        deleted += (await remove({ ids: ids.slice(i, i + DELETE_CHUNK) })).deleted;
      removeFromLists(queryClient, listKey, new Set(ids));
      void queryClient.invalidateQueries({ queryKey: listKey, refetchType: "none" });
      return deleted;
    },
    [queryClient, remove],
  );

  const restoreContacts = useCallback(
    async (ids: string[]) => {
      await Promise.all(ids.map((id) => restore({ id })));
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    [queryClient, restore],
  );

  return { deleteContacts, restoreContacts };
}
