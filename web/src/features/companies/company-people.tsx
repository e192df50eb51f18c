import { ArrowRight, ChevronDown, ChevronRight, UserRoundPlus } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useOfferRecordCommands } from "../../app/record-commands";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { contactDisplayName } from "../../../../worker/src/domain/records/normalize";
import { recordPath } from "../../app/recent-records";
import type { trpc } from "../../lib/trpc";
import { Avatar } from "../../ui/avatar";
import { PanelSection } from "../records/record-fields";
import { LoadingLines } from "../records/record-panel";
import { newAtCompany, peopleOf } from "./company-columns";

type CompanyDetails = inferOutput<typeof trpc.companies.get>;

/**
 * People listed before "Show more": the panel's tasks, notes and timeline come after them, and a company
 * of hundreds put them 200 names down.
 */
export const PEOPLE_SHOWN = 8;

/** A company's people in its panel: the first few by name, the rest loaded on request, all of them in Contacts. */
export function CompanyPeople({
  companyId,
  details,
  failed,
}: {
  companyId: string | null;
  details: CompanyDetails | undefined;
  failed: boolean;
}) {
  const navigate = useNavigate();
  useOfferRecordCommands({ active: companyId !== null, order: 3 }, [
    {
      label: "Add a person here",
      keywords: "new contact person people employee",
      run: () => companyId && navigate(newAtCompany("/contacts", companyId)),
    },
  ]);
  // Which company's list is opened up: another company opens folded again.
  const [expandedFor, setExpandedFor] = useState<string | null>(null);
  const expanded = expandedFor !== null && expandedFor === companyId;
  const people = details?.contacts ?? [];
  const shown = expanded ? people : people.slice(0, PEOPLE_SHOWN);

  return (
    <PanelSection
      title={details ? `People · ${details.company.peopleCount.toLocaleString()}` : "People"}
      action={
        companyId && (
          <Link
            to={newAtCompany("/contacts", companyId)}
            className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
          >
            <UserRoundPlus className="size-3.5" aria-hidden />
            Add person
          </Link>
        )
      }
    >
      {!details ? (
        failed ? null : (
          <LoadingLines count={2} />
        )
      ) : people.length === 0 ? (
        <p className="text-[13px] text-muted">No contacts work here yet. Set a contact’s company to list them here.</p>
      ) : (
        <ul className="-mx-1.5 space-y-0.5 text-[13px]" data-testid="company-contacts">
          {shown.map((person) => {
            const personName = contactDisplayName(person.firstName, person.lastName, person.email);
            return (
              <li key={person.id}>
                <Link
                  to={recordPath({ object: "contact", id: person.id })}
                  className="flex min-w-0 items-center gap-2 rounded-md px-1.5 py-1 hover:bg-surface-2"
                >
                  <Avatar name={personName} className="size-5 text-[9px]" />
                  <span className="truncate font-medium text-foreground">{personName}</span>
                  {person.title && <span className="truncate text-muted">{person.title}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {details && details.company.peopleCount > 0 && (
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
          {people.length > PEOPLE_SHOWN && (
            <button
              type="button"
              aria-expanded={expanded}
              onClick={() => setExpandedFor(expanded ? null : companyId)}
              className="inline-flex items-center gap-1 text-xs font-medium text-muted hover:text-foreground"
            >
              {expanded ? (
                <ChevronDown className="size-3.5" aria-hidden />
              ) : (
                <ChevronRight className="size-3.5" aria-hidden />
              )}
              {expanded ? "Show fewer" : `Show ${(people.length - PEOPLE_SHOWN).toLocaleString()} more`}
            </button>
          )}
          <Link
            to="/contacts"
            state={peopleOf(details.company.id)}
            className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
          >
            {details.company.peopleCount > shown.length
              ? `See all ${details.company.peopleCount.toLocaleString()} in Contacts`
              : "See them in Contacts"}
            <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        </div>
      )}
    </PanelSection>
  );
}
