import type { inferOutput } from "@trpc/tanstack-react-query";
import { Link } from "react-router-dom";
import { recordPath } from "../../app/recent-records";
import type { trpc } from "../../lib/trpc";
import { PanelSection } from "../records/record-fields";
import { CompanyMark } from "./company-columns";

type CompanyDetails = inferOutput<typeof trpc.companies.get>;

/**
 * The companies that belong to this one (their parent company is it), by name, each a click away. Shown only when it
 * has some: a company's parent is set on the subsidiary, in its Parent company field.
 */
export function CompanySubsidiaries({ details }: { details: CompanyDetails | undefined }) {
  const subsidiaries = details?.subsidiaries ?? [];
  if (subsidiaries.length === 0) return null;
  const count = `${subsidiaries.length.toLocaleString()}${details?.moreSubsidiaries ? "+" : ""}`;
  return (
    <PanelSection title={`Subsidiaries · ${count}`}>
      <ul className="-mx-1.5 space-y-0.5 text-[13px]" data-testid="company-subsidiaries">
        {subsidiaries.map((company) => (
          <li key={company.id}>
            <Link
              to={recordPath({ object: "company", id: company.id })}
              className="flex min-w-0 items-center gap-2 rounded-md px-1.5 py-1 hover:bg-surface-2"
            >
              <CompanyMark name={company.name} />
              <span className="truncate font-medium text-foreground">{company.name}</span>
              {company.domain && <span className="truncate text-muted">{company.domain}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}
