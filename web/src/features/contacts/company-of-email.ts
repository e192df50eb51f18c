import { useQuery } from "@tanstack/react-query";
import { isValidDomain, normalizeDomain } from "../../../../worker/src/domain/records/normalize";
import { trpc } from "../../lib/trpc";
import { useSettledValue } from "../../lib/use-settled-value";
import type { PickerOption } from "../../ui/option-picker";

/** The domain of an email address as typed ("ann@Acme-Robotics.example" → "acme-robotics.example"), once it is one. */
export function emailDomain(email: string): string | null {
  const at = email.trim().lastIndexOf("@");
  const domain = at > 0 ? normalizeDomain(email.trim().slice(at + 1)) : null;
  return domain && isValidDomain(domain) ? domain : null;
}

/**
 * The live company whose domain is the email's, as HubSpot links a new contact to its company: what a new contact's
 * form chooses while no company was chosen by hand. Null until the email names a domain a company holds.
 */
export function useCompanyOfEmail(email: string): PickerOption | null {
  const typed = emailDomain(email) ?? "";
  // Read once typing pauses; never a domain no longer typed (the form opened again, an email changed).
  const settled = useSettledValue(typed, 250, "");
  const domain = settled === typed ? typed : "";
  const found = useQuery({
    ...trpc.search.records.queryOptions({ query: domain, limit: 5, objects: ["company"] }),
    enabled: domain !== "",
    staleTime: 10_000,
  }).data;
  const company = domain ? found?.companies.find((hit) => hit.domain === domain) : undefined;
  return company ? { value: company.id, label: company.name, hint: company.domain } : null;
}
