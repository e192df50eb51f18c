/** "Acme Sales, Inc." → "acme-sales-inc-k3f9x2": readable, and almost always unique without a lookup. */
export function organizationSlug(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  const suffix = [...crypto.getRandomValues(new Uint8Array(6))].map((b) => (b % 36).toString(36)).join("");
  return `${base || "org"}-${suffix}`;
}
