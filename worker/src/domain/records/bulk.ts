import { TRPCError } from "@trpc/server";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { memberships } from "../../../../drizzle";
import type { Database } from "../../db";
import type { BulkAction } from "../../schemas/records";
import { activityRow, diffFields, insertActivity } from "./activity";
import { notFound } from "./conflict";
import type { ObjectConfig } from "./fields";
import { checkPropertyValues } from "./properties";

type BulkRow = {
  id: string;
  version: number;
  ownerId: string | null;
  tags: string[];
  properties: Record<string, unknown>;
};

/** The change one bulk action makes to one record (only the fields it touches). */
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
  }
}

/**
 * Assign, tag, untag or set a property on up to 200 records in one atomic batch; each changed
 * record gets a new version and an activity row.
 */
export async function bulkUpdate(
  db: Database,
  config: ObjectConfig,
  organizationId: string,
  actorId: string,
  ids: string[],
  action: BulkAction,
) {
  const table = config.table;
  if (action.type === "assign" && action.ownerId) {
    const [member] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, action.ownerId)))
      .limit(1);
    if (!member) throw new TRPCError({ code: "NOT_FOUND", message: "That person is not a member of this workspace." });
  }
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
      : undefined;
  const rows = (await db
    .select({
      id: table.id,
      version: table.version,
      ownerId: table.ownerId,
      tags: table.tags,
      properties: table.properties,
    })
    .from(table)
    .where(
      and(eq(table.organizationId, organizationId), inArray(table.id, ids), isNull(table.deletedAt)),
    )) as BulkRow[];
  if (rows.length === 0) throw notFound(config.object);

  const now = new Date();
  const statements = rows.flatMap((row) => {
    const patch = patchFor(row, action, checked);
    const changes = diffFields(row, patch);
    if (Object.keys(changes).length === 0) return [];
    return [
      db
        .update(table)
        .set({ ...patch, version: row.version + 1, updatedAt: now })
        .where(and(eq(table.id, row.id), eq(table.organizationId, organizationId))),
      insertActivity(
        db,
        activityRow({
          organizationId,
          object: config.object,
          recordId: row.id,
          kind: "updated",
          actorId,
          changes,
          at: now,
        }),
      ),
    ];
  });
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return { updated: statements.length / 2, matched: rows.length };
}
