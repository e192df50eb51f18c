import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, timestamps } from "./columns";
import { tenant } from "./organizations";
import { notificationKinds, recordObjects } from "./values";

/**
 * Word to one member of something a teammate did for them (`createdBy`): tasks given to them (one a write: a teammate
 * giving them 40 tasks at once is one notification, naming the first task and counting them all), or a note naming them.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    organizationId: tenant(),
    /** Whom it is for. */
    userId: text("user_id").notNull(),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    /** The task it names (the first, of several), and its title as it was; or what the note said, to 140 characters. */
    taskId: text("task_id"),
    title: text("title").notNull(),
    /** The contact or company it is about (its name is read with the list); for a task's notes, the task's title. */
    recordObject: text("record_object", { enum: recordObjects }),
    recordId: text("record_id"),
    subject: text("subject"),
    count: integer("count").notNull().default(1),
    readAt: timestamp("read_at"),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [
    index("notifications_org_user_idx").on(t.organizationId, t.userId, t.createdAt),
    // The unread count: a range of this alone.
    index("notifications_org_user_unread_idx")
      .on(t.organizationId, t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);
