import { and, count, eq, getTableColumns, isNull, lt, sql } from "drizzle-orm";
import { companies, contacts, notifications } from "../../../drizzle";
import { inValues, runBatch } from "../db";
import { assertAllFound } from "../domain/records/conflict";
import { linkedRecordJoin, linkedRecordName } from "../domain/records/linked-record";
import { afterAnchor, keysetOrderBy, type KeysetOrder } from "../domain/records/keyset";
import { notificationListInput, notificationReadInput, UNREAD_COUNTED } from "../schemas/notifications";
import { createTRPCRouter, memberProcedure } from "../trpc";

/** How long a notification read is kept: 90 days. */
const KEPT_READ_MS = 90 * 24 * 60 * 60 * 1000;

/** Newest first; those of one write share their time, and are then in id order. */
const newestFirst: KeysetOrder<typeof notifications> = {
  keys: (row) => [sql`${row.createdAt}`, sql`${row.id}`],
  descending: true,
};

/** The name of the record a notification is about as it is now (renamed since, say), else as it was. */
const subjectName = sql<string | null>`coalesce(${linkedRecordName}, ${notifications.subject})`;
const aboutRecord = { object: notifications.recordObject, id: notifications.recordId };

/** The caller's own notifications in their organization: no one reads or marks another's. */
const mine = (organizationId: string, userId: string) =>
  and(eq(notifications.organizationId, organizationId), eq(notifications.userId, userId));

export const notificationsRouter = createTRPCRouter({
  /** The caller's notifications, newest first, page by page. */
  list: memberProcedure.input(notificationListInput).query(({ ctx, input }) =>
    ctx.db
      .select({ ...getTableColumns(notifications), subject: subjectName })
      .from(notifications)
      .leftJoin(contacts, linkedRecordJoin(contacts, ctx.org.id, aboutRecord))
      .leftJoin(companies, linkedRecordJoin(companies, ctx.org.id, aboutRecord))
      .where(
        and(
          mine(ctx.org.id, ctx.uid),
          input.cursor ? afterAnchor(notifications, newestFirst, ctx.org.id, input.cursor) : undefined,
        ),
      )
      .orderBy(...keysetOrderBy(notifications, newestFirst))
      .limit(input.limit),
  ),

  /** How many of the caller's notifications are unread, up to UNREAD_COUNTED (the badge says "99+" past 99). */
  unreadCount: memberProcedure.query(async ({ ctx }) => {
    const unread = ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(mine(ctx.org.id, ctx.uid), isNull(notifications.readAt)))
      .limit(UNREAD_COUNTED)
      .as("unread");
    const [{ unread: total }] = await ctx.db.select({ unread: count() }).from(unread);
    return { unread: total };
  }),

  /**
   * Marks the caller's notifications read: those named (all must be theirs, else NOT_FOUND and none is marked), or
   * every unread one. Marking one read again changes nothing. Those read more than 90 days ago are forgotten then.
   */
  markRead: memberProcedure.input(notificationReadInput).mutation(async ({ ctx, input }) => {
    if (input.ids) {
      const found = await ctx.db
        .select({ n: count() })
        .from(notifications)
        .where(and(mine(ctx.org.id, ctx.uid), inValues(notifications.id, input.ids)));
      assertAllFound(found[0].n, new Set(input.ids).size, ["notification", "notifications"]);
    }
    const now = new Date();
    const mark = ctx.db
      .update(notifications)
      .set({ readAt: now, updatedAt: now })
      .where(
        and(
          mine(ctx.org.id, ctx.uid),
          isNull(notifications.readAt),
          input.ids ? inValues(notifications.id, input.ids) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    // The caller's read long ago go: a list read each day keeps what is worth going back to.
    const forget = ctx.db
      .delete(notifications)
      .where(and(mine(ctx.org.id, ctx.uid), lt(notifications.readAt, new Date(now.getTime() - KEPT_READ_MS))));
    const [marked] = await runBatch(ctx.db, [mark, forget]);
    return { marked: (marked as unknown[]).length };
  }),
});
