import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useCallback } from "react";
import { trpc } from "../../lib/trpc";
import { useKeyedMutation } from "../../lib/use-keyed-mutation";
import { markCompanyActivityStale, markContactCompaniesStale, notesOfRecord, removeFromLists } from "./list-cache";
import { refreshFavorites } from "../favorites/use-favorites";

/** The objects with a record list page, trash, bulk actions and merge. */
export type RecordObject = "contact" | "company";
/** Each object's name as the interface says it, one and many. */
export const recordNouns: Record<RecordObject, [singular: string, plural: string]> = {
  contact: ["contact", "contacts"],
  company: ["company", "companies"],
};
import { MAX_BULK_UPDATE } from "../../../../worker/src/schemas/records";
export type BulkAction = inferInput<typeof trpc.contacts.bulkUpdate>["action"];

/** bulkUpdate's most ids, all or nothing per request; a larger selection goes a chunk at a time, with a progress. */
export const BULK_CHUNK = MAX_BULK_UPDATE;
/** restoreMany takes up to 200 ids, all in one D1 batch. */
export const RESTORE_CHUNK = 200;

export function listKeyOf(object: RecordObject) {
  return object === "contact" ? trpc.contacts.list.infiniteQueryKey() : trpc.companies.list.infiniteQueryKey();
}

/**
 * The record's panel (fields and timeline) and every cached list of its object: read again; what
 * the other object shows of them (a company's last activity, a contact's company): stale.
 */
export function refreshRecords(queryClient: QueryClient, object: RecordObject, ids: string[] = []) {
  void queryClient.invalidateQueries({ queryKey: listKeyOf(object) });
  void queryClient.invalidateQueries({
    queryKey: object === "contact" ? trpc.contacts.duplicates.queryKey() : trpc.companies.duplicates.queryKey(),
  });
  if (object === "contact") markCompanyActivityStale(queryClient);
  else markContactCompaniesStale(queryClient);
  refreshFavorites(queryClient);
  for (const id of ids)
    void queryClient.invalidateQueries({
      queryKey: object === "contact" ? trpc.contacts.get.queryKey({ id }) : trpc.companies.get.queryKey({ id }),
    });
}

export type BulkProgress = { done: number; total: number };
export class PartialBulkError extends Error {
  constructor(
    readonly updated: number,
    readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** Assign, tag, untag or set a property on any number of records, a chunk at a time. */
export function useBulkUpdate(object: RecordObject) {
  const queryClient = useQueryClient();
  // Keyed, a chunk at a time: one whose answer was lost is sent again and answered as made.
  const contacts = useKeyedMutation(trpc.contacts.bulkUpdate.mutationOptions());
  const companies = useKeyedMutation(trpc.companies.bulkUpdate.mutationOptions());
  const mutateAsync = object === "contact" ? contacts.mutateAsync : companies.mutateAsync;

  return useCallback(
    async (ids: string[], action: BulkAction, onProgress?: (progress: BulkProgress) => void) => {
      let updated = 0;
      try {
        for (let i = 0; i < ids.length; i += BULK_CHUNK) {
          updated += (await mutateAsync({ ids: ids.slice(i, i + BULK_CHUNK), action })).updated;
          onProgress?.({ done: Math.min(ids.length, i + BULK_CHUNK), total: ids.length });
        }
      } catch (error) {
        throw new PartialBulkError(updated, error);
      } finally {
        // Chunks that went through are saved even when a later one failed: show them.
        refreshRecords(queryClient, object, ids.length <= BULK_CHUNK ? ids : []);
      }
      return updated;
    },
    [mutateAsync, queryClient, object],
  );
}

/**
 * Brings records back from the trash, RESTORE_CHUNK a request. `failures`: why each one that stayed there did (its
 * email or domain taken, or its chunk's error), one message a record.
 */
export function useRestoreRecords(object: RecordObject) {
  const queryClient = useQueryClient();
  const contacts = useKeyedMutation(trpc.contacts.restoreMany.mutationOptions());
  const companies = useKeyedMutation(trpc.companies.restoreMany.mutationOptions());
  const mutateAsync = object === "contact" ? contacts.mutateAsync : companies.mutateAsync;

  return useCallback(
    async (ids: string[], onProgress?: (progress: BulkProgress) => void) => {
      let restored = 0;
      const failures: string[] = [];
      for (let i = 0; i < ids.length; i += RESTORE_CHUNK) {
        const chunk = ids.slice(i, i + RESTORE_CHUNK);
        try {
          const result = await mutateAsync({ ids: chunk });
          restored += result.restored;
          failures.push(...result.refused.map((refused) => refused.message));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          failures.push(...chunk.map(() => message));
        }
        onProgress?.({ done: Math.min(ids.length, i + RESTORE_CHUNK), total: ids.length });
      }
      refreshRecords(queryClient, object, ids.length <= RESTORE_CHUNK ? ids : []);
      return { restored, failures };
    },
    [mutateAsync, queryClient, object],
  );
}

/** Folds `mergedId` into `survivorId`; the lists drop the merged record at once. */
export function useMergeRecords(object: RecordObject) {
  const queryClient = useQueryClient();
  // Keyed: a merge whose answer was lost is sent again and answered as made, not "does not exist".
  const contacts = useKeyedMutation(trpc.contacts.merge.mutationOptions());
  const companies = useKeyedMutation(trpc.companies.merge.mutationOptions());
  const mutation = object === "contact" ? contacts : companies;
  const { mutateAsync } = mutation;

  const merge = useCallback(
    async (input: { survivorId: string; survivorVersion: number; mergedId: string }) => {
      const result = await mutateAsync(input);
      removeFromLists(queryClient, listKeyOf(object), new Set([input.mergedId]));
      refreshRecords(queryClient, object, [input.survivorId]);
      void queryClient.invalidateQueries(notesOfRecord(input.survivorId));
      void queryClient.invalidateQueries({ queryKey: trpc.tasks.list.queryKey() });
      // The merged record no longer pairs with anyone.
      const procedures = object === "contact" ? trpc.contacts : trpc.companies;
      void queryClient.invalidateQueries(procedures.duplicatePairs.pathFilter());
      return result;
    },
    [mutateAsync, queryClient, object],
  );
  return { merge, pending: mutation.isPending };
}
