import { CreditCard, Users } from "lucide-react";
import { useCurrentUser } from "../auth/use-current-user";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { useMembers } from "../members/use-members";
import { PlanCards } from "./plan-cards";
import { SettingsNote, SettingsSection, SettingsStack } from "./settings-section";
import { SettingsSkeleton } from "./settings-skeleton";

function SeatsUsed() {
  const members = useMembers();
  if (members.data === undefined)
    return members.isError ? (
      <ErrorState message={members.error.message} onRetry={() => void members.refetch()} />
    ) : (
      <Skeleton className="h-9 w-40" />
    );
  const seats = members.data.length;
  return (
    <div className="flex items-center gap-3">
      <span className="flex size-9 items-center justify-center rounded-md bg-primary-soft text-primary">
        <Users className="size-4" aria-hidden />
      </span>
      <div>
        <p className="text-sm font-semibold text-foreground tabular-nums" data-testid="seats-used">
          {seats} {seats === 1 ? "seat" : "seats"} used
        </p>
        <p className="text-xs text-muted">One seat per member of the workspace.</p>
      </div>
    </div>
  );
}

export default function BillingPage() {
  const { data: user, error, refetch } = useCurrentUser();
  if (!user)
    return error ? <ErrorState message={error.message} onRetry={() => void refetch()} /> : <SettingsSkeleton />;

  return (
    <SettingsStack>
      <SettingsSection title="Plan" description={`${user.organization.name} is on the ${user.organization.plan} plan.`}>
        <PlanCards current={user.organization.plan} />
      </SettingsSection>
      <SettingsSection title="Seats">
        <SeatsUsed />
      </SettingsSection>
      <SettingsNote icon={<CreditCard className="size-4" />}>
        <span data-testid="payments-not-configured">
          Payments are not configured for this workspace, so the plan cannot be changed here. Ask whoever runs this
          deployment to change it.
        </span>
      </SettingsNote>
    </SettingsStack>
  );
}
