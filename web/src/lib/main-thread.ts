/** Calls handled between two breaks at most, and how long they may take: far under a frame's budget. */
const SLICE_CALLS = 5_000;
const SLICE_MS = 10;

/**
 * A break for the browser to paint and answer input: a message's turn, which a background tab does not throttle as it
 * throttles timers (an import goes on there at full speed).
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Calls `each(i)` for i from 0 to count - 1, with a break every SLICE_CALLS calls or SLICE_MS milliseconds, whichever
 * comes first: long work that never holds the tab. `stop()` true ends it early (the work is no longer wanted). The
 * first slice waits for a break too: work started by a render or an answer would otherwise run in that task, after it
 * (a 100,000-row file's dialog took 60 ms to show its mapping with the first slices of three passes in it).
 */
export async function forEachInSlices(count: number, each: (i: number) => void, stop?: () => boolean): Promise<void> {
  await yieldToMain();
  if (stop?.()) return;
  let sliceStart = performance.now();
  let sliceCalls = 0;
  for (let i = 0; i < count; i++) {
    each(i);
    // The clock is read every 64 calls: reading it costs more than a light call.
    if (++sliceCalls === SLICE_CALLS || ((i & 63) === 63 && performance.now() - sliceStart >= SLICE_MS)) {
      await yieldToMain();
      if (stop?.()) return;
      sliceStart = performance.now();
      sliceCalls = 0;
    }
  }
}
