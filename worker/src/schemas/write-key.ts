import { z } from "zod";

/**
 * The web's name for one write, the same each time it is sent: a write sent again because its answer
 * never came back is answered as it was the first time, not made twice (domain/write-keys.ts).
 */
export const writeKey = z.string().regex(/^[\w-]{8,64}$/, "A write's key is 8 to 64 letters, digits, '-' or '_'.");

/**
 * A keyed write as the server keeps it: its key, and a fingerprint of the request it came with (SHA-256 of the
 * input's JSON). A key sent again with another request is not answered as the first: the web never does that, and
 * a client that did gets its own request's answer.
 */
export type WriteKey = { key: string; request: string };

async function fingerprint(input: unknown): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(input)));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** A write's input with its optional key, which the procedure receives as a WriteKey. */
export const keyed = <T extends z.ZodType<object>>(schema: T) =>
  schema.and(z.object({ key: writeKey.optional() })).transform(async ({ key, ...input }) => ({
    ...(input as Omit<z.output<T>, "key">),
    key: key ? ({ key, request: await fingerprint(input) } satisfies WriteKey) : undefined,
  }));
