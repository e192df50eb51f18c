import * as Popover from "@radix-ui/react-popover";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { Bell, CheckCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { NOTIFICATIONS_LISTED } from "../../../../worker/src/schemas/notifications";
import { toast, toastError } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { RelativeTime } from "../../ui/relative-time";
import { useActorNames } from "../records/activity-words";
import { dayRangeOf } from "../tasks/day-range";
import { taskPath } from "../tasks/task-path";
import { recordPath } from "../../app/recent-records";
import { noticeWords } from "./notice-words";
import { listLinkState } from "../../ui/data-table/list-memory";
import { VIEWER } from "../../../../worker/src/schemas/records";

type Notification = inferOutput<typeof trpc.notifications.list>[number];

/** The unread count is read again this often, and as the window comes back into focus. */
const UNREAD_EVERY_MS = 60_000;

const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));

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
function useFollowNotice() {
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

/**
 * More unread than before, while the app is open: the newest one says so in a toast (its "Open" follows it), and the
 * task lists and count are read again, to show tasks given meanwhile.
 */
function useNewNoticesShown(unread: number | undefined) {
  const queryClient = useQueryClient();
  const { follow } = useFollowNotice();
  const { who } = useActorNames();
  const before = useRef(unread);
  const latest = useRef({ follow, who });
  latest.current = { follow, who };
  useEffect(() => {
    const more = unread !== undefined && before.current !== undefined && unread > before.current;
    before.current = unread;
    if (!more) return;
    void queryClient.invalidateQueries(trpc.tasks.list.pathFilter());
    void queryClient.invalidateQueries(trpc.tasks.dueCount.pathFilter());
    void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
    void queryClient.fetchQuery(trpc.notifications.list.queryOptions({ limit: 1 })).then(
      ([newest]) => {
        if (!newest || newest.readAt) return;
        const { did, what } = noticeWords(newest);
        toast(`${latest.current.who(newest.createdBy)} ${did}: ${what}`, {
          action: { label: "Open", onClick: () => void latest.current.follow(newest) },
        });
      },
      () => undefined,
    );
  }, [unread, queryClient]);
}

/**
 * The sidebar's Notifications: how many are unread, and on a click the list, newest first: what a teammate did for the
 * reader (tasks given, notes naming them). One opens what it names, read; "Mark all read" reads them all.
 */
export function NotificationsButton({ className, textClassName }: { className?: string; textClassName?: string }) {
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    ...trpc.notifications.unreadCount.queryOptions(),
    refetchInterval: UNREAD_EVERY_MS,
    refetchOnWindowFocus: true,
  }).data?.unread;
  useNewNoticesShown(unread);
  // What it shows first ("Notifications 2"), as a person using voice control reads it.
  const label = unread ? `Notifications ${badgeText(unread)} unread` : "Notifications";
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          title="Notifications"
          data-testid="notifications-button"
          className={cn(
            "flex h-8 w-full items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium text-muted hover:bg-surface-2 hover:text-foreground data-[state=open]:bg-surface-2 data-[state=open]:text-foreground",
            className,
          )}
        >
          <span className="relative shrink-0">
            <Bell className="size-4" aria-hidden />
            {unread ? <span className="absolute -top-0.5 -right-0.5 size-1.5 rounded-full bg-primary" /> : null}
          </span>
          <span className={textClassName}>Notifications</span>
          {/* A space, so its text reads "Notifications 2" as its name does. */}
          {unread ? " " : null}
          {unread ? (
            <span
              data-testid="notifications-unread"
              className={cn(
                "ml-auto min-w-5 rounded-full bg-primary-soft px-1.5 text-center text-[11px] leading-[18px] font-semibold text-primary tabular-nums",
                textClassName,
              )}
            >
              {badgeText(unread)}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="right"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,calc(100vh-1rem))] w-80 flex-col overflow-hidden rounded-lg border border-border bg-background shadow-xl"
        >
          <NotificationList onDone={() => setOpen(false)} unread={unread ?? 0} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationList({ onDone, unread }: { onDone: () => void; unread: number }) {
  const { who } = useActorNames();
  const list = useInfiniteQuery(
    trpc.notifications.list.infiniteQueryOptions(
      {},
      { getNextPageParam: (page) => (page.length < NOTIFICATIONS_LISTED ? undefined : page[page.length - 1].id) },
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
        {list.hasNextPage && (
          <div className="border-t border-border p-2 text-center">
            <Button
              size="sm"
              variant="secondary"
              pending={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Show older
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
