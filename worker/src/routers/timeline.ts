import { TRPCError } from "@trpc/server";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { memberships } from "../../../drizzle";
import { companyNamesIn } from "../domain/records/company-names";
import { notFound } from "../domain/records/conflict";
import { companyConfig, contactConfig } from "../domain/records/fields";
import { timelineOf, timelinePage } from "../domain/records/lifecycle";
import {
  MEMBER_ACTIVITY_PAGE,
  memberActivityOf,
  memberActivityRows,
  recentActivityOf,
  type RecentActivity,
} from "../domain/records/recent-activity";
import { createTRPCRouter, memberReadProcedure } from "../trpc";

const olderInput = z.object({
  object: z.enum(["contact", "company"]),
  recordId: z.string().min(4).max(40),
  /** The oldest activity shown so far: the page holds the ones before it (none: the newest page). */
  cursor: z.string().min(4).max(40).optional(),
});

const memberFeedInput = z.object({
  memberId: z.string().min(1).max(128),
  /** The oldest entry shown so far: the page holds the ones before it (none: the newest page). */
  cursor: z.string().min(4).max(40).optional(),
});

const memberActivityInput = z.object({
  /** Where "lately" begins: the start of the reader's day, 6 days ago (as /team counts done tasks). */
  since: z.date(),
});

export const timelineRouter = createTRPCRouter({
  /** What the team did lately across the organization's contacts and companies (the home page's card). */
  recent: memberReadProcedure.query(async ({ ctx }) => {
    const { results } = await ctx.readAsMember([recentActivityOf(ctx.db, ctx.orgScope)]);
    return results[0] as RecentActivity[];
  }),

  /** Each member's latest feed entry and how many since `since` (/team): one seek a member, in one statement. */
  members: memberReadProcedure.input(memberActivityInput).query(async ({ ctx, input }) => {
    const { results } = await ctx.readAsMember([memberActivityOf(ctx.db, ctx.orgScope, input.since)]);
    return memberActivityRows(results[0]);
  }),

  /**
   * What one member did lately, as the home page's feed tells it, a page at a time, newest first: NOT_FOUND for
   * someone who is not a member of the caller's organization.
   */
  byMember: memberReadProcedure.input(memberFeedInput).query(async ({ ctx, input }) => {
    const member = ctx.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, ctx.orgScope), eq(memberships.userId, input.memberId)));
    const { results } = await ctx.readAsMember([
      member,
      recentActivityOf(ctx.db, ctx.orgScope, {
        actorId: input.memberId,
        before: input.cursor,
        limit: MEMBER_ACTIVITY_PAGE + 1,
      }),
    ]);
    if ((results[0] as unknown[]).length === 0)
      throw new TRPCError({ code: "NOT_FOUND", message: "That member is not in this workspace." });
    const entries = results[1] as RecentActivity[];
    return { items: entries.slice(0, MEMBER_ACTIVITY_PAGE), more: entries.length > MEMBER_ACTIVITY_PAGE };
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
