import { useInfiniteQuery } from "@tanstack/react-query";
import { Activity } from "lucide-react";
import { trpc } from "../../lib/trpc";
import { Avatar } from "../../ui/avatar";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { InlineEmpty } from "../../ui/inline-empty";
import { NextPageButton } from "../../ui/next-page-button";
import { RelativeTime } from "../../ui/relative-time";
import { Sheet } from "../../ui/sheet";
import { ActivityFeedItem } from "../records/activity-feed-item";
import { memberName, type Member } from "../members/use-members";
import { kindsSaid } from "./kinds-said";
import { DONE_DAYS, type TeamActivity } from "./use-team-counts";

/**
 * What one member did lately, beside /team: their notes, logged calls, meetings and emails, tasks and merges on live
 * contacts and companies, newest first, older ones a page at a time; each record a link.
 */
export function MemberActivityPanel({
  member,
  isYou,
  activity,
  onClose,
}: {
  member: Member | undefined;
  isYou: boolean;
  activity: TeamActivity | undefined;
  onClose: () => void;
}) {
  const name = member ? memberName(member) : "";
  return (
    <Sheet
      open={member !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={isYou ? `${name} (you)` : name}
      description={member && name !== member.email ? member.email : undefined}
      leading={member && <Avatar name={name} photoUrl={member.photoUrl} className="size-9" />}
      testId="member-activity-panel"
    >
      {member && (
        <>
          <div
            className="space-y-0.5 border-b border-border px-5 py-3 text-[13px] text-muted"
            data-testid="member-activity-summary"
          >
            {activity === undefined ? (
              <Skeleton className="h-3.5 w-56" />
            ) : (
              <>
                <p>
                  <span className="font-medium text-foreground">{activity.recent.toLocaleString()}</span>{" "}
                  {activity.recent === 1 ? "entry" : "entries"} in {DONE_DAYS} days
                  {activity.recent > 0 && `: ${kindsSaid(activity.recentByKind)}`}
                </p>
                {activity.latestAt && (
                  <p>
                    Latest <RelativeTime date={activity.latestAt} className="text-foreground" />
                  </p>
                )}
              </>
            )}
          </div>
          <MemberFeed memberId={member.userId} firstName={isYou ? null : name.split(" ")[0]} />
        </>
      )}
    </Sheet>
  );
}

function MemberFeed({ memberId, firstName }: { memberId: string; firstName: string | null }) {
  const feed = useInfiniteQuery({
    ...trpc.timeline.byMember.infiniteQueryOptions(
      { memberId },
      { getNextPageParam: (page) => (page.more ? page.items.at(-1)?.id : undefined) },
    ),
    // Read again each time it opens: the feed is about now, and the stored copy shows meanwhile.
    staleTime: 0,
  });
  const items = feed.data?.pages.flatMap((page) => page.items);

  if (items === undefined)
    return feed.isError ? (
      <div className="p-5">
        <ErrorState
          message={`Could not load this activity: ${feed.error.message}`}
          onRetry={() => void feed.refetch()}
        />
      </div>
    ) : (
      <div className="space-y-3 p-5" aria-busy="true" aria-label="Loading activity">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-4 w-3/4" />
        ))}
      </div>
    );
  if (items.length === 0)
    return (
      <InlineEmpty icon={Activity} title="No activity yet">
        Notes, calls, meetings and emails {firstName ?? "you"} log{firstName ? "s" : ""} on contacts and companies will
        be listed here.
      </InlineEmpty>
    );
  return (
    <>
      <ol className="divide-y divide-border" aria-label="Activity" data-testid="member-activity">
        {items.map((item) => (
          <ActivityFeedItem key={item.id} item={item} />
        ))}
      </ol>
      <NextPageButton
        pages={feed}
        label="Show older"
        failed="Could not load older activity"
        className="px-4 py-3"
        testId="member-activity-older"
      />
    </>
  );
}
