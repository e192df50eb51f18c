import { UserPlus } from "lucide-react";
import { LinkButton } from "../../ui/link-button";
import { PageBody, PageHeader } from "../../ui/page";
import { useCurrentUser } from "../auth/use-current-user";
import { useMembers } from "../members/use-members";
import { TeamTable } from "./team-table";
import { useTeamTaskCounts } from "./use-team-task-counts";

export default function TeamPage() {
  const { data: user } = useCurrentUser();
  const members = useMembers();
  const taskCounts = useTeamTaskCounts();
  const count = members.data?.length;
  const canInvite = user !== undefined && user !== null && user.role !== "member";

  return (
    <>
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
        <TeamTable members={members} taskCounts={taskCounts} currentUserId={user?.id} />
      </PageBody>
    </>
  );
}
