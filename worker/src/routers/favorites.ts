import { TRPCError } from "@trpc/server";
import { and, asc, count, eq, isNull, or, sql } from "drizzle-orm";
import { companies, contacts, favorites } from "../../../drizzle";
import { inValues } from "../db";
import { newId } from "../domain/ids";
import { assertAllFound, notFound } from "../domain/records/conflict";
import { linkedRecordJoin, linkedRecordName } from "../domain/records/linked-record";
import { assertLiveRecord } from "../domain/records/live-record";
import { FAVORITES_MAX, favoriteOrderInput, favoriteSetInput } from "../schemas/favorites";
import { createTRPCRouter, memberProcedure } from "../trpc";

/** The caller's own favorites in their organization: no one reads or orders another's. */
const mine = (organizationId: string, userId: string) =>
  and(eq(favorites.organizationId, organizationId), eq(favorites.userId, userId));

const ofRecord = { object: favorites.recordObject, id: favorites.recordId };

const tooMany = () =>
  new TRPCError({
    code: "BAD_REQUEST",
    message: `You keep ${FAVORITES_MAX} favorites at most. Remove one to add this one.`,
  });

export const favoritesRouter = createTRPCRouter({
  /** The caller's favorite records in their order, named as they are called now; those in the trash are left out. */
  list: memberProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        recordObject: favorites.recordObject,
        recordId: favorites.recordId,
        name: sql<string>`coalesce(${linkedRecordName}, '')`,
        /** A contact's email, a company's domain: what tells two of one name apart. */
        detail: sql<string | null>`coalesce(${contacts.primaryEmail}, ${companies.domain})`,
        /** When its earliest open task is due: the sidebar marks one gone past. */
        nextTaskAt: sql`coalesce(${contacts.nextTaskAt}, ${companies.nextTaskAt})`.mapWith((ms: number | null) =>
          ms === null ? null : new Date(ms),
        ),
      })
      .from(favorites)
      .leftJoin(contacts, linkedRecordJoin(contacts, ctx.org.id, ofRecord))
      .leftJoin(companies, linkedRecordJoin(companies, ctx.org.id, ofRecord))
      .where(
        and(
          mine(ctx.org.id, ctx.uid),
          or(
            and(eq(favorites.recordObject, "contact"), isNull(contacts.deletedAt), sql`${contacts.id} IS NOT NULL`),
            and(eq(favorites.recordObject, "company"), isNull(companies.deletedAt), sql`${companies.id} IS NOT NULL`),
          ),
        ),
      )
      .orderBy(asc(favorites.position), asc(favorites.createdAt)),
  ),

  /**
   * Makes a live contact or company one of the caller's favorites, last in their order, or no longer one (one in the
   * trash too). Either is as asked however often it is sent: a favorite made twice is one.
   */
  set: memberProcedure
    .input(favoriteSetInput)
    .mutation(async ({ ctx, input: { recordObject, recordId, favorite } }) => {
      const own = mine(ctx.org.id, ctx.uid);
      if (!favorite) {
        const table = recordObject === "contact" ? contacts : companies;
        const [record] = await ctx.db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.id, recordId), eq(table.organizationId, ctx.org.id)))
          .limit(1);
        if (!record) throw notFound(recordObject);
        await ctx.db.delete(favorites).where(and(own, eq(favorites.recordId, recordId)));
        return { favorite };
      }
      await assertLiveRecord(ctx.db, ctx.org.id, recordObject, recordId);
      const now = sql.param(new Date(), favorites.createdAt);
      // The room is counted as it is written: two favorites made at once cannot make a 51st.
      const added = await ctx.db
        .insert(favorites)
        .select(
          sql`SELECT ${newId("fav")}, ${ctx.org.id}, ${ctx.uid}, ${recordObject}, ${recordId},
          (SELECT coalesce(max(${favorites.position}), -1) + 1 FROM ${favorites} WHERE ${own}), ${now}, ${now}
          WHERE (SELECT count(*) FROM ${favorites} WHERE ${own}) < ${FAVORITES_MAX}`,
        )
        .onConflictDoNothing()
        .returning({ id: favorites.id });
      if (added.length > 0) return { favorite };
      const [held] = await ctx.db
        .select({ id: favorites.id })
        .from(favorites)
        .where(and(own, eq(favorites.recordId, recordId)))
        .limit(1);
      if (!held) throw tooMany();
      return { favorite };
    }),

  /**
   * Puts the caller's favorites in the order of `recordIds` (all must be theirs, else NOT_FOUND and none moves); one
   * they did not name, made meanwhile in another tab, goes after them.
   */
  reorder: memberProcedure.input(favoriteOrderInput).mutation(async ({ ctx, input: { recordIds } }) => {
    const own = mine(ctx.org.id, ctx.uid);
    const [found] = await ctx.db
      .select({ n: count() })
      .from(favorites)
      .where(and(own, inValues(favorites.recordId, recordIds)));
    assertAllFound(found.n, recordIds.length, ["favorite", "favorites"]);
    const order = JSON.stringify(recordIds);
    await ctx.db
      .update(favorites)
      .set({
        position: sql`coalesce((SELECT key FROM json_each(${order}) WHERE value = ${favorites.recordId}), ${recordIds.length} + ${favorites.position})`,
        updatedAt: new Date(),
      })
      .where(own);
    return { reordered: recordIds.length };
  }),
});
