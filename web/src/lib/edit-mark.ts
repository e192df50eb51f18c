import type { QueryClient } from "@tanstack/react-query";

/**
 * The IndexedDB copy of the query cache is written at most every 10 s (SPEC §9), and a reload drops
 * the write still waiting. Painted from that copy, a page reloaded soon after an edit would show
 * the record as it was before, until the refresh lands. So this browser notes in localStorage
 * (synchronous, so it survives the reload) when its last change landed, and a copy taken before
 * then is not painted: the page loads fresh instead.
 */
const EDITED_AT_KEY = "team-crm-edited-at";
/** An edit is on its way: no copy is trusted until it and the refetches it starts have landed. */
const EDIT_IN_FLIGHT = Number.MAX_SAFE_INTEGER;

function editedAt(): number {
  try {
    return Number(localStorage.getItem(EDITED_AT_KEY) ?? 0) || 0;
  } catch {
    return 0; // storage blocked: nothing to compare against, as before this existed
  }
}

function noteEditedAt(value: number): void {
  try {
    localStorage.setItem(EDITED_AT_KEY, String(value));
  } catch {
    // storage blocked or full: the copy is painted and refreshed, as before this existed
  }
}

export function noteEditStarted(): void {
  noteEditedAt(EDIT_IN_FLIGHT);
}

/** Resolves once nothing is fetching or mutating, checked after the mutation's own callbacks ran. */
function whenIdle(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribes: (() => void)[] = [];
    const check = () => {
      if (client.isFetching() > 0 || client.isMutating() > 0) return;
      unsubscribes.forEach((unsubscribe) => unsubscribe());
      resolve();
    };
    unsubscribes.push(client.getQueryCache().subscribe(check), client.getMutationCache().subscribe(check));
    setTimeout(check, 0);
  });
}

/** After an edit settles, the cache holds its result once the refetches it started are back. */
export async function noteEditSettled(client: QueryClient): Promise<void> {
  await whenIdle(client);
  noteEditedAt(Date.now());
}

/**
 * Whether a copy of the cache written at `timestamp` (undefined: there is none) holds every edit
 * made here. Asked once, as the page boots; an edit that a closed tab left in flight is forgotten
 * then, since every copy written from now on is newer than this page.
 */
export function copyHoldsLastEdit(timestamp: number | undefined): boolean {
  const last = editedAt();
  if (last === EDIT_IN_FLIGHT) noteEditedAt(Date.now());
  return timestamp !== undefined && timestamp >= last;
}
