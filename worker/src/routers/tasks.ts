import { TRPCError } from "@trpc/server";
import { and, asc, eq, gte, isNotNull, isNull, lt, not, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { companies, contacts, tasks } from "../../../drizzle";
import { newId } from "../domain/ids";
import { assertMember } from "../domain/members";
import { activityRow, diffFields, insertActivity, insertActivityWhere } from "../domain/records/activity";
import { notFound, staleVersionError } from "../domain/records/conflict";
import { afterAnchor, keysetOrderBy, type KeysetOrder } from "../domain/records/keyset";
import { assertLiveRecord } from "../domain/records/live-record";
import { insertWhere, rowExists, runBatch, type Database } from "../db";
import { recordIdInput } from "../schemas/records";
import {
  REPEAT_NEEDS_DUE,
  taskCreateInput,
  taskListInput,
  taskTrashInput,
  taskUpdateInput,
  type taskViews,
} from "../schemas/tasks";
import { nextDueAt } from "../domain/tasks/repeat";
import { createTRPCRouter, memberProcedure } from "../trpc";
import { createOnce, updateOnce } from "../domain/write-keys";
import { keyed } from "../schemas/write-key";

type Task = typeof tasks.$inferSelect;
type TaskView = (typeof taskViews)[number];

async function assertRecord(
  db: Database,
  organizationId: string,
  object: string | null | undefined,
  id: string | null | undefined,
) {
  if (!object || !id) return;
  if (object !== "contact" && object !== "company")
    throw new TRPCError({ code: "BAD_REQUEST", message: "Tasks link to contacts and companies for now." });
  await assertLiveRecord(db, organizationId, object, id);
}

/** The live task (with `deleted`, the task in the trash); NOT_FOUND otherwise, also for other organizations' ids. */
async function findTask(db: Database, organizationId: string, id: string, { deleted = false } = {}): Promise<Task> {
  const [task] = await db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.id, id),
        eq(tasks.organizationId, organizationId),
        deleted ? isNotNull(tasks.deletedAt) : isNull(tasks.deletedAt),
      ),
    )
    .limit(1);
  if (!task) throw notFound(deleted ? "deleted task" : "task");
  return task;
}

/** A timeline entry on the linked record, when there is one. */
function linkedRecordActivity(task: Task, actorId: string, summary: string, at: Date) {
  if (!task.recordObject || !task.recordId) return null;
  return activityRow({
    organizationId: task.organizationId,
    object: task.recordObject,
    recordId: task.recordId,
    kind: "task",
    actorId,
    summary,
    at,
  });
}

/** An entry in the task's own history (object "task"): who did what, with field changes from → to. */
function taskHistory(
  task: Task,
  actorId: string,
  kind: "created" | "updated" | "deleted" | "restored",
  at: Date,
  changes?: Record<string, [unknown, unknown]>,
) {
  return activityRow({
    organizationId: task.organizationId,
    object: "task",
    recordId: task.id,
    kind,
    actorId,
    changes,
    at,
  });
}

/**
 * The activity rows of one task write, each inserted only if `guard` (the write's own condition,
 * evaluated before it runs) holds: inside the batch they land with the write or not at all.
 */
function activitiesOf(db: Database, rows: (ReturnType<typeof activityRow> | null)[], guard: SQL) {
  return rows.filter((row) => row !== null).map((row) => insertActivityWhere(db, row, guard));
}

const linkedName = sql<string | null>`coalesce(
  nullif(trim(${contacts.firstName} || ' ' || ${contacts.lastName}), ''), ${contacts.primaryEmail}, ${companies.name})`;

/** Tasks with the name of the record each links to (scoped to `organizationId`). */
function tasksWithRecordName(db: Database, organizationId: string) {
  return db
    .select({ task: tasks, recordName: linkedName })
    .from(tasks)
    .leftJoin(
      contacts,
      and(
        eq(tasks.recordObject, "contact"),
        eq(contacts.id, tasks.recordId),
        eq(contacts.organizationId, organizationId),
      ),
    )
    .leftJoin(
      companies,
      and(
        eq(tasks.recordObject, "company"),
        eq(companies.id, tasks.recordId),
        eq(companies.organizationId, organizationId),
      ),
    );
}

/** High, normal, low: the order of open tasks due at the same time. */
const priorityRank = (task: typeof tasks) =>
  sql`CASE ${task.priority} WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END`;

