import { and, count, desc, eq, gte, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import {
  activities,
  companies,
  contacts,
  isFeedKind,
  memberships,
  type ActivityKind,
  type FeedKind,
} from "../../../../drizzle";
import type { Database } from "../../db";

/** As many as the home page's card shows. */
export const RECENT_ACTIVITY = 8;

/** A member's feed on /team, a page at a time. */
export const MEMBER_ACTIVITY_PAGE = 25;

/**
 * `fields` of the feed's entries: activities of feedKinds on live contacts and companies, each joined to its record
 * (for its name). A record in the trash takes its entries out of the feed until it is restored. `organization`: an
 * id, memberReadProcedure's `orgScope`, or an outer query's column.
 */
function feed(db: Database, organization: SQLWrapper | string, fields: SelectedFields, where?: SQL) {
  const onRecord = (object: "contact" | "company", table: typeof contacts | typeof companies) =>
    and(
      eq(activities.recordObject, object),
      eq(table.id, activities.recordId),
      eq(table.organizationId, activities.organizationId),
      isNull(table.deletedAt),
    );
  return db
    .select(fields)
    .from(activities)
    .leftJoin(contacts, onRecord("contact", contacts))
    .leftJoin(companies, onRecord("company", companies))
    .where(
      and(
        eq(activities.organizationId, organization),
        isFeedKind,
        or(isNotNull(contacts.id), isNotNull(companies.id)),
        where,
      ),
    );
}

const newestFirst = [desc(activities.createdAt), sql`${activities}.rowid DESC`];

/**
 * The organization's latest feed entries, newest first, each with the name of its record: read from
 * activities_org_feed_idx, one record lookup by id per entry. With `actorId`, one member's (from
 * activities_org_actor_feed_idx), older than the entry `before` when given, `limit` of them.
 */
export function recentActivityOf(
  db: Database,
  organization: SQL,
  { actorId, before, limit = RECENT_ACTIVITY }: { actorId?: string; before?: string; limit?: number } = {},
) {
  const older = before
    ? sql`(${activities.createdAt}, ${activities}.rowid) < (SELECT "before".created_at, "before".rowid
        FROM ${activities} AS "before" WHERE "before".id = ${before} AND "before".organization_id = ${organization})`
    : undefined;
  return feed(
    db,
    organization,
    {
      id: activities.id,
      kind: activities.kind,
      actorId: activities.actorId,
      summary: activities.summary,
      createdAt: activities.createdAt,
      recordObject: sql<"contact" | "company">`${activities.recordObject}`.as("feed_record_object"),
      recordId: activities.recordId,
      recordName: sql<string | null>`coalesce(
        nullif(trim(${contacts.firstName} || ' ' || ${contacts.lastName}), ''), ${contacts.primaryEmail}, ${companies.name})`.as(
        "feed_record_name",
      ),
    },
    and(actorId === undefined ? undefined : eq(activities.actorId, actorId), older),
  )
    .orderBy(...newestFirst)
    .limit(limit);
}

/** An entry of the feed, as recentActivityOf reads it. */
export type RecentActivity = {
  id: string;
  kind: ActivityKind;
  actorId: string;
  summary: string | null;
  createdAt: Date;
  recordObject: "contact" | "company";
  recordId: string;
  recordName: string | null;
};

/**
 * Each member of the organization with the time of their latest feed entry and how many of each kind they made since
 * `since`: two seeks a member into activities_org_actor_feed_idx, however long the organization's feed.
 */
export function memberActivityOf(db: Database, organization: SQL, since: Date) {
  const theirs = eq(activities.actorId, memberships.userId);
  const latest = feed(db, memberships.organizationId, { at: activities.createdAt }, theirs)
    .orderBy(...newestFirst)
    .limit(1);
  const byKind = feed(
    db,
    memberships.organizationId,
    { kind: sql`${activities.kind}`.as("lately_kind"), count: count().as("lately_count") },
    and(theirs, gte(activities.createdAt, since)),
  ).groupBy(activities.kind);
  return db
    .select({
      userId: memberships.userId,
      latestAt: sql<number | null>`(${latest})`.as("member_latest_at"),
      lately: sql<string>`(SELECT json_group_object(lately_kind, lately_count) FROM (${byKind}))`.as("member_lately"),
    })
    .from(memberships)
    .where(eq(memberships.organizationId, organization));
}

/** memberActivityOf's rows as /team reads them: `recent` counts the entries of every kind since the day asked. */
export type MemberActivity = {
  userId: string;
  latestAt: Date | null;
  recent: number;
  recentByKind: Partial<Record<FeedKind, number>>;
};

export function memberActivityRows(rows: unknown): MemberActivity[] {
  return (rows as { userId: string; latestAt: number | null; lately: string }[]).map((row) => {
    const recentByKind = JSON.parse(row.lately) as Partial<Record<FeedKind, number>>;
    return {
      userId: row.userId,
      latestAt: row.latestAt === null ? null : new Date(row.latestAt),
      recent: Object.values(recentByKind).reduce((sum, n) => sum + n, 0),
      recentByKind,
    };
  });
}
