import { Users } from "lucide-react";
import { getTimeLocale } from "../../lib/time-locale";
import type { BoardGrouping } from "../records/board/board-groups";
import { OwnerName } from "../records/reference-fields";
import { CompanyMark } from "./company-columns";
import type { Company } from "./use-companies";

/** Companies have no select field of their own: their board groups by their select properties alone. */
export const companyGroupings: BoardGrouping<Company>[] = [];

/** What a company's card shows; the board reads only these fields (and the grouped property). */
export const companyCardFields = ["name", "domain", "industry", "peopleCount", "ownerId"];

/** A company on the board: its name and domain, its industry, how many people, its owner. */
export function CompanyCard({ company }: { company: Company }) {
  return (
    <span className="flex min-w-0 flex-col gap-1">
      <span className="flex min-w-0 items-center gap-2">
        <CompanyMark name={company.name} />
        <span className="truncate font-medium text-foreground">{company.name}</span>
      </span>
      {(company.domain || company.industry) && (
        <span className="truncate text-xs text-muted">
          {[company.domain, company.industry].filter(Boolean).join(" · ")}
        </span>
      )}
      <span className="flex min-w-0 items-center gap-2 text-xs text-muted">
        <span className="flex items-center gap-1" title="People">
          <Users className="size-3 shrink-0" aria-hidden />
          <span className="tabular-nums">{(company.peopleCount ?? 0).toLocaleString(getTimeLocale())}</span>
          <span className="sr-only">{company.peopleCount === 1 ? "person" : "people"}</span>
        </span>
        {company.ownerId && (
          <span className="ml-auto shrink-0">
            <OwnerName userId={company.ownerId} avatarOnly />
          </span>
        )}
      </span>
    </span>
  );
}
