/** Rows handled between two breaks: a few milliseconds of work each, far under a frame's budget. */
const SLICE = 5_000;

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

/** Calls `each(i)` for i from 0 to count - 1, with a break every SLICE calls: long work that never holds the tab. */
export async function forEachInSlices(count: number, each: (i: number) => void): Promise<void> {
  for (let start = 0; start < count; start += SLICE) {
    if (start > 0) await yieldToMain();
    const end = Math.min(count, start + SLICE);
    for (let i = start; i < end; i++) each(i);
  }
}
