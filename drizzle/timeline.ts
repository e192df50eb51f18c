import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, timestamps } from "./columns";
import { tenant } from "./organizations";
import {
  activityKinds,
  activityObjects,
  feedKinds,
  noteKinds,
  recordObjects,
  taskPriorities,
  taskRepeats,
  taskStatuses,
  taskTypes,
  type NoteOutcome,
} from "./values";

export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    organizationId: tenant(),
    title: text("title").notNull(),
    notes: text("notes"),
    dueAt: timestamp("due_at"),
    priority: text("priority", { enum: taskPriorities }).notNull().default("normal"),
    type: text("type", { enum: taskTypes }).notNull().default("todo"),
    status: text("status", { enum: taskStatuses }).notNull().default("open"),
    completedAt: timestamp("completed_at"),
    assigneeId: text("assignee_id"),
    recordObject: text("record_object", { enum: recordObjects }),
    recordId: text("record_id"),
    /** Null for a one-off task; once done, a repeating one is followed by the next (domain/tasks/repeat.ts). */
    repeat: text("repeat", { enum: taskRepeats }),
    /** The IANA time zone whose wall clock the repeat keeps ("every Monday at 9:00" stays 9:00 across DST). */
    repeatZone: text("repeat_zone"),
    /** The repeating task this one follows: reopening that one takes back this one while it is untouched. */
    repeatedFromId: text("repeated_from_id"),
    version: integer("version").notNull().default(1),
    deletedAt: timestamp("deleted_at"),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [
    // One per /tasks view, whoever's tasks: open ones by due date, done ones newest first.
    index("tasks_org_assignee_idx").on(t.organizationId, t.assigneeId, t.status, t.dueAt),
    index("tasks_org_assignee_done_idx").on(t.organizationId, t.assigneeId, t.status, t.completedAt),
    index("tasks_org_status_due_idx").on(t.organizationId, t.status, t.dueAt),
    index("tasks_org_status_done_idx").on(t.organizationId, t.status, t.completedAt),
    // A record's tasks (its panel): open ones, done ones newest first, or all, never through the organization's.
    index("tasks_org_record_idx").on(t.organizationId, t.recordId, t.status, t.completedAt),
    // The task a repeating one left behind once done, found when that one is reopened or done again.
    index("tasks_org_repeated_from_idx")
      .on(t.organizationId, t.repeatedFromId)
      .where(sql`${t.repeatedFromId} IS NOT NULL`),
    // A search of titles (tasks.search) reads this instead of every task's row: the title, and the record the task
    // links to, which the records found by name are matched against.
    index("tasks_org_search_idx")
      .on(t.organizationId, t.title, t.recordId)
      .where(sql`${t.deletedAt} IS NULL`),
    // The trash, newest deletion first. Partial: no list of live tasks can pick it.
    index("tasks_org_deleted_idx")
      .on(t.organizationId, t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

export const notes = sqliteTable(
  "notes",
  {
    id: text("id").primaryKey(),
    organizationId: tenant(),
    recordObject: text("record_object", { enum: recordObjects }).notNull(),
    recordId: text("record_id").notNull(),
    kind: text("kind", { enum: noteKinds }).notNull().default("note"),
    body: text("body").notNull(),
    /** A call's or meeting's outcome (noteOutcomes); null for notes and emails. */
    outcome: text("outcome").$type<NoteOutcome>(),
    /** When the call, meeting or email took place (a note's: when it was written). */
    occurredAt: timestamp("occurred_at")
      .notNull()
      .default(sql`0`),
    version: integer("version").notNull().default(1),
    deletedAt: timestamp("deleted_at"),
    /** Pinned above the record's other notes (PINNED_NOTES_MAX a record), and by whom; not an edit: the version stays. */
    pinnedAt: timestamp("pinned_at"),
    pinnedBy: text("pinned_by"),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [
    index("notes_org_record_idx").on(t.organizationId, t.recordId, t.createdAt),
    index("notes_org_pinned_idx")
      .on(t.organizationId, t.recordId, t.pinnedAt)
      .where(sql`${t.pinnedAt} IS NOT NULL AND ${t.deletedAt} IS NULL`),
  ],
);

/**
 * `kind` is one of feedKinds, written as literals: SQLite uses a partial index only for a query
 * that repeats its condition, so the index and recent activity's query share this one.
 */
export const isFeedKind = sql.raw(`kind IN (${feedKinds.map((kind) => `'${kind}'`).join(", ")})`);

/** Append-only: who did what to which record, with field changes as { field: [from, to] }. */
export const activities = sqliteTable(
  "activities",
  {
    id: text("id").primaryKey(),
    organizationId: tenant(),
    recordObject: text("record_object", { enum: activityObjects }).notNull(),
    recordId: text("record_id").notNull(),
    kind: text("kind", { enum: activityKinds }).notNull(),
    changes: text("changes", { mode: "json" }).$type<Record<string, [unknown, unknown]>>(),
    summary: text("summary"),
    actorId: text("actor_id").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    index("activities_org_record_idx").on(t.organizationId, t.recordId, t.createdAt),
    index("activities_org_created_idx").on(t.organizationId, t.createdAt),
    // Recent activity walks this newest first: an import's or a bulk edit's thousands of rows are not in it.
    index("activities_org_feed_idx").on(t.organizationId, t.createdAt).where(isFeedKind),
    // A member's feed on /team, and their latest entry and count of the week, per member.
    index("activities_org_actor_feed_idx").on(t.organizationId, t.actorId, t.createdAt).where(isFeedKind),
  ],
);
