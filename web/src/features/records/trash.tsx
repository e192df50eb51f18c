import { RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { progressToast, toast } from "../../lib/toast";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { headerActionLabel } from "../../ui/page";
import { countOf } from "../../lib/format";
import { RESTORE_CHUNK, useRestoreRecords, type RecordObject } from "./use-record-actions";

/** Switches the list between live records and the trash (soft-deleted ones). */
export function TrashToggle({ trash, onChange }: { trash: boolean; onChange: (trash: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={trash}
      onClick={() => onChange(!trash)}
      title={trash ? "Back to the list" : "Deleted records, to restore"}
      className={cn(
        "inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium transition-colors",
        trash ? "bg-primary-soft text-primary" : "text-muted hover:bg-surface-2 hover:text-foreground",
      )}
    >
      <Trash2 className="size-3.5" aria-hidden />
      {/* Beside an open record's panel, the icon alone: the toolbar stays one row. */}
      <span className={trash ? undefined : headerActionLabel}>{trash ? "Leave trash" : "Trash"}</span>
    </button>
  );
}

/** The trash's bulk action: bring the selected records back to the list. */
export function RestoreButton({
  object,
  noun,
  ids,
  onRestored,
}: {
  object: RecordObject;
  noun: [singular: string, plural: string];
  ids: string[];
  onRestored: () => void;
}) {
  const restore = useRestoreRecords(object);
  const [pending, setPending] = useState(false);
  const handleRestore = async () => {
    setPending(true);
    const progress = progressToast(
      ids.length > RESTORE_CHUNK,
      (done) => `Restoring ${done.toLocaleString()} of ${countOf(ids.length, noun)}…`,
    );
    const toastId = progress.id;
    try {
      const { restored, failures } = await restore(ids, ({ done }) => progress.update(done));
      if (toastId !== undefined && restored === 0) toast.dismiss(toastId);
      if (restored > 0) toast.success(`Restored ${countOf(restored, noun)}.`, { id: toastId });
      if (failures.length > 0)
        toast.error(
          `Could not restore ${countOf(failures.length, noun)}: ${[...new Set(failures)].slice(0, 2).join(" ")}`,
        );
      onRestored();
    } finally {
      setPending(false);
    }
  };
  return (
    <Button size="sm" variant="ghost" pending={pending} onClick={() => void handleRestore()}>
      {!pending && <RotateCcw className="size-3.5" aria-hidden />}
      Restore
    </Button>
  );
}
