import { and, count, eq, gte, isNull, sql } from "drizzle-orm";
import { tasks } from "../../../../drizzle";
import type { Database } from "../../db";

/** One member's tasks, as /team shows them. */
export type AssigneeTaskCounts = { assigneeId: string; open: number; overdue: number; doneRecently: number };

/**
 * Each assignee's open tasks (those due before `dayStart` among them overdue) and the tasks they completed since
 * `doneSince`, in one round trip. The open ones are the range (organization, "open") of a status index; the done ones
 * a range of tasks_org_status_done_idx, from `doneSince` on. Tasks in the trash count for no one.
 *
 * The open ones group on `+assignee_id`: grouped on the column, SQLite walked every task of the organization, done ones
 * too, in tasks_org_assignee_done_idx's order to spare itself a sort, and done tasks only pile up.
 */
export async function taskCountsByAssignee(
  db: Database,
  organizationId: string,
  { dayStart, doneSince }: { dayStart: Date; doneSince: Date },
): Promise<AssigneeTaskCounts[]> {
  const [open, done] = await db.batch([
    db
      .select({
        assigneeId: tasks.assigneeId,
        open: count(),
        overdue: sql<number>`coalesce(sum(${tasks.dueAt} < ${dayStart.getTime()}), 0)`,
      })
      .from(tasks)
      .where(and(eq(tasks.organizationId, organizationId), eq(tasks.status, "open"), isNull(tasks.deletedAt)))
      .groupBy(sql`+${tasks.assigneeId}`),
    db
      .select({ assigneeId: tasks.assigneeId, done: count() })
      .from(tasks)
      .where(
        and(
          eq(tasks.organizationId, organizationId),
          eq(tasks.status, "done"),
          gte(tasks.completedAt, doneSince),
          isNull(tasks.deletedAt),
        ),
      )
      .groupBy(tasks.assigneeId),
  ]);
  const byAssignee = new Map<string, AssigneeTaskCounts>();
  const countsOf = (assigneeId: string) => {
    const counts = byAssignee.get(assigneeId) ?? { assigneeId, open: 0, overdue: 0, doneRecently: 0 };
    byAssignee.set(assigneeId, counts);
    return counts;
  };
  for (const row of open)
    if (row.assigneeId) Object.assign(countsOf(row.assigneeId), { open: row.open, overdue: Number(row.overdue) });
  for (const row of done) if (row.assigneeId) countsOf(row.assigneeId).doneRecently = row.done;
  return [...byAssignee.values()];
}
