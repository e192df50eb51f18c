import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { companies, contacts, memberships } from "../../../../drizzle";
import { inValues, organizationRowsById, runBatch, type Database } from "../../db";
import type { taskCreateForRecordsInput } from "../../schemas/tasks";
import type { WriteKey } from "../../schemas/write-key";
import { assertAllFound } from "../records/conflict";
import { recordPlural } from "../records/properties";
import { settleOnce } from "../write-keys";
import { assignedNotices } from "./assigned";
import { newTask, taskCreation } from "./writes";

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
      assertAllFound(records.length, input.ids.length, [input.object, recordPlural[input.object]]);
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
      const made = input.ids.map((recordId) =>
        newTask(
          {
            ...input,
            organizationId,
            recordObject: input.object,
            recordId,
            assigneeId: (input.assignTo === "owner" && ownerOf.get(recordId)) || actorId,
          },
          actorId,
          now,
        ),
      );
      await runBatch(db, [
        ...remember(),
        ...made.flatMap((task) => taskCreation(db, task, actorId)),
        ...assignedNotices(db, actorId, made, now, { merge: true }),
      ]);
      return { ids: made.map((task) => task.id) };
    },
    () => ({ ids: [] }),
  );
}
