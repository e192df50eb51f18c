import { TRPCError } from "@trpc/server";
import { and, asc, eq } from "drizzle-orm";
import { memberships, users } from "../../../drizzle";
import type { Database } from "../db";

/** The organization's people, first joined first (at most 500): the team list, and whom an import's Owner cell may name. */
export function organizationMembers(db: Database, organizationId: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      displayName: users.displayName,
      photoUrl: users.photoUrl,
      role: memberships.role,
      joinedAt: memberships.joinedAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(memberships.joinedAt))
    .limit(500);
}

const NOT_A_MEMBER = "That person is not a member of this workspace.";

/**
 * NOT_FOUND unless `userId` is a member of the organization: an owner or assignee must be one of
 * its people (someone of another organization is as unknown here as their records). No id: nothing to check.
 */
export async function assertMember(db: Database, organizationId: string, userId: string | null | undefined) {
  if (!userId) return;
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  if (!member) throw new TRPCError({ code: "NOT_FOUND", message: NOT_A_MEMBER });
}
