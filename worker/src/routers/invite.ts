import { TRPCError } from "@trpc/server";
import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { invites, memberships, organizations, users } from "../../../drizzle";
import { connectedAccountUpserts } from "../domain/connected-accounts";
import { isUniqueViolation } from "../domain/constraint-error";
import { newId } from "../domain/ids";
import { hashInviteToken } from "../domain/invite-token";
import { inviteRevokeInput, inviteTokenInput } from "../schemas/organization";
import { adminProcedure, authedProcedure, createTRPCRouter, publicProcedure, type Context } from "../trpc";

const inviter = alias(users, "inviter");
const USED = "This invite has already been used.";

/**
 * Finds a token's invite and refuses, in words, every state but "waiting to be accepted", or "accepted by
 * `acceptor`" when one is named (their accept sent again).
 */
async function openInvite(ctx: Context, token: string, acceptor?: string) {
  const [row] = await ctx.db
    .select({
      id: invites.id,
      organizationId: invites.organizationId,
      email: invites.email,
      role: invites.role,
      expiresAt: invites.expiresAt,
      acceptedAt: invites.acceptedAt,
      acceptedBy: invites.acceptedBy,
      revokedAt: invites.revokedAt,
      organizationName: organizations.name,
      inviterName: sql<string>`coalesce(${inviter.displayName}, ${inviter.email})`,
    })
    .from(invites)
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .leftJoin(inviter, eq(inviter.id, invites.invitedBy))
    .where(eq(invites.tokenHash, await hashInviteToken(token)))
    .limit(1);
  if (!row)
    throw new TRPCError({
      code: "NOT_FOUND",
      message: "This invite link is not valid. Ask your teammate for a new one.",
    });
  const who = row.inviterName ?? "your teammate";
  if (row.acceptedAt && acceptor && row.acceptedBy === acceptor) return { ...row, inviterName: who };
  if (row.acceptedAt) throw new TRPCError({ code: "CONFLICT", message: USED });
  if (row.revokedAt)
    throw new TRPCError({ code: "FORBIDDEN", message: `This invite was revoked. Ask ${who} for a new one.` });
  if (row.expiresAt.getTime() <= Date.now())
    throw new TRPCError({ code: "FORBIDDEN", message: `This invite has expired. Ask ${who} for a new one.` });
  return { ...row, inviterName: who };
}

export const inviteRouter = createTRPCRouter({
  /** What the accept page shows before sign-in: who invites whom to what. */
  get: publicProcedure.input(inviteTokenInput).query(async ({ ctx, input }) => {
    const invite = await openInvite(ctx, input.token);
    return {
      organizationName: invite.organizationName,
      inviterName: invite.inviterName,
      email: invite.email,
      role: invite.role,
      expiresAt: invite.expiresAt,
    };
  }),

  /**
   * Joins the caller to the invite's organization; single use even under concurrent accepts. Sent again by
   * whoever accepted it (its answer was lost on the way), it answers as it did the first time.
   */
  accept: authedProcedure.input(inviteTokenInput).mutation(async ({ ctx, input }) => {
    const invite = await openInvite(ctx, input.token, ctx.uid);
    const joined = { organizationId: invite.organizationId, organizationName: invite.organizationName };
    const email = ctx.claims.email?.toLowerCase();
    if (email !== invite.email)
      throw new TRPCError({
        code: "FORBIDDEN",
        message: `This invite was sent to ${invite.email}. Sign in with that email to accept it.`,
      });
    const [current] = await ctx.db
      .select({ organizationId: users.organizationId, name: organizations.name })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.id, ctx.uid))
      .limit(1);
    // Theirs already: answered as before while they are in its organization, used up once they are not.
    if (invite.acceptedAt) {
      if (current?.organizationId === invite.organizationId) return joined;
      throw new TRPCError({ code: "CONFLICT", message: USED });
    }
    if (current)
      throw new TRPCError({
        code: "CONFLICT",
        message:
          current.organizationId === invite.organizationId
            ? `You are already a member of ${current.name}.`
            : `You already belong to ${current.name}. Leave it before joining ${invite.organizationName}.`,
      });

    const now = new Date();
    const nowMs = now.getTime();
    // The claim and the inserts run in one transaction; the inserts only happen if this
    // caller's claim is the one that took, so a second accept of the same token adds nothing.
    const claimed = and(eq(invites.id, invite.id), eq(invites.acceptedBy, ctx.uid));
    try {
      const [claim] = await ctx.db.batch([
        ctx.db
          .update(invites)
          .set({ acceptedAt: now, acceptedBy: ctx.uid, updatedAt: now })
          .where(and(eq(invites.id, invite.id), isNull(invites.acceptedAt), isNull(invites.revokedAt)))
          .returning({ id: invites.id }),
        ctx.db.insert(users).select(
          ctx.db
            .select({
              id: sql<string>`${ctx.uid}`.as("id"),
              email: sql<string>`${email}`.as("email"),
              displayName: sql<string | null>`${ctx.claims.name ?? null}`.as("display_name"),
              photoUrl: sql<string | null>`${ctx.claims.picture ?? null}`.as("photo_url"),
              organizationId: invites.organizationId,
              createdAt: sql<number>`${nowMs}`.as("created_at"),
              updatedAt: sql<number>`${nowMs}`.as("updated_at"),
            })
            .from(invites)
            .where(claimed),
        ),
        ctx.db.insert(memberships).select(
          ctx.db
            .select({
              id: sql<string>`${newId("mem")}`.as("id"),
              organizationId: invites.organizationId,
              userId: sql<string>`${ctx.uid}`.as("user_id"),
              role: invites.role,
              joinedAt: sql<number>`${nowMs}`.as("joined_at"),
              createdBy: sql<string>`${ctx.uid}`.as("created_by"),
              createdAt: sql<number>`${nowMs}`.as("created_at"),
              updatedAt: sql<number>`${nowMs}`.as("updated_at"),
            })
            .from(invites)
            .where(claimed),
        ),
        ...connectedAccountUpserts(ctx.db, ctx.claims, now),
      ]);
      if (claim.length === 0) throw new TRPCError({ code: "CONFLICT", message: USED });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new TRPCError({ code: "CONFLICT", message: "You already belong to an organization." });
      throw error;
    }
    return joined;
  }),

  /** Sent again (its answer lost), it answers the same and keeps the time of the first. */
  revoke: adminProcedure.input(inviteRevokeInput).mutation(async ({ ctx, input }) => {
    const now = new Date();
    const revoked = await ctx.db
      .update(invites)
      .set({ revokedAt: sql`coalesce(${invites.revokedAt}, ${now.getTime()})`, updatedAt: now })
      .where(and(eq(invites.id, input.inviteId), eq(invites.organizationId, ctx.org.id), isNull(invites.acceptedAt)))
      .returning({ id: invites.id });
    if (revoked.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "That invite no longer exists." });
    return { id: input.inviteId };
  }),
});
