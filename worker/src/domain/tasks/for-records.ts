import { TRPCError } from "@trpc/server";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { companies, contacts, memberships, tasks } from "../../../../drizzle";
import { inValues, organizationRowsById, runBatch, type Database } from "../../db";
import type { taskCreateForRecordsInput } from "../../schemas/tasks";
import type { WriteKey } from "../../schemas/write-key";
import { newId } from "../ids";
import { insertActivity } from "../records/activity";
import { notFound } from "../records/conflict";
import { settleOnce } from "../write-keys";
import { linkedRecordActivity, taskHistory, type Task } from "./writes";

type Input = z.output<typeof taskCreateForRecordsInput>;

/**
 * Adds one task to each record named, in one batch with each one's history and a line on its record's timeline. All
 * must be live records of the organization, else NOT_FOUND and nothing is written. Made once per `key`: sent again,
 * answered with the same tasks' ids.
 */
export function createTasksForRecords(
  db: Database,
  organizationId: string,
  actorId: string,
  input: Input,
  key?: WriteKey,
): Promise<{ ids: string[] }> {
  return settleOnce(
    db,
    organizationId,
    key,
    async (remember) => {
      const table = input.object === "contact" ? contacts : companies;
      const records = await db
        .select({ id: table.id, ownerId: table.ownerId })
        .from(table)
        .where(and(organizationRowsById(table, organizationId, input.ids), isNull(table.deletedAt)));
      const missing = input.ids.length - records.length;
      if (missing === 1 && input.ids.length === 1) throw notFound(input.object);
      if (missing > 0)
        throw new TRPCError({
          code: "NOT_FOUND",
          message: `${missing} of the ${input.ids.length} selected ${input.object === "contact" ? "contacts" : "companies"} do not exist or were deleted. Reload and try again.`,
        });
      // An owner who has left the organization is not given the task: the caller is.
      const owners = [...new Set(records.flatMap((record) => (record.ownerId ? [record.ownerId] : [])))];
      const members =
        input.assignTo === "owner" && owners.length > 0
          ? await db
              .select({ userId: memberships.userId })
              .from(memberships)
              .where(and(eq(memberships.organizationId, organizationId), inValues(memberships.userId, owners)))
          : [];
      const isMember = new Set(members.map((member) => member.userId));
      const ownerOf = new Map(
        records.map((record) => [record.id, record.ownerId && isMember.has(record.ownerId) ? record.ownerId : null]),
      );
      const now = new Date();
      // In the order the records were named.
      const made: Task[] = input.ids.map((recordId) => ({
        id: newId("tsk"),
        organizationId,
        title: input.title,
        notes: null,
        dueAt: input.dueAt ?? null,
        priority: input.priority,
        status: "open",
        completedAt: null,
        assigneeId: (input.assignTo === "owner" && ownerOf.get(recordId)) || actorId,
        recordObject: input.object,
        recordId,
        repeat: input.repeat ?? null,
        repeatZone: input.repeat ? (input.repeatZone ?? null) : null,
        repeatedFromId: null,
        version: 1,
        deletedAt: null,
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      }));
      await runBatch(db, [
        ...remember(),
        ...made.flatMap((task) => [
          db.insert(tasks).values(task),
          insertActivity(db, taskHistory(task, actorId, "created", now)),
          insertActivity(db, linkedRecordActivity(task, actorId, `Task created: ${task.title}`, now)!),
        ]),
      ]);
      return { ids: made.map((task) => task.id) };
    },
    () => ({ ids: [] }),
  );
}
