import { TRPCError } from "@trpc/server";
import { and, asc, eq, or } from "drizzle-orm";
import { savedViews, users } from "../../../drizzle";
import { newId } from "../domain/ids";
import { conflictError, notFound } from "../domain/records/conflict";
import { objectInput } from "../schemas/customization";
import { viewCreateInput, viewUpdateInput } from "../schemas/notes-views";
import { recordIdInput } from "../schemas/records";
import { createTRPCRouter, memberProcedure, type Context } from "../trpc";

type Caller = { uid: string; role: "owner" | "admin" | "member"; org: { id: string } };

/** Private views are their author's; shared views are everyone's to read and admins' to change. */
function assertMayChange(ctx: Caller, view: { createdBy: string; shared: boolean }, makingShared = false) {
  const admin = ctx.role !== "member";
  if ((view.shared || makingShared) && !admin)
    throw new TRPCError({ code: "FORBIDDEN", message: "Only admins can change shared views." });
  if (!view.shared && !makingShared && view.createdBy !== ctx.uid) throw notFound("view");
}

async function findVisibleView(ctx: Context & Caller, id: string) {
  const [view] = await ctx.db
    .select()
    .from(savedViews)
    .where(
      and(
        eq(savedViews.id, id),
        eq(savedViews.organizationId, ctx.org.id),
        or(eq(savedViews.shared, true), eq(savedViews.createdBy, ctx.uid)),
      ),
    )
    .limit(1);
  if (!view) throw notFound("view");
  return view;
}

/** CONFLICT naming who saved the view last, and when. */
async function staleViewError(ctx: Context, view: { updatedBy: string | null; updatedAt: Date }) {
  const [author] = view.updatedBy
    ? await ctx.db
        .select({ name: users.displayName, email: users.email })
        .from(users)
        .where(eq(users.id, view.updatedBy))
        .limit(1)
    : [];
  return conflictError("view", author?.name ?? author?.email ?? null, view.updatedAt);
}

export const viewsRouter = createTRPCRouter({
  /** Shared views and the caller's own, for one object. */
  list: memberProcedure.input(objectInput).query(({ ctx, input }) =>
    ctx.db
      .select()
      .from(savedViews)
      .where(
        and(
          eq(savedViews.organizationId, ctx.org.id),
          eq(savedViews.object, input.object),
          or(eq(savedViews.shared, true), eq(savedViews.createdBy, ctx.uid)),
        ),
      )
      .orderBy(asc(savedViews.name)),
  ),

  create: memberProcedure.input(viewCreateInput).mutation(async ({ ctx, input }) => {
    assertMayChange(ctx, { createdBy: ctx.uid, shared: input.shared });
    const now = new Date();
    const [view] = await ctx.db
      .insert(savedViews)
      .values({
        id: newId("vw"),
        organizationId: ctx.org.id,
        ...input,
        createdBy: ctx.uid,
        updatedBy: ctx.uid,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return view;
  }),

  /** Saves over the view only at the `version` the change was made on; otherwise CONFLICT naming who saved it. */
  update: memberProcedure.input(viewUpdateInput).mutation(async ({ ctx, input }) => {
    const view = await findVisibleView(ctx, input.id);
    assertMayChange(ctx, view, input.shared === true);
    if (view.version !== input.version) throw await staleViewError(ctx, view);
    const { id, version, ...patch } = input;
    const [updated] = await ctx.db
      .update(savedViews)
      .set({ ...patch, version: version + 1, updatedBy: ctx.uid, updatedAt: new Date() })
      .where(and(eq(savedViews.id, id), eq(savedViews.organizationId, ctx.org.id), eq(savedViews.version, version)))
      .returning();
    if (!updated) throw await staleViewError(ctx, await findVisibleView(ctx, id));
    return updated;
  }),

  delete: memberProcedure.input(recordIdInput).mutation(async ({ ctx, input }) => {
    const view = await findVisibleView(ctx, input.id);
    assertMayChange(ctx, view);
    await ctx.db.delete(savedViews).where(and(eq(savedViews.id, view.id), eq(savedViews.organizationId, ctx.org.id)));
    return { id: view.id };
  }),
});
