import { ShieldCheck } from "lucide-react";
import { useCurrentUser } from "../auth/use-current-user";
import { InviteSection } from "./invite-section";
import { MembersSection } from "./members-section";
import { PendingInvitesSection } from "./pending-invites-section";
import { SettingsNote, SettingsStack } from "./settings-section";

export default function MembersPage() {
  const { data: user } = useCurrentUser();
  const canInvite = user !== undefined && user !== null && user.role !== "member";

  return (
    <SettingsStack>
      {canInvite ? (
        <InviteSection />
      ) : (
        <SettingsNote icon={<ShieldCheck className="size-4" />}>
          <span data-testid="invite-admins-only">
            Only owners and admins can invite teammates. Ask one of them to send an invite link.
          </span>
        </SettingsNote>
      )}
      <MembersSection currentUserId={user?.id} />
      {canInvite && <PendingInvitesSection />}
    </SettingsStack>
  );
}
