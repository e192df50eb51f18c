import type { AuthStatus } from "../lib/auth";

/** SPEC §6: the three standings, plus the two states on the way to knowing which. */
export type Standing = "loading" | "signed-out" | "unregistered" | "registered" | "error";

export function standingOf(
  authStatus: AuthStatus,
  userQuery: { status: "pending" | "error" | "success"; data: unknown; dataUpdatedAt?: number; isFetching?: boolean },
  /** When this page loaded: a user read before it came from the cache's copy in IndexedDB. */
  loadedAt: number = performance.timeOrigin,
): Standing {
  if (authStatus === "loading") return "loading";
  if (authStatus === "signed-out") return "signed-out";
  // The copy's "no workspace yet" is not acted on while the user is read again: they may have joined one since (an
  // invite accepted in another tab), and /contacts would send them to /setup and on to /home.
  const copiedUnregistered = userQuery.data === null && (userQuery.dataUpdatedAt ?? Infinity) < loadedAt;
  if (copiedUnregistered && userQuery.isFetching) return "loading";
  // A cached user (persisted query) is good enough to render while it refreshes.
  if (userQuery.data !== undefined) return userQuery.data === null ? "unregistered" : "registered";
  if (userQuery.status === "error") return "error";
  return "loading";
}
