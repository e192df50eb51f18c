import {
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryResult,
} from "@tanstack/react-query";
import type { TRPCClientErrorLike } from "@trpc/client";
import { useCallback } from "react";
import type { AppRouter } from "../../../../worker/src/routers";
import type { RecordListInput } from "../../../../worker/src/schemas/records";
import type { ListPage } from "../../ui/data-table";
import { useKeyedMutation } from "../../lib/use-keyed-mutation";
import { removeFromLists, replaceInLists, useQueuedUpdate, type Versioned } from "./list-cache";
import { PartialBulkError, type BulkProgress } from "./use-record-actions";

/** A decorated procedure's input and output (what `inferInput`/`inferOutput` read). */
type Typed<Input = unknown, Output = unknown> = { "~types": { input: Input; output: Output } };
type inferInput<P extends Typed> = P["~types"]["input"];
type inferOutput<P extends Typed> = P["~types"]["output"];

/** What every record router (contacts, companies, deals) offers, as the options proxy decorates it. */
export type RecordRouter = {
  list: Typed<RecordListInput, { items: Versioned[]; nextCursor: string | null; total: unknown }> & {
    infiniteQueryKey: () => QueryKey;
  };
  get: Typed<{ id: string }>;
  create: Typed;
  update: Typed<{ id: string; version: number; patch: object }, Versioned>;
  delete: Typed<{ ids: string[] }, { deleted: number }>;
};

export type RecordError = TRPCClientErrorLike<AppRouter>;
export type ListPageOf<R extends RecordRouter> = inferOutput<R["list"]>;
export type RowOf<R extends RecordRouter> = ListPageOf<R>["items"][number];
/**
 * A list's input without paging (`cursor`, `limit`, which the hook adds): one shape for every object,
 * since every record router lists through the same engine (`recordListInput`).
 */
export type RecordListView = Omit<RecordListInput, "cursor" | "limit">;
export type PatchOf<R extends RecordRouter> = inferInput<R["update"]>["patch"];
export type DetailsOf<R extends RecordRouter> = inferOutput<R["get"]>;

/** One object's types, read off its router once (so the hooks' declarations name plain types). */
export type RecordTypes = {
  row: Versioned;
  page: ListPage<Versioned>;
  patch: object;
  details: unknown;
  createInput: unknown;
  created: unknown;
};
export type RecordTypesOf<R extends RecordRouter> = {
  row: RowOf<R>;
  // Rebuilt from its parts: the whole output type would make declarations name the proxy's internals.
  page: { items: RowOf<R>[]; nextCursor: string | null; total: ListPageOf<R>["total"] };
  patch: PatchOf<R>;
  details: DetailsOf<R>;
  createInput: inferInput<R["create"]>;
  created: inferOutput<R["create"]>;
};

const PAGE_SIZE = 100;
/** Deletes go in chunks the procedure accepts (`ids` ≤ 200). */
const DELETE_CHUNK = 200;

/**
 * The data hooks of one record object, built from its tRPC router: the infinite list, one record,
 * queued optimistic updates, create, and delete/restore. Contacts, companies and deals are each
 * one call of this; the object's own files only name the hooks.
 */
