import { useSettledValue } from "../../lib/use-settled-value";
import { useLookup, type ExistingRecord } from "../records/existing-records";

type Typed = { firstName: string; lastName: string; email: string };

/** Enough of an address to look it up: something@domain.tld. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Contacts already holding the email or the full name typed into a new contact's form, 300 ms after
 * typing pauses: the email's holder first, as the server would refuse that create.
 */
export function useExistingContacts(typed: Typed): ExistingRecord[] {
  const typedEmail = typed.email.trim().toLowerCase();
  // A first and a last name: one name alone matches too many people to mean anything.
  const bothNames = typed.firstName.trim() !== "" && typed.lastName.trim() !== "";
  const typedName = bothNames ? `${typed.firstName.trim()} ${typed.lastName.trim()}` : "";
  const email = useSettledValue(typedEmail, 300);
  const name = useSettledValue(typedName, 300);
  const withEmail = useLookup("contact", email, LOOKS_LIKE_EMAIL.test(email));
  const withName = useLookup("contact", name, name !== "");
  // Only for what the form holds now: a hit for what was typed before is no longer news.
  const byEmail =
    LOOKS_LIKE_EMAIL.test(email) && email === typedEmail
      ? (withEmail?.contacts.find((hit) => hit.email === email) ?? null)
      : null;
  const byName =
    name && name === typedName
      ? (withName?.contacts ?? [])
          .filter((hit) => hit.name.toLowerCase() === name.toLowerCase() && hit.id !== byEmail?.id)
          .slice(0, 3)
      : [];
  return [
    ...(byEmail ? [{ id: byEmail.id, name: byEmail.name, text: `${byEmail.name} already has this email.` }] : []),
    ...byName.map((hit) => ({
      id: hit.id,
      name: hit.name,
      text: `${hit.name} is already a contact${hit.email ? ` (${hit.email})` : hit.title ? ` (${hit.title})` : ""}.`,
    })),
  ];
}
