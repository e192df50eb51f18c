import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { keptEditCount } from "./offline-edits";

/**
 * Work outside React Query that leaving the page would cut short: an import's batches, an edit
 * waiting for an earlier edit of its record to be saved (not sent, so not kept on disk either).
 */
let workInProgress = 0;
const workListeners = new Set<() => void>();
function setWork(delta: number) {
  workInProgress += delta;
  for (const listener of workListeners) listener();
}
export const workInProgressCount = () => workInProgress;
export function subscribeWorkInProgress(listener: () => void): () => void {
  workListeners.add(listener);
  return () => workListeners.delete(listener);
}

/** Leaving the page asks first until `work` settles (see guardUnsavedEdits). */
export async function holdPageWhile<T>(work: Promise<T>): Promise<T> {
  setWork(1);
  try {
    return await work;
  } finally {
    setWork(-1);
  }
}

/**
 * Forms typed into and not saved (a dialog that would ask before it closes: a new contact, a property):
 * leaving the page asks first too, as the dialog does. Returns the release, for when the form is saved,
 * emptied or closed.
 */
let formsTypedIn = 0;
/** How many forms, editors and fields hold something typed and not saved. */
export const formsTypedInCount = () => formsTypedIn;
export function holdPageForForm(): () => void {
  formsTypedIn += 1;
  let held = true;
  return () => {
    if (held) formsTypedIn -= 1;
    held = false;
  };
}

/**
 * Edits on their way to the server: mutations still pending, those paused while offline included
 * (React Query holds a mutation made offline and sends it once the browser is back online), and
 * work held by holdPageWhile.
 */
export function unsavedEditCount(client: QueryClient): number {
  return client.isMutating() + workInProgress;
}

/** Of those, the ones that closing the tab would lose: all but the offline edits kept on disk (offline-edits.ts). */
export function unkeptEditCount(client: QueryClient): number {
  return Math.max(0, client.isMutating() - keptEditCount()) + workInProgress;
}

/**
 * Until every edit has reached the server or, made offline, is kept on disk, leaving or reloading
 * the page asks first: the table and panels show an edit at once (optimistically), so a tab closed
 * while it is still on its way would otherwise lose it without a word. So it does while a form is
 * typed into (holdPageForForm). Returns the cleanup.
 */
export function guardUnsavedEdits(client: QueryClient, target: Window = window): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (unkeptEditCount(client) === 0 && formsTypedIn === 0) return;
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

/**
 * What the connection notice says, or null when there is nothing to say. `kept`: how many of the
 * waiting changes are kept on this device (they are sent even if the tab is closed meanwhile).
 */
export function connectionNotice(online: boolean, unsaved: number, kept = 0): string | null {
  if (online) return null;
  if (unsaved === 0) return "You're offline. Changes are saved when you reconnect.";
  const changes = unsaved === 1 ? "1 change" : `${unsaved.toLocaleString()} changes`;
  return kept >= unsaved
    ? `You're offline. ${changes} will be saved when you reconnect.`
    : `You're offline. ${changes} will be saved when you reconnect: keep this tab open.`;
}
