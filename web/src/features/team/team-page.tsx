import { UserPlus } from "lucide-react";
import { LinkButton } from "../../ui/link-button";
import { PageBody, PageHeader } from "../../ui/page";
import { usePageSearchParams } from "../../lib/page-search-params";
import { cn } from "../../ui/cn";
import { useCurrentUser } from "../auth/use-current-user";
import { useMembers } from "../members/use-members";
import { MemberActivityPanel } from "./member-activity-panel";
import { TeamTable } from "./team-table";
import { useTeamActivity, useTeamTaskCounts } from "./use-team-counts";

export default function TeamPage() {
  const { data: user } = useCurrentUser();
  const members = useMembers();
  const taskCounts = useTeamTaskCounts();
  const activity = useTeamActivity();
  // The member whose activity is open beside the table, in the address: Back closes it, a link opens it.
  const [params, setParams] = usePageSearchParams();
  const openMemberId = params.get("member") ?? undefined;
  const openMember = members.data?.find((member) => member.userId === openMemberId);
  const count = members.data?.length;
  const canInvite = user !== undefined && user !== null && user.role !== "member";

  return (
    // While a member's activity is open the page makes room for it, as a list does for a record's panel.
    <div className={cn(openMember && "pr-[28rem]")}>
      <PageHeader
        title="Team"
        description={
          count === undefined
            ? "Who works in this workspace."
            : `${count} ${count === 1 ? "member" : "members"} in ${user?.organization.name ?? "this workspace"}.`
        }
        actions={
          canInvite && (
            <LinkButton to="/settings/members" variant="primary">
              <UserPlus className="size-4" aria-hidden />
              Invite teammates
            </LinkButton>
          )
        }
      />
      <PageBody>
        <TeamTable
          members={members}
          taskCounts={taskCounts}
          activity={activity}
          currentUserId={user?.id}
          openMemberId={openMember?.userId}
          onOpenMember={(userId) => setParams({ member: userId }, { replace: openMemberId !== undefined })}
        />
        <MemberActivityPanel
          member={openMember}
          isYou={openMember !== undefined && openMember.userId === user?.id}
          activity={openMember && activity.data?.get(openMember.userId)}
          onClose={() => setParams({})}
        />
      </PageBody>
    </div>
  );
}
