import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db";
import { noticeStatements } from "../notifications";
import type { Task } from "./writes";

/**
 * Word to each teammate `given` tasks by `actorId` in one write: one notification each, naming the first of their tasks
 * and counting them all. None for tasks the actor gave themselves or no one. `guard` and `merge`: see noticeStatements.
 */
export function assignedNotices(
  db: Database,
  actorId: string,
  given: Task[],
  now: Date,
  options: { guard?: SQL; merge?: boolean } = {},
): BatchItem<"sqlite">[] {
  const byAssignee = new Map<string, Task[]>();
  for (const task of given)
    if (task.assigneeId && task.assigneeId !== actorId)
      byAssignee.set(task.assigneeId, [...(byAssignee.get(task.assigneeId) ?? []), task]);
  return [...byAssignee].flatMap(([userId, [first, ...others]]) =>
    noticeStatements(
      db,
      {
        organizationId: first.organizationId,
        userId,
        kind: "task-assigned",
        taskId: first.id,
        title: first.title,
        count: 1 + others.length,
      },
      actorId,
      now,
      options,
    ),
  );
}
