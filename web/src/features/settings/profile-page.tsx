import { Building, Info } from "lucide-react";
import { useCurrentUser } from "../auth/use-current-user";
import { useAuth } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { Avatar } from "../../ui/avatar";
import { ErrorState } from "../../ui/empty-state";
import { LinkButton } from "../../ui/link-button";
import { RoleBadge } from "../members/role-badge";
import { DetailsList } from "./details-list";
import { providerLabel } from "./provider-label";
import { SettingsNote, SettingsSection, SettingsStack } from "./settings-section";
import { SettingsSkeleton } from "./settings-skeleton";
import { SignOutSection } from "./sign-out-section";

export default function ProfilePage() {
  const { data: user, error, refetch } = useCurrentUser();
  const { user: authUser } = useAuth();

  if (!user)
    return error ? <ErrorState message={error.message} onRetry={() => void refetch()} /> : <SettingsSkeleton />;

  const name = user.displayName?.trim() || user.email;
  const providers = authUser?.providerData.map((p) => providerLabel(p.providerId)) ?? [];
  const source = providers.length ? providers.join(" and ") : "your sign-in provider";

  return (
    <SettingsStack>
      <SettingsSection title="Profile" description="How your teammates see you across the workspace." flush>
        <div className="flex items-center gap-4 border-b border-border px-4 py-4">
          <Avatar name={name} photoUrl={user.photoUrl} className="size-14 text-lg" />
          <div className="min-w-0">
            <p className="truncate text-base font-semibold text-foreground" data-testid="profile-name">
              {name}
            </p>
            <p className="truncate text-[13px] text-muted" data-testid="profile-email">
              {user.email}
            </p>
          </div>
        </div>
        <DetailsList
          items={[
            { label: "Name", value: user.displayName?.trim() || <span className="text-muted">Not set</span> },
            { label: "Email", value: user.email },
            {
              label: "Photo",
              value: user.photoUrl ? (
                `From ${source}`
              ) : (
                <span className="text-muted">None; your initials are shown instead</span>
              ),
            },
            {
              label: "Signs in with",
              value: providers.length ? providers.join(", ") : <span className="text-muted">Unknown</span>,
            },
            { label: "Member since", value: formatDate(user.createdAt) },
          ]}
        />
        <div className="border-t border-border p-3">
          <SettingsNote icon={<Info className="size-4" />}>
            Your name, email and photo come from {source}. Change them there; they update here the next time you sign
            in.
          </SettingsNote>
        </div>
      </SettingsSection>

      <SettingsSection
        title="Organization"
        description="The workspace you belong to and what you can do in it."
        action={
          <LinkButton to="/settings/workspace" size="sm">
            <Building className="size-3.5" aria-hidden />
            Workspace settings
          </LinkButton>
        }
        flush
      >
        <DetailsList
          items={[
            { label: "Organization", value: user.organization.name },
            { label: "Your role", value: <RoleBadge role={user.role} /> },
          ]}
        />
      </SettingsSection>

      <SignOutSection />
    </SettingsStack>
  );
}
