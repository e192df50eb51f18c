import { initTRPC, TRPCError } from "@trpc/server";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import superjson from "superjson";
import { ZodError, z } from "zod";
import { memberships, organizations, users, type Role } from "../../drizzle";
import { InvalidTokenError, verifyIdToken, type FirebaseClaims } from "./auth/verify-id-token";
import { bindingFor, databaseFor, runBatch, type Database, type Statement } from "./db";
import { StaleVersion } from "./domain/records/conflict";
import { serializeResponse } from "./serialize";
import type { Env } from "./env";

/**
 * 1. CONTEXT
 * Built once per HTTP request. The bearer token is verified here; a bad token is remembered
 * (not thrown) so every procedure in the batch answers UNAUTHORIZED with the same sentence.
 */
export async function createContext({
  env,
  request,
  overHttp = false,
}: {
  env: Env;
  request: Request;
  /** The result goes to an HTTP response (serializeResponse) rather than to an in-process caller. */
  overHttp?: boolean;
}) {
  const header = request.headers.get("authorization");
  let claims: FirebaseClaims | null = null;
  let authError: string | null = null;
  if (header) {
    const token = header.match(/^Bearer\s+(.+)$/i)?.[1];
    if (!token) authError = "The Authorization header must be 'Bearer <ID token>'.";
    else {
      try {
        claims = await verifyIdToken(token, {
          projectId: env.FIREBASE_PROJECT_ID,
          jwksUrl: env.JWKS_URL,
          // Belt and braces: emulator tokens only ever for a demo- project (the emulator's kind).
          emulator: env.AUTH_EMULATOR === "1" && env.FIREBASE_PROJECT_ID.startsWith("demo-"),
        });
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
        authError = error.message;
      }
    }
  }
  return { env, request, claims, authError, overHttp, db: databaseFor(env) };
}
export type Context = Awaited<ReturnType<typeof createContext>>;

/** Zod issues by field, for forms to show next to their inputs. */
export type FieldErrors = { formErrors: string[]; fieldErrors: Record<string, string[] | undefined> };

/** A CONFLICT's lost-to change: what changed ("record", "task", "note"), who changed it and when (ISO). */
export type StaleChange = { noun: string; by: string; at: string | null };

/**
 * 2. INITIALIZATION
 * superjson keeps Dates intact (its format, written by serializeResponse); zod errors are
 * flattened so the web can show them by field; a CONFLICT on a stale version says who and when.
 */
const t = initTRPC.context<Context>().create({
  transformer: { serialize: serializeResponse, deserialize: (value: unknown) => superjson.deserialize(value as never) },
  // Workers have no NODE_ENV: say it outright, so no stack trace ever reaches a response.
  isDev: false,
  errorFormatter({ shape, error }) {
    const zodError: FieldErrors | null = error.cause instanceof ZodError ? z.flattenError(error.cause) : null;
    const firstIssue: string | undefined = error.cause instanceof ZodError ? error.cause.issues[0]?.message : undefined;
    const message: string = firstIssue
      ? firstIssue
      : error.code === "INTERNAL_SERVER_ERROR"
        ? "Something went wrong on our side. Please try again."
        : shape.message;
    const change: StaleChange | null =
      error.cause instanceof StaleVersion
        ? { noun: error.cause.noun, by: error.cause.changedBy, at: error.cause.changedAt?.toISOString() ?? null }
        : null;
    return { ...shape, message, data: { ...shape.data, zodError, change } };
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * 3. PROCEDURES
 * public → authed (verified token) → member (organization from the membership, never from
 * input) → admin → owner. Each kind narrows `ctx`, so a router cannot forget the check. Each is
 * ONE middleware calling the checks below in turn, not a stack of layers: every tRPC middleware
 * layer copies the call's options and context key by key (@trpc/server's object-spread helper,
 * the largest tRPC item in a list's CPU profile), on every call.
 */
function assertNoAuthError(ctx: Context) {
  if (ctx.authError) throw new TRPCError({ code: "UNAUTHORIZED", message: ctx.authError });
}

/** The verified claims and uid, or UNAUTHORIZED (a bad token's own sentence, else "Sign in"). */
function signedIn(ctx: Context) {
  assertNoAuthError(ctx);
  if (!ctx.claims) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  return { claims: ctx.claims, uid: ctx.claims.sub };
}

export const publicProcedure = t.procedure.use(({ ctx, next }) => {
  assertNoAuthError(ctx);
  return next();
});

export const authedProcedure = t.procedure.use(({ ctx, next }) => next({ ctx: signedIn(ctx) }));

const roleRank: Record<Role, number> = { member: 0, admin: 1, owner: 2 };
const noMembership = () => new TRPCError({ code: "FORBIDDEN", message: "Create or join an organization first." });

/** The caller's membership in the organization they work in: user, organization and role. */
function membershipQuery(db: Database, uid: string) {
  return db
    .select({ user: users, organization: organizations, role: memberships.role })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, users.organizationId)))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, uid))
    .limit(1);
}
type Membership = Awaited<ReturnType<typeof membershipQuery>>[number];

