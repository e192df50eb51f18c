import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, isNotNull, isNull, max, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { propertyDefinitions, type RecordObject } from "../../../drizzle";
import { inValues, runBatch, type Database } from "../db";
import { isUniqueViolation } from "../domain/constraint-error";
import { newId } from "../domain/ids";
import { notFound } from "../domain/records/conflict";
import { optionRenameStatements, optionsTakenOff } from "../domain/records/option-rename";
import { assertOptionsUnused } from "../domain/records/option-usage";
import { answerOnce } from "../domain/write-keys";
import {
  hasOptions,
  objectInput,
  propertyCreateInput,
  propertyReorderInput,
  propertyUpdateInput,
} from "../schemas/customization";
import { recordIdInput } from "../schemas/records";
import { keyed, type WriteKey } from "../schemas/write-key";
import { adminProcedure, createTRPCRouter, memberProcedure } from "../trpc";
import type { z } from "zod";

type Archived = { archived: boolean };
const archivedIs = ({ archived }: Archived) =>
  archived ? isNotNull(propertyDefinitions.archivedAt) : isNull(propertyDefinitions.archivedAt);

/** One of the organization's properties, archived or live. */
const propertyOf = (organizationId: string, id: string, archived: Archived) =>
  and(eq(propertyDefinitions.id, id), eq(propertyDefinitions.organizationId, organizationId), archivedIs(archived));

/** The organization's archived or live properties of one object. */
const propertiesOf = (organizationId: string, object: RecordObject, archived: Archived) =>
  and(
    eq(propertyDefinitions.organizationId, organizationId),
    eq(propertyDefinitions.object, object),
    archivedIs(archived),
  );

type Definition = typeof propertyDefinitions.$inferSelect;
type Caller = { db: Database; org: { id: string } };

/** One of the organization's properties as it is now, archived or not: what a change sent again is answered with. */
async function definitionOf(db: Database, organizationId: string, id: string): Promise<Definition> {
  const [definition] = await db
    .select()
    .from(propertyDefinitions)
    .where(and(eq(propertyDefinitions.id, id), eq(propertyDefinitions.organizationId, organizationId)))
    .limit(1);
  if (!definition) throw notFound("property");
  return definition;
}

/** The same definition as `input` asks for: a create sent again after its answer was lost finds its own. */
const sameDefinition = (
  holder: Definition,
  input: { type: string; label: string; options?: string[]; required: boolean },
) =>
  holder.type === input.type &&
  holder.label === input.label &&
  holder.required === input.required &&
  JSON.stringify(holder.options ?? []) === JSON.stringify(input.options ?? []);

/**
 * Custom properties: members read the definitions; admins define, edit, reorder, archive and restore them.
 * Each change is made once per `key` (domain/write-keys.ts): sent again after it was made, it is answered with
 * the property as it is now, not "not found". A create needs none: its property's key is already unique.
 */
