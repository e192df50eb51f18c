import { formatDate } from "../../lib/format";
import { ErrorState } from "../../ui/empty-state";
import { MemberIdentity } from "../members/member-identity";
import { RoleBadge } from "../members/role-badge";
import { useMembers } from "../members/use-members";
import { SettingsSection } from "./settings-section";
import { RowsSkeleton } from "./settings-skeleton";

const th = "px-4 py-2 text-left text-xs font-medium text-muted";

export function MembersSection({ currentUserId }: { currentUserId?: string }) {
  const members = useMembers();
  const count = members.data?.length;

  return (
    <SettingsSection
      title="Members"
      description={
        count === undefined
          ? "Everyone in this workspace."
          : `${count} ${count === 1 ? "person" : "people"} in this workspace.`
      }
      flush
    >
      {members.data === undefined ? (
        members.isError ? (
          <div className="p-4">
            <ErrorState message={members.error.message} onRetry={() => void members.refetch()} />
          </div>
        ) : (
          <RowsSkeleton />
        )
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-[13px]" data-testid="members-table">
            <thead className="border-b border-border bg-surface">
              <tr>
                <th className={th}>Name</th>
                <th className={th}>Role</th>
                <th className={th}>Joined</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {members.data.map((member) => (
                <tr key={member.userId} data-testid="member-row" className="hover:bg-surface">
                  <td className="max-w-64 px-4 py-2.5">
                    <MemberIdentity member={member} isYou={member.userId === currentUserId} />
                  </td>
                  <td className="px-4 py-2.5">
                    <RoleBadge role={member.role} />
                  </td>
                  <td className="px-4 py-2.5 whitespace-nowrap text-muted">{formatDate(member.joinedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsSection>
  );
}
