import { useMutation, type UseMutationOptions, type UseMutationResult } from "@tanstack/react-query";
import { isNetworkFailure } from "./trpc-errors";

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15_000;

/**
 * The wait before the call after the `attempt`-th that got no answer (1: the first): doubling from 1 s
 * to 15 s. Saves sent again (below) and untilAnswered (imports, exports) wait so.
 */
export const noAnswerDelayMs = (attempt: number) => Math.min(RETRY_FIRST_MS * 2 ** (attempt - 1), RETRY_MAX_MS);

/**
 * How long a save waits before each new attempt when it got no answer: 1, 2, 4 and 8 s. The browser
 * says "online" before the connection carries requests, a gateway or the server is restarting. Then,
 * still without an answer, it fails as any save does (with "Retry"). A refusal (an invalid value, a
 * teammate's newer version) fails at once: sending it again would only repeat it. For updates, which
 * carry the record's version: one that did reach the server is refused on the next try, never
 * applied twice.
 */
export const RESEND_DELAYS_MS = [1, 2, 3, 4].map(noAnswerDelayMs);

/** React Query's retry options for a save sent again after no answer (see RESEND_DELAYS_MS). */
export const resendWithoutAnswer = {
  retry: (failures: number, error: unknown) => failures < RESEND_DELAYS_MS.length && isNetworkFailure(error),
  retryDelay: (failures: number) => RESEND_DELAYS_MS[failures] ?? RESEND_DELAYS_MS.at(-1)!,
};

/**
 * A save sent again after no answer. Only for one that is the same however often it is made: a pair dismissed, a
 * property its key makes unique, an invite sent (a second replaces the first) or revoked, and a new organization
 * or an invite's accept (the server answers its maker again as the first time). Any other goes under a key of its
 * own (useKeyedMutation).
 */
export function useResentMutation<TData, TError, TVariables, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  return useMutation({ ...resendWithoutAnswer, ...options });
}
