import { useIsMutating, useQueryClient } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { connectionNotice, guardUnsavedEdits, isOnline, subscribeOnline } from "../lib/unsaved-edits";

/**
 * Says when the browser is offline and how many edits are waiting to be sent, and asks before the
 * tab is closed or reloaded while any edit has not reached the server yet.
 */
export function ConnectionStatus() {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const unsaved = useIsMutating();

  useEffect(() => guardUnsavedEdits(queryClient), [queryClient]);

  const notice = connectionNotice(online, unsaved);
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
