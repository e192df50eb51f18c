import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from "jose";
import { jwksUrlFor, keySetFor } from "./jwks-cache";

export type FirebaseClaims = JWTPayload & {
  sub: string;
  email?: string;
  name?: string;
  picture?: string;
  auth_time?: number;
  firebase?: { sign_in_provider?: string; identities?: Record<string, string[]> };
};

export type VerifyOptions = {
  projectId: string;
  jwksUrl?: string;
  /** Accept the Auth emulator's unsigned tokens (local runs only). */
  emulator: boolean;
  now?: number;
};

/** Thrown with a sentence a person can read; the tRPC layer turns it into UNAUTHORIZED. */
export class InvalidTokenError extends Error {}

const CLOCK_SKEW_S = 60;

/** Checks Firebase documents for an ID token beyond the signature. */
function checkClaims(payload: JWTPayload, projectId: string, nowS: number): FirebaseClaims {
  if (payload.iss !== `https://securetoken.google.com/${projectId}`)
    throw new InvalidTokenError("The sign-in token was issued for another project.");
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!aud.includes(projectId)) throw new InvalidTokenError("The sign-in token is meant for another project.");
  if (typeof payload.exp !== "number" || payload.exp + CLOCK_SKEW_S <= nowS)
    throw new InvalidTokenError("Your session has expired. Sign in again.");
  if (typeof payload.iat !== "number" || payload.iat - CLOCK_SKEW_S > nowS)
    throw new InvalidTokenError("The sign-in token was issued in the future.");
  const authTime = (payload as FirebaseClaims).auth_time;
  if (authTime !== undefined && (typeof authTime !== "number" || authTime - CLOCK_SKEW_S > nowS))
    throw new InvalidTokenError("The sign-in token has an authentication time in the future.");
  if (typeof payload.sub !== "string" || payload.sub.length === 0 || payload.sub.length > 128)
    throw new InvalidTokenError("The sign-in token names no valid user.");
  return payload as FirebaseClaims;
}

function decodeOrThrow<T>(decode: () => T): T {
  try {
    return decode();
  } catch {
    throw new InvalidTokenError("The sign-in token is malformed.");
  }
}

/**
 * Tokens this isolate has verified, by token: a client sends the same ID token with every request
 * for up to an hour, and its signature (an RSA verification, or decoding twice for the emulator's)
 * cannot change, so it is checked once. The claims' times are checked again on every use (exp,
 * iat, auth_time against `now`), so a cached token is refused once it expires, as a fresh one would
 * be. An entry also remembers what it was verified for (project, key set, emulator mode): a token
 * is only ever served from here to a verification with the same options. Failures are not kept.
 */
const verified = new Map<string, { payload: JWTPayload; verifiedFor: string; until: number }>();
const MAX_VERIFIED = 1_000;

const optionsKey = (options: VerifyOptions) =>
  `${options.emulator ? "emulator" : "signed"}|${options.projectId}|${options.jwksUrl ?? ""}`;

function remember(token: string, payload: JWTPayload, options: VerifyOptions) {
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
  const until = ((payload.exp as number) + CLOCK_SKEW_S) * 1000;
  verified.set(token, { payload, verifiedFor: optionsKey(options), until });
}

/** Test hook: forget verified tokens. */
export function clearVerifiedTokens(): void {
  verified.clear();
}

/** Verifies a Firebase ID token: RS256 against Google's keys, or unsigned in emulator mode. */
export async function verifyIdToken(token: string, options: VerifyOptions): Promise<FirebaseClaims> {
  const now = options.now ?? Date.now();
  const nowS = Math.floor(now / 1000);
  const known = verified.get(token);
  if (known && known.verifiedFor === optionsKey(options)) {
    if (now < known.until) return checkClaims(known.payload, options.projectId, nowS);
    verified.delete(token);
  }
  const claims = await verifySignature(token, options, now, nowS);
  remember(token, claims, options);
  return claims;
}

async function verifySignature(token: string, options: VerifyOptions, now: number, nowS: number) {
  const header = decodeOrThrow(() => decodeProtectedHeader(token));

  if (header.alg === "none") {
    if (!options.emulator) throw new InvalidTokenError("Unsigned sign-in tokens are not accepted.");
    return checkClaims(
      decodeOrThrow(() => decodeJwt(token)),
      options.projectId,
      nowS,
    );
  }
  if (header.alg !== "RS256") throw new InvalidTokenError("The sign-in token uses an unsupported algorithm.");

  try {
    const keys = await keySetFor(jwksUrlFor(options.jwksUrl), now);
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ["RS256"],
      currentDate: new Date(now),
      clockTolerance: CLOCK_SKEW_S,
    });
    return checkClaims(payload, options.projectId, nowS);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new InvalidTokenError("Your session has expired. Sign in again.");
    if (error instanceof errors.JWKSNoMatchingKey)
      throw new InvalidTokenError("The sign-in token was signed by an unknown key.");
    if (error instanceof errors.JWSSignatureVerificationFailed)
      throw new InvalidTokenError("The sign-in token's signature is invalid.");
    if (error instanceof errors.JOSEError) throw new InvalidTokenError("The sign-in token is invalid.");
    throw error; // key fetch failures etc. are not the caller's fault
  }
}
