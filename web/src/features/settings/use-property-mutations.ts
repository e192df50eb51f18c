import { useQueryClient } from "@tanstack/react-query";
import { toast, toastError } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useKeyedMutation } from "../../lib/use-keyed-mutation";
import type { Property, RecordObject } from "./property-labels";

/**
 * Moves a property up or down at once; the old order comes back if the server refuses. The list is read
 * again once the last of quick successive moves is answered: read after an earlier one, it could land after
 * the next move showed and put the order back as it was before that move.
 */
export function usePropertyReorder(object: RecordObject) {
  const queryClient = useQueryClient();
  const queryKey = trpc.properties.list.queryKey({ object });
  const options = trpc.properties.reorder.mutationOptions();
  return useKeyedMutation({
    ...options,
    onMutate: async ({ ids }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Property[]>(queryKey);
      if (previous) {
        const byId = new Map(previous.map((property) => [property.id, property]));
        queryClient.setQueryData(
          queryKey,
          ids.flatMap((id) => byId.get(id) ?? []),
        );
      }
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toastError(error, "Could not reorder the properties");
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: options.mutationKey }) === 1)
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Archives a property; the toast's Undo restores it (last in the order, as Restore does). */
export function usePropertyArchive(object: RecordObject) {
  const queryClient = useQueryClient();
  const queryKey = trpc.properties.list.queryKey({ object });
  const restore = usePropertyRestore(object);
  return useKeyedMutation(
    trpc.properties.archive.mutationOptions({
      onSuccess: (archived) => {
        queryClient.setQueryData<Property[]>(queryKey, (list) => list?.filter((p) => p.id !== archived.id));
        void queryClient.invalidateQueries({ queryKey });
        void queryClient.invalidateQueries({ queryKey: trpc.properties.archived.queryKey({ object }) });
        toast.success(`Archived “${archived.label}”`, {
          action: { label: "Undo", onClick: () => restore.mutate({ id: archived.id }) },
        });
      },
      onError: (error) => toastError(error, "Could not archive the property"),
    }),
  );
}

/** Brings an archived property back, last in the list: forms, tables, filters and imports have it again. */
export function usePropertyRestore(object: RecordObject) {
  const queryClient = useQueryClient();
  return useKeyedMutation(
    trpc.properties.restore.mutationOptions({
      onSuccess: (restored) => {
        void queryClient.invalidateQueries({ queryKey: trpc.properties.list.queryKey({ object }) });
        void queryClient.invalidateQueries({ queryKey: trpc.properties.archived.queryKey({ object }) });
        toast.success(`Restored “${restored.label}”`);
      },
      onError: (error) => toastError(error, "Could not restore the property"),
    }),
  );
}
