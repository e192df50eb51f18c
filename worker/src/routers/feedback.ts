import { and, desc, eq } from "drizzle-orm";
import { feedback } from "../../../drizzle";
import { runBatch, type Database } from "../db";
import { notFound } from "../domain/records/conflict";
import { newId } from "../domain/ids";
import { createOnce } from "../domain/write-keys";
import { feedbackCreateInput } from "../schemas/feedback";
import { keyed } from "../schemas/write-key";
import { createTRPCRouter, memberProcedure } from "../trpc";

const sent = { id: feedback.id, organizationId: feedback.organizationId, createdAt: feedback.createdAt };

async function findFeedback(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select(sent)
    .from(feedback)
    .where(and(eq(feedback.id, id), eq(feedback.organizationId, organizationId)))
    .limit(1);
  if (!row) throw notFound("feedback");
  return row;
}

export const feedbackRouter = createTRPCRouter({
  /** Once per `key`: sent again after its answer was lost, it is answered with the feedback it made (see createOnce). */
  create: memberProcedure.input(keyed(feedbackCreateInput)).mutation(({ ctx, input: { key, ...input } }) =>
    createOnce(
      ctx.db,
      ctx.org.id,
      key,
      (id) => findFeedback(ctx.db, ctx.org.id, id),
      async (remember) => {
        const now = new Date();
        const row = {
          id: newId("fbk"),
          organizationId: ctx.org.id,
          ...input,
          createdBy: ctx.uid,
          createdAt: now,
          updatedAt: now,
        };
        await runBatch(ctx.db, [...remember(row.id), ctx.db.insert(feedback).values(row)]);
        return { id: row.id, organizationId: row.organizationId, createdAt: now };
      },
    ),
  ),

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
