import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { SignJWT } from "jose";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { clearKeySetCache } from "../../worker/src/auth/jwks-cache";
import {
  clearVerifiedTokens,
  InvalidTokenError,
  verifyIdToken,
  type VerifyOptions,
} from "../../worker/src/auth/verify-id-token";
import worker from "../../worker/src/index";
import {
  anonymousCaller,
  callerForToken,
  expectTRPCError,
  firebaseClaims,
  httpClient,
  jwksFetchesFor,
  neverIssuedToken,
  newIdentity,
  nowSeconds,
  projectId,
  rawQuery,
  signIdToken,
  uniqueJwksUrl,
  unsignedToken,
} from "./helpers";

const production = (): VerifyOptions => ({ projectId, jwksUrl: inject("jwksUrl"), emulator: false });
const emulator = (): VerifyOptions => ({ projectId, jwksUrl: inject("jwksUrl"), emulator: true });

/** Awaits a verification that must fail and checks the sentence a person would read. */
async function expectRefused(verification: Promise<unknown>, message: string) {
  const error = await verification.then(
    (claims) => expect.fail(`token was accepted: ${JSON.stringify(claims)}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  expect((error as Error).message).toBe(message);
}

const MESSAGES = {
  expired: "Your session has expired. Sign in again.",
  audience: "The sign-in token is meant for another project.",
  issuer: "The sign-in token was issued for another project.",
  signature: "The sign-in token's signature is invalid.",
  unknownKey: "The sign-in token was signed by an unknown key.",
  unsigned: "Unsigned sign-in tokens are not accepted.",
  futureIat: "The sign-in token was issued in the future.",
  futureAuthTime: "The sign-in token has an authentication time in the future.",
  noUser: "The sign-in token names no valid user.",
  algorithm: "The sign-in token uses an unsupported algorithm.",
  malformed: "The sign-in token is malformed.",
  header: "The Authorization header must be 'Bearer <ID token>'.",
};

async function hs256Token(uid: string) {
  return new SignJWT(firebaseClaims({ uid, email: `${uid}@example.com` }))
    .setProtectedHeader({ alg: "HS256", kid: "test-key-1" })
    .sign(new TextEncoder().encode("a shared secret that nobody should trust"));
}

describe("verifyIdToken", () => {
  it("accepts a valid RS256 token signed by a published key and returns its claims", async () => {
    const id = newIdentity();
    const claims = await verifyIdToken(await signIdToken(id), production());
    expect(claims).toMatchObject({ sub: id.uid, email: id.email, name: id.name, aud: projectId });
    expect(claims.firebase?.sign_in_provider).toBe("password");
  });

  it("accepts a token that expired less than the 60 s clock skew ago", async () => {
    const token = await signIdToken({
      uid: newIdentity().uid,
      claims: { iat: nowSeconds() - 3600, exp: nowSeconds() - 30 },
    });
    await expect(verifyIdToken(token, production())).resolves.toMatchObject({ aud: projectId });
  });

  it("refuses a token that expired more than the 60 s clock skew ago", async () => {
    const token = await signIdToken({
      uid: newIdentity().uid,
      claims: { iat: nowSeconds() - 7200, exp: nowSeconds() - 120 },
    });
    await expectRefused(verifyIdToken(token, production()), MESSAGES.expired);
  });

  it("refuses a token meant for another project (wrong aud)", async () => {
    const token = await signIdToken({ uid: newIdentity().uid, claims: { aud: "someone-elses-project" } });
    await expectRefused(verifyIdToken(token, production()), MESSAGES.audience);
  });

  it("refuses a token issued by another project (wrong iss)", async () => {
    const token = await signIdToken({
      uid: newIdentity().uid,
      claims: { iss: "https://securetoken.google.com/someone-else" },
    });
    await expectRefused(verifyIdToken(token, production()), MESSAGES.issuer);
  });

  it("refuses a token whose signature does not match the published key with its kid", async () => {
    const token = await signIdToken({ uid: newIdentity().uid, key: "stranger" }); // kid test-key-1
    await expectRefused(verifyIdToken(token, production()), MESSAGES.signature);
  });

  it("refuses a token signed by a key the JWKS does not publish (unknown kid)", async () => {
    const token = await signIdToken({ uid: newIdentity().uid, key: "stranger", header: { kid: "nope" } });
    await expectRefused(verifyIdToken(token, production()), MESSAGES.unknownKey);
  });

  it("refuses an unsigned (alg none) token when not in emulator mode", async () => {
    const token = unsignedToken(firebaseClaims({ uid: newIdentity().uid }));
    await expectRefused(verifyIdToken(token, production()), MESSAGES.unsigned);
  });

  it("accepts an unsigned (alg none) token in emulator mode and returns its claims", async () => {
    const id = newIdentity();
    const claims = await verifyIdToken(unsignedToken(firebaseClaims(id)), emulator());
    expect(claims).toMatchObject({ sub: id.uid, email: id.email });
  });

  it.each([
    ["its exp is past the clock skew", { iat: nowSeconds() - 7200, exp: nowSeconds() - 120 }, MESSAGES.expired],
    ["its aud names another project", { aud: "someone-elses-project" }, MESSAGES.audience],
    ["its iss names another project", { iss: "https://securetoken.google.com/someone-else" }, MESSAGES.issuer],
    ["its sub is empty", { sub: "" }, MESSAGES.noUser],
    ["it has no exp", { exp: undefined }, MESSAGES.expired],
  ])("still refuses an unsigned token in emulator mode when %s", async (_case, claims, message) => {
    const token = unsignedToken(firebaseClaims({ uid: newIdentity().uid, claims }));
    await expectRefused(verifyIdToken(token, emulator()), message);
  });

  it("still checks RS256 signatures in emulator mode", async () => {
    const token = await signIdToken({ uid: newIdentity().uid, key: "stranger" });
    await expectRefused(verifyIdToken(token, emulator()), MESSAGES.signature);
  });

  it("accepts an iat up to the 60 s clock skew ahead", async () => {
    const token = await signIdToken({
      uid: newIdentity().uid,
      claims: { iat: nowSeconds() + 30, auth_time: nowSeconds() + 30 },
    });
    await expect(verifyIdToken(token, production())).resolves.toMatchObject({ aud: projectId });
  });

  it("refuses a token issued in the future beyond the clock skew (iat)", async () => {
    const token = await signIdToken({ uid: newIdentity().uid, claims: { iat: nowSeconds() + 600 } });
    await expectRefused(verifyIdToken(token, production()), MESSAGES.futureIat);
  });

  it("refuses a token whose auth_time is in the future beyond the clock skew", async () => {
    const token = await signIdToken({ uid: newIdentity().uid, claims: { auth_time: nowSeconds() + 600 } });
    await expectRefused(verifyIdToken(token, production()), MESSAGES.futureAuthTime);
  });

  it("refuses a token with an empty sub", async () => {
    const token = await signIdToken({ uid: "" });
    await expectRefused(verifyIdToken(token, production()), MESSAGES.noUser);
  });

  it("refuses a token whose sub is longer than 128 characters", async () => {
    const token = await signIdToken({ uid: "u".repeat(129) });
    await expectRefused(verifyIdToken(token, production()), MESSAGES.noUser);
  });

  it("accepts a sub of exactly 128 characters", async () => {
    const token = await signIdToken({ uid: "u".repeat(128) });
    await expect(verifyIdToken(token, production())).resolves.toMatchObject({ sub: "u".repeat(128) });
  });

  it("refuses an HS256 token (only RS256 is accepted)", async () => {
    await expectRefused(verifyIdToken(await hs256Token(newIdentity().uid), production()), MESSAGES.algorithm);
  });

  it.each([["abc"], [""], ["a.b.c"], ["...."]])("refuses the malformed token %j", async (token) => {
    await expectRefused(verifyIdToken(token, production()), MESSAGES.malformed);
  });

  it("reports a key server that is down as a server fault, not as the caller's bad token", async () => {
    const token = await signIdToken({ uid: newIdentity().uid });
    const jwksUrl = new URL("/unavailable", inject("jwksUrl")).href;
    const error = await verifyIdToken(token, { ...production(), jwksUrl }).then(
      () => expect.fail("token was accepted without keys"),
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(InvalidTokenError);
    expect((error as Error).message).toBe("Signing keys unavailable (HTTP 503)");
  });

  it("reports a key server answering 200 without a key set as a server fault, not as the caller's bad token", async () => {
    const token = await signIdToken({ uid: newIdentity().uid });
    const jwksUrl = new URL("/not-a-key-set", inject("jwksUrl")).href;
    const error = await verifyIdToken(token, { ...production(), jwksUrl }).then(
      () => expect.fail("token was accepted without keys"),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(InvalidTokenError);
  });
});

describe("signing keys cache", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fetches the key set once for several verifications in a row", async () => {
    const jwksUrl = uniqueJwksUrl("sequential");
    for (let i = 0; i < 4; i++) await verifyIdToken(await signIdToken(newIdentity()), { ...production(), jwksUrl });
    expect(await jwksFetchesFor(jwksUrl)).toBe(1);
  });

  it("fetches the key set again, exactly once, after clearKeySetCache()", async () => {
    const jwksUrl = uniqueJwksUrl("cleared");
    await verifyIdToken(await signIdToken(newIdentity()), { ...production(), jwksUrl });
    expect(await jwksFetchesFor(jwksUrl)).toBe(1);
    clearKeySetCache();
    for (let i = 0; i < 3; i++) await verifyIdToken(await signIdToken(newIdentity()), { ...production(), jwksUrl });
    expect(await jwksFetchesFor(jwksUrl)).toBe(2);
  });

  it("fetches the key set once when a cold isolate verifies several tokens at the same time", async () => {
    const jwksUrl = uniqueJwksUrl("concurrent");
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => signIdToken(newIdentity())));
    await Promise.all(tokens.map((token) => verifyIdToken(token, { ...production(), jwksUrl })));
    expect(await jwksFetchesFor(jwksUrl)).toBe(1);
  });

  it("keeps the keys for the Cache-Control max-age (3600 s) and fetches them again after it", async () => {
    const jwksUrl = uniqueJwksUrl("max-age");
    const longLived = () => signIdToken({ ...newIdentity(), claims: { exp: nowSeconds() + 3 * 3600 } });
    await verifyIdToken(await longLived(), { ...production(), jwksUrl });
    await verifyIdToken(await longLived(), { ...production(), jwksUrl, now: Date.now() + 3500_000 });
    expect(await jwksFetchesFor(jwksUrl)).toBe(1);
    await verifyIdToken(await longLived(), { ...production(), jwksUrl, now: Date.now() + 3601_000 });
    expect(await jwksFetchesFor(jwksUrl)).toBe(2);
  });

  it("refetches the keys for an unknown kid at most once per 30 s (key rotation)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
    const jwksUrl = uniqueJwksUrl("rotation");
    const unknownKid = () => signIdToken({ ...newIdentity(), key: "stranger", header: { kid: "rotated-key" } });
    await verifyIdToken(await signIdToken(newIdentity()), { ...production(), jwksUrl });
    await expectRefused(verifyIdToken(await unknownKid(), { ...production(), jwksUrl }), MESSAGES.unknownKey);
    expect(await jwksFetchesFor(jwksUrl)).toBe(1); // within the cooldown: no refetch

    vi.setSystemTime(Date.now() + 31_000);
    await expectRefused(verifyIdToken(await unknownKid(), { ...production(), jwksUrl }), MESSAGES.unknownKey);
    expect(await jwksFetchesFor(jwksUrl)).toBe(2); // past the cooldown: one refetch
    await expectRefused(verifyIdToken(await unknownKid(), { ...production(), jwksUrl }), MESSAGES.unknownKey);
    expect(await jwksFetchesFor(jwksUrl)).toBe(2); // the refetch restarted the cooldown
  });
});

describe("verified tokens", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearVerifiedTokens();
  });

  it("checks a token's signature once, then answers from memory with the same claims", async () => {
    const verify = vi.spyOn(crypto.subtle, "verify");
    const id = newIdentity();
    const token = await signIdToken(id);
    const first = await verifyIdToken(token, production());
    expect(verify).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) expect(await verifyIdToken(token, production())).toEqual(first);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(first).toMatchObject({ sub: id.uid, aud: projectId });
    // Another token is verified on its own.
    await verifyIdToken(await signIdToken(newIdentity()), production());
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it("checks a remembered token's times on every use: refused once past exp and the clock skew", async () => {
    const token = await signIdToken({ ...newIdentity(), claims: { exp: nowSeconds() + 600 } });
    await verifyIdToken(token, production());
    await expect(verifyIdToken(token, { ...production(), now: Date.now() + 630_000 })).resolves.toMatchObject({
      aud: projectId,
    });
    await expectRefused(verifyIdToken(token, { ...production(), now: Date.now() + 700_000 }), MESSAGES.expired);
    // A remembered iat is checked against the verification's clock too.
    await expectRefused(verifyIdToken(token, { ...production(), now: Date.now() - 120_000 }), MESSAGES.futureIat);
  });

  it("answers from memory only a verification with the same options (mode, project)", async () => {
    const unsigned = unsignedToken(firebaseClaims({ uid: newIdentity().uid }));
    await verifyIdToken(unsigned, emulator());
    await expectRefused(verifyIdToken(unsigned, production()), MESSAGES.unsigned);
    const signed = await signIdToken(newIdentity());
    await verifyIdToken(signed, production());
    await expectRefused(
      verifyIdToken(signed, { ...production(), projectId: "someone-elses-project" }),
      MESSAGES.issuer,
    );
  });

  it("does not remember a refused token", async () => {
    const verify = vi.spyOn(crypto.subtle, "verify");
    const token = await signIdToken({ uid: newIdentity().uid, key: "stranger" });
    await expectRefused(verifyIdToken(token, production()), MESSAGES.signature);
    await expectRefused(verifyIdToken(token, production()), MESSAGES.signature);
    expect(verify).toHaveBeenCalledTimes(2);
  });
});

describe("Authorization header over HTTP", () => {
  it("treats a request without Authorization as anonymous: user.getUser is UNAUTHORIZED 'Sign in to continue.'", async () => {
    await expectTRPCError(httpClient().user.getUser.query(), "UNAUTHORIZED", "Sign in to continue.");
    const { status, body } = await rawQuery("user.getUser");
    expect(status).toBe(401);
    expect(body.error?.json).toMatchObject({ message: "Sign in to continue.", data: { code: "UNAUTHORIZED" } });
  });

  it("lets an anonymous caller reach public procedures: invite.get of an unknown token is NOT_FOUND, not UNAUTHORIZED", async () => {
    await expectTRPCError(
      httpClient().invite.get.query({ token: neverIssuedToken() }),
      "NOT_FOUND",
      "This invite link is not valid. Ask your teammate for a new one.",
    );
    await expectTRPCError((await anonymousCaller()).invite.get({ token: neverIssuedToken() }), "NOT_FOUND");
  });

  it("accepts a valid RS256 token: user.getUser answers null for a signed-in, unregistered user", async () => {
    const { status, body } = await rawQuery("user.getUser", undefined, {
      authorization: `Bearer ${await signIdToken(newIdentity())}`,
    });
    expect(status).toBe(200);
    expect(body.result?.data.json).toBeNull();
  });

  it("accepts the scheme case-insensitively ('bearer <token>')", async () => {
    const { status } = await rawQuery("user.getUser", undefined, {
      authorization: `bearer ${await signIdToken(newIdentity())}`,
    });
    expect(status).toBe(200);
  });

  const badTokens: [string, () => Promise<string>, string][] = [
    [
      "an expired token",
      () => signIdToken({ uid: newIdentity().uid, claims: { iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 } }),
      MESSAGES.expired,
    ],
    [
      "a token for another project (aud)",
      () => signIdToken({ uid: newIdentity().uid, claims: { aud: "other" } }),
      MESSAGES.audience,
    ],
    [
      "a token from another issuer (iss)",
      () => signIdToken({ uid: newIdentity().uid, claims: { iss: "https://evil.example" } }),
      MESSAGES.issuer,
    ],
    [
      "a token with a bad signature",
      () => signIdToken({ uid: newIdentity().uid, key: "stranger" }),
      MESSAGES.signature,
    ],
    [
      "a token with an unknown kid",
      () => signIdToken({ uid: newIdentity().uid, key: "stranger", header: { kid: "nope" } }),
      MESSAGES.unknownKey,
    ],
    [
      "an unsigned token (AUTH_EMULATOR is 0 here)",
      async () => unsignedToken(firebaseClaims({ uid: newIdentity().uid })),
      MESSAGES.unsigned,
    ],
    ["an HS256 token", () => hs256Token(newIdentity().uid), MESSAGES.algorithm],
    [
      "a token issued in the future",
      () => signIdToken({ uid: newIdentity().uid, claims: { iat: nowSeconds() + 600 } }),
      MESSAGES.futureIat,
    ],
    ["a token with a sub over 128 characters", () => signIdToken({ uid: "x".repeat(129) }), MESSAGES.noUser],
    ["a malformed token", async () => "abc", MESSAGES.malformed],
  ];

  it.each(badTokens)(
    "answers user.getUser with HTTP 401 UNAUTHORIZED and a readable sentence for %s",
    async (_case, token, message) => {
      const { status, body } = await rawQuery("user.getUser", undefined, { authorization: `Bearer ${await token()}` });
      expect(status).toBe(401);
      expect(body.error?.json).toMatchObject({ message, data: { code: "UNAUTHORIZED", httpStatus: 401 } });
    },
  );

  it("answers a public procedure (invite.get) with UNAUTHORIZED and the readable sentence when the token is bad", async () => {
    const expired = await signIdToken({
      uid: newIdentity().uid,
      claims: { iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 },
    });
    const { status, body } = await rawQuery(
      "invite.get",
      { token: neverIssuedToken() },
      { authorization: `Bearer ${expired}` },
    );
    expect(status).toBe(401);
    expect(body.error?.json).toMatchObject({
      message: MESSAGES.expired,
      data: { code: "UNAUTHORIZED", path: "invite.get" },
    });
    await expectTRPCError(
      httpClient(expired).invite.get.query({ token: neverIssuedToken() }),
      "UNAUTHORIZED",
      MESSAGES.expired,
    );
  });

  it("answers every procedure of a batch with the same UNAUTHORIZED sentence when the token is bad", async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: { token: neverIssuedToken() } } }));
    const response = await SELF.fetch(`http://crm.test/trpc/user.getUser,invite.get?batch=1&input=${input}`, {
      headers: { authorization: "Bearer abc" },
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { json: { message: string; data: { code: string } } } }[];
    expect(body.map((entry) => [entry.error.json.data.code, entry.error.json.message])).toEqual([
      ["UNAUTHORIZED", MESSAGES.malformed],
      ["UNAUTHORIZED", MESSAGES.malformed],
    ]);
  });

  it.each([["Basic x"], ["Bearer"], ["Token abc"]])(
    "answers UNAUTHORIZED for the Authorization header %j",
    async (header) => {
      const { status, body } = await rawQuery("invite.get", { token: neverIssuedToken() }, { authorization: header });
      expect(status).toBe(401);
      expect(body.error?.json).toMatchObject({ message: MESSAGES.header, data: { code: "UNAUTHORIZED" } });
    },
  );

  it("answers INTERNAL_SERVER_ERROR (500) with a generic sentence, not UNAUTHORIZED, when the key server is down", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request("http://crm.test/trpc/user.getUser", {
        headers: { authorization: `Bearer ${await signIdToken(newIdentity())}` },
      }),
      { ...env, JWKS_URL: new URL("/unavailable?http", inject("jwksUrl")).href },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { json: { message: string; data: { code: string } } } };
    expect(body.error.json).toMatchObject({
      message: "Something went wrong on our side. Please try again.",
      data: { code: "INTERNAL_SERVER_ERROR" },
    });
    expect(logged).toHaveBeenCalledWith(
      "tRPC user.getUser failed",
      expect.objectContaining({ message: "Signing keys unavailable (HTTP 503)" }),
    );
    logged.mockRestore();
  });

  it("gives the same UNAUTHORIZED sentence through a server-side caller built from the request context", async () => {
    const caller = await callerForToken(await hs256Token(newIdentity().uid));
    await expectTRPCError(caller.user.getUser(), "UNAUTHORIZED", MESSAGES.algorithm);
  });
});

