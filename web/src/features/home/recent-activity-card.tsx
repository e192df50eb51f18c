import { useQuery } from "@tanstack/react-query";
import { Activity } from "lucide-react";
import { trpc } from "../../lib/trpc";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { ActivityFeedItem } from "../records/activity-feed-item";
import { useActorNames } from "../records/activity-words";
import { teamMemberPath } from "../team/team-path";
import { CardEmpty, HomeCard } from "./home-card";

/** What the team did lately on contacts and companies: who, what, on which record, and what they wrote. */
export function RecentActivityCard({ className }: { className?: string }) {
  // Read again each time the page is shown: the feed is about now, and the stored copy shows meanwhile.
  const recent = useQuery({ ...trpc.timeline.recent.queryOptions(), staleTime: 0 });
  const { who, names } = useActorNames();

  return (
    <HomeCard title="Recent activity" icon={Activity} className={className} testId="home-activity">
      {recent.data === undefined ? (
        recent.isError ? (
          <div className="p-4">
            <ErrorState
              message={`Could not load recent activity: ${recent.error.message}`}
              onRetry={() => void recent.refetch()}
            />
          </div>
        ) : (
          <div className="space-y-3 p-4" aria-busy="true" aria-label="Loading recent activity">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-4 w-3/4" />
            ))}
          </div>
        )
      ) : recent.data.length === 0 ? (
        <CardEmpty title="No activity yet">
          Notes, calls, meetings and emails your team logs on contacts and companies will be listed here.
        </CardEmpty>
      ) : (
        <ol className="divide-y divide-border" aria-label="Recent activity">
          {recent.data.map((item) => (
            <ActivityFeedItem
              key={item.id}
              item={item}
              who={who}
              // A member's name opens what else they did, on /team; one who left the workspace has nothing there.
              actorPath={(actorId) => (names.has(actorId) ? teamMemberPath(actorId) : null)}
            />
          ))}
        </ol>
      )}
    </HomeCard>
  );
}
