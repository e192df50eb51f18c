import { TRPCError } from "@trpc/server";
import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { companies, contacts, tasks } from "../../../drizzle";
import { assertMember } from "../domain/members";
import { notFound, staleVersionError } from "../domain/records/conflict";
import { linkedRecordJoin, linkedRecordName } from "../domain/records/linked-record";
import { afterAnchor, keysetOrderBy, type KeysetOrder } from "../domain/records/keyset";
import { assertLiveRecord } from "../domain/records/live-record";
import { companyConfig, contactConfig } from "../domain/records/fields";
import { ftsSearch } from "../domain/records/list-query";
import { runBatch, type Database } from "../db";
import { recordIdInput } from "../schemas/records";
import {
  taskBulkInput,
  taskCreateForRecordsInput,
  taskCreateInput,
  taskDueCountInput,
  taskTeamCountsInput,
  taskListInput,
  taskSearchInput,
  taskTrashInput,
  taskUpdateInput,
  type taskViews,
} from "../schemas/tasks";
import { bulkUpdateTasks } from "../domain/tasks/bulk";
import { createTasksForRecords } from "../domain/tasks/for-records";
import { taskMentionNotices } from "../domain/notifications";
import { assignedNotices } from "../domain/tasks/assigned";
import { taskCountsByAssignee } from "../domain/tasks/team-counts";
import { newTask, planTaskMove, planTaskUpdate, taskCreation, type Task, type TaskWrite } from "../domain/tasks/writes";
import { createTRPCRouter, memberProcedure } from "../trpc";
import { createOnce, updateOnce } from "../domain/write-keys";
import { keyed, type WriteKey } from "../schemas/write-key";

type TaskView = (typeof taskViews)[number];

/** The records of each kind a task search looks for tasks on, at most: a word found on thousands finds tasks by title. */
const FOUND_RECORDS = 200;

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

const linkedBy = { object: tasks.recordObject, id: tasks.recordId };

