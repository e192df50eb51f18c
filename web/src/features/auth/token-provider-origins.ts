/**
 * Which origins may receive an ID token from /auth/token-provider. The list is fixed at build
 * time (VITE_TOKEN_PROVIDER_ORIGINS); anything that is not exactly one of its origins is refused,
 * so a token never goes to "*", to an opaque "null" origin or to a look-alike host.
 */

/** The origin a value names (scheme, host, port), or null when it is not a bare http(s) origin. */
export function normalizeOrigin(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  // An origin, not a page: credentials, a path, a query or a fragment mean someone is guessing.
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return null;
  if (trimmed.includes("?") || trimmed.includes("#")) return null;
  return url.origin;
}

/** Parses the comma-separated allow-list; invalid entries are dropped, never widened. */
export function allowedOrigins(raw: string | null | undefined): string[] {
  const origins = (raw ?? "").split(",").map(normalizeOrigin);
  return [...new Set(origins.filter((origin): origin is string => origin !== null))];
}

export function isAllowedOrigin(origin: string | null | undefined, list: readonly string[]): boolean {
  const normalized = normalizeOrigin(origin);
  return normalized !== null && list.includes(normalized);
}