describe("emulator mode (AUTH_EMULATOR=1)", () => {
  /** The Worker's own fetch handler with AUTH_EMULATOR switched on, as `wrangler dev` runs it locally. */
  async function emulatorFetch(path: string, token: string) {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`http://crm.test${path}`, { headers: { authorization: `Bearer ${token}` } }),
      { ...env, AUTH_EMULATOR: "1" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return {
      status: response.status,
      body: (await response.json()) as { result?: { data: { json: unknown } }; error?: { json: { message: string } } },
    };
  }

  it("accepts an emulator's unsigned token over HTTP", async () => {
    const { status, body } = await emulatorFetch("/trpc/user.getUser", unsignedToken(firebaseClaims(newIdentity())));
    expect(status).toBe(200);
    expect(body.result?.data.json).toBeNull();
  });

  it.each([
    ["expired", { iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }, MESSAGES.expired],
    ["for another project", { aud: "other" }, MESSAGES.audience],
    ["without a user", { sub: "" }, MESSAGES.noUser],
  ])("refuses an unsigned token that is %s over HTTP", async (_case, claims, message) => {
    const { status, body } = await emulatorFetch(
      "/trpc/user.getUser",
      unsignedToken(firebaseClaims({ uid: newIdentity().uid, claims })),
    );
    expect(status).toBe(401);
    expect(body.error?.json.message).toBe(message);
  });

  it("lets an emulator user create an organization and read it back as their own", async () => {
    const id = newIdentity();
    const caller = await callerForToken(unsignedToken(firebaseClaims(id)), { AUTH_EMULATOR: "1" });
    await caller.organization.create({ name: "Emulated Inc" });
    expect(await caller.user.getUser()).toMatchObject({
      id: id.uid,
      role: "owner",
      organization: { name: "Emulated Inc" },
    });
  });

  it("refuses unsigned tokens even with AUTH_EMULATOR=1 when the project is not a demo- project", async () => {
    const realProject = "team-crm-production";
    const token = unsignedToken(
      firebaseClaims({
        uid: newIdentity().uid,
        claims: { aud: realProject, iss: `https://securetoken.google.com/${realProject}` },
      }),
    );
    const caller = await callerForToken(token, { AUTH_EMULATOR: "1", FIREBASE_PROJECT_ID: realProject });
    await expectTRPCError(caller.user.getUser(), "UNAUTHORIZED", MESSAGES.unsigned);
  });

  it("is off in this test environment: the same unsigned token through SELF is UNAUTHORIZED", async () => {
    expect(env.AUTH_EMULATOR).toBe("0");
    await expectTRPCError(
      httpClient(unsignedToken(firebaseClaims(newIdentity()))).user.getUser.query(),
      "UNAUTHORIZED",
      MESSAGES.unsigned,
    );
  });
});
