import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { MailPlus } from "lucide-react";
import { formatDate, formatRelative } from "../../lib/format";
import { useResentMutation } from "../../lib/resend";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { ErrorState } from "../../ui/empty-state";
import { InlineEmpty } from "../../ui/inline-empty";
import { SettingsSection } from "./settings-section";
import { RowsSkeleton } from "./settings-skeleton";

type PendingInvite = inferOutput<typeof trpc.organization.listInvites>[number];

function InviteRow({ invite }: { invite: PendingInvite }) {
  const queryClient = useQueryClient();
  const revoke = useResentMutation(
    trpc.invite.revoke.mutationOptions({
      onSuccess: () => {
        toast.success(`Invite for ${invite.email} revoked. Its link no longer works.`);
        return queryClient.invalidateQueries({ queryKey: trpc.organization.listInvites.queryKey() });
      },
      onError: (error) => toast.error(`Could not revoke the invite: ${error.message}`),
    }),
  );

  return (
    <li className="flex items-center gap-3 px-4 py-2.5" data-testid="pending-invite">
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-[13px] font-medium text-foreground">
          <span className="truncate">{invite.email}</span>
          <Badge>{invite.role}</Badge>
        </p>
        <p className="mt-0.5 text-xs text-muted">
          Sent {formatRelative(invite.createdAt)} · Expires {formatDate(invite.expiresAt)}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        pending={revoke.isPending}
        onClick={() => revoke.mutate({ inviteId: invite.id })}
      >
        Revoke
      </Button>
    </li>
  );
}

export function PendingInvitesSection() {
  const invites = useQuery(trpc.organization.listInvites.queryOptions());

  return (
    <SettingsSection
      title="Pending invites"
      description="Links sent but not yet accepted. Revoking one makes its link stop working."
      flush
    >
      {invites.data === undefined ? (
        invites.isError ? (
          <div className="p-4">
            <ErrorState message={invites.error.message} onRetry={() => void invites.refetch()} />
          </div>
        ) : (
          <RowsSkeleton rows={2} />
        )
      ) : invites.data.length === 0 ? (
        <InlineEmpty icon={MailPlus} title="No pending invites">
          Invites you send wait here until they are accepted, revoked or expire.
        </InlineEmpty>
      ) : (
        <ul className="divide-y divide-border">
          {invites.data.map((invite) => (
            <InviteRow key={invite.id} invite={invite} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
