import { TRPCError } from "@trpc/server";
import { and, eq, isNull } from "drizzle-orm";
import { activities, companies, contacts, notes, tasks } from "../../../../drizzle";
import type { Database } from "../../db";
import { activityRow, diffFields, insertActivity } from "./activity";
import { notFound, staleVersionError } from "./conflict";
import type { ObjectConfig } from "./fields";
import { countChange } from "./list";

type Contact = typeof contacts.$inferSelect;
type Company = typeof companies.$inferSelect;

const union = (a: string[], b: string[]) => [...new Map([...a, ...b].map((v) => [v.toLowerCase(), v])).values()];
const empty = (v: unknown) => v === null || v === undefined || v === "";

/** Survivor values win; its empty fields take the merged record's; lists are united. */
function fill<T extends Record<string, unknown>>(survivor: T, merged: T, fields: (keyof T)[]): Partial<T> {
  const patch: Partial<T> = {};
  for (const field of fields) if (empty(survivor[field]) && !empty(merged[field])) patch[field] = merged[field];
  return patch;
}

export function mergedContactFields(survivor: Contact, merged: Contact): Partial<Contact> {
  return {
    ...fill(survivor, merged, ["firstName", "lastName", "title", "companyId", "linkedinUrl", "source", "ownerId"]),
    emails: union(survivor.emails, merged.emails),
    phones: union(survivor.phones, merged.phones),
    tags: union(survivor.tags, merged.tags),
    properties: { ...merged.properties, ...survivor.properties },
    leadScore: Math.max(survivor.leadScore, merged.leadScore),
    lastActivityAt:
      survivor.lastActivityAt && merged.lastActivityAt
        ? new Date(Math.max(+survivor.lastActivityAt, +merged.lastActivityAt))
        : (survivor.lastActivityAt ?? merged.lastActivityAt),
  };
}

export function mergedCompanyFields(survivor: Company, merged: Company): Partial<Company> {
  return {
    ...fill(survivor, merged, ["domain", "industry", "size", "address", "linkedinUrl", "ownerId"]),
    tags: union(survivor.tags, merged.tags),
    properties: { ...merged.properties, ...survivor.properties },
  };
}

/**
 * Folds `mergedId` into `survivorId`: fields, timeline, tasks, notes (and a company's contacts)
 * move to the survivor, the merged record goes to the trash, all in one atomic batch.
 */
export async function mergeRecords(
  db: Database,
  config: ObjectConfig,
  organizationId: string,
  actorId: string,
  input: { survivorId: string; survivorVersion: number; mergedId: string },
) {
  if (input.survivorId === input.mergedId)
    throw new TRPCError({ code: "BAD_REQUEST", message: "Choose two different records to merge." });
  const table = config.table;
  const load = async (id: string) => {
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.organizationId, organizationId), isNull(table.deletedAt)))
      .limit(1);
    if (!row) throw notFound(config.object);
    return row;
  };
  const [survivor, merged] = await Promise.all([load(input.survivorId), load(input.mergedId)]);
  if (survivor.version !== input.survivorVersion) throw await staleVersionError(db, organizationId, survivor.id);

  const patch =
    config.object === "contact"
      ? mergedContactFields(survivor as Contact, merged as Contact)
      : mergedCompanyFields(survivor as Company, merged as Company);
  const changes = diffFields(survivor, patch);
  const now = new Date();
  const moveTo = (t: typeof tasks | typeof notes | typeof activities) =>
    db
      .update(t)
      .set({ recordId: survivor.id })
      .where(and(eq(t.organizationId, organizationId), eq(t.recordId, merged.id)));
  const summary = `Merged ${config.object} ${merged.id} into this one`;
  await db.batch([
    // The merged record leaves first, so a domain it held can move to the survivor.
    db
      .update(table)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(table.id, merged.id), eq(table.organizationId, organizationId))),
    moveTo(activities),
    moveTo(tasks),
    moveTo(notes),
    ...(config.object === "company"
      ? [
          db
            .update(contacts)
            .set({ companyId: survivor.id, updatedAt: now })
            .where(and(eq(contacts.organizationId, organizationId), eq(contacts.companyId, merged.id))),
        ]
      : []),
    db
      .update(table)
      .set({ ...patch, version: survivor.version + 1, updatedAt: now })
      .where(
        and(
          eq(table.id, survivor.id),
          eq(table.organizationId, organizationId),
          eq(table.version, input.survivorVersion),
        ),
      ),
    insertActivity(
      db,
      activityRow({
        organizationId,
        object: config.object,
        recordId: survivor.id,
        kind: "merged",
        actorId,
        changes,
        summary,
        at: now,
      }),
    ),
    insertActivity(
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
    ),
    countChange(db, organizationId, config.object, -1),
  ]);
  return { survivorId: survivor.id, mergedId: merged.id };
}
