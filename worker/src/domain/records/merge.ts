import { TRPCError } from "@trpc/server";
import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { activities, companies, contacts, favorites, notes, tasks } from "../../../../drizzle";
import type { BatchItem } from "drizzle-orm/batch";
import { rowExists, runBatch, type Database } from "../../db";
import type { WriteKey } from "../../schemas/write-key";
import { updateOnce } from "../write-keys";
import { activityRow, diffFields, insertActivityWhere } from "./activity";
import { companyActivityRefresh } from "./company-activity";
import { notFound, staleVersionError } from "./conflict";
import type { ObjectConfig } from "./fields";
import { countChange } from "./list";
import { mergedParentId } from "./merged-parent";
import { normalizeEmail, sortNameOf, uniteIgnoringCase } from "./normalize";

type Contact = typeof contacts.$inferSelect;
type Company = typeof companies.$inferSelect;

const empty = (v: unknown) => v === null || v === undefined || v === "";

/** Survivor values win; its empty fields take the merged record's. */
function fill<T extends Record<string, unknown>>(survivor: T, merged: T, fields: (keyof T)[]): Partial<T> {
  const patch: Partial<T> = {};
  for (const field of fields) if (empty(survivor[field]) && !empty(merged[field])) patch[field] = merged[field];
  return patch;
}

/** Custom values: the survivor's win, except where it has none (a cleared value is none). */
function fillProperties(survivor: Record<string, unknown>, merged: Record<string, unknown>) {
  const properties = { ...survivor };
  for (const [key, value] of Object.entries(merged)) if (empty(properties[key])) properties[key] = value;
  return properties;
}

export function mergedContactFields(survivor: Contact, merged: Contact): Partial<Contact> {
  const filled = fill(survivor, merged, [
    "firstName",
    "lastName",
    "title",
    "companyId",
    "linkedinUrl",
    "source",
    "ownerId",
  ]);
  const emails = uniteIgnoringCase(survivor.emails, merged.emails);
  const next = { ...survivor, ...filled };
  // The survivor's primary email stays; one without any takes the merged record's (freed by the same batch).
  const primaryEmail = survivor.primaryEmail ?? normalizeEmail(emails[0]);
  return {
    ...filled,
    emails,
    primaryEmail,
    sortName: sortNameOf(next.firstName, next.lastName, primaryEmail),
    phones: uniteIgnoringCase(survivor.phones, merged.phones),
    tags: uniteIgnoringCase(survivor.tags, merged.tags),
    properties: fillProperties(survivor.properties, merged.properties),
    leadScore: Math.max(survivor.leadScore, merged.leadScore),
    lastActivityAt:
      survivor.lastActivityAt && merged.lastActivityAt
        ? new Date(Math.max(+survivor.lastActivityAt, +merged.lastActivityAt))
        : (survivor.lastActivityAt ?? merged.lastActivityAt),
  };
}

export function mergedCompanyFields(survivor: Company, merged: Company): Partial<Company> {
  const parentCompanyId = mergedParentId(survivor, merged);
  return {
    ...fill(survivor, merged, ["domain", "industry", "size", "address", "linkedinUrl", "ownerId"]),
    ...(parentCompanyId !== survivor.parentCompanyId && { parentCompanyId }),
    tags: uniteIgnoringCase(survivor.tags, merged.tags),
    properties: fillProperties(survivor.properties, merged.properties),
  };
}

/**
 * Folds `mergedId` into `survivorId`: fields, timeline, tasks, notes (and a company's contacts)
 * move to the survivor, the merged record goes to the trash, all in one atomic batch. Every
 * statement re-checks that the survivor is still at `survivorVersion` and the merged record is
 * still live (or was trashed by this very batch), so a merge that lost a race to another write
 * changes nothing and is CONFLICT.
 *
 * Made once per `key`: a merge sent again after it was made (its answer lost) finds the merged record gone
 * and is answered as the first was, not NOT_FOUND; the key is remembered under the merge's own guard, so one
 * that lost its race leaves none.
 */
export function mergeRecords(
  db: Database,
  config: ObjectConfig,
  organizationId: string,
  actorId: string,
  { key, ...input }: MergeRequest & { key?: WriteKey },
): Promise<MergeResult> {
  const result = { survivorId: input.survivorId, mergedId: input.mergedId };
  return updateOnce(
    db,
    organizationId,
    key,
    () => Promise.resolve(result),
    (remember) => merge(db, config, organizationId, actorId, input, remember),
  );
}

type MergeRequest = { survivorId: string; survivorVersion: number; mergedId: string };
type MergeResult = { survivorId: string; mergedId: string };