type TaskOrder = KeysetOrder<typeof tasks>;

/** Open tasks by due date, priority, then creation; done ones newest completion first. */
function viewOrder(view: TaskView): TaskOrder {
  if (view === "done") return { keys: (task) => [sql`${task.completedAt}`, sql`${task.id}`], descending: true };
  const sameDue = (task: typeof tasks) => [priorityRank(task), sql`${task.createdAt}`, sql`${task.id}`];
  if (view === "undated") return { keys: sameDue, descending: false };
  return { keys: (task) => [sql`${task.dueAt}`, ...sameDue(task)], descending: false };
}

/** The trash: newest deletion first. */
const trashOrder: TaskOrder = { keys: (task) => [sql`${task.deletedAt}`, sql`${task.id}`], descending: true };

const existsTask = (db: Database, condition: SQL | undefined) => rowExists(db, tasks, condition);

export const tasksRouter = createTRPCRouter({
  /**
   * Today, upcoming, overdue (open ones, by due date), undated (open ones without a due date) or done
   * (newest first), with the linked record's name.
   */
  list: memberProcedure.input(taskListInput).query(({ ctx, input }) => {
    const assignee = input.assignee === "me" ? ctx.uid : input.assignee === "anyone" ? null : input.assignee;
    const open = eq(tasks.status, "open");
    const byView: Record<(typeof input)["view"], SQL | undefined> = {
      today: and(open, gte(tasks.dueAt, input.dayStart), lt(tasks.dueAt, input.dayEnd)),
      upcoming: and(open, gte(tasks.dueAt, input.dayEnd)),
      overdue: and(open, lt(tasks.dueAt, input.dayStart)),
      done: eq(tasks.status, "done"),
      undated: and(open, isNull(tasks.dueAt)),
      open,
      all: undefined,
    };
    const order = viewOrder(input.view);
    return tasksWithRecordName(ctx.db, ctx.org.id)
      .where(
        and(
          eq(tasks.organizationId, ctx.org.id),
          isNull(tasks.deletedAt),
          assignee ? eq(tasks.assigneeId, assignee) : undefined,
          input.recordId ? eq(tasks.recordId, input.recordId) : undefined,
          byView[input.view],
          input.after ? afterAnchor(tasks, order, ctx.org.id, input.after) : undefined,
        ),
      )
      .orderBy(
        // Undated last in 'all' and 'open'. The undated view's due dates are all empty; ordered by due date first, each
        // view reads its index (tasks_org_status_due_idx, tasks_org_assignee_idx) in order.
        ...(input.view === "all" || input.view === "open" ? [asc(sql`${tasks.dueAt} IS NULL`)] : []),
        ...(input.view === "undated" ? [asc(tasks.dueAt)] : []),
        ...keysetOrderBy(tasks, order),
      )
      .limit(input.limit);
  }),

  /** Once per `key`: sent again, the task it made (see createOnce). */
  create: memberProcedure.input(keyed(taskCreateInput)).mutation(({ ctx, input: { key, ...input } }) =>
    createOnce(
      ctx.db,
      ctx.org.id,
      key,
      (id) => findTask(ctx.db, ctx.org.id, id),
      async (remember) => {
        const assigneeId = input.assigneeId ?? ctx.uid;
        await Promise.all([
          assertMember(ctx.db, ctx.org.id, assigneeId),
          assertRecord(ctx.db, ctx.org.id, input.recordObject, input.recordId),
        ]);
        const now = new Date();
        const task: Task = {
          id: newId("tsk"),
          organizationId: ctx.org.id,
          title: input.title,
          notes: input.notes ?? null,
          dueAt: input.dueAt ?? null,
          priority: input.priority,
          status: "open",
          completedAt: null,
          assigneeId,
          recordObject: input.recordObject ?? null,
          recordId: input.recordId ?? null,
          repeat: input.repeat ?? null,
          repeatZone: input.repeat ? (input.repeatZone ?? null) : null,
          repeatedFromId: null,
          version: 1,
          deletedAt: null,
          createdBy: ctx.uid,
          createdAt: now,
          updatedAt: now,
        };
        const linked = linkedRecordActivity(task, ctx.uid, `Task created: ${task.title}`, now);
        await runBatch(ctx.db, [
          ...remember(task.id),
          ctx.db.insert(tasks).values(task),
          insertActivity(ctx.db, taskHistory(task, ctx.uid, "created", now)),
          ...(linked ? [insertActivity(ctx.db, linked)] : []),
        ]);
        return task;
      },
    ),
  ),

  /** One live task with the name of the record it links to. */
  get: memberProcedure.input(recordIdInput).query(async ({ ctx, input }) => {
    const [row] = await tasksWithRecordName(ctx.db, ctx.org.id)
      .where(and(eq(tasks.id, input.id), eq(tasks.organizationId, ctx.org.id), isNull(tasks.deletedAt)))
      .limit(1);
    if (!row) throw notFound("task");
    return row;
  }),

  update: memberProcedure.input(keyed(taskUpdateInput)).mutation(({ ctx, input: { key, ...input } }) =>
    updateOnce(
      ctx.db,
      ctx.org.id,
      key,
      () => findTask(ctx.db, ctx.org.id, input.id),
      async (remember) => {
        const current = await findTask(ctx.db, ctx.org.id, input.id);
        if (current.version !== input.version) throw await staleVersionError(ctx.db, ctx.org.id, current.id, "task");
        await Promise.all([
          input.patch.assigneeId ? assertMember(ctx.db, ctx.org.id, input.patch.assigneeId) : undefined,
          assertRecord(ctx.db, ctx.org.id, input.patch.recordObject, input.patch.recordId),
        ]);
        const now = new Date();
        // No due date, no repeat: taking the date away ends it; a repeat set on an undated task is refused.
        const asked = input.patch.dueAt === null ? { ...input.patch, repeat: null, repeatZone: null } : input.patch;
        if (asked.repeat && !(asked.dueAt ?? current.dueAt))
          throw new TRPCError({ code: "BAD_REQUEST", message: REPEAT_NEEDS_DUE });
        const patch: Partial<Task> = { ...asked };
        if (asked.status) patch.completedAt = asked.status === "done" ? (current.completedAt ?? now) : null;
        const changes = diffFields(current, asked);
        if (Object.keys(changes).length === 0) return current;
        const completed = input.patch.status === "done" && current.status !== "done";
        const reopened = input.patch.status === "open" && current.status === "done";
        const title = input.patch.title ?? current.title;
        const relinked = "recordId" in changes ? { ...current, ...patch } : null;
        const unchanged = and(
          eq(tasks.id, current.id),
          eq(tasks.organizationId, ctx.org.id),
          eq(tasks.version, input.version),
          isNull(tasks.deletedAt),
        );
        const guard = existsTask(ctx.db, unchanged);
        const statements: BatchItem<"sqlite">[] = [
          ...remember(guard),
          ...activitiesOf(
            ctx.db,
            [
              taskHistory(current, ctx.uid, "updated", now, changes),
              // A relinked task leaves word on both records' timelines.
              relinked ? linkedRecordActivity(current, ctx.uid, `Task unlinked: ${title}`, now) : null,
              relinked ? linkedRecordActivity(relinked, ctx.uid, `Task linked: ${title}`, now) : null,
              completed ? linkedRecordActivity(relinked ?? current, ctx.uid, `Task completed: ${title}`, now) : null,
            ],
            guard,
          ),
          ...(completed ? nextOccurrence(ctx.db, { ...current, ...patch }, ctx.uid, now, guard) : []),
          ...(reopened ? [takeBackNextOccurrence(ctx.db, current, guard)] : []),
          ctx.db
            .update(tasks)
            .set({ ...patch, version: current.version + 1, updatedAt: now })
            .where(unchanged)
            .returning(),
        ];
        const results = await runBatch(ctx.db, statements);
        const [updated] = results[results.length - 1] as Task[];
        if (!updated) throw await staleVersionError(ctx.db, ctx.org.id, current.id, "task");
        return updated as Task;
      },
    ),
  ),

  /**
   * Soft delete: the task goes to the trash, from where `restore` brings it back. Once per `key` (updateOnce):
   * sent again, answered with the task in the trash.
   */
  delete: memberProcedure.input(keyed(recordIdInput)).mutation(({ ctx, input: { key, id } }) =>
    updateOnce(
      ctx.db,
      ctx.org.id,
      key,
      () => findTask(ctx.db, ctx.org.id, id, { deleted: true }),
      async (remember) => moveTask(ctx.db, ctx.uid, await findTask(ctx.db, ctx.org.id, id), "deleted", remember),
    ),
  ),

  /** Back from the trash. Once per `key` (updateOnce): sent again, answered with the task as it is. */
  restore: memberProcedure.input(keyed(recordIdInput)).mutation(({ ctx, input: { key, id } }) =>
    updateOnce(
      ctx.db,
      ctx.org.id,
      key,
      () => findTask(ctx.db, ctx.org.id, id),
      async (remember) =>
        moveTask(ctx.db, ctx.uid, await findTask(ctx.db, ctx.org.id, id, { deleted: true }), "restored", remember),
    ),
  ),

  /** Deleted tasks, newest deletion first, page by page (`cursor`: the last task of the page before). */
  trash: memberProcedure.input(taskTrashInput).query(({ ctx, input }) =>
    tasksWithRecordName(ctx.db, ctx.org.id)
      .where(
        and(
          eq(tasks.organizationId, ctx.org.id),
          isNotNull(tasks.deletedAt),
          input.cursor ? afterAnchor(tasks, trashOrder, ctx.org.id, input.cursor) : undefined,
        ),
      )
      .orderBy(...keysetOrderBy(tasks, trashOrder))
      .limit(input.limit),
  ),
});

