import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { notifications } from "../../../../drizzle";
import { insertWhere, type Database } from "../../db";
import { newId } from "../ids";
import type { Task } from "./writes";

/**
 * Word to each teammate `given` tasks by `actorId` in one write: one notification each, naming the first of their tasks
 * and counting them all. None for tasks the actor gave themselves or no one. With `guard`, written only if it holds as
 * the statement runs (the write's own check, placed before the write), so a refused write tells no one.
 */
export function assignedNotices(
  db: Database,
  actorId: string,
  given: Task[],
  now: Date,
  guard?: SQL,
): BatchItem<"sqlite">[] {
  const byAssignee = new Map<string, Task[]>();
  for (const task of given)
    if (task.assigneeId && task.assigneeId !== actorId)
      byAssignee.set(task.assigneeId, [...(byAssignee.get(task.assigneeId) ?? []), task]);
  return [...byAssignee].map(([userId, [first, ...others]]) => {
    const row = {
      id: newId("ntf"),
      organizationId: first.organizationId,
      userId,
      kind: "task-assigned" as const,
      taskId: first.id,
      title: first.title,
      count: 1 + others.length,
      readAt: null,
      createdBy: actorId,
      createdAt: now,
      updatedAt: now,
    };
    return guard ? insertWhere(db, notifications, row, guard) : db.insert(notifications).values(row);
  });
}
