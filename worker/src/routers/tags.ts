import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { tags, taggedObjects } from "../../../drizzle";
import { createTRPCRouter, memberReadProcedure } from "../trpc";

/** How many tags tags.list returns at most: suggestions, not a report. */
export const TAG_LIST_LIMIT = 500;

export const tagListInput = z.object({ object: z.enum(taggedObjects) });

/** The organization's tag vocabulary (kept by triggers from the records' tags, migrations/0005). */
export const tagsRouter = createTRPCRouter({
  /**
   * Tags that live records of `object` carry, with how many carry each: most used first, then by
   * name. One D1 round trip: the rows are scoped by the caller's membership (memberReadProcedure).
   */
  list: memberReadProcedure.input(tagListInput).query(async ({ ctx, input }) => {
    const vocabulary = ctx.db
      .select({ name: tags.name, count: tags.count })
      .from(tags)
      .where(and(eq(tags.organizationId, ctx.orgScope), eq(tags.object, input.object)))
      .orderBy(desc(tags.count), asc(tags.tagKey), asc(tags.name))
      .limit(TAG_LIST_LIMIT);
    const { results } = await ctx.readAsMember([vocabulary]);
    return results[0] as { name: string; count: number }[];
  }),
});
