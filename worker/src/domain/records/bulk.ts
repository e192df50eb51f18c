import { TRPCError } from "@trpc/server";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { leadStatuses } from "../../../../drizzle/values";
import { and, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { contacts } from "../../../../drizzle";
import { organizationRowsById, runBatch, type Database } from "../../db";
import { bulkFieldSchemas, type BulkAction, type BulkField } from "../../schemas/records";
import type { WriteKey } from "../../schemas/write-key";
import { assertMember } from "../members";
import { ownerNotice } from "../notifications";
import { settleOnce } from "../write-keys";
import { diffFields, insertActivitiesWhere } from "./activity";
import { assertAllFound } from "./conflict";
import type { ObjectConfig } from "./fields";
import { checkPropertyValues, recordPlural } from "./properties";

/** As many tags as create and update accept. */
export const MAX_TAGS = 50;
/** Writes of a bulk action: the first, then again for records a teammate changed meanwhile. */
const BULK_ROUNDS = 3;

type BulkRow = {
  id: string;
  version: number;
  ownerId: string | null;
  tags: string[];
  properties: Record<string, unknown>;
  /** The built-in field a setField action sets, read under its own name. */
  [field: string]: unknown;
};

const fieldLabels: Record<BulkField, string> = {
  leadStatus: "Lead status",
  source: "Source",
  industry: "Industry",
  size: "Size",
};

/** A setField value as the object's update would store it; BAD_REQUEST, in words, for a field or value it refuses. */
function checkFieldValue(object: ObjectConfig["object"], field: BulkField, value: string | null): unknown {
  const schemas: Partial<Record<BulkField, z.ZodType>> =
    object === "contact" || object === "company" ? bulkFieldSchemas[object] : {};
  const schema = schemas[field];
  if (!schema)
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: `${recordPlural[object].replace(/^./, (c) => c.toUpperCase())} have no ${fieldLabels[field].toLowerCase()} to set.`,
    });
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message =
    field === "leadStatus"
      ? `Choose a lead status: ${leadStatuses.join(", ")}.`
      : `${fieldLabels[field]}: ${parsed.error.issues[0]?.message ?? "not a value it takes"}.`;
  throw new TRPCError({ code: "BAD_REQUEST", message });
}

/** The change one bulk action makes to one record (only the fields it touches): what decides whether it is written. */
function patchFor(row: BulkRow, action: BulkAction, checkedValue: unknown): Partial<BulkRow> {
  switch (action.type) {
    case "assign":
      return { ownerId: action.ownerId };
    case "addTag":
      return row.tags.some((t) => t.toLowerCase() === action.tag.toLowerCase())
        ? {}
        : { tags: [...row.tags, action.tag] };
    case "removeTag":
      return { tags: row.tags.filter((t) => t.toLowerCase() !== action.tag.toLowerCase()) };
    case "setProperty":
      return { properties: { ...row.properties, [action.key]: checkedValue } };
    case "setField":
      return { [action.field]: checkedValue };
  }
}

/**
 * Assign, tag, untag or set a property on up to MAX_BULK_UPDATE records of the organization in one atomic
 * batch; each changed record gets a new version and an activity row. All of `ids` must be live
 * records of the organization, else NOT_FOUND and nothing is written (a selection is acted on
 * whole or not at all). Each write re-checks the version it was computed from, so a record
 * changed meanwhile is never overwritten: it is read again and the action applied to its new state
 * (up to BULK_ROUNDS writes; one still racing after that is left alone and not counted).
 *
 * Made once per `key`: sent again after it was made (its answer lost), it is answered as the first was,
 * not "nothing to change".
 */
export function bulkUpdate(
  db: Database,
  config: ObjectConfig,
  organizationId: string,
  actorId: string,
  { ids, action, key }: { ids: string[]; action: BulkAction; key?: WriteKey },
): Promise<BulkResult> {
  return settleOnce(
    db,
    organizationId,
    key,
    (remember) => applyBulk(db, config, organizationId, actorId, ids, action, remember),
    () => ({ updated: 0, matched: 0 }),
  );
}

