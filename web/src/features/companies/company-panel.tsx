import { formatDateTime } from "../../lib/format";
import { Badge } from "../../ui/badge";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { Sheet } from "../../ui/sheet";
import { memberName, useMembers } from "../members/use-members";
import { PanelSection, RecordFields } from "../records/record-fields";
import { RecordTimeline } from "../records/record-timeline";
import { CompanyMark, companyFieldLabels } from "./company-columns";
import { useCompany, type Company } from "./use-companies";

type CompanyPanelProps = {
  companyId: string | null;
  /** The list's copy, so the header shows at once while the full record loads. */
  preview: Company | undefined;
  onClose: () => void;
};

function Lines({ count }: { count: number }) {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-4 w-2/3" />
      ))}
    </div>
  );
}

/** The company opened from the table: its fields, its people and its timeline. */
export function CompanyPanel({ companyId, preview, onClose }: CompanyPanelProps) {
  const query = useCompany(companyId);
  const members = useMembers();
  const details = query.data?.company.id === companyId ? query.data : undefined;
  const company = details?.company ?? preview;
  const name = company?.name ?? "Company";
  const owner = members.data?.find((m) => m.userId === company?.ownerId);

  return (
    <Sheet
      open={companyId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={name}
      description={[company?.domain, company?.industry].filter(Boolean).join(" · ") || undefined}
      leading={
        <CompanyMark
          name={name}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-surface-2 text-sm font-semibold text-muted"
        />
      }
      testId="record-panel"
    >
      <PanelSection title="Details">
        {company ? (
          <RecordFields
            fields={[
              { label: "Domain", value: company.domain },
              { label: "Industry", value: company.industry },
              { label: "Size", value: company.size },
              { label: "Address", value: company.address },
              { label: "LinkedIn", value: company.linkedinUrl },
              { label: "Owner", value: owner ? memberName(owner) : null },
              {
                label: "Tags",
                value: company.tags.length ? (
                  <span className="flex flex-wrap gap-1">
                    {company.tags.map((tag) => (
                      <Badge key={tag}>{tag}</Badge>
                    ))}
                  </span>
                ) : null,
              },
              { label: "Created", value: formatDateTime(company.createdAt) },
              { label: "Updated", value: formatDateTime(company.updatedAt) },
            ]}
          />
        ) : (
          <Lines count={6} />
        )}
      </PanelSection>
      <PanelSection title={details ? `People · ${details.contacts.length}` : "People"}>
        {!details ? (
          query.isError ? null : (
            <Lines count={2} />
          )
        ) : details.contacts.length === 0 ? (
          <p className="text-[13px] text-muted">No contacts work here yet.</p>
        ) : (
          <ul className="space-y-1.5 text-[13px]" data-testid="company-contacts">
            {details.contacts.map((person) => (
              <li key={person.id} className="flex min-w-0 items-baseline gap-2">
                <span className="truncate font-medium text-foreground">
                  {`${person.firstName} ${person.lastName}`.trim() || person.email}
                </span>
                {person.title && <span className="truncate text-muted">{person.title}</span>}
              </li>
            ))}
          </ul>
        )}
      </PanelSection>
      <PanelSection title="Timeline">
        {query.isError && !details ? (
          <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
        ) : (
          <RecordTimeline items={details?.timeline} noun="company" fieldLabels={companyFieldLabels} />
        )}
      </PanelSection>
    </Sheet>
  );
}
