import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { CheckCheck } from "lucide-react";
import { useNavigate } from "react-router-dom";
import { VIEWER } from "../../../../worker/src/schemas/records";
import { NOTIFICATIONS_LISTED } from "../../../../worker/src/schemas/notifications";
import { recordPath } from "../../app/recent-records";
import { toastError } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { NextPageButton } from "../../ui/next-page-button";
import { cn } from "../../ui/cn";
import { listLinkState } from "../../ui/data-table/list-memory";
import { RelativeTime } from "../../ui/relative-time";
import { useActorNames } from "../records/activity-words";
import { dayRangeOf } from "../tasks/day-range";
import { taskPath } from "../tasks/task-path";
import { noticeWords } from "./notice-words";

export type Notification = inferOutput<typeof trpc.notifications.list>[number];

/** A list of the records the reader owns (router state for /contacts or /companies). */
const ownRecords = listLinkState({
  search: "",
  filter: { combinator: "and", conditions: [{ field: "ownerId", operator: "eq", value: VIEWER }] },
  sort: null,
  trash: false,
});

/** Reads the notifications again: the count, and the list. */
function refreshNotices(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries(trpc.notifications.unreadCount.pathFilter()),
    queryClient.invalidateQueries(trpc.notifications.list.pathFilter()),
  ]);
}

/** Opens what a notification names, marking it read: a note's record in its panel, a task's details over its tab. */
export function useFollowNotice() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({ onSettled: () => refreshNotices(queryClient) }),
  );
  const follow = async (notice: Notification) => {
    if (!notice.readAt) markRead.mutate({ ids: [notice.id] });
    const object = notice.recordObject === "deal" ? null : notice.recordObject;
    // Many records given: the list of the reader's own; one, or a note's record: that record.
    if (object && notice.kind === "record-assigned" && notice.count > 1)
      return navigate(object === "contact" ? "/contacts" : "/companies", { state: ownRecords });
    if (object && notice.recordId) return navigate(recordPath({ object, id: notice.recordId }));
    if (!notice.taskId) return;
    try {
      const { task } = await queryClient.fetchQuery(trpc.tasks.get.queryOptions({ id: notice.taskId }));
      navigate(taskPath(task, dayRangeOf(new Date()), task.assigneeId === notice.userId ? "me" : "anyone"));
    } catch (error) {
      toastError(error, "Could not open the task");
    }
  };
  return { follow, markRead };
}

/** The notifications, newest first, page by page: each opens what it names; "Mark all read". */
export function NotificationList({ onDone, unread }: { onDone: () => void; unread: number }) {
  const { who } = useActorNames();
  const list = useInfiniteQuery(
    trpc.notifications.list.infiniteQueryOptions(
      {},
      {
        getNextPageParam: (page) => (page.length < NOTIFICATIONS_LISTED ? undefined : page[page.length - 1].id),
        // Read again at each opening: a list kept from before a reload (the persisted cache) can be seconds old yet
        // miss what the unread count already counts, as no rise of that count was seen to refresh it.
        refetchOnMount: "always",
      },
    ),
  );
  const { follow, markRead } = useFollowNotice();
  const notices = list.data?.pages.flat() ?? [];

  return (
    <>
      <div className="flex items-center justify-between border-b border-border px-3 py-2">
        <h2 className="text-sm font-semibold text-foreground">Notifications</h2>
        <Button
          size="sm"
          variant="ghost"
          disabled={unread === 0}
          pending={markRead.isPending && markRead.variables?.ids === undefined}
          onClick={() => markRead.mutate({}, { onError: (error) => toastError(error, "Could not mark them read") })}
        >
          <CheckCheck className="size-3.5" aria-hidden />
          Mark all read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isError ? (
          <p role="alert" className="px-3 py-6 text-center text-xs text-danger">
            Could not load notifications: {list.error.message}
          </p>
        ) : !list.data ? (
          <p className="px-3 py-6 text-center text-xs text-muted">Loading…</p>
        ) : notices.length === 0 ? (
          <p className="px-3 py-6 text-center text-xs text-muted">
            Nothing yet. When a teammate gives you a task, a contact or a company, or mentions you in a note, it shows
            here.
          </p>
        ) : (
          <ul aria-label="Notifications" className="divide-y divide-border">
            {notices.map((notice) => {
              const { did, what } = noticeWords(notice);
              const actor = who(notice.createdBy);
              return (
                <li key={notice.id}>
                  <button
                    type="button"
                    data-testid="notification"
                    data-unread={notice.readAt ? undefined : "true"}
                    onClick={() => {
                      onDone();
                      void follow(notice);
                    }}
                    className="flex w-full items-start gap-2.5 px-3 py-2.5 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
                  >
                    <Avatar name={actor} className="mt-0.5 size-6 text-[10px]" />
                    <span className="min-w-0 flex-1 text-[13px] text-muted">
                      <span className="font-medium text-foreground">{actor}</span> {did}:{" "}
                      <span className={cn("text-foreground", !notice.readAt && "font-medium")}>{what}</span>
                      <RelativeTime date={notice.createdAt} className="mt-0.5 block text-xs" />
                    </span>
                    {!notice.readAt && (
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" role="img" aria-label="Unread" />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <NextPageButton
          pages={list}
          label="Show older"
          failed="Could not load older notifications"
          className="justify-center border-t border-border p-2"
        />
      </div>
    </>
  );
}
