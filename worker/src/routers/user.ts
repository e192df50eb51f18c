import { and, asc, eq, notInArray } from "drizzle-orm";
import { connectedAccounts, memberships, organizations, users } from "../../../drizzle";
import { connectedAccountUpserts, providersFromClaims } from "../domain/connected-accounts";
import { authedProcedure, createTRPCRouter } from "../trpc";

export const userRouter = createTRPCRouter({
  /** The caller's record with organization and role, or null while they are not registered. */
  getUser: authedProcedure.query(async ({ ctx }) => {
    const [row] = await ctx.db
      .select({
        id: users.id,
        email: users.email,
        displayName: users.displayName,
        photoUrl: users.photoUrl,
        createdAt: users.createdAt,
        role: memberships.role,
        organization: {
          id: organizations.id,
          name: organizations.name,
          slug: organizations.slug,
          domain: organizations.domain,
          currency: organizations.currency,
          timezone: organizations.timezone,
          plan: organizations.plan,
        },
      })
      .from(users)
      .innerJoin(
        memberships,
        and(eq(memberships.userId, users.id), eq(memberships.organizationId, users.organizationId)),
      )
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.id, ctx.uid))
      .limit(1);
    return row ?? null;
  }),

  /** Sign-in methods linked to the caller, refreshed from the verified token on every read. */
  getConnectedAccounts: authedProcedure.query(async ({ ctx }) => {
    const now = new Date();
    const current = providersFromClaims(ctx.claims);
    const markUnlinked = ctx.db
      .update(connectedAccounts)
      .set({ status: "revoked", updatedAt: now })
      .where(
        and(
          eq(connectedAccounts.userId, ctx.uid),
          eq(connectedAccounts.status, "active"),
          current.length ? notInArray(connectedAccounts.provider, current) : undefined,
        ),
      );
    const list = ctx.db
      .select({
        provider: connectedAccounts.provider,
        email: connectedAccounts.email,
        status: connectedAccounts.status,
        linkedAt: connectedAccounts.linkedAt,
      })
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.userId, ctx.uid), eq(connectedAccounts.status, "active")))
      .orderBy(asc(connectedAccounts.provider));
    const results = await ctx.db.batch([markUnlinked, ...connectedAccountUpserts(ctx.db, ctx.claims, now), list]);
    return results[results.length - 1] as Awaited<typeof list>;
  }),
});
