import { TRPCError } from "@trpc/server";
import { and, asc, eq, getTableColumns, or, sql } from "drizzle-orm";
import { savedViews, users, viewDefaults } from "../../../drizzle";
import { rowExists, runBatch } from "../db";
import { newId } from "../domain/ids";
import { answerOnce, createOnce, updateOnce } from "../domain/write-keys";
import { conflictError, notFound } from "../domain/records/conflict";
import { recordPlural } from "../domain/records/properties";
import { objectInput } from "../schemas/customization";
import { viewCreateInput, viewDefaultInput, viewUpdateInput } from "../schemas/notes-views";
import { recordIdInput } from "../schemas/records";
import { keyed } from "../schemas/write-key";
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
  /** Shared views and the caller's own, for one object; `isDefault`: the one the caller's list opens on. */
  list: memberProcedure.input(objectInput).query(({ ctx, input }) =>
    ctx.db
      .select({
        ...getTableColumns(savedViews),
        isDefault: sql<number>`${viewDefaults.viewId} IS NOT NULL`.mapWith(Boolean),
      })
      .from(savedViews)
      .leftJoin(
        viewDefaults,
        and(
          eq(viewDefaults.organizationId, ctx.org.id),
          eq(viewDefaults.userId, ctx.uid),
          eq(viewDefaults.object, input.object),
          eq(viewDefaults.viewId, savedViews.id),
        ),
      )
      .where(
        and(
          eq(savedViews.organizationId, ctx.org.id),
          eq(savedViews.object, input.object),
          or(eq(savedViews.shared, true), eq(savedViews.createdBy, ctx.uid)),
        ),
      )
      .orderBy(asc(savedViews.name)),
  ),

  /** Once per `key`: sent again, the view it made (as it is now). */
  create: memberProcedure.input(keyed(viewCreateInput)).mutation(({ ctx, input: { key, ...input } }) => {
    assertMayChange(ctx, { createdBy: ctx.uid, shared: input.shared });
    const now = new Date();
    const id = newId("vw");
    return createOnce(
      ctx.db,
      ctx.org.id,
      key,
      (made) => findVisibleView(ctx, made),
      async (remember) => {
        const insert = ctx.db
          .insert(savedViews)
          .values({
            id,
            organizationId: ctx.org.id,
            ...input,
            createdBy: ctx.uid,
            updatedBy: ctx.uid,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const results = await runBatch(ctx.db, [...remember(id), insert]);
        const [view] = results[results.length - 1] as (typeof savedViews.$inferSelect)[];
        return view;
      },
    );
  }),

  /**
   * Saves over the view only at the `version` the change was made on; otherwise CONFLICT naming who saved it.
   * Once per `key`: sent again after it was saved, the view as it is now (not a CONFLICT naming oneself).
   */
  update: memberProcedure.input(keyed(viewUpdateInput)).mutation(({ ctx, input: { key, ...input } }) =>
    updateOnce(
      ctx.db,
      ctx.org.id,
      key,
      () => findVisibleView(ctx, input.id),
      async (remember) => {
        const view = await findVisibleView(ctx, input.id);
        assertMayChange(ctx, view, input.shared === true);
        if (view.version !== input.version) throw await staleViewError(ctx, view);
        const { id, version, ...patch } = input;
        const current = and(
          eq(savedViews.id, id),
          eq(savedViews.organizationId, ctx.org.id),
          eq(savedViews.version, version),
        );
        const results = await runBatch(ctx.db, [
          ...remember(rowExists(ctx.db, savedViews, current)),
          ctx.db
            .update(savedViews)
            .set({ ...patch, version: version + 1, updatedBy: ctx.uid, updatedAt: new Date() })
            .where(current)
            .returning(),
        ]);
        const [updated] = results[results.length - 1] as (typeof savedViews.$inferSelect)[];
        if (!updated) throw await staleViewError(ctx, await findVisibleView(ctx, id));
        return updated;
      },
    ),
  ),

  /**
   * The view the caller's list of `object` opens on: a shared view or their own (NOT_FOUND otherwise), or none (null).
   * For the caller alone: no one else's list changes. Setting the same again changes nothing, so it takes no key.
   */
  setDefault: memberProcedure.input(viewDefaultInput).mutation(async ({ ctx, input }) => {
    const mine = and(
      eq(viewDefaults.organizationId, ctx.org.id),
      eq(viewDefaults.userId, ctx.uid),
      eq(viewDefaults.object, input.object),
    );
    if (!input.viewId) {
      await ctx.db.delete(viewDefaults).where(mine);
      return { object: input.object, viewId: null };
    }
    const view = await findVisibleView(ctx, input.viewId);
    if (view.object !== input.object)
      throw new TRPCError({
        code: "BAD_REQUEST",
        message: `That view lists ${recordPlural[view.object]}: it cannot open the ${recordPlural[input.object]} list.`,
      });
    const row = { organizationId: ctx.org.id, userId: ctx.uid, object: input.object, viewId: view.id };
    await ctx.db
      .insert(viewDefaults)
      .values({ ...row, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [viewDefaults.organizationId, viewDefaults.userId, viewDefaults.object],
        set: { viewId: view.id, updatedAt: new Date() },
      });
    return { object: input.object, viewId: view.id };
  }),

  /** Once per `key`: sent again after the view was deleted, answered as the first (not NOT_FOUND). */
  delete: memberProcedure.input(keyed(recordIdInput)).mutation(({ ctx, input: { key, id } }) =>
    answerOnce<{ id: string }>(ctx.db, ctx.org.id, key, async (remember) => {
      const view = await findVisibleView(ctx, id);
      assertMayChange(ctx, view);
      await runBatch(ctx.db, [
        ...remember({ id: view.id }),
        ctx.db.delete(savedViews).where(and(eq(savedViews.id, view.id), eq(savedViews.organizationId, ctx.org.id))),
      ]);
      return { id: view.id };
    }),
  ),
});
