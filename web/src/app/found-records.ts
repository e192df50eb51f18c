import type { inferOutput } from "@trpc/tanstack-react-query";
import type { trpc } from "../lib/trpc";

/** A search.records answer: contacts and companies, each saying whether its own name starts with the text. */
export type FoundRecords = inferOutput<typeof trpc.search.records>;

/**
 * Whether a search's companies come before its contacts: when the best company is named as typed and no
 * contact is ("acme bank" finds Acme Bank Inc. first, not the people who work there). Contacts first otherwise.
 */
export const companiesFirst = (found: FoundRecords) =>
  Boolean(found.companies[0]?.nameMatch) && !found.contacts[0]?.nameMatch;

/** What tells a found contact apart: their title and company, else their email. */
export const contactHint = (contact: FoundRecords["contacts"][number]) =>
  [contact.title, contact.company].filter(Boolean).join(" · ") || contact.email;
