import { z } from "zod";
import { taggedObjects } from "../../../drizzle/values";

/** As many as a sidebar lists without becoming a second contacts list. */
export const FAVORITES_MAX = 50;

const recordId = z.string().min(4).max(40);

/** Makes a contact or company one of the caller's favorites, or no longer one. */
export const favoriteSetInput = z.object({
  recordObject: z.enum(taggedObjects),
  recordId,
  favorite: z.boolean(),
});

/** The caller's favorites in the order they want them, by their records' ids. */
export const favoriteOrderInput = z.object({
  recordIds: z
    .array(recordId)
    .min(1)
    .max(FAVORITES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, "Name each favorite once."),
});
