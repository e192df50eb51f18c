import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { companies, contacts, mentionsIn, notifications, type NotificationKind } from "../../../drizzle";
import { insertWhere, type Database } from "../db";
import { newId } from "./ids";
import { organizationMembers } from "./members";

type Notice = typeof notifications.$inferInsert;

/**
 * A notification to `userId` from `actorId`, inserted in the write's own batch; with `guard`, only if it holds as the
 * statement runs (the write's own check, placed before the write), so a refused write tells no one.
 */
export function insertNotice(
  db: Database,
  fields: Pick<Notice, "organizationId" | "userId" | "title"> &
    Partial<Pick<Notice, "taskId" | "count" | "recordObject" | "recordId" | "subject">> & { kind: NotificationKind },
  actorId: string,
  now: Date,
  guard?: SQL,
): BatchItem<"sqlite"> {
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
  return guard ? insertWhere(db, notifications, row, guard) : db.insert(notifications).values(row);
}

/** A contact's or company's name as a notification says it: a contact's full name, else its email. */
async function recordName(db: Database, organizationId: string, object: "contact" | "company", id: string) {
  const table = object === "contact" ? contacts : companies;
  const name =
    object === "contact"
      ? sql<string>`coalesce(nullif(trim(${contacts.firstName} || ' ' || ${contacts.lastName}), ''), ${contacts.primaryEmail}, '')`
      : sql<string>`${companies.name}`;
  const [row] = await db
    .select({ name })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId)))
    .limit(1);
  return row?.name || null;
}

type NoteRef = { organizationId: string; recordObject: string; recordId: string; body: string };

/**
 * Word to each member a note names with "@" (mentionsIn) who was not named in it before (`before`: the note as it was,
 * for an edit): "mentioned you on Ann Lee", with what it says. Not its author. Read only for a note holding an "@".
 */
export async function mentionNotices(
  db: Database,
  note: NoteRef,
  excerpt: string,
  actorId: string,
  now: Date,
  { before, guard }: { before?: string; guard?: SQL } = {},
): Promise<BatchItem<"sqlite">[]> {
  if (!note.body.includes("@") || (note.recordObject !== "contact" && note.recordObject !== "company")) return [];
  const members = await organizationMembers(db, note.organizationId);
  const already = new Set(before === undefined ? [] : mentionsIn(before, members));
  const named = mentionsIn(note.body, members).filter((userId) => userId !== actorId && !already.has(userId));
  if (named.length === 0) return [];
  const subject = await recordName(db, note.organizationId, note.recordObject, note.recordId);
  return named.map((userId) =>
    insertNotice(
      db,
      {
        organizationId: note.organizationId,
        userId,
        kind: "note-mention",
        title: excerpt,
        recordObject: note.recordObject as "contact" | "company",
        recordId: note.recordId,
        subject,
      },
      actorId,
      now,
      guard,
    ),
  );
}
