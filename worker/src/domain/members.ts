import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { memberships } from "../../../drizzle";
import type { Database } from "../db";

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
