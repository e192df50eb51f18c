import { TRPCError } from "@trpc/server";
import { and, eq, lt, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { writeKeys } from "../../../drizzle";
import { insertWhere, type Database } from "../db";
import type { WriteKey } from "../schemas/write-key";
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
function rememberWriteWhere(db: Database, organizationId: string, written: WriteKey, now: Date, guard: SQL) {
  const row = { organizationId, key: written.key, result: { request: written.request } satisfies Kept, createdAt: now };
  return [insertWhere(db, writeKeys, row, guard), forgetOldKeys(db, organizationId, now)];
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
 * A keyed write's row: the request it came with, and (for a create or a delete) its answer; while a write in
 * several batches is being made, which send is making it (`sender`).
 */
type Kept<Answer = unknown> = { request: string; answer?: Answer; sender?: string };

/**
 * Makes `write` at most once per key, without reading anything first: a write sent again fails on what the
 * first one did (its key, first in the batch, is taken; an update's version has moved on; a contact's email
 * is the one the first send's contact took), and then, its key found with the same request, it is answered
 * from the first one's answer (`answer`). Any other failure is the caller's, as it is, and so is one after
 * this very send remembered its key (`sender`: a write in several batches that failed after its first).
 */
async function once<T, Answer>(
  db: Database,
  organizationId: string,
  written: WriteKey,
  answer: (first: Answer) => Promise<T>,
  write: () => Promise<T>,
  sender?: string,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const earlier = await answeredBefore<Kept<Answer>>(db, organizationId, written.key);
    if (earlier?.request === written.request && (!sender || earlier.sender !== sender))
      return answer(earlier.answer as Answer);
    if (earlier && isKeyClash(error))
      throw new TRPCError({
        code: "CONFLICT",
        message: "This write's key was already used for another one. Send each write under a key of its own.",
      });
    throw error;
  }
}

/** Statements that remember a keyed write's request and answer, first in its batch (see rememberWrite). */
const rememberAnswer = (db: Database, organizationId: string, written: WriteKey, answer: unknown) =>
  rememberWrite(db, organizationId, written.key, { request: written.request, answer } satisfies Kept, new Date());

/**
 * Creates a record at most once per key (the web's name for one create, the same each time it is sent):
 * `write` gets the statements that remember the new record's id (first in its batch); a create sent again
 * is answered with that record as it is now (`find`), NOT_FOUND if it has since been deleted. Without a key,
 * simply `write`.
 */
export const createOnce = <T>(
  db: Database,
  organizationId: string,
  written: WriteKey | undefined,
  find: (id: string) => Promise<T>,
  write: (remember: (id: string) => BatchItem<"sqlite">[]) => Promise<T>,
): Promise<T> => answerOnce<T, string>(db, organizationId, written, write, find);

/**
 * Applies an update at most once per key: `update` gets the statements that remember the key when the
 * update is written (first in its batch, under the update's own version guard). An update sent again after it
 * was applied is refused as stale, its version having moved on: then, its key remembered, it is answered with
 * the record as it is now (`find`) instead of a CONFLICT naming the person's own change. Without a key, simply
 * `update`.
 */
export function updateOnce<T>(
  db: Database,
  organizationId: string,
  written: WriteKey | undefined,
  find: () => Promise<T>,
  update: (remember: (guard: SQL) => BatchItem<"sqlite">[]) => Promise<T>,
): Promise<T> {
  if (!written) return update(() => []);
  return once(db, organizationId, written, find, () =>
    update((guard) => rememberWriteWhere(db, organizationId, written, new Date(), guard)),
  );
}

/**
 * Makes a write at most once per key: `write` gets the statements that remember what it answers (`Stored`,
 * plain JSON: a count, an id), first in its batch; sent again, it fails on what the first did (its records
 * already gone to the trash, its key taken) and is answered from what the first stored (`answer`; by default,
 * that itself). Without a key, simply `write`.
 */
export function answerOnce<T, Stored = T>(
  db: Database,
  organizationId: string,
  written: WriteKey | undefined,
  write: (remember: (stored: Stored) => BatchItem<"sqlite">[]) => Promise<T>,
  answer: (stored: Stored) => Promise<T> = (stored) => Promise.resolve(stored as unknown as T),
): Promise<T> {
  if (!written) return write(() => []);
  return once(db, organizationId, written, answer, () =>
    write((stored) => rememberAnswer(db, organizationId, written, stored)),
  );
}

/** How long a write sent again waits for the first one's answer while it is still being written. */
const SETTLING_WAIT_MS = 2_000;
const SETTLING_POLL_MS = 50;

/** The answer stored under `key` once its write is done, waiting up to SETTLING_WAIT_MS; undefined if none came. */
async function settledAnswer<T>(db: Database, organizationId: string, key: string): Promise<T | undefined> {
  for (let waited = 0; waited < SETTLING_WAIT_MS; waited += SETTLING_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, SETTLING_POLL_MS));
    const answer = (await answeredBefore<Kept<T>>(db, organizationId, key))?.answer;
    if (answer !== undefined) return answer;
  }
  return undefined;
}

/**
 * The same, for a write whose answer is known only after its last batch (a bulk edit, written in rounds):
 * `write` puts `remember()` first in its first batch, and its answer is stored once it is done. Sent again,
 * it is answered from that; sent again while the first is still being written, with that once it is
 * stored, or after SETTLING_WAIT_MS with `meanwhile` (what this send itself did: nothing). Without a key,
 * simply `write`.
 */
export function settleOnce<T>(
  db: Database,
  organizationId: string,
  written: WriteKey | undefined,
  write: (remember: () => BatchItem<"sqlite">[]) => Promise<T>,
  meanwhile: () => T,
): Promise<T> {
  if (!written) return write(() => []);
  const sender = crypto.randomUUID();
  return once<T, T | undefined>(
    db,
    organizationId,
    written,
    async (stored) => stored ?? (await settledAnswer<T>(db, organizationId, written.key)) ?? meanwhile(),
    async () => {
      const pending: Kept = { request: written.request, sender };
      const answer = await write(() => rememberWrite(db, organizationId, written.key, pending, new Date()));
      try {
        await amendAnswer(db, organizationId, written.key, { request: written.request, answer } satisfies Kept);
      } catch (error) {
        // The write is made: this send has its answer, which is what counts; one sent again waits, then says "nothing".
        console.error("Could not store a keyed write's answer", error);
      }
      return answer;
    },
    sender,
  );
}
