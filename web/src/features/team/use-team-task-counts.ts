import { useQuery } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { trpc } from "../../lib/trpc";
import { useDayRange } from "../tasks/day-range";

export type TeamTaskCounts = inferOutput<typeof trpc.tasks.teamCounts>[number];

/** Days, today among them, whose done tasks /team counts. */
export const DONE_DAYS = 7;

/** Each member's open, overdue and lately done tasks, by user id; read again each minute and as the day rolls over. */
export function useTeamTaskCounts() {
  const { dayStart } = useDayRange();
  const doneSince = new Date(dayStart.getFullYear(), dayStart.getMonth(), dayStart.getDate() - (DONE_DAYS - 1));
  return useQuery({
    ...trpc.tasks.teamCounts.queryOptions({ dayStart, doneSince }),
    refetchInterval: 60_000,
    select: (rows) => new Map(rows.map((row) => [row.assigneeId, row])),
  });
}