/** Tasks with the name of the record each links to (scoped to `organizationId`). */
function tasksWithRecordName(db: Database, organizationId: string) {
  return db
    .select({ task: tasks, recordName: linkedRecordName })
    .from(tasks)
    .leftJoin(contacts, linkedRecordJoin(contacts, organizationId, linkedBy))
    .leftJoin(companies, linkedRecordJoin(companies, organizationId, linkedBy));
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

/**
 * Tasks whose title holds `query` (any case), or that link to a contact or company it finds as the lists' search
 * finds them (a name, an email, a domain, a contact's company). The titles are a scan of the organization's tasks
 * (thousands, where contacts are a hundred thousand); the records come from their full-text indexes, not from a join
 * per task.
 */
function taskFoundBy(organizationId: string, query: string) {
  const linkedTo = [contactConfig, companyConfig].flatMap((config) => {
    const match = ftsSearch(config, sql`${organizationId}`, query, false);
    if (!match) return [];
    const table = config.table;
    const fts = sql.raw(config.fts.table);
    return [
      sql`${tasks.recordId} IN (SELECT ${table.id} FROM ${fts} CROSS JOIN ${table} ON ${table.seq} = ${match.seq}
        WHERE ${match.where(undefined)} AND ${table.organizationId} = ${organizationId} LIMIT ${FOUND_RECORDS})`,
    ];
  });
  // instr, not LIKE: no escaping, and no 50-byte limit on D1's LIKE patterns (see list-query.ts).
  return or(sql`instr(lower(${tasks.title}), ${query.toLowerCase()}) > 0`, ...linkedTo);
}

/** The trash: newest deletion first. */
const trashOrder: TaskOrder = { keys: (task) => [sql`${task.deletedAt}`, sql`${task.id}`], descending: true };

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
          input.type ? eq(tasks.type, input.type) : undefined,
          input.search ? taskFoundBy(ctx.org.id, input.search) : undefined,
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

  /** Live tasks the text finds (taskFoundBy): open ones first, by due date (undated last), then done ones, latest done first. */
  search: memberProcedure.input(taskSearchInput).query(({ ctx, input }) => {
    const open = sql`${tasks.status} = 'open'`;
    return tasksWithRecordName(ctx.db, ctx.org.id)
      .where(and(eq(tasks.organizationId, ctx.org.id), isNull(tasks.deletedAt), taskFoundBy(ctx.org.id, input.query)))
      .orderBy(
        sql`${open} DESC`,
        sql`CASE WHEN ${open} THEN ${tasks.dueAt} IS NULL END`,
        sql`CASE WHEN ${open} THEN ${tasks.dueAt} END`,
        sql`${tasks.completedAt} DESC`,
        asc(tasks.id),
      )
      .limit(input.limit);
  }),

  /**
   * How many of the caller's open tasks are overdue and due today (the sidebar's count): one range of
   * tasks_org_assignee_idx, every task due before the day ends.
   */
  dueCount: memberProcedure.input(taskDueCountInput).query(async ({ ctx, input }) => {
    const [counts] = await ctx.db
      .select({
        overdue: sql<number>`coalesce(sum(${tasks.dueAt} < ${input.dayStart.getTime()}), 0)`,
        today: sql<number>`coalesce(sum(${tasks.dueAt} >= ${input.dayStart.getTime()}), 0)`,
      })
      .from(tasks)
      .where(
        and(
          eq(tasks.organizationId, ctx.org.id),
          eq(tasks.assigneeId, ctx.uid),
          eq(tasks.status, "open"),
          lt(tasks.dueAt, input.dayEnd),
          isNull(tasks.deletedAt),
        ),
      );
    return { overdue: Number(counts?.overdue ?? 0), today: Number(counts?.today ?? 0) };
  }),

  /** Every member's open, overdue and recently done tasks (/team): see taskCountsByAssignee. */
  teamCounts: memberProcedure
    .input(taskTeamCountsInput)
    .query(({ ctx, input }) => taskCountsByAssignee(ctx.db, ctx.org.id, input)),

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
        const task = newTask({ ...input, organizationId: ctx.org.id, assigneeId }, ctx.uid, new Date());
        await runBatch(ctx.db, [
          ...remember(task.id),
          ...taskCreation(ctx.db, task, ctx.uid),
          ...assignedNotices(ctx.db, ctx.uid, [task], task.createdAt),
        ]);
        return task;
      },
    ),
  ),

  /** A task for each selected contact or company (see createTasksForRecords): their ids, in the records' order. */
  createForRecords: memberProcedure
    .input(keyed(taskCreateForRecordsInput))
    .mutation(({ ctx, input: { key, ...input } }) => createTasksForRecords(ctx.db, ctx.org.id, ctx.uid, input, key)),

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
        const write = planTaskUpdate(ctx.db, current, input.patch, ctx.uid, now);
        if (!write) return current;
        // Teammates its notes name anew are told, if the edit is written.
        const { notes } = input.patch;
        const told = notes ? await taskMentionNotices(ctx.db, current, notes, ctx.uid, now, write.guard) : [];
        return runTaskWrite(ctx.db, write, current, remember, ctx.uid, told);
      },
    ),
  ),

  /**
   * Soft delete: the task goes to the trash, from where `restore` brings it back. Once per `key` (updateOnce):
   * sent again, answered with the task in the trash.
   */
  delete: memberProcedure
    .input(keyed(recordIdInput))
    .mutation(({ ctx, input: { key, id } }) => moveTask(ctx.db, ctx.org.id, ctx.uid, id, "deleted", key)),

  /** Back from the trash. Once per `key` (updateOnce): sent again, answered with the task as it is. */
  restore: memberProcedure
    .input(keyed(recordIdInput))
    .mutation(({ ctx, input: { key, id } }) => moveTask(ctx.db, ctx.org.id, ctx.uid, id, "restored", key)),

  /**
   * Complete or reopen, reschedule, reassign, delete or restore up to 200 tasks at once, each as its own update would
   * (history, timelines, a repeating task's next one), in one atomic batch; each change names its task and what to
   * set on it, so Undo sends every task's own values back. All must be the organization's (live, or in the trash to
   * restore), else NOT_FOUND and nothing is written. A task changed meanwhile gets the change over what it holds now.
   * Once per `key`: sent again, answered as the first time.
   */
  bulkUpdate: memberProcedure
    .input(keyed(taskBulkInput))
    .mutation(({ ctx, input: { key, changes } }) => bulkUpdateTasks(ctx.db, ctx.org.id, ctx.uid, changes, key)),

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

/** A task to the trash or back from it (planTaskMove), once per `key`: sent again, answered with the task where it went. */
function moveTask(
  db: Database,
  organizationId: string,
  actorId: string,
  id: string,
  kind: "deleted" | "restored",
  key: WriteKey | undefined,
) {
  return updateOnce(
    db,
    organizationId,
    key,
    () => findTask(db, organizationId, id, { deleted: kind === "deleted" }),
    async (remember) => {
      const task = await findTask(db, organizationId, id, { deleted: kind === "restored" });
      return runTaskWrite(db, planTaskMove(db, task, kind, actorId, new Date()), task, remember, actorId);
    },
  );
}

/**
 * Runs one task write (after what the write key remembers, and word to a new assignee and to teammates its notes name
 * anew, `mentioned`): the task written, or CONFLICT when it moved on meanwhile.
 */
async function runTaskWrite(
  db: Database,
  { guard, statements, reassigned }: TaskWrite,
  current: Task,
  remember: (guard: SQL) => BatchItem<"sqlite">[],
  actorId: string,
  mentioned: BatchItem<"sqlite">[] = [],
): Promise<Task> {
  const told = reassigned ? assignedNotices(db, actorId, [reassigned], new Date(), { guard }) : [];
  const results = await runBatch(db, [...remember(guard), ...told, ...mentioned, ...statements]);
  const [written] = results[results.length - 1] as Task[];
  if (!written) throw await staleVersionError(db, current.organizationId, current.id, "task");
  return written;
}
