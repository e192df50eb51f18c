import { TRPCError } from "@trpc/server";
import { and, eq, isNotNull, isNull, not, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tasks } from "../../../../drizzle";
import { taskLineSummary, type TaskLineEvent } from "../../../../drizzle/values";
import { insertWhere, rowExists, type Database } from "../../db";
import { REPEAT_NEEDS_DUE, type TaskPatch } from "../../schemas/tasks";
import { newId } from "../ids";
import { activityRow, diffFields, insertActivity, insertActivityWhere } from "../records/activity";
import { nextDueAt } from "./repeat";

export type Task = typeof tasks.$inferSelect;

/** A timeline entry on the linked record, when there is one: "Call completed: Call Ann back". */
export function linkedRecordActivity(task: Task, actorId: string, event: TaskLineEvent, at: Date) {
  if (!task.recordObject || !task.recordId) return null;
  const summary = taskLineSummary(task.type, event, task.title);
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
export function taskHistory(
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

/** What a new task is given: the rest (open, version 1, made now by `actorId`) every new task has alike. */
export type NewTask = Pick<Task, "organizationId" | "title" | "priority" | "type" | "assigneeId"> &
  Partial<Pick<Task, "notes" | "dueAt" | "recordObject" | "recordId" | "repeat" | "repeatZone">>;

/** A new open task; a repeat without its zone is no repeat. */
export function newTask(fields: NewTask, actorId: string, now: Date): Task {
  return {
    id: newId("tsk"),
    organizationId: fields.organizationId,
    title: fields.title,
    notes: fields.notes ?? null,
    dueAt: fields.dueAt ?? null,
    priority: fields.priority,
    type: fields.type,
    status: "open",
    completedAt: null,
    assigneeId: fields.assigneeId,
    recordObject: fields.recordObject ?? null,
    recordId: fields.recordId ?? null,
    repeat: fields.repeatZone ? (fields.repeat ?? null) : null,
    repeatZone: fields.repeat ? (fields.repeatZone ?? null) : null,
    repeatedFromId: null,
    version: 1,
    deletedAt: null,
    createdBy: actorId,
    createdAt: now,
    updatedAt: now,
  };
}

/** Adding `task`: the row, its history, and a line on the record it links to. */
export function taskCreation(db: Database, task: Task, actorId: string): BatchItem<"sqlite">[] {
  const linked = linkedRecordActivity(task, actorId, "created", task.createdAt);
  return [
    db.insert(tasks).values(task),
    insertActivity(db, taskHistory(task, actorId, "created", task.createdAt)),
    ...(linked ? [insertActivity(db, linked)] : []),
  ];
}

/**
 * The activity rows of one task write, each inserted only if `guard` (the write's own condition,
 * evaluated before it runs) holds: inside the batch they land with the write or not at all.
 */
function activitiesOf(db: Database, rows: (ReturnType<typeof activityRow> | null)[], guard: SQL) {
  return rows.filter((row) => row !== null).map((row) => insertActivityWhere(db, row, guard));
}

export const existsTask = (db: Database, condition: SQL | undefined) => rowExists(db, tasks, condition);

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
 * One task write as batch statements: `guard` (the task still at the version read) for the write key to remember,
 * then the history, the linked records' timelines, a repeating task's next one, and last the write itself, which
 * returns the task written (none when the task moved on meanwhile: every statement before it was guarded, so none
 * ran either).
 */
export type TaskWrite = {
  guard: SQL;
  statements: BatchItem<"sqlite">[];
  /** The task as written, when it now has another assignee: theirs to be told (assignedNotices). */
  reassigned?: Task;
};

/**
 * An edit of `current` as asked: null when it changes nothing. Taking the due date away ends a repeat; a repeat set on
 * an undated task is BAD_REQUEST.
 */
export function planTaskUpdate(
  db: Database,
  current: Task,
  patch: TaskPatch,
  actorId: string,
  now: Date,
): TaskWrite | null {
  const asked = patch.dueAt === null ? { ...patch, repeat: null, repeatZone: null } : patch;
  if (asked.repeat && !(asked.dueAt ?? current.dueAt))
    throw new TRPCError({ code: "BAD_REQUEST", message: REPEAT_NEEDS_DUE });
  const written: Partial<Task> = { ...asked };
  if (asked.status) written.completedAt = asked.status === "done" ? (current.completedAt ?? now) : null;
  const changes = diffFields(current, asked);
  if (Object.keys(changes).length === 0) return null;
  const completed = asked.status === "done" && current.status !== "done";
  const reopened = asked.status === "open" && current.status === "done";
  const after = { ...current, ...written };
  const relinked = "recordId" in changes;
  const reassigned = "assigneeId" in changes && after.assigneeId ? after : undefined;
  const unchanged = and(
    eq(tasks.id, current.id),
    eq(tasks.organizationId, current.organizationId),
    eq(tasks.version, current.version),
    isNull(tasks.deletedAt),
  );
  const guard = existsTask(db, unchanged);
  return {
    guard,
    reassigned,
    statements: [
      ...activitiesOf(
        db,
        [
          taskHistory(current, actorId, "updated", now, changes),
          // A relinked task leaves word on both records' timelines.
          relinked
            ? linkedRecordActivity(
                { ...after, recordObject: current.recordObject, recordId: current.recordId },
                actorId,
                "unlinked",
                now,
              )
            : null,
          relinked ? linkedRecordActivity(after, actorId, "linked", now) : null,
          completed ? linkedRecordActivity(after, actorId, "completed", now) : null,
        ],
        guard,
      ),
      ...(completed ? nextOccurrence(db, after, actorId, now, guard) : []),
      ...(reopened ? [takeBackNextOccurrence(db, current, guard)] : []),
      db
        .update(tasks)
        .set({ ...written, version: current.version + 1, updatedAt: now })
        .where(unchanged)
        .returning(),
    ],
  };
}

/** To the trash or back, with its history and the linked record's timeline. */
export function planTaskMove(
  db: Database,
  task: Task,
  kind: "deleted" | "restored",
  actorId: string,
  now: Date,
): TaskWrite {
  const unchanged = and(
    eq(tasks.id, task.id),
    eq(tasks.organizationId, task.organizationId),
    eq(tasks.version, task.version),
    kind === "deleted" ? isNull(tasks.deletedAt) : isNotNull(tasks.deletedAt),
  );
  const guard = existsTask(db, unchanged);
  return {
    guard,
    statements: [
      ...activitiesOf(
        db,
        [taskHistory(task, actorId, kind, now), linkedRecordActivity(task, actorId, kind, now)],
        guard,
      ),
      db
        .update(tasks)
        .set({ deletedAt: kind === "deleted" ? now : null, version: task.version + 1, updatedAt: now })
        .where(unchanged)
        .returning(),
    ],
  };
}