async function merge(
  db: Database,
  config: ObjectConfig,
  organizationId: string,
  actorId: string,
  input: MergeRequest,
  remember: (guard: SQL) => BatchItem<"sqlite">[],
): Promise<MergeResult> {
  if (input.survivorId === input.mergedId)
    throw new TRPCError({ code: "BAD_REQUEST", message: "Choose two different records to merge." });
  // Contacts and companies share every column used here; drizzle cannot query a union of tables.
  const table = config.table as unknown as typeof contacts;
  const load = async (id: string) => {
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.organizationId, organizationId), isNull(table.deletedAt)))
      .limit(1);
    if (!row) throw notFound(config.object);
    return row as Record<string, unknown> & { id: string; version: number; deletedAt: Date | null };
  };
  const survivor = await load(input.survivorId);
  const merged = await load(input.mergedId);
  if (survivor.version !== input.survivorVersion) throw await staleVersionError(db, organizationId, survivor.id);

  const patch =
    config.object === "contact"
      ? mergedContactFields(survivor as unknown as Contact, merged as unknown as Contact)
      : mergedCompanyFields(survivor as unknown as Company, merged as unknown as Company);
  const changes = diffFields(survivor, patch);
  delete changes.sortName;
  delete changes.primaryEmail;
  const now = new Date();

  const inOrg = eq(table.organizationId, organizationId);
  const survivorCurrent = and(
    inOrg,
    eq(table.id, survivor.id),
    eq(table.version, input.survivorVersion),
    isNull(table.deletedAt),
  );
  const mergedLive = and(inOrg, eq(table.id, merged.id), isNull(table.deletedAt));
  const rowWhere = (condition: SQL | undefined) => rowExists(db, table, condition);
  // Before the merged record is trashed: both as read. After: the survivor as read and the
  // merged record trashed at `now`, by this batch.
  const before = sql`${rowWhere(survivorCurrent)} AND ${rowWhere(mergedLive)}`;
  const after = sql`${rowWhere(survivorCurrent)} AND ${rowWhere(and(inOrg, eq(table.id, merged.id), eq(table.deletedAt, now)))}`;

  const moveTo = (t: typeof tasks | typeof notes | typeof activities) =>
    db
      .update(t)
      .set({ recordId: survivor.id })
      .where(and(eq(t.organizationId, organizationId), eq(t.recordId, merged.id), after));
  // The companies whose last activity the merge moves: the survivor (its people and entries grew), or
  // the two contacts' companies (one contact left, the other may have joined and holds both's activity).
  const refreshed = companyActivityRefresh(
    db,
    organizationId,
    config.object === "company"
      ? [survivor.id]
      : [survivor.companyId as string | null, merged.companyId as string | null],
  );
  const results = await runBatch(db, [
    ...remember(before),
    countChange(db, organizationId, config.object, sql`-(SELECT count(*) WHERE ${before})`),
    // The merged record leaves first, so an email or domain it held can move to the survivor.
    db
      .update(table)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(mergedLive, rowWhere(survivorCurrent))),
    moveTo(activities),
    moveTo(tasks),
    moveTo(notes),
    ...moveFavorites(db, organizationId, merged.id, survivor.id, after),
    ...(config.object === "company"
      ? [
          db
            .update(contacts)
            .set({ companyId: survivor.id, updatedAt: now })
            .where(and(eq(contacts.organizationId, organizationId), eq(contacts.companyId, merged.id), after)),
          // Its subsidiaries belong to the survivor now (the survivor itself, if one, takes the patch's parent).
          db
            .update(companies)
            .set({ parentCompanyId: survivor.id, updatedAt: now })
            .where(
              and(
                eq(companies.organizationId, organizationId),
                eq(companies.parentCompanyId, merged.id),
                ne(companies.id, survivor.id),
                after,
              ),
            ),
        ]
      : []),
    insertActivityWhere(
      db,
      activityRow({
        organizationId,
        object: config.object,
        recordId: merged.id,
        kind: "merged",
        actorId,
        summary: `Merged into ${survivor.id}`,
        at: now,
      }),
      after,
    ),
    insertActivityWhere(
      db,
      activityRow({
        organizationId,
        object: config.object,
        recordId: survivor.id,
        kind: "merged",
        actorId,
        changes,
        summary: `Merged ${config.object} ${merged.id} into this one`,
        at: now,
      }),
      after,
    ),
    db
      .update(table)
      .set({ ...(patch as Partial<Contact>), version: input.survivorVersion + 1, updatedAt: now })
      .where(and(survivorCurrent, rowWhere(and(inOrg, eq(table.id, merged.id), eq(table.deletedAt, now)))))
      .returning({ id: table.id, version: table.version }),
    ...refreshed,
  ]);
  const [updated] = results[results.length - 1 - refreshed.length] as { id: string; version: number }[];
  if (!updated) {
    // Someone else got there between our read and this batch; nothing was written.
    const current = await db.select({ version: table.version }).from(table).where(survivorCurrent).limit(1);
    if (current.length === 0) throw await staleVersionError(db, organizationId, survivor.id);
    throw notFound(config.object);
  }
  return { survivorId: survivor.id, mergedId: merged.id };
}

/**
 * The merged record's favorites become the survivor's: a member's favorite stays in its place in their order, and
 * one who kept both keeps the survivor's place.
 */
function moveFavorites(db: Database, organizationId: string, mergedId: string, survivorId: string, after: SQL) {
  const ofMerged = and(eq(favorites.organizationId, organizationId), eq(favorites.recordId, mergedId), after);
  return [
    db
      .update(favorites)
      .set({ recordId: survivorId })
      .where(
        and(
          ofMerged,
          sql`NOT EXISTS (SELECT 1 FROM ${favorites} AS held
            WHERE held.organization_id = ${organizationId} AND held.record_id = ${survivorId}
              AND held.user_id = ${favorites}.user_id)`,
        ),
      ),
    db.delete(favorites).where(ofMerged),
  ];
}
