import { sql, type SQL } from "drizzle-orm";
import type { ActivityKind, ActivityObject, contacts } from "../../../../drizzle";
import { activities } from "../../../../drizzle";
import { insertWhere, type Database } from "../../db";
import { newId } from "../ids";

/** Field changes between two versions of a record, as { field: [from, to] } (JSON-compared). */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(after)) {
    const previous = before[field];
    if (JSON.stringify(previous ?? null) !== JSON.stringify(value ?? null))
      changes[field] = [previous ?? null, value ?? null];
  }
  return changes;
}

export function activityRow(input: {
  organizationId: string;
  object: ActivityObject;
  recordId: string;
  kind: ActivityKind;
  actorId: string;
  changes?: Record<string, [unknown, unknown]> | null;
  summary?: string | null;
  at: Date;
}) {
  return {
    id: newId("act"),
    organizationId: input.organizationId,
    recordObject: input.object,
    recordId: input.recordId,
    kind: input.kind,
    changes: input.changes ?? null,
    summary: input.summary ?? null,
    actorId: input.actorId,
    createdAt: input.at,
  };
}

export function insertActivity(db: Database, row: ReturnType<typeof activityRow>) {
  return db.insert(activities).values(row);
}

/**
 * The same insert, written only if `condition` (e.g. an EXISTS on the record's expected
 * version) holds when the statement runs: inside a batch, the activity and the write it
 * describes then succeed or no-op together, so a lost race never leaves a false entry.
 */
export function insertActivityWhere(db: Database, row: ReturnType<typeof activityRow>, condition: SQL) {
  return insertWhere(db, activities, row, condition);
}

/**
 * One activity row for each record of `table` that `where` holds when the statement runs, in one statement however
 * many (D1 counts each statement of a batch against a request's queries): records changed or gone meanwhile get
 * none, as with insertActivityWhere. `recordIds` are the records it may name, for their activity ids; `changes` is
 * SQL over the record's row (a JSON object of [from, to]), or none.
 */
export function insertActivitiesWhere(
  db: Database,
  table: typeof contacts,
  input: {
    object: ActivityObject;
    recordIds: string[];
    kind: ActivityKind;
    actorId: string;
    changes?: SQL;
    at: Date;
    where: SQL | undefined;
  },
) {
  const activityIds = JSON.stringify(Object.fromEntries(input.recordIds.map((id) => [id, newId("act")])));
  // In the table's column order: id, organization, object, record, kind, changes, summary, actor, time.
  return db.insert(activities).select(
    sql`SELECT json_extract(${activityIds}, '$.' || ${table.id}), ${table.organizationId}, ${input.object}, ${table.id},
      ${input.kind}, ${input.changes ?? null}, NULL, ${input.actorId}, ${input.at.getTime()}
      FROM ${table} WHERE ${input.where}`,
  );
}
