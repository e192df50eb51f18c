import { TRPCError } from "@trpc/server";
import { and, desc, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { activities, type contacts } from "../../../../drizzle";
import { inValues, organizationRowsById, rowExists, runBatch, type Database } from "../../db";
import { activityRow, insertActivitiesWhere, insertActivity, insertActivityWhere } from "./activity";
import { notFound, staleVersionError } from "./conflict";
import type { ListColumnValues, ObjectConfig } from "./fields";
import { countChange } from "./list";
import { checkPropertyValues } from "./properties";
import { DERIVED_COLUMNS, type WithoutDerived } from "./row-json";
import { isUniqueViolation } from "../constraint-error";
import { keyTakenMessage, rethrowKeyClash, type UniqueKey } from "./unique-key";
import { newId } from "../ids";
import { createOnce } from "../write-keys";
import { ownerNotice } from "../notifications";
import type { WriteKey } from "../../schemas/write-key";

/**
 * What every record write needs from the tRPC context: the organization's database, the
 * organization (from the membership) and the acting user. Routers pass `ctx` itself.
 */
export type RecordContext = { db: Database; org: { id: string }; uid: string };

/**
 * Contacts and companies share the columns used here (id, organization, version, trash), but
 * drizzle cannot build queries over a union of tables: this view is the one place that says so.
 */
const tableOf = (config: ObjectConfig) => config.table as unknown as typeof contacts;

/**
 * A record as the routers return it: its table's row with the object's list columns (e.g. a
 * contact's companyName), so a record the web receives after a write can stand in its lists.
 */
export type RecordOf<Config extends ObjectConfig> = WithoutDerived<Config["table"]["$inferSelect"]> &
  ListColumnValues<Config["listColumns"]>;
type InsertOf<Config extends ObjectConfig> = Config["table"]["$inferInsert"];

/** The columns of a record read or returned (RETURNING) whole: the table's but DERIVED_COLUMNS, and the list columns. */
function recordFields(config: ObjectConfig) {
  const fields: Record<string, unknown> = { ...getTableColumns(tableOf(config)) };
  for (const key of DERIVED_COLUMNS) delete fields[key];
  for (const [key, column] of Object.entries(config.listColumns)) fields[key] = column.sql;
  return fields as ReturnType<typeof getTableColumns<typeof contacts>>;
}

/** The record, live or (with `deleted`) in the trash; NOT_FOUND otherwise, also for other organizations' ids. */
export async function findRecord<Config extends ObjectConfig>(
  ctx: RecordContext,
  config: Config,
  id: string,
  { deleted = false } = {},
): Promise<RecordOf<Config>> {
  const table = tableOf(config);
  const [row] = await ctx.db
    .select(recordFields(config))
    .from(table)
    .where(
      and(
        eq(table.id, id),
        eq(table.organizationId, ctx.org.id),
        deleted ? isNotNull(table.deletedAt) : isNull(table.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound(config.object);
  return row as RecordOf<Config>;
}

/**
 * The start of every record update: the live record (NOT_FOUND otherwise), CONFLICT when `version` is
 * stale, and the patch with what it leaves alone dropped (a key sent as undefined means "leave it",
 * else the diff would record a change that is not stored) and its custom properties checked against
 * their definitions and merged over the record's.
 */
export async function startUpdate<Config extends ObjectConfig>(
  ctx: RecordContext,
  config: Config,
  input: { id: string; version: number; patch: { properties?: Record<string, unknown> } },
): Promise<{ current: RecordOf<Config>; patch: Partial<RecordOf<Config>> }> {
  const current = await findRecord(ctx, config, input.id);
  if (current.version !== input.version) throw await staleVersionError(ctx.db, ctx.org.id, current.id);
  const patch: Record<string, unknown> = Object.fromEntries(
    Object.entries(input.patch).filter(([, value]) => value !== undefined),
  );
  if (input.patch.properties)
    patch.properties = {
      ...current.properties,
      ...(await checkPropertyValues(ctx.db, ctx.org.id, config.object, input.patch.properties, { creating: false })),
    };
  return { current, patch: patch as Partial<RecordOf<Config>> };
}

/** Activities a timeline shows at a time (the record's get, then each "Show older activity"). */
export const TIMELINE_PAGE = 100;

/**
 * A record's activities, newest first, one more than TIMELINE_PAGE (timelinePage tells whether older
 * ones follow); same-millisecond entries in the order they were written. `before`: an activity's id,
 * to read the ones older than it (nothing when it is not this record's, in this organization).
 * `organization`: an id, or memberReadProcedure's `orgScope` (the caller's membership as SQL).
 */
export function timelineOf(db: Database, organization: string | SQL, recordId: string, before?: string) {
  const older = before
    ? sql`(${activities.createdAt}, ${activities}.rowid) < (SELECT "before".created_at, "before".rowid
        FROM ${activities} AS "before" WHERE "before".id = ${before}
          AND "before".organization_id = ${organization} AND "before".record_id = ${recordId})`
    : undefined;
  return db
    .select()
    .from(activities)
    .where(and(eq(activities.organizationId, organization), eq(activities.recordId, recordId), older))
    .orderBy(desc(activities.createdAt), sql`${activities}.rowid DESC`)
    .limit(TIMELINE_PAGE + 1);
}

type Activity = Awaited<ReturnType<typeof timelineOf>>[number];

/** timelineOf's rows (as a batch hands them back) as a page: the first TIMELINE_PAGE, and whether older ones follow. */
export function timelinePage(rows: unknown): { items: Activity[]; more: boolean } {
  const activities = rows as Activity[];
  return { items: activities.slice(0, TIMELINE_PAGE), more: activities.length > TIMELINE_PAGE };
}

function existsWhere(ctx: RecordContext, config: ObjectConfig, condition: SQL | undefined) {
  return rowExists(ctx.db, tableOf(config), condition);
}

const ownerOf = (row: object) => (row as { ownerId?: string | null }).ownerId;

function activity(ctx: RecordContext, config: ObjectConfig, recordId: string, at: Date) {
  return { organizationId: ctx.org.id, object: config.object, recordId, actorId: ctx.uid, at };
}

/**
 * Insert, "created" activity and count in one atomic batch, after `first` (createOnce's statements that
 * remember the create's key).
 */
export async function createRecord<Config extends ObjectConfig>(
  ctx: RecordContext,
  config: Config,
  row: InsertOf<Config> & { id: string; createdAt: Date },
  first: BatchItem<"sqlite">[] = [],
): Promise<RecordOf<Config>> {
  const table = tableOf(config);
  const [insert, ...rest] = [
    ...first,
    ctx.db
      .insert(table)
      .values(row as typeof contacts.$inferInsert)
      .returning(recordFields(config)),
    insertActivity(ctx.db, activityRow({ ...activity(ctx, config, row.id, row.createdAt), kind: "created" })),
    countChange(ctx.db, ctx.org.id, config.object, 1),
    ...ownerNotice(ctx.db, ctx.org.id, config.object, [row.id], ownerOf(row), ctx.uid, row.createdAt),
  ];
  const results = await ctx.db.batch([insert, ...rest]);
  const [created] = results[first.length] as RecordOf<Config>[];
  return created;
}

/** The columns createRecordOnce fills in itself. */
type Stamped = "id" | "organizationId" | "createdBy" | "createdAt" | "updatedAt";

/**
 * A new record, made once per `key` (createOnce): `prepare` checks the input and gives the row, which gets its
 * id, organization, author and times here. A clash on the object's unique key (`unique`, the row's `value`
 * of it) names the record that holds it.
 */
export function createRecordOnce<Config extends ObjectConfig>(
  ctx: RecordContext,
  config: Config,
  key: WriteKey | undefined,
  unique: UniqueKey,
  value: string | null,
  prepare: () => Promise<Omit<InsertOf<Config>, Stamped>>,
): Promise<RecordOf<Config>> {
  return createOnce(
    ctx.db,
    ctx.org.id,
    key,
    (id) => findRecord(ctx, config, id),
    async (remember) => {
      const row = await prepare();
      const now = new Date();
      const id = newId(config.object === "contact" ? "con" : "cmp");
      const stamped = { ...row, id, organizationId: ctx.org.id, createdBy: ctx.uid, createdAt: now, updatedAt: now };
      try {
        return await createRecord(ctx, config, stamped as InsertOf<Config> & typeof stamped, remember(id));
      } catch (error) {
        return rethrowKeyClash(error, ctx.db, unique, ctx.org.id, value);
      }
    },
  );
}

/**
 * Applies `patch` if the record is still live at `expectedVersion`, with an "updated" activity
 * holding `changes`. Both statements check the version inside one batch, so a write that lost
 * a race is CONFLICT (naming who won) and leaves no activity behind. `after`: statements keeping
 * what depends on the record true, in the same batch (here and below: a company's last activity).
 * `remember`: updateOnce's statements that remember the update's key, under the same version check.
 */
export async function updateRecord<Config extends ObjectConfig>(
  ctx: RecordContext,
  config: Config,
  id: string,
  expectedVersion: number,
  patch: Partial<InsertOf<Config>>,
  changes: Record<string, [unknown, unknown]>,
  after: BatchItem<"sqlite">[] = [],
  remember: (guard: SQL) => BatchItem<"sqlite">[] = () => [],
): Promise<RecordOf<Config>> {
  const table = tableOf(config);
  const now = new Date();
  const unchanged = and(
    eq(table.id, id),
    eq(table.organizationId, ctx.org.id),
    eq(table.version, expectedVersion),
    isNull(table.deletedAt),
  );
  const written = existsWhere(ctx, config, unchanged);
  // A new owner is told, if the write is.
  const told =
    "ownerId" in changes
      ? ownerNotice(ctx.db, ctx.org.id, config.object, [id], ownerOf(patch), ctx.uid, now, { guard: written })
      : [];
  const first = [...remember(written), ...told];
  const results = await runBatch(ctx.db, [
    ...first,
    insertActivityWhere(ctx.db, activityRow({ ...activity(ctx, config, id, now), kind: "updated", changes }), written),
    ctx.db
      .update(table)
      .set({ ...(patch as Partial<typeof contacts.$inferInsert>), version: expectedVersion + 1, updatedAt: now })
      .where(unchanged)
      .returning(recordFields(config)),
    ...after,
  ]);
  const [updated] = results[first.length + 1] as RecordOf<Config>[];
  if (!updated) throw await staleVersionError(ctx.db, ctx.org.id, id);
  return updated;
}

/**
 * Soft delete: the organization's live records among `ids` go to the trash, each with a
 * "deleted" activity, and the live count drops by exactly the number moved. Ids of other
 * organizations, unknown or already deleted are skipped; NOT_FOUND if none was live.
 */
export async function softDeleteRecords(
  ctx: RecordContext,
  config: ObjectConfig,
  ids: string[],
  after: BatchItem<"sqlite">[] = [],
  remember: (answer: { deleted: number }) => BatchItem<"sqlite">[] = () => [],
): Promise<{ deleted: number }> {
  const table = tableOf(config);
  const liveAmong = (among: string[]) => and(organizationRowsById(table, ctx.org.id, among), isNull(table.deletedAt));
  const found = await ctx.db.select({ id: table.id }).from(table).where(liveAmong(ids));
  if (found.length === 0) throw notFound(config.object);
  const now = new Date();
  const liveIds = found.map((r) => r.id);
  // Its key's answer (answerOnce): the live ones found (a delete racing this one may move some first).
  const first = remember({ deleted: liveIds.length });
  const results = await runBatch(ctx.db, [
    ...first,
    countChange(ctx.db, ctx.org.id, config.object, sql`-(SELECT count(*) FROM ${table} WHERE ${liveAmong(liveIds)})`),
    insertActivitiesWhere(ctx.db, table, {
      object: config.object,
      recordIds: liveIds,
      kind: "deleted",
      actorId: ctx.uid,
      at: now,
      where: liveAmong(liveIds),
    }),
    ctx.db.update(table).set({ deletedAt: now, updatedAt: now }).where(liveAmong(liveIds)).returning({ id: table.id }),
    ...after,
  ]);
  const moved = results[results.length - 1 - after.length] as { id: string }[];
  return { deleted: moved.length };
}

/**
 * Brings a record back from the trash (a new version, a "restored" activity, the count up by
 * one). Uniqueness (email, domain) is the caller's to check first: the batch fails on the
 * partial unique index if another live record took the value meanwhile.
 */
export async function restoreRecord<Config extends ObjectConfig>(
  ctx: RecordContext,
  config: Config,
  id: string,
  after: BatchItem<"sqlite">[] = [],
): Promise<RecordOf<Config>> {
  const table = tableOf(config);
  const trashed = and(eq(table.id, id), eq(table.organizationId, ctx.org.id), isNotNull(table.deletedAt));
  const now = new Date();
  const [, , [restored]] = await ctx.db.batch([
    insertActivityWhere(
      ctx.db,
      activityRow({ ...activity(ctx, config, id, now), kind: "restored" }),
      existsWhere(ctx, config, trashed),
    ),
    countChange(ctx.db, ctx.org.id, config.object, sql`(SELECT count(*) FROM ${table} WHERE ${trashed})`),
    ctx.db
      .update(table)
      .set({ deletedAt: null, updatedAt: now, version: sql`${table.version} + 1` })
      .where(trashed)
      .returning(recordFields(config)),
    ...after,
  ]);
  if (!restored) throw notFound(config.object);
  return restored as RecordOf<Config>;
}

/** What a restore of many did: how many came back, and each one refused with why. */
export type RestoreResult = { restored: number; refused: { id: string; message: string }[] };

/**
 * Brings many records back from the trash in one atomic batch (as restoreRecord each: a new version, a "restored"
 * activity, the count up). The organization's trashed records among `ids` come back but one whose unique value
 * (`key`: email, domain) a live record holds, or a record earlier in `ids` takes back: it stays in the trash,
 * refused with the clash's message. NOT_FOUND when none of `ids` is in the organization's trash. `after`: more
 * writes for the batch, given the ids restored. `remember`: answerOnce's statements, given the answer.
 */
export async function restoreRecords(
  ctx: RecordContext,
  config: ObjectConfig,
  key: UniqueKey,
  ids: string[],
  after: (restoredIds: string[]) => BatchItem<"sqlite">[] = () => [],
  remember: (answer: RestoreResult) => BatchItem<"sqlite">[] = () => [],
): Promise<RestoreResult> {
  const table = tableOf(config);
  const trashedAmong = (among: string[]) =>
    and(organizationRowsById(table, ctx.org.id, among), isNotNull(table.deletedAt));
  const found = await ctx.db
    .select({ id: table.id, value: sql<string | null>`${key.column}`, name: key.holderName })
    .from(table)
    .where(trashedAmong(ids));
  if (found.length === 0) throw notFound(config.object);
  const values = [...new Set(found.flatMap((record) => (record.value ? [record.value] : [])))];
  const holders = values.length
    ? await ctx.db
        .select({ value: sql<string>`${key.column}`, name: key.holderName })
        .from(table)
        .where(and(eq(table.organizationId, ctx.org.id), isNull(table.deletedAt), inValues(key.column, values)))
    : [];
  // Who holds each value once the batch has run: the live records, then those restored before in `ids`' order.
  const heldBy = new Map(holders.map((holder) => [holder.value, holder.name]));
  const order = new Map(ids.map((id, i) => [id, i]));
  const restorable: string[] = [];
  const refused: RestoreResult["refused"] = [];
  for (const record of found.sort((a, b) => order.get(a.id)! - order.get(b.id)!)) {
    const holder = record.value === null ? undefined : heldBy.get(record.value);
    if (holder !== undefined) {
      refused.push({ id: record.id, message: keyTakenMessage(key, record.value!, holder) });
      continue;
    }
    restorable.push(record.id);
    if (record.value !== null) heldBy.set(record.value, record.name);
  }
  if (restorable.length === 0) return { restored: 0, refused };

  const now = new Date();
  try {
    // Its key's answer (answerOnce): those found restorable (a restore racing this one may bring some back first).
    const first = remember({ restored: restorable.length, refused });
    const results = await runBatch(ctx.db, [
      ...first,
      countChange(
        ctx.db,
        ctx.org.id,
        config.object,
        sql`(SELECT count(*) FROM ${table} WHERE ${trashedAmong(restorable)})`,
      ),
      insertActivitiesWhere(ctx.db, table, {
        object: config.object,
        recordIds: restorable,
        kind: "restored",
        actorId: ctx.uid,
        at: now,
        where: trashedAmong(restorable),
      }),
      ctx.db
        .update(table)
        .set({ deletedAt: null, updatedAt: now, version: sql`${table.version} + 1` })
        .where(trashedAmong(restorable))
        .returning({ id: table.id }),
      ...after(restorable),
    ]);
    const back = results[first.length + 2] as { id: string }[];
    return { restored: back.length, refused };
  } catch (error) {
    // A live record took one of the values between the check and the batch: nothing was restored.
    if (isUniqueViolation(error, key.constraint))
      throw new TRPCError({
        code: "CONFLICT",
        message: `Another ${key.noun} just took one of their ${key.valueNoun}. Try again.`,
        cause: error,
      });
    throw error;
  }
}
