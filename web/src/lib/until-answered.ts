import { isNetworkFailure } from "./trpc-errors";
import { isOnline, subscribeOnline } from "./unsaved-edits";

/** Waits between calls that got no answer: doubling from 1 s to 15 s, cut short when the browser is back online. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15_000;

/** The wait before the call after the `attempt`-th that got no answer (1: the first). Saves use it too (resend.ts). */
export const noAnswerDelayMs = (attempt: number) => Math.min(RETRY_FIRST_MS * 2 ** (attempt - 1), RETRY_MAX_MS);

type Options = {
  /** Stops the waiting (the call's last error is thrown). */
  signal?: AbortSignal;
  /** How many calls at most; without it, until answered or stopped. */
  attempts?: number;
  /** Told when a wait for the connection starts (true) and when the call is answered (false). */
  onWaiting?: (waiting: boolean) => void;
};

/**
 * Makes a call again while it gets no answer (offline, the connection dropped, the server
 * unreachable); any answer, a refusal included, ends it. Only for calls that may be made twice: reads,
 * or writes the server recognises when sent again (an import batch's key).
 */
export async function untilAnswered<T>(
  call: () => Promise<T>,
  { signal, attempts = Infinity, onWaiting }: Options = {},
) {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await call();
      if (attempt > 1) onWaiting?.(false);
      return answer;
    } catch (error) {
      if (!isNetworkFailure(error) || signal?.aborted || attempt >= attempts) {
        if (attempt > 1) onWaiting?.(false);
        throw error;
      }
      onWaiting?.(true);
      await connectionBack(noAnswerDelayMs(attempt), signal);
      if (signal?.aborted) {
        onWaiting?.(false);
        throw error;
      }
    }
  }
}

/** Resolves after `ms`, or sooner when the browser comes back online or `signal` aborts. */
function connectionBack(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = subscribeOnline(() => {
      if (isOnline()) done();
    });
    signal?.addEventListener("abort", done);
  });
}
