import { useQuery } from "@tanstack/react-query";
import { normalizeDomain } from "../../../../worker/src/domain/records/normalize";
import { trpc } from "../../lib/trpc";
import { useExistingRecords, type ExistingRecord } from "../records/existing-records";

/** Live companies the name looks like, whatever its case, punctuation or legal form ("Acme Inc" for Acme). */
function useLookAlikes(name: string) {
  return useQuery({ ...trpc.companies.lookAlikes.queryOptions({ name }), enabled: name !== "", staleTime: 10_000 })
    .data;
}

/**
 * Companies already holding the domain (normalised as the server does, so a pasted URL finds it) or
 * the name typed into a new company's form, its legal form aside (useExistingRecords).
 */
export function useExistingCompanies(typed: { name: string; domain: string }): ExistingRecord[] {
  const name = typed.name.trim();
  return useExistingRecords({
    object: "company",
    hitsOf: (found) => found.companies,
    key: {
      typed: (typed.domain.includes(".") && normalizeDomain(typed.domain)) || "",
      holds: (hit, key) => hit.domain === key,
      sentence: (hit, key) => `${hit.name} already has ${key}.`,
    },
    name: {
      typed: name.length >= 2 ? name : "",
      sentence: (hit) => `${hit.name} is already a company${hit.domain ? ` (${hit.domain})` : ""}.`,
      useHolders: useLookAlikes,
    },
  });
}
