import { and, desc, eq, exists, isNull, type SQL } from "drizzle-orm";
import { companies, contacts, notes } from "../../../drizzle";
import { newId } from "../domain/ids";
import { activityRow, insertActivity, insertActivityWhere } from "../domain/records/activity";
import { notFound, staleNoteError } from "../domain/records/conflict";
import type { Database } from "../db";
import { noteCreateInput, noteListInput, noteUpdateInput } from "../schemas/notes-views";
import { recordIdInput } from "../schemas/records";
import { createTRPCRouter, memberProcedure } from "../trpc";

async function assertRecord(db: Database, organizationId: string, object: "contact" | "company", id: string) {
  const table = object === "contact" ? contacts : companies;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId), isNull(table.deletedAt)))
    .limit(1);
  if (!row) throw notFound(object);
}

async function findNote(db: Database, organizationId: string, id: string) {
  const [note] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.id, id), eq(notes.organizationId, organizationId), isNull(notes.deletedAt)))
    .limit(1);
  if (!note) throw notFound("note");
  return note;
}

/** A note matching `condition` exists (checked inside the batch, before the write it guards). */
const noteWhere = (db: Database, condition: SQL | undefined) =>
  exists(db.select({ id: notes.id }).from(notes).where(condition));

const excerpt = (body: string) => (body.length > 140 ? `${body.slice(0, 139)}…` : body);

export const notesRouter = createTRPCRouter({
  list: memberProcedure.input(noteListInput).query(({ ctx, input }) =>
    ctx.db
      .select()
      .from(notes)
      .where(and(eq(notes.organizationId, ctx.org.id), eq(notes.recordId, input.recordId), isNull(notes.deletedAt)))
      .orderBy(desc(notes.createdAt))
      .limit(200),
  ),

  create: memberProcedure.input(noteCreateInput).mutation(async ({ ctx, input }) => {
    await assertRecord(ctx.db, ctx.org.id, input.recordObject, input.recordId);
    const now = new Date();
    const note = {
      id: newId("not"),
      organizationId: ctx.org.id,
      ...input,
      version: 1,
      deletedAt: null,
      createdBy: ctx.uid,
      createdAt: now,
      updatedAt: now,
    };
    await ctx.db.batch([
      ctx.db.insert(notes).values(note),
      insertActivity(
        ctx.db,
        activityRow({
          organizationId: ctx.org.id,
          object: input.recordObject,
          recordId: input.recordId,
          kind: "note",
          actorId: ctx.uid,
          summary: excerpt(input.body),
          at: now,
        }),
      ),
    ]);
    return note;
  }),

  update: memberProcedure.input(noteUpdateInput).mutation(async ({ ctx, input }) => {
    const current = await findNote(ctx.db, ctx.org.id, input.id);
    if (current.version !== input.version) throw await staleNoteError(ctx.db, ctx.org.id, current);
    const now = new Date();
    const unchanged = and(
      eq(notes.id, current.id),
      eq(notes.organizationId, ctx.org.id),
      eq(notes.version, input.version),
      isNull(notes.deletedAt),
    );
    // The timeline entry first, written only if the edit is: a lost race leaves no false entry.
    const [, [updated]] = await ctx.db.batch([
      insertActivityWhere(
        ctx.db,
        activityRow({
          organizationId: ctx.org.id,
          object: current.recordObject,
          recordId: current.recordId,
          kind: "note",
          actorId: ctx.uid,
          summary: `Edited a note: ${excerpt(input.body)}`,
          changes: { body: [current.body, input.body] },
          at: now,
        }),
        noteWhere(ctx.db, unchanged),
      ),
      ctx.db
        .update(notes)
        .set({ body: input.body, version: current.version + 1, updatedAt: now })
        .where(unchanged)
        .returning(),
    ]);
    if (!updated) throw await staleNoteError(ctx.db, ctx.org.id, await findNote(ctx.db, ctx.org.id, input.id));
    return updated;
  }),

  delete: memberProcedure.input(recordIdInput).mutation(async ({ ctx, input }) => {
    const note = await findNote(ctx.db, ctx.org.id, input.id);
    const now = new Date();
    const live = and(eq(notes.id, note.id), eq(notes.organizationId, ctx.org.id), isNull(notes.deletedAt));
    // Deleted twice at once (two tabs), the timeline says it once.
    await ctx.db.batch([
      insertActivityWhere(
        ctx.db,
        activityRow({
          organizationId: ctx.org.id,
          object: note.recordObject,
          recordId: note.recordId,
          kind: "note",
          actorId: ctx.uid,
          summary: "Deleted a note",
          at: now,
        }),
        noteWhere(ctx.db, live),
      ),
      ctx.db.update(notes).set({ deletedAt: now, updatedAt: now }).where(live),
    ]);
    return { id: note.id };
  }),
});