export function createRecordHooks<T extends RecordTypes>(
  router: RecordRouter,
  /** Where `get`'s answer (which also carries related records and the timeline) holds the record. */
  recordField: keyof T["details"] & string,
  /** After a record is created, saved, deleted or restored: what else it may have changed (other objects' data). */
  afterWrite: (queryClient: QueryClient) => void = () => undefined,
) {
  type Row = T["row"];
  type Patch = T["patch"];
  type Page = T["page"];
  // The proxy's option builders are typed per procedure; behind the generic they are called loosely
  // and the hooks below restore the object's own types (T) at their edges.
  const procedures = router as unknown as LooseRouter;
  /** Every cached list of the object: each search/filter/sort is its own infinite query. */
  const listKey = router.list.infiniteQueryKey();
  const getKey = (id: string) => procedures.get.queryKey({ id });
  const recordOf = (details: T["details"]) => (details as Record<string, Row>)[recordField]!;
  /**
   * `get`'s answer holding the record as saved (over what it read, unless it read a later version): the panel shows
   * the saved value once the edit's own overlay goes, rather than the old one until it is read again.
   */
  const withSaved = (details: T["details"] | undefined, saved: Row): T["details"] | undefined => {
    const read = details && recordOf(details);
    if (!read || read.version > saved.version) return details;
    return { ...(details as object), [recordField]: { ...read, ...saved } };
  };

  /** A page at a time; the previous results stay on screen while a new query loads. */
  function useList(input: RecordListView) {
    return useInfiniteQuery(
      procedures.list.infiniteQueryOptions(
        { ...input, limit: PAGE_SIZE },
        { getNextPageParam: (page: Page) => page.nextCursor, placeholderData: keepPreviousData },
      ),
    ) as UseInfiniteQueryResult<InfiniteData<ListPage<Row>, string | null>, RecordError>;
  }

  function useRecord(id: string | null) {
    return useQuery(procedures.get.queryOptions(id ? { id } : skipToken)) as UseQueryResult<T["details"], RecordError>;
  }

  /** update with the row's version, one edit per record at a time; every cached list shows the result. */
  function useUpdate() {
    const queryClient = useQueryClient();
    const { mutateAsync } = useKeyedMutation({
      ...procedures.update.mutationOptions(),
      onSuccess: (saved: unknown) => {
        const row = saved as Row;
        replaceInLists(queryClient, listKey, row);
        queryClient.setQueryData(getKey(row.id), (details: T["details"] | undefined) => withSaved(details, row));
        // Read again all the same: the timeline tells the change.
        void queryClient.invalidateQueries({ queryKey: getKey(row.id) });
        afterWrite(queryClient);
      },
    });
    const refresh = useCallback(
      async (id: string) =>
        recordOf(
          (await queryClient.fetchQuery({ ...procedures.get.queryOptions({ id }), staleTime: 0 })) as T["details"],
        ),
      [queryClient],
    );
    return useQueuedUpdate<Row, Patch>({ queryClient, listKey, save: mutateAsync as SaveOf<Row, Patch>, refresh });
  }

  function useCreate() {
    const queryClient = useQueryClient();
    return useKeyedMutation({
      ...procedures.create.mutationOptions(),
      onSuccess: () => {
        afterWrite(queryClient);
        return queryClient.invalidateQueries({ queryKey: listKey });
      },
    }) as UseMutationResult<T["created"], RecordError, T["createInput"]>;
  }

  /**
   * Moves records to the trash (in chunks) and drops them from the cached lists at once; the
   * lists are marked stale rather than refetched page by page. useRestoreRecords brings them back.
   */
  function useDeleteRecords() {
    const queryClient = useQueryClient();
    const { mutateAsync: remove } = useKeyedMutation(procedures.delete.mutationOptions());

    const deleteRecords = useCallback(
      async (ids: string[], onProgress?: (progress: BulkProgress) => void) => {
        let deleted = 0;
        let sent = 0;
        try {
          for (; sent < ids.length; sent += DELETE_CHUNK) {
            deleted += ((await remove({ ids: ids.slice(sent, sent + DELETE_CHUNK) })) as { deleted: number }).deleted;
            onProgress?.({ done: Math.min(ids.length, sent + DELETE_CHUNK), total: ids.length });
          }
        } catch (error) {
          throw new PartialBulkError(deleted, error);
        } finally {
          // The chunks that went through are in the trash even when a later one failed: the lists drop them.
          const gone = new Set(ids.slice(0, sent));
          const found = removeFromLists(queryClient, listKey, gone);
          // Records no list had loaded leave its total and later pages behind: the list on screen is read again.
          const refetchType = found.size < gone.size ? "active" : "none";
          void queryClient.invalidateQueries({ queryKey: listKey, refetchType });
          afterWrite(queryClient);
        }
        return deleted;
      },
      [queryClient, remove],
    );

    return { deleteRecords };
  }

  return { listKey, useList, useRecord, useUpdate, useCreate, useDeleteRecords };
}

type SaveOf<Row, Patch> = (input: { id: string; version: number; patch: Patch }) => Promise<Row>;

/** The router as the hooks call it inside the generic: inputs and outputs are checked at the edges. */
type LooseRouter = {
  list: { infiniteQueryOptions: (input: object, opts: object) => Parameters<typeof useInfiniteQuery>[0] };
  get: {
    queryOptions: (input: { id: string } | typeof skipToken) => Parameters<typeof useQuery>[0];
    queryKey: (input: { id: string }) => QueryKey;
  };
  create: LooseMutation;
  update: LooseMutation;
  delete: LooseMutation;
};
type LooseMutation = { mutationOptions: () => Parameters<typeof useMutation<unknown, Error, object>>[0] };
