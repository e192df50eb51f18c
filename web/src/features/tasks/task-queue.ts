import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { useNavigate } from "react-router-dom";
import { toast, toastError } from "../../lib/toast";
import { isNotFound } from "../../lib/trpc-errors";
import { trpc } from "../../lib/trpc";
import { useCurrentUser } from "../auth/use-current-user";
import { requestLog } from "../records/log-request";
import { logOf } from "./log-task";
import type { Task } from "./task-types";
import {
  finishedText,
  parseQueue,
  readQueue,
  subscribeToQueue,
  workPath,
  writeQueue,
  type TaskQueue,
} from "./task-queue-store";

/**
 * What a queue's step does after a task: counts it `done`, `rescheduled` or `skipped` and goes on, goes on (`next`,
 * past one done before), or returns to the one before (`back`).
 */
type Step = "done" | "rescheduled" | "skipped" | "next" | "back";

/** The queue of this tab, and what starts, moves and ends it. */
export function useTaskQueue() {
  const user = useCurrentUser().data?.id;
  const text = useSyncExternalStore(subscribeToQueue, readQueue);
  const queue = parseQueue(text, user);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /**
   * Opens the first task from `at` on (or back from it) that is still there to work: one deleted (by a teammate, or
   * another tab) is passed over, and going on, one done meanwhile. Past the last, the queue ends where it began.
   */
  const openFrom = useCallback(
    async (current: TaskQueue, at: number, direction: 1 | -1) => {
      for (let i = at; i >= 0 && i < current.ids.length; i += direction) {
        const id = current.ids[i]!;
        let task: Task;
        try {
          ({ task } = await queryClient.fetchQuery({ ...trpc.tasks.get.queryOptions({ id }), staleTime: 0 }));
        } catch (error) {
          if (isNotFound(error)) continue;
          toastError(error, "Could not open the next task");
          return;
        }
        // Going on, one done meanwhile is passed over; going back, it is shown as it is (done), to look at again.
        if (task.status === "done" && direction === 1 && i !== current.at) continue;
        writeQueue({ ...current, at: i });
        // A call (email, meeting) opens its record with the notes composer ready to log it.
        const log = logOf(task);
        if (log) requestLog(log.kind, log.id);
        navigate(workPath(task, current.from));
        return;
      }
      if (direction === -1) return;
      writeQueue(null);
      toast.success(finishedText(current));
      navigate(current.from);
    },
    [queryClient, navigate],
  );

  const start = useCallback(
    (ids: string[], from: string) => {
      if (!user || ids.length === 0) return;
      const started: TaskQueue = { user, ids, at: 0, done: 0, rescheduled: 0, skipped: 0, from };
      writeQueue(started);
      void openFrom(started, 0, 1);
    },
    [user, openFrom],
  );

  const step = useCallback(
    (how: Step) => {
      if (!queue) return;
      if (how === "back") return void openFrom(queue, queue.at - 1, -1);
      const counted = how === "next" ? queue : { ...queue, [how]: queue[how] + 1 };
      void openFrom(counted, queue.at + 1, 1);
    },
    [queue, openFrom],
  );

  const resume = useCallback(() => queue && void openFrom(queue, queue.at, 1), [queue, openFrom]);
  const end = useCallback(() => writeQueue(null), []);

  return { queue, start, step, resume, end };
}
