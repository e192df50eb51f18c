import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { resumeOfflineEdits, type ResumedEdits } from "../lib/offline-edits";
import { toast, toastError } from "../lib/toast";

/** What the person hears of their kept edits once they are sent. */
export function reportResumedEdits(result: ResumedEdits | null): void {
  if (!result) return;
  const { saved, failed } = result;
  if (saved > 0)
    toast.success(
      saved === 1
        ? "1 change kept on this device has been saved."
        : `${saved.toLocaleString()} changes kept on this device have been saved.`,
    );
  for (const { error } of failed) toastError(error, "A change kept on this device could not be saved");
}

/**
 * After kept edits are saved, everything is read again. A read already on its way was sent before they were saved (the
 * list a tab opening fetches first): it is cancelled, not waited for, or its answer would show the old values as fresh,
 * and the next edit of those records would be refused as if a teammate had changed them.
 */
export async function readAgainAfterResumed(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  await queryClient.invalidateQueries();
}

function resumeNow(queryClient: QueryClient, uid: string) {
  void resumeOfflineEdits(queryClient, uid, undefined, {
    onResumed: (result) => {
      reportResumedEdits(result);
      void readAgainAfterResumed(queryClient);
    },
  }).catch(() => undefined);
}

/**
 * Sends the edits other tabs kept while offline (lib/offline-edits.ts), for the signed-in account,
 * each tab's once it is closed: looked for when the app starts and each time the browser comes back
 * online (a tab that kept edits later). Then reads everything on screen again.
 */
export function useResumedOfflineEdits(queryClient: QueryClient, uid: string | null): void {
  useEffect(() => {
    if (!uid) return;
    resumeNow(queryClient, uid);
    return onlineManager.subscribe((online) => {
      if (online) resumeNow(queryClient, uid);
    });
  }, [queryClient, uid]);
}
