import { Info } from "lucide-react";
import { useCurrentUser } from "../auth/use-current-user";
import { ErrorState } from "../../ui/empty-state";
import { RoleBadge } from "../members/role-badge";
import { DetailsList } from "./details-list";
import { SettingsNote, SettingsSection, SettingsStack } from "./settings-section";
import { SettingsSkeleton } from "./settings-skeleton";

function currencyName(code: string): string | undefined {
  try {
    return new Intl.DisplayNames(undefined, { type: "currency" }).of(code);
  } catch {
    return undefined;
  }
}

const notSet = <span className="text-muted">Not set</span>;

export default function WorkspacePage() {
  const { data: user, error, refetch } = useCurrentUser();
  if (!user)
    return error ? <ErrorState message={error.message} onRetry={() => void refetch()} /> : <SettingsSkeleton />;
  const org = user.organization;
  const currency = currencyName(org.currency);

  return (
    <SettingsStack>
      <SettingsSection title="Workspace" description="The organization everyone here shares." flush>
        <DetailsList
          items={[
            { label: "Name", value: <span data-testid="workspace-name">{org.name}</span> },
            { label: "Slug", value: <span className="font-mono text-xs">{org.slug}</span> },
            { label: "Domain", value: org.domain ?? notSet },
            {
              label: "Currency",
              value: currency && currency !== org.currency ? `${org.currency} · ${currency}` : org.currency,
            },
            { label: "Time zone", value: org.timezone.replaceAll("_", " ") },
            { label: "Plan", value: <span className="capitalize">{org.plan}</span> },
            { label: "Your role", value: <RoleBadge role={user.role} /> },
          ]}
        />
      </SettingsSection>
      <SettingsNote icon={<Info className="size-4" />}>
        Name, currency and time zone were set when the workspace was created. Owners and admins will change them, export
        all data and delete the workspace from this page.
      </SettingsNote>
    </SettingsStack>
  );
}