type BulkResult = { updated: number; matched: number };

async function applyBulk(
  db: Database,
  config: ObjectConfig,
  organizationId: string,
  actorId: string,
  ids: string[],
  action: BulkAction,
  remember: () => BatchItem<"sqlite">[],
): Promise<BulkResult> {
  // Contacts and companies share every column used here; drizzle cannot query a union of tables.
  const table = config.table as unknown as typeof contacts;
  const wanted = [...new Set(ids)];
  if (action.type === "assign" && action.ownerId) await assertMember(db, organizationId, action.ownerId);
  const checked =
    action.type === "setProperty"
      ? (
          await checkPropertyValues(
            db,
            organizationId,
            config.object,
            { [action.key]: action.value },
            { creating: false },
          )
        )[action.key]
      : action.type === "setField"
        ? checkFieldValue(config.object, action.field, action.value)
        : undefined;
  // The field a setField sets is read too, under its name, so the timeline tells it from → to.
  const fieldColumn =
    action.type === "setField"
      ? { [action.field]: (config.table as unknown as Record<string, SQLiteColumn>)[action.field] }
      : {};
  const read = (recordIds: string[]): Promise<BulkRow[]> =>
    db
      .select({
        id: table.id,
        version: table.version,
        ownerId: table.ownerId,
        tags: table.tags,
        properties: table.properties,
        ...fieldColumn,
      })
      .from(table)
      .where(and(organizationRowsById(table, organizationId, recordIds), isNull(table.deletedAt)));
  const asked = new Map(wanted.map((id, index) => [id, index]));
  // In the order asked: a new owner's notification names the first record given.
  const rows = (await read(wanted)).sort((a, b) => asked.get(a.id)! - asked.get(b.id)!);
  assertAllFound(rows.length, wanted.length, [config.object, recordPlural[config.object]]);

  // A record changed between the read and the write is left alone by that write (its version
  // moved), then read again and the action applied to what it holds now: a teammate's edit is
  // kept, and so is this one. Records deleted meanwhile drop out.
  let pending = rows;
  let updated = 0;
  for (let round = 0; round < BULK_ROUNDS && pending.length > 0; round++) {
    if (round > 0) pending = await read(pending.map((row) => row.id));
    const changed = pending.flatMap((row) => {
      const patch = patchFor(row, action, checked);
      const changes = diffFields(row, patch);
      return Object.keys(changes).length ? [{ row, patch, changes }] : [];
    });
    const overfull = changed.filter(({ patch }) => patch.tags && patch.tags.length > MAX_TAGS);
    if (overfull.length > 0 && round === 0)
      throw new TRPCError({
        code: "BAD_REQUEST",
        message: `A record can have at most ${MAX_TAGS} tags; some of the selected ${recordPlural[config.object]} have that many already.`,
      });
    const writes = changed.filter((change) => !overfull.includes(change));
    const now = new Date();
    // The key goes with the first batch, even one with nothing to change: sent again, it is answered as this. So does
    // word to a new owner, of every record it gives them (one changed meanwhile is given in a later round all the same).
    const first =
      round === 0
        ? [
            ...remember(),
            ...(action.type === "assign"
              ? ownerNotice(
                  db,
                  organizationId,
                  config.object,
                  writes.map(({ row }) => row.id),
                  action.ownerId,
                  actorId,
                  now,
                  { merge: true },
                )
              : []),
          ]
        : [];
    if (writes.length === 0 && first.length === 0) break;
    const results = await runBatch(db, [
      ...first,
      ...(writes.length > 0
        ? bulkWrite(db, table, config.object, organizationId, actorId, action, checked, writes, now)
        : []),
    ]);
    const writtenIds = new Set(((results[first.length + 1] ?? []) as { id: string }[]).map(({ id }) => id));
    const written = (i: number) => writtenIds.has(writes[i]!.row.id);
    updated += writes.filter((_, i) => written(i)).length;
    pending = writes.filter((_, i) => !written(i)).map(({ row }) => row);
  }
  return { updated, matched: rows.length };
}

