import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { useExistingRecords, type ExistingRecord } from "../records/existing-records";

/** Live contacts holding the email as any of theirs, the primary holder first. */
function useEmailHolders(email: string) {
  return useQuery({ ...trpc.contacts.emailHolders.queryOptions({ email }), enabled: email !== "", staleTime: 10_000 })
    .data;
}

/** Enough of an address to look it up: something@domain.tld. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Contacts already holding the email or the full name typed into a new contact's form (useExistingRecords). */
export function useExistingContacts(typed: { firstName: string; lastName: string; email: string }): ExistingRecord[] {
  const email = typed.email.trim().toLowerCase();
  // A first and a last name: one name alone matches too many people to mean anything.
  const [first, last] = [typed.firstName.trim(), typed.lastName.trim()];
  return useExistingRecords({
    object: "contact",
    hitsOf: (found) => found.contacts,
    key: {
      typed: LOOKS_LIKE_EMAIL.test(email) ? email : "",
      // Held as another address too: allowed, but most likely the same person.
      holds: () => true,
      sentence: (hit, key) =>
        hit.email === key ? `${hit.name} already has this email.` : `${hit.name} has this email as another address.`,
      useHolders: useEmailHolders,
    },
    name: {
      typed: first && last ? `${first} ${last}` : "",
      sentence: (hit) =>
        `${hit.name} is already a contact${hit.email ? ` (${hit.email})` : hit.title ? ` (${hit.title})` : ""}.`,
    },
  });
}
