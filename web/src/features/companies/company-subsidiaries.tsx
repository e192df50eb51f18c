import type { inferOutput } from "@trpc/tanstack-react-query";
import { ArrowRight, Plus } from "lucide-react";
import { Link, useNavigate } from "react-router-dom";
import { useOfferRecordCommands } from "../../app/record-commands";
import { recordPath } from "../../app/recent-records";
import type { trpc } from "../../lib/trpc";
import { PanelSection } from "../records/record-fields";
import { CompanyMark, newAtCompany, peopleOf, subsidiariesOf } from "./company-columns";

const linkClass = "inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline";

type CompanyDetails = inferOutput<typeof trpc.companies.get>;

/**
 * The companies that belong to this one (their parent company is it), by name, each a click away, all of them as a
 * filtered companies list, and a new one made under it. Its parent is set on the subsidiary, in its Parent company field.
 */
export function CompanySubsidiaries({ details }: { details: CompanyDetails | undefined }) {
  const navigate = useNavigate();
  const companyId = details?.company.id;
  useOfferRecordCommands({ active: Boolean(companyId), order: 4 }, [
    {
      label: "Add a subsidiary",
      keywords: "new company child branch group parent",
      run: () => companyId && navigate(newAtCompany("/companies", companyId)),
    },
  ]);
  if (!details) return null;
  const { subsidiaries, moreSubsidiaries, company } = details;
  return (
    <PanelSection
      title={`Subsidiaries · ${subsidiaries.length.toLocaleString()}${moreSubsidiaries ? "+" : ""}`}
      action={
        <Link to={newAtCompany("/companies", company.id)} className={linkClass}>
          <Plus className="size-3.5" aria-hidden />
          Add subsidiary
        </Link>
      }
    >
      {subsidiaries.length === 0 ? (
        <p className="text-[13px] text-muted">
          None yet. A company whose Parent company is {company.name} is listed here.
        </p>
      ) : (
        <ul className="-mx-1.5 space-y-0.5 text-[13px]" data-testid="company-subsidiaries">
          {subsidiaries.map((subsidiary) => (
            <li key={subsidiary.id}>
              <Link
                to={recordPath({ object: "company", id: subsidiary.id })}
                className="flex min-w-0 items-center gap-2 rounded-md px-1.5 py-1 hover:bg-surface-2"
              >
                <CompanyMark name={subsidiary.name} />
                <span className="truncate font-medium text-foreground">{subsidiary.name}</span>
                {subsidiary.domain && <span className="truncate text-muted">{subsidiary.domain}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {subsidiaries.length > 0 && (
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
          <Link to="/companies" state={subsidiariesOf(company.id)} className={linkClass}>
            {moreSubsidiaries ? "See all in Companies" : "See them in Companies"}
            <ArrowRight className="size-3.5" aria-hidden />
          </Link>
          <Link to="/contacts" state={peopleOf(company.id, { withSubsidiaries: true })} className={linkClass}>
            The whole group's people
            <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        </div>
      )}
    </PanelSection>
  );
}
