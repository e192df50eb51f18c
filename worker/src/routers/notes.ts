import { TRPCError } from "@trpc/server";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { and, count, desc, eq, exists, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { contacts, notes } from "../../../drizzle";
import { noteOutcomeLabels, type NoteKind, type NoteOutcome } from "../../../drizzle/values";
import { newId } from "../domain/ids";
import { excerpt, mentionNotices } from "../domain/notifications";
import { activityRow, insertActivity, insertActivityWhere } from "../domain/records/activity";
import { companiesOf, companyActivityRefresh } from "../domain/records/company-activity";
import { notFound, staleNoteError } from "../domain/records/conflict";
import { afterAnchor, keysetOrderBy, type KeysetOrder } from "../domain/records/keyset";
import { assertLiveRecord } from "../domain/records/live-record";
import { runBatch, type Database } from "../db";
import {
  noteCreateInput,
  noteListInput,
  notePinInput,
  noteUpdateInput,
  outcomeProblem,
  pinnedNotesInput,
  PINNED_NOTES_MAX,
} from "../schemas/notes-views";
import { recordIdInput } from "../schemas/records";
import { createTRPCRouter, memberProcedure } from "../trpc";
import { answerOnce, createOnce, updateOnce } from "../domain/write-keys";
import { keyed } from "../schemas/write-key";

/** The organization's live note `id` (or, `deleted`, one in the trash too); NOT_FOUND otherwise. */
async function findNote(db: Database, organizationId: string, id: string, { deleted = false } = {}) {
  const [note] = await db
    .select()
    .from(notes)
    .where(
      and(eq(notes.id, id), eq(notes.organizationId, organizationId), deleted ? undefined : isNull(notes.deletedAt)),
    )
    .limit(1);
  if (!note) throw notFound("note");
  return note;
}

/** A note matching `condition` exists (checked inside the batch, before the write it guards). */
const noteWhere = (db: Database, condition: SQL | undefined) =>
  exists(db.select({ id: notes.id }).from(notes).where(condition));

/** The timeline's line for a note or logged activity: its outcome first ("Left voicemail · …"). */
const summaryOf = (body: string, outcome: NoteOutcome | null) =>
  outcome ? `${noteOutcomeLabels[outcome]} · ${excerpt(body)}` : excerpt(body);

type RecordRef = { recordObject: "contact" | "company" | "deal"; recordId: string };

/**
 * A line on the note's record's timeline, of the note's kind ("call": a logged call's), from `actorId`; with `guard`,
 * written only if it holds as the statement runs (the write it tells of, placed before it): a lost race leaves no
 * false entry.
 */
function noteLine(
  db: Database,
  note: RecordRef & { organizationId: string; kind: NoteKind },
  actorId: string,
  summary: string,
  at: Date,
  { guard, changes }: { guard?: SQL; changes?: Record<string, [unknown, unknown]> } = {},
) {
  const row = activityRow({
    organizationId: note.organizationId,
    object: note.recordObject,
    recordId: note.recordId,
    kind: note.kind,
    actorId,
    summary,
    changes,
    at,
  });
  return guard ? insertActivityWhere(db, row, guard) : insertActivity(db, row);
}

const contactOf = (organizationId: string, note: RecordRef, also?: SQL) =>
  and(eq(contacts.id, note.recordId), eq(contacts.organizationId, organizationId), also);

/**
 * A contact's "last activity" moves up to `at` when a note or logged call, meeting or email is
 * newer; never down (a later date written otherwise, as by the seed, stays). `guard`: only if the note's write happens. A
 * company's is recomputed from its entries and people (refreshCompanyOf). Not a field edit: the contact's version stays, so no one's open edit conflicts.
 */
function raiseLastActivity(db: Database, organizationId: string, note: RecordRef, at: Date, guard?: SQL) {
  if (note.recordObject !== "contact") return [];
  return [
    db
      .update(contacts)
      .set({ lastActivityAt: sql`max(coalesce(${contacts.lastActivityAt}, 0), ${+at})` })
      .where(contactOf(organizationId, note, guard)),
  ];
}

/**
 * After an entry at `was` is deleted or moved earlier: if it was the contact's last activity, the
 * newest of its live notes is (null when none is left), so a call logged by mistake and deleted
 * does not keep the contact looking recently worked.
 */
function recomputeLastActivity(db: Database, organizationId: string, note: RecordRef, was: Date) {
  if (note.recordObject !== "contact") return [];
  const newest = sql`(SELECT max(${notes.occurredAt}) FROM ${notes} WHERE ${and(
    eq(notes.organizationId, organizationId),
    eq(notes.recordId, note.recordId),
    isNull(notes.deletedAt),
  )})`;
  return [
    db
      .update(contacts)
      .set({ lastActivityAt: newest })
      .where(contactOf(organizationId, note, lte(contacts.lastActivityAt, was))),
  ];
}

/** The company's last activity an entry on `note`'s record counts toward: the company's, or the contact's company's. */
function refreshCompanyOf(db: Database, organizationId: string, note: RecordRef) {
  if (note.recordObject === "company") return companyActivityRefresh(db, organizationId, [note.recordId]);
  if (note.recordObject === "contact")
    return companyActivityRefresh(db, organizationId, companiesOf(db, organizationId, [note.recordId]));
  return [];
}

/** The record's live pinned notes: its partial index's own condition, which SQLite needs written out to use it. */
const pinnedOn = (organizationId: string, recordId: string) =>
  and(
    eq(notes.organizationId, organizationId),
    eq(notes.recordId, recordId),
    isNotNull(notes.pinnedAt),
    isNull(notes.deletedAt),
  );

const tooManyPinned = () =>
  new TRPCError({
    code: "BAD_REQUEST",
    message: `A record keeps ${PINNED_NOTES_MAX} pinned notes at most. Unpin one to pin this one.`,
  });

/** A record's notes and logged activities: by when they took place, then when they were written, newest first. */
const newestFirst: KeysetOrder<typeof notes> = {
  keys: (note) => [sql`${note.occurredAt}`, sql`${note.createdAt}`, sql`${note.id}`],
  descending: true,
};

export const notesRouter = createTRPCRouter({
  list: memberProcedure.input(noteListInput).query(({ ctx, input }) =>
    ctx.db
      .select()
      .from(notes)
      .where(
        and(
          eq(notes.organizationId, ctx.org.id),
          eq(notes.recordId, input.recordId),
          isNull(notes.deletedAt),
          input.cursor ? afterAnchor(notes, newestFirst, ctx.org.id, input.cursor) : undefined,
        ),
      )
      .orderBy(...keysetOrderBy(notes, newestFirst))
      .limit(input.limit),
  ),

  /** The record's pinned notes, the latest pinned first (more than PINNED_NOTES_MAX only after a merge). */
  pinned: memberProcedure.input(pinnedNotesInput).query(({ ctx, input }) =>
    ctx.db
      .select()
      .from(notes)
      .where(pinnedOn(ctx.org.id, input.recordId))
      .orderBy(desc(notes.pinnedAt), desc(notes.id))
      .limit(PINNED_NOTES_MAX * 4),
  ),

  /**
   * Pins a note above its record's others, or unpins it. Not an edit of what it says: its version and
   * "edited" stay, so no one's open edit conflicts. Already so, it is answered as it is and nothing is written.
   */
  pin: memberProcedure.input(keyed(notePinInput)).mutation(({ ctx, input: { key, id, pinned } }) =>
    updateOnce(
      ctx.db,
      ctx.org.id,
      key,
      () => findNote(ctx.db, ctx.org.id, id),
      async (remember) => {
        const current = await findNote(ctx.db, ctx.org.id, id);
        if (Boolean(current.pinnedAt) === pinned) return current;
        const [{ held }] = await ctx.db
          .select({ held: count() })
          .from(notes)
          .where(pinnedOn(ctx.org.id, current.recordId));
        if (pinned && held >= PINNED_NOTES_MAX) throw tooManyPinned();
        const now = new Date();
        // Checked again as it is written: two pins at once cannot make a fourth, nor a pin and an unpin both land.
        const room = sql`(SELECT count(*) FROM ${notes} WHERE ${pinnedOn(ctx.org.id, current.recordId)}) < ${PINNED_NOTES_MAX}`;
        const unchanged = and(
          eq(notes.id, current.id),
          eq(notes.organizationId, ctx.org.id),
          isNull(notes.deletedAt),
          pinned ? and(isNull(notes.pinnedAt), room) : isNotNull(notes.pinnedAt),
        );
        const guarded: BatchItem<"sqlite">[] = [
          ...remember(noteWhere(ctx.db, unchanged)),
          noteLine(
            ctx.db,
            current,
            ctx.uid,
            `${pinned ? "Pinned" : "Unpinned"} a ${current.kind}: ${summaryOf(current.body, current.outcome)}`,
            now,
            { guard: noteWhere(ctx.db, unchanged) },
          ),
        ];
        const write = ctx.db
          .update(notes)
          .set(pinned ? { pinnedAt: now, pinnedBy: ctx.uid } : { pinnedAt: null, pinnedBy: null })
          .where(unchanged)
          .returning();
        const results = await runBatch(ctx.db, [...guarded, write]);
        const [updated] = results[guarded.length] as Awaited<typeof write>;
        if (updated) return updated;
        // Another write landed first: a pin or unpin of this very note is as asked; else the record's pins filled up.
        const after = await findNote(ctx.db, ctx.org.id, id);
        if (Boolean(after.pinnedAt) === pinned) return after;
        throw tooManyPinned();
      },
    ),
  ),

  /** Once per `key`: sent again, the note it made (see createOnce). */
  create: memberProcedure.input(keyed(noteCreateInput)).mutation(({ ctx, input: { key, ...input } }) =>
    createOnce(
      ctx.db,
      ctx.org.id,
      key,
      (id) => findNote(ctx.db, ctx.org.id, id),
      async (remember) => {
        await assertLiveRecord(ctx.db, ctx.org.id, input.recordObject, input.recordId);
        const now = new Date();
        const note = {
          id: newId("not"),
          organizationId: ctx.org.id,
          ...input,
          outcome: input.outcome ?? null,
          occurredAt: input.occurredAt ?? now,
          version: 1,
          deletedAt: null,
          pinnedAt: null,
          pinnedBy: null,
          createdBy: ctx.uid,
          createdAt: now,
          updatedAt: now,
        };
        const told = await mentionNotices(ctx.db, note, ctx.uid, now);
        await runBatch(ctx.db, [
          ...remember(note.id),
          ctx.db.insert(notes).values(note),
          ...told,
          noteLine(ctx.db, note, ctx.uid, summaryOf(note.body, note.outcome), now),
          ...raiseLastActivity(ctx.db, ctx.org.id, note, note.occurredAt),
          ...refreshCompanyOf(ctx.db, ctx.org.id, note),
        ]);
        return note;
      },
    ),
  ),

  update: memberProcedure.input(keyed(noteUpdateInput)).mutation(({ ctx, input: { key, ...input } }) =>
    updateOnce(
      ctx.db,
      ctx.org.id,
      key,
      () => findNote(ctx.db, ctx.org.id, input.id),
      async (remember) => {
        const current = await findNote(ctx.db, ctx.org.id, input.id);
        if (current.version !== input.version) throw await staleNoteError(ctx.db, ctx.org.id, current);
        const problem = outcomeProblem(current.kind, input.outcome);
        if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: problem });
        const now = new Date();
        const outcome = input.outcome === undefined ? current.outcome : input.outcome;
        const occurredAt = input.occurredAt ?? current.occurredAt;
        const unchanged = and(
          eq(notes.id, current.id),
          eq(notes.organizationId, ctx.org.id),
          eq(notes.version, input.version),
          isNull(notes.deletedAt),
        );
        const changes: Record<string, [unknown, unknown]> = { body: [current.body, input.body] };
        if (outcome !== current.outcome) changes.outcome = [current.outcome, outcome];
        if (+occurredAt !== +current.occurredAt) changes.occurredAt = [current.occurredAt, occurredAt];
        // Those it names now and did not before are told, and the timeline entry and last activity written, first and
        // only if the edit is: a lost race leaves no false entry.
        const told = await mentionNotices(ctx.db, { ...current, body: input.body }, ctx.uid, now, {
          before: current.body,
          guard: noteWhere(ctx.db, unchanged),
        });
        const guarded: BatchItem<"sqlite">[] = [
          ...remember(noteWhere(ctx.db, unchanged)),
          ...told,
          noteLine(ctx.db, current, ctx.uid, `Edited a ${current.kind}: ${summaryOf(input.body, outcome)}`, now, {
            guard: noteWhere(ctx.db, unchanged),
            changes,
          }),
          ...raiseLastActivity(ctx.db, ctx.org.id, current, occurredAt, noteWhere(ctx.db, unchanged)),
        ];
        const edit = ctx.db
          .update(notes)
          .set({ body: input.body, outcome, occurredAt, version: current.version + 1, updatedAt: now })
          .where(unchanged)
          .returning();
        const statements = [
          ...guarded,
          edit,
          ...recomputeLastActivity(ctx.db, ctx.org.id, current, current.occurredAt),
          ...refreshCompanyOf(ctx.db, ctx.org.id, current),
        ];
        const results = await runBatch(ctx.db, statements);
        const [updated] = results[guarded.length] as Awaited<typeof edit>;
        if (!updated) throw await staleNoteError(ctx.db, ctx.org.id, await findNote(ctx.db, ctx.org.id, input.id));
        return updated;
      },
    ),
  ),

  /** Once per `key` (answerOnce): sent again, answered as the first. */
  /**
   * Brings a deleted note back (the toast's Undo): in its place on the record, counted in its last activity again, and
   * pinned again while the record has room. A live note, or one restored meanwhile (a second tab, an answer lost), is
   * answered as it is.
   */
  restore: memberProcedure.input(keyed(recordIdInput)).mutation(({ ctx, input: { key, id } }) =>
    answerOnce<typeof notes.$inferSelect, { id: string }>(
      ctx.db,
      ctx.org.id,
      key,
      async (remember) => {
        const note = await findNote(ctx.db, ctx.org.id, id, { deleted: true });
        if (!note.deletedAt) return note;
        const now = new Date();
        const deleted = and(eq(notes.id, note.id), eq(notes.organizationId, ctx.org.id), isNotNull(notes.deletedAt));
        const room = sql`(SELECT count(*) FROM ${notes} WHERE ${pinnedOn(ctx.org.id, note.recordId)}) < ${PINNED_NOTES_MAX}`;
        const keptIfRoom = <T>(column: SQLiteColumn) => sql<T>`CASE WHEN ${room} THEN ${column} END`;
        await runBatch(ctx.db, [
          ...remember({ id: note.id }),
          noteLine(ctx.db, note, ctx.uid, `Restored a ${note.kind}: ${summaryOf(note.body, note.outcome)}`, now, {
            guard: noteWhere(ctx.db, deleted),
          }),
          ...raiseLastActivity(ctx.db, ctx.org.id, note, note.occurredAt, noteWhere(ctx.db, deleted)),
          ctx.db
            .update(notes)
            .set({
              deletedAt: null,
              pinnedAt: keptIfRoom<Date | null>(notes.pinnedAt),
              pinnedBy: keptIfRoom<string | null>(notes.pinnedBy),
            })
            .where(deleted),
          ...refreshCompanyOf(ctx.db, ctx.org.id, note),
        ]);
        return findNote(ctx.db, ctx.org.id, note.id);
      },
      ({ id: restored }) => findNote(ctx.db, ctx.org.id, restored),
    ),
  ),

  delete: memberProcedure.input(keyed(recordIdInput)).mutation(({ ctx, input: { key, id } }) =>
    answerOnce<{ id: string }>(ctx.db, ctx.org.id, key, async (remember) => {
      const note = await findNote(ctx.db, ctx.org.id, id);
      const now = new Date();
      const live = and(eq(notes.id, note.id), eq(notes.organizationId, ctx.org.id), isNull(notes.deletedAt));
      // Deleted twice at once (two tabs), the timeline says it once.
      await runBatch(ctx.db, [
        ...remember({ id: note.id }),
        noteLine(ctx.db, note, ctx.uid, `Deleted a ${note.kind}`, now, { guard: noteWhere(ctx.db, live) }),
        // Its updatedAt stays: Undo brings it back as it was, not "edited".
        ctx.db.update(notes).set({ deletedAt: now }).where(live),
        ...recomputeLastActivity(ctx.db, ctx.org.id, note, note.occurredAt),
        ...refreshCompanyOf(ctx.db, ctx.org.id, note),
      ]);
      return { id: note.id };
    }),
  ),
});
