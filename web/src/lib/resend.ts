import { isNetworkFailure } from "./trpc-errors";
import { noAnswerDelayMs } from "./until-answered";

/**
 * How long a save waits before each new attempt when it got no answer: 1, 2, 4 and 8 s, the waits of
 * untilAnswered (imports and exports). The browser says "online" before the connection carries
 * requests, a gateway or the server is restarting. Then, still without an answer, it fails as any
 * save does (with "Retry"). A refusal (an invalid value, a teammate's newer version) fails at once:
 * sending it again would only repeat it. For updates, which carry the record's version: one that did
 * reach the server is refused on the next try, never applied twice.
 */
export const RESEND_DELAYS_MS = [1, 2, 3, 4].map(noAnswerDelayMs);

/** React Query's retry options for a save sent again after no answer (see RESEND_DELAYS_MS). */
export const resendWithoutAnswer = {
  retry: (failures: number, error: unknown) => failures < RESEND_DELAYS_MS.length && isNetworkFailure(error),
  retryDelay: (failures: number) => RESEND_DELAYS_MS[failures] ?? RESEND_DELAYS_MS.at(-1)!,
};
