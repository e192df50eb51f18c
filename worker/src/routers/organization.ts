import { TRPCError } from "@trpc/server";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { invites, memberships, organizations, pipelineStages, pipelines, users } from "../../../drizzle";
import { connectedAccountUpserts } from "../domain/connected-accounts";
import { isUniqueViolation } from "../domain/constraint-error";
import { defaultPipeline } from "../domain/default-pipeline";
import { newId } from "../domain/ids";
import { organizationMembers } from "../domain/members";
import { INVITE_TTL_MS, hashInviteToken, newInviteToken } from "../domain/invite-token";
import { organizationSlug } from "../domain/slug";
import { organizationCreateInput, organizationInviteInput, type OrganizationCreate } from "../schemas/organization";
import type { FirebaseClaims } from "../auth/verify-id-token";
import type { Database } from "../db";
import { adminProcedure, authedProcedure, createTRPCRouter, memberProcedure, type Context } from "../trpc";

async function currentOrganization(ctx: Context, uid: string) {
  const [row] = await ctx.db
    .select({ id: organizations.id, name: organizations.name, createdBy: organizations.createdBy })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, uid))
    .limit(1);
  return row ?? null;
}

/**
 * The organization this create made, when it is one sent again (its answer lost on the way): the caller's own,
 * created by them under the same name. Any other organization of theirs is a CONFLICT.
 */
function sentAgain(uid: string, name: string, current: Awaited<ReturnType<typeof currentOrganization>>) {
  return current && current.createdBy === uid && current.name === name ? { id: current.id, name: current.name } : null;
}

/** Links use the SPA's configured origin in production, the request's own origin locally. */
export function appOrigin(ctx: Context): string {
  return ctx.env.APP_ORIGIN ?? new URL(ctx.request.url).origin;
}

type NewOrganization = OrganizationCreate & { uid: string; email: string; claims: FirebaseClaims };

/** Organization, user record, owner membership and default pipeline in one atomic D1 batch. */
async function insertOrganization(db: Database, input: NewOrganization): Promise<string> {
  const now = new Date();
  const orgId = newId("org");
  const pipelineId = newId("pip");
  const audit = { createdAt: now, updatedAt: now, createdBy: input.uid };
  await db.batch([
    db.insert(organizations).values({
      id: orgId,
      name: input.name,
      slug: organizationSlug(input.name),
      currency: input.currency,
      timezone: input.timezone,
      ...audit,
    }),
    db.insert(users).values({
      id: input.uid,
      email: input.email,
      displayName: input.displayName || input.claims.name || null,
      photoUrl: input.claims.picture ?? null,
      organizationId: orgId,
      createdAt: now,
      updatedAt: now,
    }),
    db
      .insert(memberships)
      .values({ id: newId("mem"), organizationId: orgId, userId: input.uid, role: "owner", joinedAt: now, ...audit }),
    db.insert(pipelines).values({
      id: pipelineId,
      organizationId: orgId,
      name: defaultPipeline.name,
      isDefault: true,
      position: 0,
      ...audit,
    }),
    db.insert(pipelineStages).values(
      defaultPipeline.stages.map((stage, position) => ({
        id: newId("stg"),
        organizationId: orgId,
        pipelineId,
        position,
        ...stage,
        ...audit,
      })),
    ),
    ...connectedAccountUpserts(db, input.claims, now),
  ]);
  return orgId;
}

export const organizationRouter = createTRPCRouter({
  /**
   * Organization, user record, owner membership and default pipeline, all in one D1 batch. Sent again (the
   * same name, by the user who made it), it answers with the organization the first one made.
   */
  create: authedProcedure.input(organizationCreateInput).mutation(async ({ ctx, input }) => {
    const existing = await currentOrganization(ctx, ctx.uid);
    const made = sentAgain(ctx.uid, input.name, existing);
    if (made) return made;
    if (existing) throw new TRPCError({ code: "CONFLICT", message: `You already belong to ${existing.name}.` });
    if (!ctx.claims.email)
      throw new TRPCError({
        code: "BAD_REQUEST",
        message: "Your account has no email address; sign in with email or Google.",
      });

    const email = ctx.claims.email.toLowerCase();
    for (let attempt = 1; ; attempt++) {
      try {
        const orgId = await insertOrganization(ctx.db, { ...input, uid: ctx.uid, email, claims: ctx.claims });
        return { id: orgId, name: input.name };
      } catch (error) {
        // A drawn slug that is taken: draw again (the batch rolled back, nothing was written).
        if (isUniqueViolation(error, "organizations.slug") && attempt < 3) continue;
        // A concurrent create for the same user lost the race on users.id; the batch rolled back. The same
        // create sent twice at once is answered with what the other made.
        if (isUniqueViolation(error)) {
          const made = sentAgain(ctx.uid, input.name, await currentOrganization(ctx, ctx.uid));
          if (made) return made;
          throw new TRPCError({ code: "CONFLICT", message: "You already belong to an organization." });
        }
        throw error;
      }
    }
  }),

  /** Invite by email; a pending invite for the same email is replaced (that is "resend"). */
  invite: adminProcedure.input(organizationInviteInput).mutation(async ({ ctx, input }) => {
    const [member] = await ctx.db
      .select({ id: users.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, ctx.org.id), eq(users.email, input.email)))
      .limit(1);
    if (member)
      throw new TRPCError({ code: "CONFLICT", message: `${input.email} is already a member of ${ctx.org.name}.` });

    const now = new Date();
    const token = newInviteToken();
    const invite = {
      id: newId("inv"),
      organizationId: ctx.org.id,
      email: input.email,
      role: input.role,
      tokenHash: await hashInviteToken(token),
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      invitedBy: ctx.uid,
      createdBy: ctx.uid,
      createdAt: now,
      updatedAt: now,
    };
    await ctx.db.batch([
      ctx.db
        .update(invites)
        .set({ revokedAt: now, updatedAt: now })
        .where(
          and(
            eq(invites.organizationId, ctx.org.id),
            eq(invites.email, input.email),
            isNull(invites.acceptedAt),
            isNull(invites.revokedAt),
          ),
        ),
      ctx.db.insert(invites).values(invite),
    ]);
    const path = `/invite/${token}`;
    return {
      id: invite.id,
      email: invite.email,
      role: invite.role,
      expiresAt: invite.expiresAt,
      path,
      url: `${appOrigin(ctx)}${path}`,
    };
  }),

  /** Invites still waiting for an answer. */
  listInvites: adminProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        id: invites.id,
        email: invites.email,
        role: invites.role,
        expiresAt: invites.expiresAt,
        createdAt: invites.createdAt,
      })
      .from(invites)
      .where(
        and(
          eq(invites.organizationId, ctx.org.id),
          isNull(invites.acceptedAt),
          isNull(invites.revokedAt),
          gt(invites.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(invites.createdAt))
      .limit(200),
  ),

  listMembers: memberProcedure.query(({ ctx }) => organizationMembers(ctx.db, ctx.org.id)),
});
