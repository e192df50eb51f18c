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

/** Verifies a Firebase ID token: RS256 against Google's keys, or unsigned in emulator mode. */
export async function verifyIdToken(token: string, options: VerifyOptions): Promise<FirebaseClaims> {
  const now = options.now ?? Date.now();
  const nowS = Math.floor(now / 1000);
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