/**
 * The writes of one round as two statements, whatever their number (D1 counts every statement of a batch against
 * a request's queries, and one statement a record made a chunk of 100 take 0.4 s): the activity rows, then the
 * update. Each touches only the records still at the version read (`writes`), live, so a record a teammate changed
 * meanwhile gets neither, and is read again next round. The new value is computed in SQL from the record as it is,
 * which for those records is as read: the same value `patchFor` gave, and the timeline's from → to with it.
 */
function bulkWrite(
  db: Database,
  table: typeof contacts,
  recordObject: ObjectConfig["object"],
  organizationId: string,
  actorId: string,
  action: BulkAction,
  checked: unknown,
  writes: { row: BulkRow }[],
  now: Date,
): BatchItem<"sqlite">[] {
  const versions = JSON.stringify(Object.fromEntries(writes.map(({ row }) => [row.id, row.version])));
  const asRead = and(
    organizationRowsById(table, organizationId, sql`(SELECT key FROM json_each(${versions}))`),
    isNull(table.deletedAt),
    sql`${table.version} = json_extract(${versions}, '$.' || ${table.id})`,
  );
  const { field, column, value } = newValue(table, action, checked, writes);
  // JSON columns go into the timeline as JSON, not as the text they are stored as.
  const json = field === "tags" || field === "properties";
  const from = json ? sql`json(${column})` : sql`${column}`;
  const to = json ? sql`json(${value})` : value;
  return [
    insertActivitiesWhere(db, table, {
      object: recordObject,
      recordIds: writes.map(({ row }) => row.id),
      kind: "updated",
      actorId,
      changes: sql`json_object(${field}, json_array(${from}, ${to}))`,
      at: now,
      where: asRead,
    }),
    db
      .update(table)
      .set({ [field]: value, version: sql`${table.version} + 1`, updatedAt: now })
      .where(asRead)
      .returning({ id: table.id }),
  ];
}

/**
 * What a bulk action writes, as SQL over the record as it stands: the field it sets (the timeline's name for it),
 * its column, and the new value. Tags removed are removed by the spellings the records read hold, as `patchFor`
 * compared them (ignoring case the way JavaScript does, which SQLite's lower() does only for ASCII).
 */
function newValue(
  table: typeof contacts,
  action: BulkAction,
  checked: unknown,
  writes: { row: BulkRow }[],
): { field: string; column: SQLiteColumn; value: SQL } {
  switch (action.type) {
    case "assign":
      return { field: "ownerId", column: table.ownerId, value: sql`${action.ownerId}` };
    case "setField": {
      const column = (table as unknown as Record<string, SQLiteColumn>)[action.field]!;
      return { field: action.field, column, value: sql`${checked}` };
    }
    case "setProperty":
      return {
        field: "properties",
        column: table.properties,
        value: sql`json_set(${table.properties}, ${"$." + action.key}, json(${JSON.stringify(checked ?? null)}))`,
      };
    case "addTag":
      return { field: "tags", column: table.tags, value: sql`json_insert(${table.tags}, '$[#]', ${action.tag})` };
    case "removeTag": {
      const key = action.tag.toLowerCase();
      const spellings = [...new Set(writes.flatMap(({ row }) => row.tags.filter((t) => t.toLowerCase() === key)))];
      return {
        field: "tags",
        column: table.tags,
        value: sql`(SELECT json_group_array(t.value) FROM json_each(${table.tags}) AS t
          WHERE t.value NOT IN (SELECT value FROM json_each(${JSON.stringify(spellings)})))`,
      };
    }
  }
}
