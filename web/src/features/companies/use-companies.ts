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

export type Company = inferOutput<typeof trpc.companies.list>["items"][number];
export type CompanyListInput = Omit<inferInput<typeof trpc.companies.list>, "cursor" | "limit">;
export type CompanyPatch = inferInput<typeof trpc.companies.update>["patch"];

const PAGE_SIZE = 100;
/** Every cached companies list: each search/filter/sort is its own infinite query. */
const listKey = trpc.companies.list.infiniteQueryKey();

/** Companies a page at a time; the previous results stay on screen while a new query loads. */
export function useCompanyList(input: CompanyListInput) {
  return useInfiniteQuery(
    trpc.companies.list.infiniteQueryOptions(
      { ...input, limit: PAGE_SIZE },
      { getNextPageParam: (page) => page.nextCursor, placeholderData: keepPreviousData },
    ),
  );
}

export function useCompany(id: string | null) {
  return useQuery(trpc.companies.get.queryOptions(id ? { id } : skipToken));
}

/** companies.update with the row's version; on success every cached list shows the saved record. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation(
    trpc.companies.update.mutationOptions({
      onSuccess: (company) => {
        replaceInLists(queryClient, listKey, company);
        void queryClient.invalidateQueries({ queryKey: trpc.companies.get.queryKey({ id: company.id }) });
      },
    }),
  );
  const refresh = useCallback(
    async (id: string) =>
      (await queryClient.fetchQuery({ ...trpc.companies.get.queryOptions({ id }), staleTime: 0 })).company,
    [queryClient],
  );
  return useQueuedUpdate<Company, CompanyPatch>({ queryClient, listKey, save: mutateAsync, refresh });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.companies.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
    }),
  );
}

const DELETE_CHUNK = 200;

/** Moves companies to the trash and drops them from the cached lists at once. */
export function useDeleteCompanies() {
  const queryClient = useQueryClient();
  const { mutateAsync: remove } = useMutation(trpc.companies.delete.mutationOptions());
  const { mutateAsync: restore } = useMutation(trpc.companies.restore.mutationOptions());

  const deleteCompanies = useCallback(
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

  const restoreCompanies = useCallback(
    async (ids: string[]) => {
      await Promise.all(ids.map((id) => restore({ id })));
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    [queryClient, restore],
  );

  return { deleteCompanies, restoreCompanies };
}
