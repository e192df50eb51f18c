import { useQuery } from "@tanstack/react-query";
import { Activity } from "lucide-react";
import { Link } from "react-router-dom";
import { recordPath } from "../../app/recent-records";
import { RelativeTime } from "../../ui/relative-time";
import { trpc } from "../../lib/trpc";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { describeActivity, useActorNames } from "../records/activity-words";
import { CardEmpty, HomeCard } from "./home-card";

/** What the team did lately on contacts and companies: who, what, on which record, and what they wrote. */
export function RecentActivityCard({ className }: { className?: string }) {
  // Read again each time the page is shown: the feed is about now, and the stored copy shows meanwhile.
  const recent = useQuery({ ...trpc.timeline.recent.queryOptions(), staleTime: 0 });
  const { who } = useActorNames();

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
          {recent.data.map((item) => {
            const { icon: Icon, verb, summary } = describeActivity(item, item.recordObject);
            return (
              <li key={item.id} className="flex gap-3 px-4 py-2.5 text-[13px]" data-testid="home-activity-item">
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border border-border text-muted">
                  <Icon className="size-3" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex items-baseline gap-2">
                    <span className="min-w-0 truncate">
                      <Link
                        to={recordPath({ object: item.recordObject, id: item.recordId })}
                        className="font-medium text-foreground hover:text-primary"
                        data-testid="activity-record"
                      >
                        {item.recordName ?? "Unnamed"}
                      </Link>
                      <span className="text-muted" aria-hidden>
                        {" · "}
                      </span>
                      <span className="text-muted" data-testid="activity-action">
                        <span className="text-foreground">{who(item.actorId)}</span> {verb}
                      </span>
                    </span>
                    <RelativeTime date={item.createdAt} className="ml-auto shrink-0 text-xs text-muted" />
                  </p>
                  {summary && (
                    <p className="mt-0.5 line-clamp-2 break-words text-muted" data-testid="activity-summary">
                      {summary}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </HomeCard>
  );
}
