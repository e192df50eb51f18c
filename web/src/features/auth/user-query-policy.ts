import { TRPCClientError } from "@trpc/client";

/** SPEC §7 / §9: refetch every 60 s, stop polling after an error, retry ≤ 3 unless UNAUTHORIZED. */
export const USER_REFETCH_INTERVAL_MS = 60_000;
export const USER_MAX_RETRIES = 3;

export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

export function userQueryRetry(failureCount: number, error: unknown): boolean {
  return errorCode(error) !== "UNAUTHORIZED" && failureCount < USER_MAX_RETRIES;
}

export function userRefetchInterval(query: { state: { status: string } }): number | false {
  return query.state.status === "error" ? false : USER_REFETCH_INTERVAL_MS;
}
