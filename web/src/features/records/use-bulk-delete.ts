import { useState } from "react";
import { toast, toastError } from "../../lib/toast";

/** Undo restores one by one; past this many the toast offers no undo (the trash still has them). */
const UNDO_LIMIT = 50;

type BulkDelete = {
  noun: [singular: string, plural: string];
  remove: (ids: string[]) => Promise<number>;
  restore: (ids: string[]) => Promise<void>;
  onDeleted: (ids: string[]) => void;
};

/** The bulk bar's Delete: pending state, "Deleted 3 contacts." with Undo, error toast. */
export function useBulkDelete({ noun, remove, restore, onDeleted }: BulkDelete) {
  const [pending, setPending] = useState(false);
  const run = async (ids: string[]) => {
    setPending(true);
    try {
      const deleted = await remove(ids);
      onDeleted(ids);
      toast.success(`Deleted ${deleted.toLocaleString()} ${deleted === 1 ? noun[0] : noun[1]}.`, {
        action:
          ids.length <= UNDO_LIMIT
            ? {
                label: "Undo",
                onClick: () =>
                  void restore(ids).then(
                    () => toast.success("Restored."),
                    (error: unknown) => toastError(error, "Could not restore"),
                  ),
              }
            : undefined,
      });
    } catch (error) {
      toastError(error, "Could not delete");
    } finally {
      setPending(false);
    }
  };
  return { deleteSelected: (ids: string[]) => void run(ids), pending };
}
