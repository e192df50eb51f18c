import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { useSettledValue } from "../../lib/use-settled-value";
import { Button } from "../../ui/button";

type Typed = { firstName: string; lastName: string; email: string };
type Hit = { id: string; name: string; email: string | null; title: string | null };

/** Enough of an address to look it up: something@domain.tld. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Contacts already holding the email or the full name being typed into a new contact's form, 300 ms
 * after typing pauses (the palette's search, contacts only): the email's holder first, as the server
 * would refuse that create.
 */
export function useExistingContacts(typed: Typed): { byEmail: Hit | null; byName: Hit[] } {
  const typedEmail = typed.email.trim().toLowerCase();
  // A first and a last name: one name alone matches too many people to mean anything.
  const bothNames = typed.firstName.trim() !== "" && typed.lastName.trim() !== "";
  const typedName = bothNames ? `${typed.firstName.trim()} ${typed.lastName.trim()}` : "";
  const email = useSettledValue(typedEmail, 300);
  const name = useSettledValue(typedName, 300);
  const search = (query: string, enabled: boolean) => ({
    ...trpc.search.records.queryOptions({ query, limit: 8, objects: ["contact"] }),
    enabled,
    staleTime: 10_000,
  });
  const withEmail = useQuery(search(email, LOOKS_LIKE_EMAIL.test(email)));
  const withName = useQuery(search(name, name !== ""));
  const byEmail = withEmail.data?.contacts.find((hit) => hit.email === email) ?? null;
  const byName = (withName.data?.contacts ?? [])
    .filter((hit) => hit.name.toLowerCase() === name.toLowerCase() && hit.id !== byEmail?.id)
    .slice(0, 3);
  // Only for what the form holds now: a hit for what was typed before is no longer news.
  return {
    byEmail: LOOKS_LIKE_EMAIL.test(email) && email === typedEmail ? byEmail : null,
    byName: name && name === typedName ? byName : [],
  };
}

/**
 * Under the new contact's name and email: who already holds them, each a click from opening instead
 * of creating a duplicate. Nothing when nobody does.
 */
export function ExistingContacts({ typed, onOpen }: { typed: Typed; onOpen: (id: string) => void }) {
  const { byEmail, byName } = useExistingContacts(typed);
  if (!byEmail && byName.length === 0) return null;
  const line = (hit: Hit, text: string) => (
    <li key={hit.id} className="flex min-w-0 items-center gap-2">
      <span className="min-w-0 flex-1">{text}</span>
      <Button size="sm" variant="secondary" className="shrink-0" onClick={() => onOpen(hit.id)}>
        Open {hit.name}
      </Button>
    </li>
  );
  return (
    <ul
      aria-label="Existing contacts"
      className="space-y-1.5 rounded-lg border border-amber-300/70 bg-amber-50 px-3 py-2 text-[13px] dark:border-amber-500/30 dark:bg-amber-500/10"
    >
      {byEmail && line(byEmail, `${byEmail.name} already has this email.`)}
      {byName.map((hit) =>
        line(
          hit,
          `${hit.name} is already a contact${hit.email ? ` (${hit.email})` : hit.title ? ` (${hit.title})` : ""}.`,
        ),
      )}
    </ul>
  );
}
