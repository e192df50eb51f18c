import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { useDayRange } from "./day-range";
import { dueBadge, type DueBadge } from "./task-counts";

/**
 * The reader's open tasks overdue and due today, for the sidebar: read again with the task lists after a change, each
 * minute, and as the day rolls over; `enabled` once the reader is a member of an organization.
 */
export function useDueBadge(enabled: boolean): DueBadge | null {
  const range = useDayRange();
  const { data } = useQuery({ ...trpc.tasks.dueCount.queryOptions(range), refetchInterval: 60_000, enabled });
  return dueBadge(data);
}
