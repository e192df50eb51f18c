/**
 * The web's name for one write, the same each time it is sent (an import batch, a new record): the server
 * answers a write sent again under its key as it did the first time (worker/src/domain/write-keys.ts).
 * 32 hex digits. (crypto.randomUUID exists only on https or localhost; getRandomValues everywhere.)
 */
export function newWriteKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
