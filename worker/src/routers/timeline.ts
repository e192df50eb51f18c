import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { companyNamesIn } from "../domain/records/company-names";
import { notFound } from "../domain/records/conflict";
import { companyConfig, contactConfig } from "../domain/records/fields";
import { timelineOf, timelinePage } from "../domain/records/lifecycle";
import { recentActivityOf, type RecentActivity } from "../domain/records/recent-activity";
import { createTRPCRouter, memberReadProcedure } from "../trpc";

const olderInput = z.object({
  object: z.enum(["contact", "company"]),
  recordId: z.string().min(4).max(40),
  /** The oldest activity shown so far: the page holds the ones before it (none: the newest page). */
  cursor: z.string().min(4).max(40).optional(),
});

export const timelineRouter = createTRPCRouter({
  /** What the team did lately across the organization's contacts and companies (the home page's card). */
  recent: memberReadProcedure.query(async ({ ctx }) => {
    const { results } = await ctx.readAsMember([recentActivityOf(ctx.db, ctx.orgScope)]);
    return results[0] as RecentActivity[];
  }),

  /**
   * A live record's activities older than `cursor`, a page at a time (a record's get holds the newest
   * page, as does a call without a cursor): with the record in one D1 round trip, so another
   * organization's record is NOT_FOUND.
   */
  older: memberReadProcedure.input(olderInput).query(async ({ ctx, input }) => {
    const table = (input.object === "contact" ? contactConfig : companyConfig).table;
    const record = ctx.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, input.recordId), eq(table.organizationId, ctx.orgScope), isNull(table.deletedAt)));
    const { results } = await ctx.readAsMember([
      record,
      timelineOf(ctx.db, ctx.orgScope, input.recordId, input.cursor),
    ]);
    if ((results[0] as unknown[]).length === 0) throw notFound(input.object);
    const page = timelinePage(results[1]);
    return { ...page, companyNames: await companyNamesIn(ctx.db, ctx.orgScope, page.items) };
  }),
});
