import { useIsMutating, useQueryClient } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { auth } from "../lib/firebase";
import { useAuth } from "../lib/auth";
import { keepOfflineEdits, keptEditCount, subscribeKeptEdits } from "../lib/offline-edits";
import {
  connectionNotice,
  guardUnsavedEdits,
  isOnline,
  subscribeOnline,
  subscribeWorkInProgress,
  workInProgressCount,
} from "../lib/unsaved-edits";
import { useResumedOfflineEdits } from "./resume-offline-edits";

/**
 * Says when the browser is offline and how many edits are waiting to be sent; keeps those edits on
 * this device and sends the ones an earlier tab kept; asks before the tab is closed or reloaded
 * while an edit that is not kept has not reached the server yet.
 */
export function ConnectionStatus() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const unsaved = useIsMutating() + useSyncExternalStore(subscribeWorkInProgress, workInProgressCount);
  const kept = useSyncExternalStore(subscribeKeptEdits, keptEditCount);

  useEffect(() => guardUnsavedEdits(queryClient), [queryClient]);
  useEffect(() => keepOfflineEdits(queryClient, () => auth.currentUser?.uid ?? null).unsubscribe, [queryClient]);
  useResumedOfflineEdits(queryClient, user?.uid ?? null);

  const notice = connectionNotice(online, unsaved, kept);
  if (!notice) return null;
  return (
    <div
      role="status"
      className="fixed top-3 left-1/2 z-50 flex max-w-[calc(100vw-2rem)] -translate-x-1/2 items-center gap-2 rounded-full border border-border bg-surface px-4 py-1.5 text-[13px] text-foreground shadow-lg"
    >
      <WifiOff className="size-4 shrink-0 text-muted" aria-hidden />
      <span>{notice}</span>
    </div>
  );
}
