import { env, SELF } from "cloudflare:test";
import { createTRPCClient, TRPCClientError } from "@trpc/client";
import { TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { importJWK, SignJWT, type JWTPayload } from "jose";
import superjson from "superjson";
import { expect, inject } from "vitest";
import type { Env } from "../../worker/src/env";
import { appRouter, createCaller, type AppRouter } from "../../worker/src/routers";
import { createContext } from "../../worker/src/trpc";
import { createLinks } from "../../web/src/lib/trpc-links";

export const projectId = env.FIREBASE_PROJECT_ID;

let counter = 0;
/** A unique Firebase-like uid and email per call, so tests never collide within a file. */
export function newIdentity(label = "user") {
  counter += 1;
  const uid = `${label}-${Date.now().toString(36)}-${counter}`;
  return { uid, email: `${uid}@example.com`, name: `${label} ${counter}` };
}
export type Identity = { uid: string; email?: string; name?: string };

export const nowSeconds = () => Math.floor(Date.now() / 1000);

type ClaimOptions = { uid: string; email?: string; name?: string; provider?: string; claims?: JWTPayload };

/** The payload Firebase puts in an ID token for this project; `claims` overrides any of it. */
export function firebaseClaims({ uid, email, name, provider = "password", claims = {} }: ClaimOptions): JWTPayload {
  const now = nowSeconds();
  return {
    email,
    name,
    auth_time: now,
    firebase: { sign_in_provider: provider, identities: email ? { email: [email] } : {} },
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: uid,
    iat: now,
    exp: now + 3600,
    ...claims,
  };
}

type TokenOptions = ClaimOptions & { header?: Record<string, unknown>; key?: "trusted" | "stranger" };

/** An RS256 Firebase ID token signed with the key the test JWKS server publishes. */
export async function signIdToken({ header = {}, key = "trusted", ...claimOptions }: TokenOptions) {
  const jwk = JSON.parse(inject(key === "trusted" ? "privateJwk" : "strangerJwk"));
  return new SignJWT(firebaseClaims(claimOptions))
    .setProtectedHeader({ alg: "RS256", kid: "test-key-1", ...header })
    .sign(await importJWK(jwk, "RS256"));
}

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** An unsigned token the way the Firebase Auth emulator issues them: `{"alg":"none"}` and no signature. */
export function unsignedToken(payload: JWTPayload, header: Record<string, unknown> = { alg: "none", typ: "JWT" }) {
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}.`;
}

/** A server-side caller acting as `identity`, through the real context (token verification included). */
export async function callerFor(identity: Identity) {
  return callerForToken(await signIdToken(identity));
}

/** A server-side caller for a raw token; `envOverrides` e.g. `{ AUTH_EMULATOR: "1" }`. */
export async function callerForToken(token: string, envOverrides: Partial<Env> = {}) {
  const request = new Request("http://crm.test/trpc", { headers: { authorization: `Bearer ${token}` } });
  return createCaller(await createContext({ env: { ...env, ...envOverrides }, request }));
}

export async function anonymousCaller() {
  return createCaller(await createContext({ env, request: new Request("http://crm.test/trpc") }));
}

/** A tRPC client over HTTP into the Worker (SELF), for tests where headers and batching matter. */
/** A tRPC client over HTTP with the SPA's own links (transformer, batching, Authorization header). */
export function httpClient(token?: string) {
  return createTRPCClient<AppRouter>({
    links: createLinks(
      async () => token ?? null,
      "http://crm.test/trpc",
      (url, init) => SELF.fetch(url as string, init as RequestInit),
    ),
  });
}

/** An HTTP client signed in as `identity` (validation messages arrive formatted, as the web sees them). */
export async function httpClientFor(identity: Identity) {
  return httpClient(await signIdToken(identity));
}

/** A registered user who owns a fresh organization. */
export async function ownerOfNewOrganization(name = "Acme") {
  const identity = newIdentity("owner");
  const caller = await callerFor(identity);
  const org = await caller.organization.create({ name, currency: "EUR", timezone: "Europe/Paris" });
  return { identity, caller, org };
}

/**
 * A registered user with `role` in `organizationId`, written straight to D1 (users + memberships),
 * so role and tenancy tests do not depend on the invite flow.
 */
export async function seedMember(
  organizationId: string,
  role: "owner" | "admin" | "member",
  identity: { uid: string; email: string; name?: string } = newIdentity(role),
) {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, display_name, organization_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    ).bind(identity.uid, identity.email.toLowerCase(), identity.name ?? null, organizationId, now, now),
    env.DB.prepare(
      "INSERT INTO memberships (id, organization_id, user_id, role, joined_at, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(`mem_seed${crypto.randomUUID()}`, organizationId, identity.uid, role, now, identity.uid, now, now),
  ]);
  return { identity, caller: await callerFor(identity) };
}

/** The raw token from an invite's `/invite/<token>` path. */
export function inviteTokenOf(invite: { path: string }): string {
  const token = invite.path.replace(/^\/invite\//, "");
  expect(token).not.toBe(invite.path);
  return token;
}

/** A well-formed invite token that was never issued. */
export function neverIssuedToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Rows straight from D1 (snake_case columns), to check what was stored. */
export async function rows<T = Record<string, unknown>>(query: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;
}

/** What a record's timeline says of its tasks, oldest first: ["Task linked: Send the deck", …]. */
export async function taskLinesOn(organizationId: string, recordId: string): Promise<string[]> {
  const lines = await rows<{ summary: string }>(
    "SELECT summary FROM activities WHERE organization_id = ? AND record_id = ? AND kind = 'task' ORDER BY created_at, rowid",
    organizationId,
    recordId,
  );
  return lines.map((line) => line.summary);
}

/**
 * Awaits a call that must fail and checks what the caller sees: the tRPC code and, if given,
 * the message (exact string or pattern). Works for server-side callers (TRPCError) and
 * HTTP clients (TRPCClientError). Returns the error for further checks.
 */
export async function expectTRPCError(
  call: Promise<unknown>,
  code: TRPC_ERROR_CODE_KEY,
  message?: string | RegExp,
): Promise<TRPCError | TRPCClientError<AppRouter>> {
  let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await call };
  } catch (error) {
    outcome = { ok: false, error };
  }
  if (outcome.ok)
    expect.fail(
      `expected ${code}${message ? ` (${message})` : ""}, but the call returned ${JSON.stringify(outcome.value)}`,
    );
  const error = outcome.error;
  if (!(error instanceof TRPCError) && !(error instanceof TRPCClientError)) throw error;
  const seen = {
    code: error instanceof TRPCError ? error.code : (error.data as { code?: string } | undefined)?.code,
    message: error.message,
  };
  expect(seen.code, `code (message: ${seen.message})`).toBe(code);
  if (typeof message === "string") expect(seen.message).toBe(message);
  else if (message) expect(seen.message).toMatch(message);
  return error as TRPCError | TRPCClientError<AppRouter>;
}

/** How often the test JWKS server served `url` (path + query exactly as fetched). */
export async function jwksFetchesFor(url: string): Promise<number> {
  const { pathname, search } = new URL(url);
  const stats = new URL("/stats", url);
  stats.searchParams.set("url", `${pathname}${search}`);
  const body = (await (await fetch(stats)).json()) as { fetchesForUrl: number };
  return body.fetchesForUrl;
}

/** A JWKS URL no other test uses, so its cache entry starts cold and its fetch count is its own. */
export function uniqueJwksUrl(label: string): string {
  counter += 1;
  return `${inject("jwksUrl")}?probe=${label}-${Date.now().toString(36)}-${counter}`;
}

export { appRouter };

type RawTRPCError = { message: string; code: number; data: { code: string; httpStatus: number; path?: string } };
export type RawTRPCResponse = { result?: { data: { json: unknown; meta?: unknown } } } & {
  error?: { json: RawTRPCError };
};

/**
 * One query over plain HTTP, unbatched and without a tRPC client: GET /trpc/<procedure>?input=…
 * with the superjson envelope. `headers` are sent as given (e.g. a malformed Authorization).
 */
export async function rawQuery(procedure: string, input?: unknown, headers: Record<string, string> = {}) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
  const response = await SELF.fetch(`http://crm.test/trpc/${procedure}${query}`, { headers });
  return { status: response.status, body: (await response.json()) as RawTRPCResponse };
}
