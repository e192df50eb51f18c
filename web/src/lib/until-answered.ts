import { noAnswerDelayMs } from "./resend";
import { isNetworkFailure } from "./trpc-errors";
import { isOnline, subscribeOnline } from "./unsaved-edits";

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
      // Cut short when the browser is back online.
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
