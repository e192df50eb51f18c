import { normalizeDomain } from "../../../../worker/src/domain/records/normalize";
import { useSettledValue } from "../../lib/use-settled-value";
import { useLookup, type ExistingRecord } from "../records/existing-records";

/**
 * Companies already holding the domain (as the server normalises it) or the name (any case) typed
 * into a new company's form, 300 ms after typing pauses: the domain's holder first, as the server
 * would refuse that create.
 */
export function useExistingCompanies(typed: { name: string; domain: string }): ExistingRecord[] {
  const typedDomain = (typed.domain.includes(".") && normalizeDomain(typed.domain)) || "";
  const typedName = typed.name.trim();
  const domain = useSettledValue(typedDomain, 300);
  const name = useSettledValue(typedName, 300);
  const withDomain = useLookup("company", domain, domain !== "");
  const withName = useLookup("company", name, name.length >= 2);
  const byDomain =
    domain && domain === typedDomain ? (withDomain?.companies.find((hit) => hit.domain === domain) ?? null) : null;
  const byName =
    name && name === typedName
      ? (withName?.companies ?? [])
          .filter((hit) => hit.name.toLowerCase() === name.toLowerCase() && hit.id !== byDomain?.id)
          .slice(0, 3)
      : [];
  return [
    ...(byDomain ? [{ id: byDomain.id, name: byDomain.name, text: `${byDomain.name} already has ${domain}.` }] : []),
    ...byName.map((hit) => ({
      id: hit.id,
      name: hit.name,
      text: `${hit.name} is already a company${hit.domain ? ` (${hit.domain})` : ""}.`,
    })),
  ];
}
