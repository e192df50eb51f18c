import { Avatar } from "../../ui/avatar";
import { memberName, type Member } from "./use-members";

/** Avatar, name and, under it, the email: how a person is shown in every member list. */
export function MemberIdentity({
  member,
  isYou,
  showEmail = true,
}: {
  member: Member;
  isYou?: boolean;
  showEmail?: boolean;
}) {
  const name = memberName(member);
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <Avatar name={name} photoUrl={member.photoUrl} />
      <div className="min-w-0">
        <p className="truncate text-[13px] font-medium text-foreground" data-testid="member-name">
          {name}
          {isYou && <span className="ml-1.5 text-xs font-normal text-muted">(you)</span>}
        </p>
        {showEmail && name !== member.email && <p className="truncate text-xs text-muted">{member.email}</p>}
      </div>
    </div>
  );
}