export const propertiesRouter = createTRPCRouter({
  list: memberProcedure.input(objectInput).query(({ ctx, input }) =>
    ctx.db
      .select()
      .from(propertyDefinitions)
      .where(propertiesOf(ctx.org.id, input.object, { archived: false }))
      .orderBy(asc(propertyDefinitions.position)),
  ),

  create: adminProcedure.input(propertyCreateInput).mutation(async ({ ctx, input }) => {
    const [last] = await ctx.db
      .select({ position: max(propertyDefinitions.position) })
      .from(propertyDefinitions)
      .where(and(eq(propertyDefinitions.organizationId, ctx.org.id), eq(propertyDefinitions.object, input.object)));
    const now = new Date();
    try {
      const [created] = await ctx.db
        .insert(propertyDefinitions)
        .values({
          ...input,
          options: input.options ?? null,
          id: newId("prp"),
          organizationId: ctx.org.id,
          position: (last?.position ?? -1) + 1,
          createdBy: ctx.uid,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return created;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const [holder] = await ctx.db
        .select()
        .from(propertyDefinitions)
        .where(
          and(
            eq(propertyDefinitions.organizationId, ctx.org.id),
            eq(propertyDefinitions.object, input.object),
            eq(propertyDefinitions.key, input.key),
          ),
        )
        .limit(1);
      // The same create sent again (its answer lost), or made twice by the same admin: the property as asked.
      if (holder && !holder.archivedAt && holder.createdBy === ctx.uid && sameDefinition(holder, input)) return holder;
      throw new TRPCError({
        code: "CONFLICT",
        message: holder?.archivedAt
          ? `The archived ${input.object} property “${holder.label}” has the key "${input.key}": restore it from Archived, or choose another key.`
          : `A ${input.object} property with the key "${input.key}" already exists.`,
      });
    }
  }),

  update: adminProcedure.input(keyed(propertyUpdateInput)).mutation(({ ctx, input: { key, ...input } }) =>
    answerOnce<Definition, string>(
      ctx.db,
      ctx.org.id,
      key,
      (remember) => updateProperty(ctx, input, remember(input.id)),
      (id) => definitionOf(ctx.db, ctx.org.id, id),
    ),
  ),

  /** New order for an object's properties: `ids` first to last. */
  reorder: adminProcedure.input(keyed(propertyReorderInput)).mutation(({ ctx, input: { key, ...input } }) =>
    answerOnce<{ ok: boolean }>(ctx.db, ctx.org.id, key, async (remember) => {
      const owned = await ctx.db
        .select({ id: propertyDefinitions.id })
        .from(propertyDefinitions)
        .where(
          and(
            eq(propertyDefinitions.organizationId, ctx.org.id),
            eq(propertyDefinitions.object, input.object),
            inValues(propertyDefinitions.id, input.ids),
          ),
        );
      if (owned.length !== new Set(input.ids).size) throw notFound("property");
      const now = new Date();
      await runBatch(ctx.db, [
        ...remember({ ok: true }),
        ...input.ids.map((id, position) =>
          ctx.db
            .update(propertyDefinitions)
            .set({ position, updatedAt: now })
            .where(and(eq(propertyDefinitions.id, id), eq(propertyDefinitions.organizationId, ctx.org.id))),
        ),
      ]);
      return { ok: true };
    }),
  ),

  /** The object's archived properties, latest archived first: what an admin can restore. */
  archived: memberProcedure.input(objectInput).query(({ ctx, input }) =>
    ctx.db
      .select()
      .from(propertyDefinitions)
      .where(propertiesOf(ctx.org.id, input.object, { archived: true }))
      .orderBy(desc(propertyDefinitions.archivedAt), asc(propertyDefinitions.id)),
  ),

  /** Brings an archived property back, last in its object's order, with the values its records kept. */
  restore: adminProcedure
    .input(keyed(recordIdInput))
    .mutation(({ ctx, input: { key, id } }) => setArchived(ctx, key, id, false)),

  /** Archived properties disappear from forms and tables; their values stay on the records. */
  archive: adminProcedure
    .input(keyed(recordIdInput))
    .mutation(({ ctx, input: { key, id } }) => setArchived(ctx, key, id, true)),
});

/**
 * An edit of a property's label, options or requiredness; `first`: statements for the front of its batch (the
 * write key). Options renamed in place move on the records that hold them, in the same batch.
 */
async function updateProperty(
  ctx: Caller,
  input: z.output<typeof propertyUpdateInput>,
  first: BatchItem<"sqlite">[],
): Promise<Definition> {
  const { id, renamedOptions = [], ...patch } = input;
  const moves: BatchItem<"sqlite">[] = [];
  // As create: options for selects only, and an update must not empty a select into accepting no value.
  if (patch.options) {
    const [current] = await ctx.db
      .select({
        type: propertyDefinitions.type,
        object: propertyDefinitions.object,
        key: propertyDefinitions.key,
        options: propertyDefinitions.options,
      })
      .from(propertyDefinitions)
      .where(and(eq(propertyDefinitions.id, id), eq(propertyDefinitions.organizationId, ctx.org.id)))
      .limit(1);
    if (!current) throw notFound("property");
    if (hasOptions(current.type) && patch.options.length === 0)
      throw new TRPCError({ code: "BAD_REQUEST", message: "A select property needs at least one option." });
    if (!hasOptions(current.type) && patch.options.length > 0)
      throw new TRPCError({ code: "BAD_REQUEST", message: "Only select properties have options." });
    const scope = { organizationId: ctx.org.id, object: current.object, key: current.key };
    await assertOptionsUnused(ctx.db, scope, optionsTakenOff(current.options ?? [], patch.options, renamedOptions));
    if (current.type === "select" || current.type === "multi-select")
      moves.push(...(await optionRenameStatements(ctx.db, { ...scope, type: current.type }, renamedOptions)));
  }
  // The definition and what holds its renamed options change together, or not at all.
  const results = await runBatch(ctx.db, [
    ...first,
    ctx.db
      .update(propertyDefinitions)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(propertyDefinitions.id, id), eq(propertyDefinitions.organizationId, ctx.org.id)))
      .returning(),
    ...moves,
  ]);
  const [updated] = results[first.length] as Definition[];
  if (!updated) throw notFound("property");
  return updated;
}

/** Archives a property, or brings an archived one back last in its object's order; once per `key`. */
function setArchived(ctx: Caller, key: WriteKey | undefined, id: string, archive: boolean) {
  const p = propertyDefinitions;
  return answerOnce<Definition, string>(
    ctx.db,
    ctx.org.id,
    key,
    async (remember) => {
      const now = new Date();
      const results = await runBatch(ctx.db, [
        ...remember(id),
        ctx.db
          .update(p)
          .set(
            archive
              ? { archivedAt: now, updatedAt: now }
              : {
                  archivedAt: null,
                  position: sql`(SELECT coalesce(max(others.position), -1) + 1 FROM ${p} AS others
                    WHERE others.organization_id = ${ctx.org.id} AND others.object = ${p.object})`,
                  updatedAt: now,
                },
          )
          .where(propertyOf(ctx.org.id, id, { archived: !archive }))
          .returning(),
      ]);
      const [changed] = results[results.length - 1] as Definition[];
      if (!changed) throw notFound("property");
      return changed;
    },
    (made) => definitionOf(ctx.db, ctx.org.id, made),
  );
}
