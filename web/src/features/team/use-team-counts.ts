import { useQuery } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { trpc } from "../../lib/trpc";
import { useDayRange } from "../tasks/day-range";

export type TeamTaskCounts = inferOutput<typeof trpc.tasks.teamCounts>[number];
export type TeamActivity = inferOutput<typeof trpc.timeline.members>[number];

/** Days, today among them, whose done tasks and activity /team counts. */
export const DONE_DAYS = 7;

/** The reader's day and the start of the day DONE_DAYS - 1 before it: where /team's counts of the week begin. */
function useWeek() {
  const { dayStart } = useDayRange();
  return {
    dayStart,
    since: new Date(dayStart.getFullYear(), dayStart.getMonth(), dayStart.getDate() - (DONE_DAYS - 1)),
  };
}

/** Each member's open, overdue and lately done tasks, by user id; read again each minute and as the day rolls over. */
export function useTeamTaskCounts() {
  const { dayStart, since } = useWeek();
  return useQuery({
    ...trpc.tasks.teamCounts.queryOptions({ dayStart, doneSince: since }),
    refetchInterval: 60_000,
    select: (rows) => new Map(rows.map((row) => [row.assigneeId, row])),
  });
}

/** Each member's latest entry in the feed and how many they made this week, by user id; read as the task counts are. */
export function useTeamActivity() {
  const { since } = useWeek();
  return useQuery({
    ...trpc.timeline.members.queryOptions({ since }),
    refetchInterval: 60_000,
    select: (rows) => new Map(rows.map((row) => [row.userId, row])),
  });
}
