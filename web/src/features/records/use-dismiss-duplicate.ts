import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { useCallback } from "react";
import { useResentMutation } from "../../lib/resend";
import { toast, toastError } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { recordNouns, type RecordObject } from "./use-record-actions";

export type PairsPage = inferOutput<typeof trpc.contacts.duplicatePairs>;
type Named = { id: string; name: string };

/**
 * "Not duplicates": said once, from the duplicates list or a record's panel, the pair is offered
 * again by neither, for anyone (until the toast's Undo). Resolves whether it was saved (a refusal is toasted).
 */
export function useDismissDuplicate(object: RecordObject) {
  const queryClient = useQueryClient();
  // Both are the same however often they are made: sent again after no answer, without a key.
  const contacts = useResentMutation(trpc.contacts.dismissDuplicate.mutationOptions());
  const companies = useResentMutation(trpc.companies.dismissDuplicate.mutationOptions());
  const { mutateAsync } = object === "contact" ? contacts : companies;
  const undoContacts = useResentMutation(trpc.contacts.undismissDuplicate.mutationOptions());
  const undoCompanies = useResentMutation(trpc.companies.undismissDuplicate.mutationOptions());
  const { mutateAsync: undo } = object === "contact" ? undoContacts : undoCompanies;
  return useCallback(
    async (a: Named, b: Named): Promise<boolean> => {
      try {
        await mutateAsync({ ids: [a.id, b.id] });
      } catch (error) {
        toastError(error, "Could not mark them as not duplicates");
        return false;
      }
      const procedures = object === "contact" ? trpc.contacts : trpc.companies;
      const ids = new Set([a.id, b.id]);
      queryClient.setQueriesData<InfiniteData<PairsPage>>(procedures.duplicatePairs.pathFilter(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                pairs: page.pairs.filter((pair) => !pair.records.every((record) => ids.has(record.id))),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries(procedures.duplicates.pathFilter());
      const sameName = a.name.toLowerCase() === b.name.toLowerCase();
      const offerAgain = () =>
        undo({ ids: [a.id, b.id] }).then(
          () => {
            void queryClient.invalidateQueries(procedures.duplicatePairs.pathFilter());
            void queryClient.invalidateQueries(procedures.duplicates.pathFilter());
          },
          (error: unknown) => toastError(error, "Could not undo"),
        );
      toast.success(
        sameName
          ? `The two ${recordNouns[object][1]} named ${a.name} are marked as not duplicates`
          : `${a.name} and ${b.name} are marked as not duplicates`,
        { action: { label: "Undo", onClick: () => void offerAgain() } },
      );
      return true;
    },
    [mutateAsync, undo, object, queryClient],
  );
}
