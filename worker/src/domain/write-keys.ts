import { and, eq, getTableColumns, lt, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { writeKeys } from "../../../drizzle";
import type { Database } from "../db";
import { isUniqueViolation } from "./constraint-error";

/** A day: far longer than a write is ever sent again, short enough that the table stays small. */
const KEPT_MS = 24 * 60 * 60 * 1000;

/** What the write made under `key` answered (its result), or undefined when none was made. */
export async function answeredBefore<T>(db: Database, organizationId: string, key: string): Promise<T | undefined> {
  const [row] = await db
    .select({ result: writeKeys.result })
    .from(writeKeys)
    .where(and(eq(writeKeys.organizationId, organizationId), eq(writeKeys.key, key)));
  return row?.result as T | undefined;
}

/**
 * Statements for the write's own D1 batch, put first in it: remember `key` with `result`, and forget the
 * organization's keys older than a day. Sent twice at once, the second batch clashes on the key before it
 * writes anything (isKeyClash), and is answered with the first one's result.
 */
export function rememberWrite(
  db: Database,
  organizationId: string,
  key: string,
  result: unknown,
  now: Date,
): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  return [
    db.insert(writeKeys).values({ organizationId, key, result, createdAt: now }),
    forgetOldKeys(db, organizationId, now),
  ];
}

const forgetOldKeys = (db: Database, organizationId: string, now: Date) =>
  db
    .delete(writeKeys)
    .where(
      and(eq(writeKeys.organizationId, organizationId), lt(writeKeys.createdAt, new Date(now.getTime() - KEPT_MS))),
    );

/**
 * The same, for an update: the key is remembered only if `guard` (the update's own check of the record's
 * version) holds when the statement runs, so a refused update leaves no key behind.
 */
function rememberWriteWhere(db: Database, organizationId: string, key: string, now: Date, guard: SQL) {
  const row = { organizationId, key, result: { applied: true }, createdAt: now };
  const values = Object.entries(getTableColumns(writeKeys)).map(([name, column]) =>
    sql.param(row[name as keyof typeof row], column),
  );
  return [
    db.insert(writeKeys).select(sql`SELECT ${sql.join(values, sql`, `)} WHERE ${guard}`),
    forgetOldKeys(db, organizationId, now),
  ];
}

/** The batch lost the race for its key to the same write sent again. */
export const isKeyClash = (error: unknown) => isUniqueViolation(error, "write_keys.");

/** Changes what the write under `key` is answered with (a batch whose result changed after it was written). */
export function amendAnswer(db: Database, organizationId: string, key: string, result: unknown) {
  return db
    .update(writeKeys)
    .set({ result })
    .where(and(eq(writeKeys.organizationId, organizationId), eq(writeKeys.key, key)));
}

/**
 * Makes `write` at most once per `key`, without reading anything first: a write sent again fails on what the
 * first one did (its key, first in the batch, is taken; an update's version has moved on; a contact's email
 * is the one the first send's contact took), and then, its key found, it is answered from the first one's
 * `result` (`answer`). Any other failure is the caller's, as it is.
 */
async function once<T, Result>(
  db: Database,
  organizationId: string,
  key: string,
  answer: (result: Result) => Promise<T>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const earlier = await answeredBefore<Result>(db, organizationId, key);
    if (earlier === undefined) throw error;
    return answer(earlier);
  }
}

/**
 * Creates a record at most once per `key` (the web's name for one create, the same each time it is sent):
 * `create` gets the statements that remember the new record's id (first in its batch); a create sent again
 * is answered with that record as it is now (`find`), NOT_FOUND if it has since been deleted. Without a key,
 * simply `create`.
 */
export function createOnce<T>(
  db: Database,
  organizationId: string,
  key: string | undefined,
  find: (id: string) => Promise<T>,
  create: (remember: (id: string) => BatchItem<"sqlite">[]) => Promise<T>,
): Promise<T> {
  if (!key) return create(() => []);
  return once(
    db,
    organizationId,
    key,
    (first: { id: string }) => find(first.id),
    () => create((id) => rememberWrite(db, organizationId, key, { id }, new Date())),
  );
}

/**
 * Applies an update at most once per `key`: `update` gets the statements that remember the key when the
 * update is written (first in its batch, under the update's own version guard). An update sent again after it
 * was applied is refused as stale, its version having moved on: then, its key remembered, it is answered with
 * the record as it is now (`find`) instead of a CONFLICT naming the person's own change. Without a key, simply
 * `update`.
 */
export function updateOnce<T>(
  db: Database,
  organizationId: string,
  key: string | undefined,
  find: () => Promise<T>,
  update: (remember: (guard: SQL) => BatchItem<"sqlite">[]) => Promise<T>,
): Promise<T> {
  if (!key) return update(() => []);
  return once(db, organizationId, key, find, () =>
    update((guard) => rememberWriteWhere(db, organizationId, key, new Date(), guard)),
  );
}