/** A live task that repeating task `id` left behind once done. */
const followsTask = (organizationId: string, id: string) =>
  and(eq(tasks.organizationId, organizationId), eq(tasks.repeatedFromId, id), isNull(tasks.deletedAt));

/**
 * The task a repeating one leaves once done: the same title, notes, priority, assignee, link and repeat, due at the
 * rule's next occurrence; added with the completion (`guard`), unless the one it left before is still there (it was
 * done, reopened and done again, with that one changed meanwhile). It has no history of its own: the completion is
 * told on the task done and the linked record, and an untouched one is taken back when the task is reopened.
 */
function nextOccurrence(db: Database, done: Task, actorId: string, now: Date, guard: SQL) {
  if (!done.repeat || !done.repeatZone || !done.dueAt) return [];
  const next: Task = {
    ...done,
    id: newId("tsk"),
    dueAt: nextDueAt(done.dueAt, done.repeat, done.repeatZone, now),
    status: "open",
    completedAt: null,
    repeatedFromId: done.id,
    version: 1,
    deletedAt: null,
    createdBy: actorId,
    createdAt: now,
    updatedAt: now,
  };
  return [
    insertWhere(db, tasks, next, and(guard, not(rowExists(db, tasks, followsTask(done.organizationId, done.id))))!),
  ];
}

