import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { toastError } from "../../lib/toast";
import { trpc, trpcClient } from "../../lib/trpc";

export type Favorite = inferOutput<typeof trpc.favorites.list>[number];

/** Read when used, not as the module loads (tests replace the tRPC client). */
const listKey = () => trpc.favorites.list.queryKey();

/**
 * After a contact or company is renamed, deleted, restored or merged, or a task changes: the sidebar names its
 * favorites as they are now, and marks those with an overdue task.
 */
export function refreshFavorites(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: listKey() });
}

/** The reader's favorite contacts and companies, in their order. */
export function useFavorites() {
  return useQuery(trpc.favorites.list.queryOptions());
}

/**
 * The reader's favorites a record picker offers before anything is typed (a task's link, a contact's company), of
 * `object` alone when given: the records they work with most, a click away.
 */
export function useFavoritesToPick(object?: Favorite["recordObject"]): Favorite[] {
  const { data } = useQuery({ ...trpc.favorites.list.queryOptions(), staleTime: 30_000 });
  return (data ?? []).filter((favorite) => !object || favorite.recordObject === object);
}

/** Whether the record is one of the reader's favorites (false while they load). */
export function useIsFavorite(recordId: string | undefined): boolean {
  const { data } = useFavorites();
  return Boolean(recordId && data?.some((favorite) => favorite.recordId === recordId));
}

type Context = { before?: Favorite[] };

/**
 * The reader's favorites as `next` makes them, at once (the sidebar, the star), while the write goes; put back if it is
 * refused (the caller's toast says why), and read again once it settles.
 */
function optimistically<Input>(queryClient: QueryClient, next: (favorites: Favorite[], input: Input) => Favorite[]) {
  return {
    onMutate: async (input: Input): Promise<Context> => {
      await queryClient.cancelQueries({ queryKey: listKey() });
      const before = queryClient.getQueryData<Favorite[]>(listKey());
      queryClient.setQueryData<Favorite[]>(listKey(), (favorites) => next(favorites ?? [], input));
      return { before };
    },
    onError: (_error: unknown, _input: Input, context: Context | undefined) =>
      queryClient.setQueryData(listKey(), context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey() }),
  };
}

/** A record to make a favorite: what the sidebar shows of it at once, before the list is read again. */
export type FavoriteRecord = Pick<Favorite, "recordObject" | "recordId" | "name"> &
  Partial<Pick<Favorite, "detail" | "nextTaskAt">>;

type FavoriteChange = { record: FavoriteRecord; favorite: boolean };

/** Makes a record one of the reader's favorites (last in their order), or no longer one. */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  const { onError, ...rest } = optimistically<FavoriteChange>(queryClient, (favorites, { record, favorite }) => {
    const others = favorites.filter((f) => f.recordId !== record.recordId);
    return favorite ? [...others, { detail: null, nextTaskAt: null, ...record }] : others;
  });
  return useMutation({
    mutationFn: ({ record: { recordObject, recordId }, favorite }: FavoriteChange) =>
      trpcClient.favorites.set.mutate({ recordObject, recordId, favorite }),
    ...rest,
    onError: (error, input, context) => {
      onError(error, input, context);
      toastError(error, `Could not ${input.favorite ? "add" : "remove"} “${input.record.name}”`);
    },
  });
}

/** Puts the reader's favorites in a new order, given as their records' ids. */
export function useReorderFavorites() {
  const queryClient = useQueryClient();
  const { onError, ...rest } = optimistically<{ recordIds: string[] }>(queryClient, (favorites, { recordIds }) =>
    [...favorites].sort((a, b) => recordIds.indexOf(a.recordId) - recordIds.indexOf(b.recordId)),
  );
  return useMutation(
    trpc.favorites.reorder.mutationOptions({
      ...rest,
      onError: (error, input, context) => {
        onError(error, input, context);
        toastError(error, "Could not reorder your favorites");
      },
    }),
  );
}
