import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import type { LogKind } from "../records/log-request";
import { useDayRange } from "./day-range";
import { useCurrentUser } from "../auth/use-current-user";
import { parseQueue, readQueue } from "./task-queue-store";
import { taskTypeLabels } from "./task-type";
import { useToggleTask } from "./use-task-mutations";
import { taskLoggedBy } from "./log-task";

/**
 * Once a call (email, meeting) is logged on a record: when one of its open tasks of that kind is due, offers to
 * complete it, as HubSpot does when a logged call answers a call task. The record's tasks are read as its panel holds
 * them (read again when older than a few seconds).
 */
export function useOfferToComplete() {
  const queryClient = useQueryClient();
  const range = useDayRange();
  const toggle = useToggleTask();
  const user = useCurrentUser().data?.id;
  return useCallback(
    async (recordId: string, kind: LogKind) => {
      const rows = await queryClient
        .fetchQuery({
          ...trpc.tasks.list.queryOptions({ view: "open", assignee: "anyone", recordId, ...range, limit: 50 }),
          staleTime: 5_000,
        })
        .catch(() => []);
      const queue = parseQueue(readQueue(), user);
      const queued = queue ? queue.ids[queue.at]! : null;
      const task = taskLoggedBy(
        rows.map((row) => row.task),
        kind,
        range.dayEnd,
        queued,
      );
      if (!task) return;
      toast(`Logged the ${taskTypeLabels[kind].toLowerCase()}. “${task.title}” is still open.`, {
        action: { label: "Complete it", onClick: () => toggle(task, { logged: true }) },
      });
    },
    [queryClient, range, toggle, user],
  );
}
