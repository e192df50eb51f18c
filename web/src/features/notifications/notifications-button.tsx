import * as Popover from "@radix-ui/react-popover";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { cn } from "../../ui/cn";
import { useActorNames } from "../records/activity-words";
import { NotificationList, useFollowNotice } from "./notification-list";
import { noticeWords } from "./notice-words";

/** The unread count is read again this often, and as the window comes back into focus. */
const UNREAD_EVERY_MS = 60_000;

const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));

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
 * reader (tasks, contacts or companies given, notes naming them). One opens what it names, read; "Mark all read" reads
 * them all.
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
