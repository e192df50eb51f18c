import { env, SELF } from "cloudflare:test";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { importJWK, SignJWT, type JWTPayload } from "jose";
import superjson from "superjson";
import { inject } from "vitest";
import { appRouter, createCaller, type AppRouter } from "../../worker/src/routers";
import { createContext } from "../../worker/src/trpc";

export const projectId = env.FIREBASE_PROJECT_ID;

let counter = 0;
/** A unique Firebase-like uid and email per call, so tests never collide within a file. */
export function newIdentity(label = "user") {
  counter += 1;
  const uid = `${label}-${Date.now().toString(36)}-${counter}`;
  return { uid, email: `${uid}@example.com`, name: `${label} ${counter}` };
}

type TokenOptions = {
  uid: string;
  email?: string;
  name?: string;
  provider?: string;
  claims?: JWTPayload;
  header?: Record<string, unknown>;
  key?: "trusted" | "stranger";
};

/** An RS256 Firebase ID token signed with the key the test JWKS server publishes. */
export async function signIdToken({ uid, email, name, provider = "password", claims = {}, header = {}, key = "trusted" }: TokenOptions) {
  const jwk = JSON.parse(inject(key === "trusted" ? "privateJwk" : "strangerJwk"));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
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
  })
    .setProtectedHeader({ alg: "RS256", kid: "test-key-1", ...header })
    .sign(await importJWK(jwk, "RS256"));
}

/** A server-side caller acting as `identity`, through the real context (token verification included). */
export async function callerFor(identity: { uid: string; email?: string; name?: string }) {
  const token = await signIdToken(identity);
  const request = new Request("http://crm.test/trpc", { headers: { authorization: `Bearer ${token}` } });
  return createCaller(await createContext({ env, request }));
}

export async function anonymousCaller() {
  return createCaller(await createContext({ env, request: new Request("http://crm.test/trpc") }));
}

/** A tRPC client over HTTP into the Worker (SELF), for tests where headers and batching matter. */
export function httpClient(token?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "http://crm.test/trpc",
        transformer: superjson,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
        fetch: (url, init) => SELF.fetch(url as string, init as RequestInit),
      }),
    ],
  });
}

/** A registered user who owns a fresh organization. */
export async function ownerOfNewOrganization(name = "Acme") {
  const identity = newIdentity("owner");
  const caller = await callerFor(identity);
  const org = await caller.organization.create({ name, currency: "EUR", timezone: "Europe/Paris" });
  return { identity, caller, org };
}

export { appRouter };
