import { Info, UsersRound } from "lucide-react";
import { formatDate } from "../../lib/format";
import { Card } from "../../ui/card";
import { EmptyState, ErrorState, Skeleton } from "../../ui/empty-state";
import { MemberIdentity } from "../members/member-identity";
import { RoleBadge } from "../members/role-badge";
import type { useMembers } from "../members/use-members";

const th = "px-4 py-2 text-left text-xs font-medium text-muted";
const num = "px-4 py-2.5 text-right tabular-nums";

function TableSkeleton() {
  return (
    <Card className="divide-y divide-border" aria-busy="true" aria-label="Loading team">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-7 rounded-full" />
          <Skeleton className="h-3.5 w-48" />
          <Skeleton className="ml-auto h-3.5 w-24" />
        </div>
      ))}
    </Card>
  );
}

export function TeamTable({
  members,
  currentUserId,
}: {
  members: ReturnType<typeof useMembers>;
  currentUserId?: string;
}) {
  if (members.data === undefined)
    return members.isError ? (
      <ErrorState message={members.error.message} onRetry={() => void members.refetch()} />
    ) : (
      <TableSkeleton />
    );
  if (members.data.length === 0)
    return (
      <EmptyState
        icon={UsersRound}
        title="No members yet"
        description="People who join this workspace appear here with their work."
      />
    );

  return (
    <div className="space-y-3">
      <Card className="overflow-x-auto">
        <table className="w-full text-[13px]" data-testid="team-table">
          <thead className="border-b border-border bg-surface">
            <tr>
              <th className={th}>Member</th>
              <th className={th}>Role</th>
              <th className={`${th} text-right`}>Open deals</th>
              <th className={`${th} text-right`}>Open tasks</th>
              <th className={th}>Joined</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {members.data.map((member) => (
              <tr key={member.userId} data-testid="team-member-row" className="hover:bg-surface">
                <td className="max-w-72 px-4 py-2.5">
                  <MemberIdentity member={member} isYou={member.userId === currentUserId} />
                </td>
                <td className="px-4 py-2.5">
                  <RoleBadge role={member.role} />
                </td>
                <td className={`${num} text-muted`}>0</td>
                <td className={`${num} text-muted`}>0</td>
                <td className="px-4 py-2.5 whitespace-nowrap text-muted">{formatDate(member.joinedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <p className="flex items-center gap-1.5 text-xs text-muted">
        <Info className="size-3.5" aria-hidden />
        Deals and tasks are counted per owner once your team starts adding them.
      </p>
    </div>
  );
}
