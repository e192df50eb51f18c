import { useExistingRecords, type ExistingRecord } from "../records/existing-records";

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
      holds: (hit, key) => hit.email === key,
      sentence: (hit) => `${hit.name} already has this email.`,
    },
    name: {
      typed: first && last ? `${first} ${last}` : "",
      sentence: (hit) =>
        `${hit.name} is already a contact${hit.email ? ` (${hit.email})` : hit.title ? ` (${hit.title})` : ""}.`,
    },
  });
}
