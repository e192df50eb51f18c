import type { QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { resumeOfflineEdits, type ResumedEdits } from "../lib/offline-edits";
import { toast, toastError } from "../lib/toast";

/** Once per account and page load (StrictMode runs effects twice: the edits must be sent once). */
const resumed = new Map<string, Promise<ResumedEdits | null>>();

/** What the person hears of their kept edits once they are sent. */
export function reportResumedEdits(result: ResumedEdits | null): void {
  if (!result) return;
  const { saved, failed } = result;
  if (saved > 0)
    toast.success(
      saved === 1
        ? "1 change made offline has been saved."
        : `${saved.toLocaleString()} changes made offline have been saved.`,
    );
  for (const { error } of failed) toastError(error, "A change made offline could not be saved");
}

/**
 * Sends the edits an earlier tab kept while offline (lib/offline-edits.ts), for the signed-in
 * account, then reads everything on screen again so they show as saved.
 */
export function useResumedOfflineEdits(queryClient: QueryClient, uid: string | null): void {
  useEffect(() => {
    if (!uid || resumed.has(uid)) return;
    const sending = resumeOfflineEdits(queryClient, uid);
    resumed.set(uid, sending);
    void sending.then((result) => {
      if (!result) return;
      reportResumedEdits(result);
      void queryClient.invalidateQueries();
    });
  }, [queryClient, uid]);
}
