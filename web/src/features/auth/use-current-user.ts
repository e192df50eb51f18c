import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { userQueryRetry, userRefetchInterval } from "./user-query-policy";

/** The caller's user record (null while unregistered), polled as SPEC §7 says. */
export function useCurrentUser() {
  const { status } = useAuth();
  return useQuery({
    ...trpc.user.getUser.queryOptions(undefined, { refetchInterval: userRefetchInterval, retry: userQueryRetry }),
    enabled: status === "signed-in",
  });
}

export type CurrentUser = NonNullable<ReturnType<typeof useCurrentUser>["data"]>;
