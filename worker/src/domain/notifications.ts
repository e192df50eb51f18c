import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { mentionsIn, notifications, type NotificationKind } from "../../../drizzle";
import { insertWhere, type Database } from "../db";
import { newId } from "./ids";
import { organizationMembers } from "./members";

type Notice = typeof notifications.$inferInsert;

type NoticeFields = Pick<Notice, "organizationId" | "userId" | "title"> &
  Partial<Pick<Notice, "taskId" | "count" | "recordObject" | "recordId" | "subject">> & { kind: NotificationKind };

/** How long a notification unread goes on counting what the same teammate gives the same way (MERGE). */
const MERGED_FOR_MS = 10 * 60 * 1000;

/**
 * A notification to `userId` from `actorId`, as statements of the write's own batch.
 * - With `guard`: inserted only if it holds as the statement runs (the write's own check, placed before the write), so
 *   a refused write tells no one.
 * - With `merge`: counted into the same teammate's notification of the same kind (and object) while it is unread and
 *   less than 10 minutes old, rather than another: 40,000 contacts given 200 a write are one "gave you 40,000
 *   contacts". The update, then the insert only if the update changed nothing (SQLite's changes()).
 */
export function noticeStatements(
  db: Database,
  fields: NoticeFields,
  actorId: string,
  now: Date,
  { guard, merge = false }: { guard?: SQL; merge?: boolean } = {},
): BatchItem<"sqlite">[] {
  const row: Notice = {
    id: newId("ntf"),
    taskId: null,
    count: 1,
    recordObject: null,
    recordId: null,
    subject: null,
    ...fields,
    readAt: null,
    createdBy: actorId,
    createdAt: now,
    updatedAt: now,
  };
  if (!merge) return [guard ? insertWhere(db, notifications, row, guard) : db.insert(notifications).values(row)];
  const open = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.organizationId, row.organizationId),
        eq(notifications.userId, row.userId),
        eq(notifications.kind, row.kind),
        eq(notifications.createdBy, actorId),
        row.recordObject ? eq(notifications.recordObject, row.recordObject) : undefined,
        isNull(notifications.readAt),
        gt(notifications.createdAt, new Date(now.getTime() - MERGED_FOR_MS)),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return [
    db
      .update(notifications)
      .set({ count: sql`${notifications.count} + ${row.count ?? 1}`, updatedAt: now })
      .where(and(eq(notifications.organizationId, row.organizationId), inArray(notifications.id, open), guard)),
    insertWhere(db, notifications, row, and(sql`changes() = 0`, guard)!),
  ];
}

/** What someone wrote, to 140 characters: a timeline line's, a notification's. */
export const excerpt = (body: string) => (body.length > 140 ? `${body.slice(0, 139)}…` : body);

/** The members `text` names with "@" (mentionsIn) whom `before` did not name, but its writer. Read only for an "@". */
async function newlyNamed(db: Database, organizationId: string, text: string, before: string | null, actorId: string) {
  if (!text.includes("@")) return [];
  const members = await organizationMembers(db, organizationId);
  const already = new Set(before ? mentionsIn(before, members) : []);
  return mentionsIn(text, members).filter((userId) => userId !== actorId && !already.has(userId));
}

type NoteRef = { organizationId: string; recordObject: string; recordId: string; body: string };

/**
 * Word to each member a note names with "@" who was not named in it before (`before`: the note as it was, for an
 * edit): "mentioned you on Ann Lee", with what it says. Not its author. The record is named as the list reads it
 * (notifications.list), as it is called then.
 */
export async function mentionNotices(
  db: Database,
  note: NoteRef,
  actorId: string,
  now: Date,
  { before = null, guard }: { before?: string | null; guard?: SQL } = {},
): Promise<BatchItem<"sqlite">[]> {
  if (note.recordObject !== "contact" && note.recordObject !== "company") return [];
  const named = await newlyNamed(db, note.organizationId, note.body, before, actorId);
  return named.flatMap((userId) =>
    noticeStatements(
      db,
      {
        organizationId: note.organizationId,
        userId,
        kind: "note-mention",
        title: excerpt(note.body),
        recordObject: note.recordObject as "contact" | "company",
        recordId: note.recordId,
      },
      actorId,
      now,
      { guard },
    ),
  );
}

/**
 * The same for a task's notes: "mentioned you on “Call Ann back”", which opens the task. `notes`: as the edit leaves
 * them; `task`: as it was.
 */
export async function taskMentionNotices(
  db: Database,
  task: { organizationId: string; id: string; title: string; notes: string | null },
  notes: string,
  actorId: string,
  now: Date,
  guard: SQL,
): Promise<BatchItem<"sqlite">[]> {
  const named = await newlyNamed(db, task.organizationId, notes, task.notes, actorId);
  return named.flatMap((userId) =>
    noticeStatements(
      db,
      {
        organizationId: task.organizationId,
        userId,
        kind: "note-mention",
        title: excerpt(notes),
        taskId: task.id,
        subject: task.title,
      },
      actorId,
      now,
      { guard },
    ),
  );
}

/**
 * Word to the new owner of `recordIds` (the first named, and how many), given by `actorId`: "gave you 40 contacts".
 * None for records one takes oneself or gives no one. Their names are read as the notification is (notifications.list).
 */
export function ownerNotice(
  db: Database,
  organizationId: string,
  object: "contact" | "company",
  recordIds: string[],
  ownerId: string | null | undefined,
  actorId: string,
  now: Date,
  options: { guard?: SQL; merge?: boolean } = {},
): BatchItem<"sqlite">[] {
  if (!ownerId || ownerId === actorId || recordIds.length === 0) return [];
  return noticeStatements(
    db,
    {
      organizationId,
      userId: ownerId,
      kind: "record-assigned",
      title: "",
      recordObject: object,
      recordId: recordIds[0],
      count: recordIds.length,
    },
    actorId,
    now,
    options,
  );
}
