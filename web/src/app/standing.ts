import type { AuthStatus } from "../lib/auth";

/** SPEC §6: the three standings, plus the two states on the way to knowing which. */
export type Standing = "loading" | "signed-out" | "unregistered" | "registered" | "error";

export function standingOf(
  authStatus: AuthStatus,
  userQuery: { status: "pending" | "error" | "success"; data: unknown },
): Standing {
  if (authStatus === "loading") return "loading";
  if (authStatus === "signed-out") return "signed-out";
  // A cached user (persisted query) is good enough to render while it refreshes.
  if (userQuery.data !== undefined) return userQuery.data === null ? "unregistered" : "registered";
  if (userQuery.status === "error") return "error";
  return "loading";
}
