import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { activities, companies, contacts, isFeedKind } from "../../../../drizzle";
import type { Database } from "../../db";

/** As many as the home page's card shows. */
export const RECENT_ACTIVITY = 8;

/**
 * The organization's latest feed activities (feedKinds) on live contacts and companies, newest
 * first, each with the name of its record: read from activities_org_feed_idx, one record lookup by
 * id per entry. A record in the trash takes its entries out of the feed until it is restored.
 */
export function recentActivityOf(db: Database, organization: SQL) {
  const onRecord = (object: "contact" | "company", table: typeof contacts | typeof companies) =>
    and(
      eq(activities.recordObject, object),
      eq(table.id, activities.recordId),
      eq(table.organizationId, activities.organizationId),
      isNull(table.deletedAt),
    );
  return db
    .select({
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
    })
    .from(activities)
    .leftJoin(contacts, onRecord("contact", contacts))
    .leftJoin(companies, onRecord("company", companies))
    .where(
      and(eq(activities.organizationId, organization), isFeedKind, or(isNotNull(contacts.id), isNotNull(companies.id))),
    )
    .orderBy(desc(activities.createdAt), sql`${activities}.rowid DESC`)
    .limit(RECENT_ACTIVITY);
}

export type RecentActivity = Awaited<ReturnType<typeof recentActivityOf>>[number];
