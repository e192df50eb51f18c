import { onlineManager, type QueryClient } from "@tanstack/react-query";

/** Long work sent outside React Query (an import's batches) that leaving the page would cut short. */
let workInProgress = 0;

/** Leaving the page asks first until `work` settles (see guardUnsavedEdits). */
export async function holdPageWhile<T>(work: Promise<T>): Promise<T> {
  workInProgress += 1;
  try {
    return await work;
  } finally {
    workInProgress -= 1;
  }
}

/**
 * Edits on their way to the server: mutations still pending, those paused while offline included
 * (React Query holds a mutation made offline and sends it once the browser is back online), and
 * work held by holdPageWhile.
 */
export function unsavedEditCount(client: QueryClient): number {
  return client.isMutating() + workInProgress;
}

/**
 * Until every edit has reached the server, leaving or reloading the page asks first: the table and
 * panels show an edit at once (optimistically), so a tab closed while it is still on its way, or
 * held back offline, would otherwise lose it without a word. Returns the cleanup.
 */
export function guardUnsavedEdits(client: QueryClient, target: Window = window): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (unsavedEditCount(client) === 0) return;
    event.preventDefault();
    // Older Chromium and Safari show the prompt only when returnValue is set.
    event.returnValue = "";
  };
  target.addEventListener("beforeunload", onBeforeUnload);
  return () => target.removeEventListener("beforeunload", onBeforeUnload);
}

/** React Query's view of the connection (the window's online and offline events). */
export function subscribeOnline(listener: () => void): () => void {
  return onlineManager.subscribe(listener);
}

export function isOnline(): boolean {
  return onlineManager.isOnline();
}

/** What the connection notice says, or null when there is nothing to say. */
export function connectionNotice(online: boolean, unsaved: number): string | null {
  if (online) return null;
  if (unsaved === 0) return "You're offline. Changes are saved when you reconnect.";
  const changes = unsaved === 1 ? "1 change" : `${unsaved.toLocaleString()} changes`;
  return `You're offline. ${changes} will be saved when you reconnect: keep this tab open.`;
}