/**
 * Reopened (often the completion's Undo): the task it left behind goes, if no one has touched it (still its first
 * version, open): otherwise it stays, with what was done to it.
 */
function takeBackNextOccurrence(db: Database, reopened: Task, guard: SQL) {
  return db
    .delete(tasks)
    .where(
      and(followsTask(reopened.organizationId, reopened.id), eq(tasks.version, 1), eq(tasks.status, "open"), guard),
    );
}

/**
 * To the trash or back, with its history and the linked record's timeline in the same batch. A task
 * someone else moved or changed a moment earlier is left as it is: NOT_FOUND or CONFLICT.
 */
async function moveTask(
  db: Database,
  actorId: string,
  task: Task,
  kind: "deleted" | "restored",
  remember: (guard: SQL) => BatchItem<"sqlite">[] = () => [],
) {
  const now = new Date();
  const unchanged = and(
    eq(tasks.id, task.id),
    eq(tasks.organizationId, task.organizationId),
    eq(tasks.version, task.version),
    kind === "deleted" ? isNull(tasks.deletedAt) : isNotNull(tasks.deletedAt),
  );
  const summary = `${kind === "deleted" ? "Task deleted" : "Task restored"}: ${task.title}`;
  const statements: BatchItem<"sqlite">[] = [
    ...remember(existsTask(db, unchanged)),
    ...activitiesOf(
      db,
      [taskHistory(task, actorId, kind, now), linkedRecordActivity(task, actorId, summary, now)],
      existsTask(db, unchanged),
    ),
    db
      .update(tasks)
      .set({ deletedAt: kind === "deleted" ? now : null, version: task.version + 1, updatedAt: now })
      .where(unchanged)
      .returning(),
  ];
  const results = await runBatch(db, statements);
  const [moved] = results[results.length - 1] as Task[];
  if (!moved) throw await staleVersionError(db, task.organizationId, task.id, "task");
  return moved;
}
