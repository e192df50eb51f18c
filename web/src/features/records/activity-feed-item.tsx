import type { inferOutput } from "@trpc/tanstack-react-query";
import { Link } from "react-router-dom";
import { recordPath } from "../../app/recent-records";
import type { trpc } from "../../lib/trpc";
import { RelativeTime } from "../../ui/relative-time";
import { describeActivity } from "./activity-words";

export type FeedEntry = inferOutput<typeof trpc.timeline.recent>[number];

/**
 * One entry of a feed of what people did on records (the home page's, a member's on /team): its record a link, who
 * did what (`who` names them, a link to what else they did when `actorPath` gives one; a feed of one member's leaves
 * them out), when, and what they wrote.
 */
export function ActivityFeedItem({
  item,
  who,
  actorPath,
}: {
  item: FeedEntry;
  who?: (actorId: string) => string;
  actorPath?: (actorId: string) => string | null;
}) {
  const actorTo = actorPath?.(item.actorId);
  const { icon: Icon, verb, summary } = describeActivity(item, item.recordObject);
  return (
    <li className="flex gap-3 px-4 py-2.5 text-[13px]" data-testid="activity-feed-item">
      <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border border-border text-muted">
        <Icon className="size-3" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline gap-2">
          {/* Wrapped, not cut: a long record name would otherwise hide who did what (a phone's narrow panel). */}
          <span className="min-w-0 break-words">
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
              {who &&
                (actorTo ? (
                  <>
                    <Link to={actorTo} className="text-foreground hover:text-primary" data-testid="activity-actor">
                      {who(item.actorId)}
                    </Link>{" "}
                  </>
                ) : (
                  <span className="text-foreground">{who(item.actorId)} </span>
                ))}
              {verb}
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
}
