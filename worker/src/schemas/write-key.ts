import { z } from "zod";

/**
 * The web's name for one write, the same each time it is sent: a write sent again because its answer
 * never came back is answered as it was the first time, not made twice (domain/write-keys.ts).
 */
export const writeKey = z.string().regex(/^[\w-]{8,64}$/, "A write's key is 8 to 64 letters, digits, '-' or '_'.");

/** A create's input with its optional key. */
export const keyed = <T extends z.ZodType>(schema: T) => schema.and(z.object({ key: writeKey.optional() }));
