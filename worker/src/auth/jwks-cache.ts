import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";

type CachedKeySet = { getKey: JWTVerifyGetKey; expiresAt: number; fetchedAt: number };

const GOOGLE_JWKS_URL = "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";
const DEFAULT_MAX_AGE_S = 300;
/** An unknown kid triggers a refetch (Google rotated keys), but not more often than this. */
const REFETCH_COOLDOWN_MS = 30_000;

const cache = new Map<string, CachedKeySet>();
/** One fetch in flight per URL, shared by every request that arrives while it runs. */
const pending = new Map<string, Promise<CachedKeySet>>();

export function jwksUrlFor(configured: string | undefined): string {
  return configured ?? GOOGLE_JWKS_URL;
}

function maxAgeSeconds(cacheControl: string | null): number {
  const match = cacheControl?.match(/max-age=(\d+)/i);
  return match ? Number(match[1]) : DEFAULT_MAX_AGE_S;
}

function fetchKeySet(url: string, now: number): Promise<CachedKeySet> {
  let inFlight = pending.get(url);
  if (!inFlight) {
    inFlight = downloadKeySet(url, now).finally(() => pending.delete(url));
    pending.set(url, inFlight);
  }
  return inFlight;
}

async function downloadKeySet(url: string, now: number): Promise<CachedKeySet> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`Signing keys unavailable (HTTP ${res.status})`);
  let getKey: JWTVerifyGetKey;
  try {
    getKey = createLocalJWKSet((await res.json()) as JSONWebKeySet);
  } catch (error) {
    // The key server's fault, not the caller's token: a plain Error becomes a 500, not UNAUTHORIZED.
    throw new Error(`Signing keys at ${url} are not a valid key set`, { cause: error });
  }
  const entry = {
    getKey,
    fetchedAt: now,
    expiresAt: now + maxAgeSeconds(res.headers.get("cache-control")) * 1000,
  };
  cache.set(url, entry);
  return entry;
}

/**
 * Google's keys, fetched once per isolate and kept as long as their Cache-Control allows
 * (jose's remote set uses a fixed age instead, hence this small cache).
 */
export async function keySetFor(url: string, now = Date.now()): Promise<JWTVerifyGetKey> {
  const cached = cache.get(url);
  const entry = cached && cached.expiresAt > now ? cached : await fetchKeySet(url, now);
  return async (header, token) => {
    try {
      return await entry.getKey(header, token);
    } catch (error) {
      const noMatch = (error as { code?: string }).code === "ERR_JWKS_NO_MATCHING_KEY";
      if (!noMatch || Date.now() - entry.fetchedAt < REFETCH_COOLDOWN_MS) throw error;
      const fresh = await fetchKeySet(url, Date.now());
      return fresh.getKey(header, token);
    }
  };
}

/** Test hook: forget cached keys. */
export function clearKeySetCache(): void {
  cache.clear();
  pending.clear();
}
