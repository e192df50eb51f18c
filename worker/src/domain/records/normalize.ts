/** "HTTPS://www.Acme.com/about" → "acme.com"; null for empty input. */
export function normalizeDomain(value: string | null | undefined): string | null {
  if (!value) return null;
  const host = value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^www\./, "")
    .split(/[/?#:]/)[0];
  return host || null;
}

export function isValidDomain(domain: string): boolean {
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain);
}

/** A cell that is a domain: "acme.com", "https://www.acme.com/x" → "acme.com"; null for a name ("Acme Inc"). */
export function domainIn(text: string): string | null {
  const domain = normalizeDomain(text);
  return !/\s/.test(text) && domain && isValidDomain(domain) ? domain : null;
}

/**
 * The keys to find names by through `lower(name)`, any case: each lowered, and lowered as SQLite's lower() does, which
 * folds ASCII only, so "ÉLAN" finds "Élan" (whose lower(name) is "Élan").
 */
export function lowerNameKeys(texts: string[]): string[] {
  return [...new Set(texts.flatMap((t) => [t.toLowerCase(), t.replace(/[A-Z]+/g, (ascii) => ascii.toLowerCase())]))];
}

export function normalizeEmail(value: string | null | undefined): string | null {
  const email = value?.trim().toLowerCase();
  return email || null;
}

/** How a contact is named wherever one is shown: its full name, else its email, else "Unnamed contact". */
export function contactDisplayName(firstName: string, lastName: string, email: string | null | undefined): string {
  return `${firstName} ${lastName}`.trim() || email || "Unnamed contact";
}

/** What name sorting and name prefix search use: "ada lovelace". */
export function sortNameOf(firstName: string, lastName: string, email?: string | null): string {
  const name = `${firstName} ${lastName}`.trim().toLowerCase();
  return name || (email ?? "");
}

/** Case-insensitive union: `first` as it is, then what only `then` has, in its order and first spelling. */
export function uniteIgnoringCase(first: string[], then: string[]): string[] {
  const seen = new Set(first.map((v) => v.toLowerCase()));
  const added = then.filter((v) => !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
  return [...first, ...added];
}

/** Each value once, however capitalised: the first spelling stays ("VIP", "vip" → "VIP"). */
export const uniqueIgnoringCase = (values: string[]): string[] => uniteIgnoringCase([], values);
