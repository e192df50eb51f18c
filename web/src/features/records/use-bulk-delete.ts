import { useState } from "react";
import { progressToast, toast, toastError } from "../../lib/toast";
import { countOf } from "../../lib/format";
import { PartialBulkError, type BulkProgress } from "./use-record-actions";

/**
 * Up to this many, Delete acts at once and the toast offers Undo; past it, a slip costs more than a toast's few
 * seconds can put right, so Delete asks first and the trash is where they come back from.
 */
export const UNDO_LIMIT = 50;
/** A delete of more than this many shows its progress (one chunk of the procedure's is quick). */
const PROGRESS_FROM = 200;

type BulkDelete = {
  noun: [singular: string, plural: string];
  remove: (ids: string[], onProgress?: (progress: BulkProgress) => void) => Promise<number>;
  restore: (ids: string[]) => Promise<void>;
  onDeleted: (ids: string[]) => void;
};

/**
 * The bulk bar's Delete: "Deleted 3 contacts." with Undo; more than UNDO_LIMIT only once confirmed (`asking`, the
 * question's ids), with their progress in the toast; an error says how many went to the trash before it.
 */
export function useBulkDelete({ noun, remove, restore, onDeleted }: BulkDelete) {
  const [pending, setPending] = useState(false);
  // The last ids asked about stay while the question closes, so its title keeps its count.
  const [asked, setAsked] = useState<{ ids: string[]; open: boolean }>({ ids: [], open: false });
  const run = async (ids: string[]) => {
    setAsked({ ids, open: false });
    setPending(true);
    const progress = progressToast(
      ids.length > PROGRESS_FROM,
      (done) => `Moving ${done.toLocaleString()} of ${countOf(ids.length, noun)} to the trash…`,
    );
    const toastId = progress.id;
    try {
      const deleted = await remove(ids, ({ done }) => progress.update(done));
      onDeleted(ids);
      toast.success(`Deleted ${countOf(deleted, noun)}.`, {
        id: toastId,
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
      if (toastId !== undefined) toast.dismiss(toastId);
      const moved =
        error instanceof PartialBulkError && error.updated > 0
          ? ` (${countOf(error.updated, noun)} moved to the trash)`
          : "";
      toastError(error instanceof PartialBulkError ? error.cause : error, `Could not delete${moved}`);
    } finally {
      setPending(false);
    }
  };
  return {
    deleteSelected: (ids: string[]) => (ids.length > UNDO_LIMIT ? setAsked({ ids, open: true }) : void run(ids)),
    pending,
    /** The confirmation of a delete of many: whether it is asked, of how many, and its answers. */
    asking: {
      open: asked.open,
      count: asked.ids.length,
      confirm: () => void run(asked.ids),
      cancel: () => setAsked({ ids: asked.ids, open: false }),
    },
  };
}
