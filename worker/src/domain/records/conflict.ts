import { TRPCError } from "@trpc/server";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { activities, users } from "../../../../drizzle";
import type { Database } from "../../db";

/** Activity kinds that change a record's fields (and version); notes and tasks do not. */
const WRITE_KINDS = ["created", "updated", "deleted", "restored", "merged"] as const;

/** CONFLICT naming who changed the record last and when, so the person knows to reload. */
export async function staleVersionError(db: Database, organizationId: string, recordId: string): Promise<TRPCError> {
  const [last] = await db
    .select({ at: activities.createdAt, name: users.displayName, email: users.email })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.actorId))
    .where(
      and(
        eq(activities.organizationId, organizationId),
        eq(activities.recordId, recordId),
        inArray(activities.kind, [...WRITE_KINDS]),
      ),
    )
    // Two writes in one millisecond: the later insert (higher rowid) is the later change.
    .orderBy(desc(activities.createdAt), sql`${activities}.rowid DESC`)
    .limit(1);
  const who = last?.name ?? last?.email ?? "a teammate";
  const when = last ? ` at ${last.at.toISOString().replace("T", " ").slice(0, 16)} UTC` : "";
  return new TRPCError({
    code: "CONFLICT",
    message: `This record was changed by ${who}${when}. Reload to see their change.`,
  });
}

export function notFound(object: string): TRPCError {
  return new TRPCError({ code: "NOT_FOUND", message: `That ${object} does not exist or was deleted.` });
}
