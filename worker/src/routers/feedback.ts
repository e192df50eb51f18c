import { desc, eq } from "drizzle-orm";
import { feedback } from "../../../drizzle";
import { newId } from "../domain/ids";
import { feedbackCreateInput } from "../schemas/feedback";
import { createTRPCRouter, memberProcedure } from "../trpc";

export const feedbackRouter = createTRPCRouter({
  create: memberProcedure.input(feedbackCreateInput).mutation(async ({ ctx, input }) => {
    const now = new Date();
    const [row] = await ctx.db
      .insert(feedback)
      .values({
        id: newId("fbk"),
        organizationId: ctx.org.id,
        ...input,
        createdBy: ctx.uid,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: feedback.id, createdAt: feedback.createdAt });
    return row;
  }),

  /** Newest first, for the /feedbacks triage list. */
  list: memberProcedure.query(({ ctx }) =>
    ctx.db
      .select()
      .from(feedback)
      .where(eq(feedback.organizationId, ctx.org.id))
      .orderBy(desc(feedback.createdAt))
      .limit(200),
  ),
});
