import { domainIn, isValidDomain, normalizeDomain } from "./normalize";

/*
 * Why an import row's cell fails on its own, before any record is read: the import refuses the row for it, and the
 * web's whole-file check says so before Import is pressed. Pure, so both say the same.
 */

/** A Domain cell that is no domain once read as one ("not a domain"); null for a domain or an empty cell. */
export function domainCellProblem(cell: unknown): string | null {
  if (typeof cell !== "string" || !cell) return null;
  const domain = normalizeDomain(cell);
  return domain && isValidDomain(domain) ? null : "Domain: enter a domain like acme.com.";
}

/** The longest a company's name can be (companyCreateInput), and so a cell naming one. */
export const COMPANY_NAME_MAX = 200;

/** A cell naming a company (a contact's Company, a company's Parent company) longer than a company's name can be. */
export function companyNameCellProblem(label: string, text: string): string | null {
  return text.length > COMPANY_NAME_MAX ? `${label}: a company name has at most ${COMPANY_NAME_MAX} characters.` : null;
}

/** Whether a cell names `company`: by its domain when the cell is one, else by its name in any case. */
export function namedBy(text: string) {
  const domain = domainIn(text);
  return (company: { name: string; domain: string | null }) =>
    domain ? company.domain === domain : company.name.toLowerCase() === text.toLowerCase();
}

export const OWN_PARENT = "Parent company: a company cannot be its own parent company.";

/**
 * Why a company row's Parent company cell fails on its own: too long, or naming the company the row writes (`company`:
 * its name and domain as written).
 */
export function parentCellProblem(text: string, company: { name: string; domain: string | null }): string | null {
  if (!text) return null;
  return companyNameCellProblem("Parent company", text) ?? (namedBy(text)(company) ? OWN_PARENT : null);
}

/** An empty value, as a cell the import leaves as it was: nothing, "", or an empty list. */
export const blank = (value: unknown) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/**
 * The first required property (in the order given: the settings') that `properties` leaves empty, as the import
 * refuses a row it would create without it: "Plan must be filled in."; null for none.
 */
export function unfilledRequired(
  definitions: readonly { key: string; label: string; required: boolean }[],
  properties: Record<string, unknown> | undefined,
): string | null {
  const missing = definitions.find((definition) => definition.required && blank(properties?.[definition.key]));
  return missing ? `${missing.label} must be filled in.` : null;
}
