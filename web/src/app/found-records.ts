import type { inferOutput } from "@trpc/tanstack-react-query";
import type { trpc } from "../lib/trpc";

/** A search.records answer: contacts and companies, each saying whether its own name starts with the text. */
export type FoundRecords = inferOutput<typeof trpc.search.records>;

/** A found record as the palette and the record pickers list it: `keywords`, more text it answers to. */
export type FoundRecord = {
  object: "contact" | "company";
  id: string;
  name: string;
  /** What tells it apart: a contact's title and company (else email), a company's domain. */
  hint: string | null;
  keywords: string;
};

/**
 * Whether a search's companies come before its contacts: when the best company is named as typed and no
 * contact is ("acme bank" finds Acme Bank Inc. first, not the people who work there). Contacts first otherwise.
 */
export const companiesFirst = (found: FoundRecords) =>
  Boolean(found.companies[0]?.nameMatch) && !found.contacts[0]?.nameMatch;

/** What tells a found contact apart: their title and company, else their email. */
export const contactHint = (contact: FoundRecords["contacts"][number]) =>
  [contact.title, contact.company].filter(Boolean).join(" · ") || contact.email;

/** A search's contacts and companies as one list, the kind that matched best first (companiesFirst). */
export function foundRecords(found: FoundRecords | undefined): FoundRecord[] {
  if (!found) return [];
  const contacts = found.contacts.map((c) => ({
    object: "contact" as const,
    id: c.id,
    name: c.name,
    hint: contactHint(c),
    keywords: c.email ?? "",
  }));
  const companies = found.companies.map((c) => ({
    object: "company" as const,
    id: c.id,
    name: c.name,
    hint: c.domain,
    keywords: c.domain ?? "",
  }));
  return companiesFirst(found) ? [...companies, ...contacts] : [...contacts, ...companies];
}