function assertRole(row: Membership | undefined, minimum: Role): Membership {
  if (!row) throw noMembership();
  if (roleRank[row.role] < roleRank[minimum])
    throw new TRPCError({ code: "FORBIDDEN", message: `Only ${minimum}s of ${row.organization.name} can do this.` });
  return row;
}

function requireRole(minimum: Role) {
  return t.procedure.use(async ({ ctx, next }) => {
    const caller = signedIn(ctx);
    const [row] = await membershipQuery(ctx.db, caller.uid);
    const member = assertRole(row, minimum);
    return next({
      ctx: {
        ...caller,
        user: member.user,
        org: member.organization,
        role: member.role,
        db: databaseFor(ctx.env, member.organization.id),
      },
    });
  });
}

export const memberProcedure = requireRole("member");
export const adminProcedure = requireRole("admin");
export const ownerProcedure = requireRole("owner");

/**
 * The organization a user works in, if they are a member of it: the text before the user id.
 * Written out once, and short, because every list statement holds it (a search up to seven times):
 * built per request from columns it cost more CPU than the rest of the statement, and D1 reads every
 * statement's text afresh.
 */
const ORGANIZATION_OF_USER = sql.raw(
  "SELECT om.organization_id FROM memberships om JOIN users ou ON ou.id = om.user_id AND ou.organization_id = om.organization_id WHERE ou.id = ",
);

/**
 * Member reads in ONE D1 round trip and one statement where they can (lists, a record with its
 * timeline, the palette), where memberProcedure spends a round trip on the membership first.
 * Every statement scopes every row it reads by `ctx.orgScope`: the organization id as a subquery of
 * the caller's membership (no request input ever names the organization). So a row read proves the
 * membership, in the same snapshot; only when the statements read nothing at all does a second round
 * trip tell "nothing matches" from "not a member" (FORBIDDEN). D1 runs a database's statements one
 * at a time, each with a cost of its own, so a separate membership statement cost lists a fifth of
 * their throughput. Statements must not return rows that are not scoped so (a bare count(*) returns
 * one row for anyone). Nothing is cached across requests. (When organizations get databases of
 * their own, this needs the organization → database map first; `databaseFor` is still the place.)
 */
export const memberReadProcedure = t.procedure.use(({ ctx, next }) => {
  const caller = signedIn(ctx);
  const orgScope: SQL = sql`(${ORGANIZATION_OF_USER}${caller.uid})`;
  /** FORBIDDEN unless the caller is a member: for reads whose statements read nothing. */
  async function assertMember() {
    const [member] = await ctx.db
      .select({ role: memberships.role })
      .from(users)
      .innerJoin(
        memberships,
        and(eq(memberships.userId, users.id), eq(memberships.organizationId, users.organizationId)),
      )
      .where(eq(users.id, caller.uid))
      .limit(1);
    if (!member) throw noMembership();
  }
  /** Runs `statements` in one batch; FORBIDDEN unless the caller is a member. */
  async function readAsMember(statements: BatchItem<"sqlite">[]): Promise<{ results: unknown[] }> {
    const results = await runBatch(ctx.db, statements);
    if (!results.some((rows) => Array.isArray(rows) && rows.length > 0)) await assertMember();
    return { results };
  }
  /**
   * Statements run on D1 directly: each statement's rows as arrays of its columns' values, in the
   * order it selects them. One statement runs alone (D1 hands its rows over as arrays); several run
   * in one batch, whose rows come as objects, so their columns need distinct names. The membership
   * is NOT checked: see readRowsAsMember.
   */
  async function readRowsUnchecked(statements: Statement[]): Promise<unknown[][][]> {
    const d1 = bindingFor(ctx.env);
    if (statements.length === 1) {
      const [{ sql: text, params }] = statements;
      return [
        await d1
          .prepare(text)
          .bind(...params)
          .raw(),
      ];
    }
    const batch = await d1.batch(statements.map(({ sql: text, params }) => d1.prepare(text).bind(...params)));
    return batch.map((result) => result.results.map((row) => Object.values(row as object)));
  }
  /** readAsMember for statements run on D1 directly (readRowsUnchecked): FORBIDDEN unless the caller is a member. */
  async function readRowsAsMember(statements: Statement[]): Promise<unknown[][][]> {
    const results = await readRowsUnchecked(statements);
    if (!results.some((rows) => rows.length > 0)) await assertMember();
    return results;
  }
  return next({ ctx: { ...caller, orgScope, readAsMember, readRowsAsMember, readRowsUnchecked } });
});
