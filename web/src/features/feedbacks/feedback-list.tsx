import type { UseQueryResult } from "@tanstack/react-query";
import { ListFilter, MessageSquareText } from "lucide-react";
import { useMemo } from "react";
import { usePageSearchParams } from "../../lib/page-search-params";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState, ErrorState, Skeleton } from "../../ui/empty-state";
import { InlineEmpty } from "../../ui/inline-empty";
import { useCurrentUser } from "../auth/use-current-user";
import { FeedbackFilters, type FeedbackFilter } from "./feedback-filters";
import { feedbackCategories, feedbackStatuses, type Feedback } from "./feedback-labels";
import { FeedbackRow } from "./feedback-row";

function oneOf<T extends string>(values: readonly T[], value: string | null): T | "all" {
  return values.includes(value as T) ? (value as T) : "all";
}

/** Filters live in the address, so a filtered list can be bookmarked and shared. */
function useFeedbackFilter(): [FeedbackFilter, (filter: FeedbackFilter) => void] {
  const [params, setParams] = usePageSearchParams();
  const filter: FeedbackFilter = {
    category: oneOf(feedbackCategories, params.get("category")),
    status: oneOf(feedbackStatuses, params.get("status")),
  };
  const setFilter = (next: FeedbackFilter) => {
    const search = new URLSearchParams();
    if (next.category !== "all") search.set("category", next.category);
    if (next.status !== "all") search.set("status", next.status);
    setParams(search, { replace: true });
  };
  return [filter, setFilter];
}

function ListSkeleton() {
  return (
    <Card className="divide-y divide-border" aria-busy="true" aria-label="Loading feedback">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex gap-3 px-4 py-3">
          <Skeleton className="h-5 w-14" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-3.5 w-3/4" />
            <Skeleton className="h-3 w-48" />
          </div>
          <Skeleton className="h-5 w-14" />
        </div>
      ))}
    </Card>
  );
}

type FeedbackListProps = { query: UseQueryResult<Feedback[], { message: string }>; onSendFeedback: () => void };

export function FeedbackList({ query, onSendFeedback }: FeedbackListProps) {
  const { data: user } = useCurrentUser();
  const [filter, setFilter] = useFeedbackFilter();
  const items = query.data;
  const shown = useMemo(
    () =>
      items?.filter(
        (item) =>
          (filter.category === "all" || item.category === filter.category) &&
          (filter.status === "all" || item.status === filter.status),
      ) ?? [],
    [items, filter.category, filter.status],
  );

  if (items === undefined)
    return query.isError ? (
      <ErrorState message={query.error?.message ?? "Could not load feedback."} onRetry={() => void query.refetch()} />
    ) : (
      <ListSkeleton />
    );

  if (items.length === 0)
    return (
      <EmptyState
        icon={MessageSquareText}
        title="No feedback yet"
        description="Bugs, ideas and praise your team sends from anywhere in the app land here for triage."
        action={<Button onClick={onSendFeedback}>Send the first feedback</Button>}
      />
    );

  return (
    <>
      <FeedbackFilters filter={filter} onChange={setFilter} shown={shown.length} total={items.length} />
      <Card>
        {shown.length === 0 ? (
          <InlineEmpty icon={ListFilter} title="No feedback matches these filters">
            <button
              type="button"
              className="font-medium text-primary hover:underline"
              onClick={() => setFilter({ category: "all", status: "all" })}
            >
              Clear filters
            </button>
          </InlineEmpty>
        ) : (
          <ul className="divide-y divide-border" data-testid="feedback-list">
            {shown.map((item) => (
              <FeedbackRow key={item.id} item={item} isMine={item.createdBy === user?.id} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
