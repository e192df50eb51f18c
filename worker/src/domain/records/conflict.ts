import { TRPCError } from "@trpc/server";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { activities, users } from "../../../../drizzle";
import type { NoteKind } from "../../../../drizzle/values";
import type { Database } from "../../db";

/** Activity kinds that change a record's fields (and version); notes and tasks do not. */
const WRITE_KINDS = ["created", "updated", "deleted", "restored", "merged"] as const;

/**
 * Who made the change a stale save lost to, and when: the CONFLICT's cause, which the error formatter
 * passes to the web as `data.change` so it can say it in the person's own time zone.
 */
export class StaleVersion extends Error {
  constructor(
    readonly noun: string,
    readonly changedBy: string,
    readonly changedAt: Date | null,
  ) {
    super(`This ${noun} was changed meanwhile.`);
  }
}

/** CONFLICT naming who made the last change that `where` selects among the activities, and when. */
async function conflictOf(db: Database, noun: string, where: SQL | undefined): Promise<TRPCError> {
  const [last] = await db
    .select({ at: activities.createdAt, name: users.displayName, email: users.email })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.actorId))
    .where(where)
    // Two writes in one millisecond: the later insert (higher rowid) is the later change.
    .orderBy(desc(activities.createdAt), sql`${activities}.rowid DESC`)
    .limit(1);
  return conflictError(noun, last?.name ?? last?.email ?? null, last?.at ?? null);
}

/** CONFLICT: the `noun` was changed by `name` (unknown: "a teammate") at `at`. */
export function conflictError(noun: string, name: string | null, at: Date | null): TRPCError {
  const who = name ?? "a teammate";
  const when = at ? ` at ${at.toISOString().replace("T", " ").slice(0, 16)} UTC` : "";
  return new TRPCError({
    code: "CONFLICT",
    message: `This ${noun} was changed by ${who}${when}. Reload to see their change.`,
    cause: new StaleVersion(noun, who, at),
  });
}

/** CONFLICT naming who changed the record (or task) last and when, so the person knows to reload. */
export function staleVersionError(db: Database, organizationId: string, recordId: string, noun = "record") {
  return conflictOf(
    db,
    noun,
    and(
      eq(activities.organizationId, organizationId),
      eq(activities.recordId, recordId),
      inArray(activities.kind, [...WRITE_KINDS]),
    ),
  );
}

/**
 * CONFLICT naming who edited the note (or logged call, meeting, email) last: its edit is an entry of
 * its kind on its record's timeline written in the same batch, at the note's own `updatedAt`.
 */
export function staleNoteError(
  db: Database,
  organizationId: string,
  note: { kind: NoteKind; recordId: string; updatedAt: Date },
) {
  return conflictOf(
    db,
    note.kind,
    and(
      eq(activities.organizationId, organizationId),
      eq(activities.recordId, note.recordId),
      eq(activities.kind, note.kind),
      eq(activities.createdAt, note.updatedAt),
    ),
  );
}

export function notFound(object: string): TRPCError {
  return new TRPCError({ code: "NOT_FOUND", message: `That ${object} does not exist or was deleted.` });
}

/**
 * NOT_FOUND unless all `asked` of a selection were `found` (a selection is acted on whole or not at all): "That task
 * does not exist…" for one, "2 of the 40 selected tasks do not exist or were deleted. Reload and try again." for more.
 */
export function assertAllFound(found: number, asked: number, [singular, plural]: [string, string]): void {
  const missing = asked - found;
  if (missing <= 0) return;
  if (asked === 1) throw notFound(singular);
  throw new TRPCError({
    code: "NOT_FOUND",
    message: `${missing} of the ${asked} selected ${plural} do not exist or were deleted. Reload and try again.`,
  });
}
