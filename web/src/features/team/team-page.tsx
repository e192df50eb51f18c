import { UserPlus } from "lucide-react";
import { LinkButton } from "../../ui/link-button";
import { PageBody, PageHeader } from "../../ui/page";
import { usePageSearchParams } from "../../lib/page-search-params";
import { cn } from "../../ui/cn";
import { useCurrentUser } from "../auth/use-current-user";
import { useMembers } from "../members/use-members";
import { MemberActivityPanel } from "./member-activity-panel";
import { nextTeamSort, parseTeamSort, teamSortParam } from "./team-sort";
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
  const sort = parseTeamSort(params.get("sort"));
  /** The address with `change` made to it: the sort and the open member are kept each through the other's change. */
  const withParam = (change: Record<string, string | null>) => (current: URLSearchParams) => {
    const next = new URLSearchParams(current);
    for (const [name, value] of Object.entries(change))
      if (value === null) next.delete(name);
      else next.set(name, value);
    return next;
  };
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
          onOpenMember={(userId) => setParams(withParam({ member: userId }), { replace: openMemberId !== undefined })}
          sort={sort}
          onSort={(field) =>
            setParams(withParam({ sort: teamSortParam(nextTeamSort(sort, field)) }), { replace: true })
          }
        />
        <MemberActivityPanel
          member={openMember}
          isYou={openMember !== undefined && openMember.userId === user?.id}
          activity={openMember && activity.data?.get(openMember.userId)}
          onClose={() => setParams(withParam({ member: null }))}
        />
      </PageBody>
    </div>
  );
}
