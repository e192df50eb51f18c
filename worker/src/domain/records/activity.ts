import type { SQL } from "drizzle-orm";
import type { ActivityKind, ActivityObject } from "../../../../drizzle";
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
