import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { requestFollowUp, type LogKind } from "../records/log-request";
import { useDayRange } from "./day-range";
import { useCurrentUser } from "../auth/use-current-user";
import { parseQueue, queuedTaskId, readQueue } from "./task-queue-store";
import { taskTypeLabels } from "./task-type";
import { useToggleTask } from "./use-task-mutations";
import { taskLoggedBy } from "./log-task";

/**
 * Once a call (email, meeting) is logged on a record, the next step: when one of its open tasks of that kind is due,
 * completing it (as HubSpot does when a logged call answers a call task), else adding a follow-up. The record's tasks
 * are read as its panel holds them (read again when older than a few seconds).
 */
export function useOfferNextStep() {
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
      // A queue on one of this record's tasks: its strip completes it, reschedules it or goes on.
      const queued = queuedTaskId(parseQueue(readQueue(), user));
      if (rows.some((row) => row.task.id === queued)) return;
      const task = taskLoggedBy(
        rows.map((row) => row.task),
        kind,
        range.dayEnd,
      );
      const noun = taskTypeLabels[kind].toLowerCase();
      if (task)
        return void toast(`Logged the ${noun}. “${task.title}” is still open.`, {
          action: { label: "Complete it", onClick: () => toggle(task, { logged: true }) },
        });
      // None to close: the next step, as HubSpot's "create a follow-up task", in the record's task box to finish.
      toast(`Logged the ${noun}.`, {
        action: { label: "Add a follow-up", onClick: () => requestFollowUp(recordId, `Follow-up ${noun} tomorrow `) },
      });
    },
    [queryClient, range, toggle, user],
  );
}
