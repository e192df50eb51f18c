import { and, eq, isNull } from "drizzle-orm";
import { companies, contacts } from "../../../../drizzle";
import type { Database } from "../../db";
import { notFound } from "./conflict";

/**
 * NOT_FOUND ("contact" or "company") unless `id` is a live record of the organization: what a link
 * to a record needs (a note's, a task's, a contact's company). Another organization's id, one in the
 * trash and an unknown one read alike.
 */
export async function assertLiveRecord(
  db: Database,
  organizationId: string,
  object: "contact" | "company",
  id: string,
): Promise<void> {
  const table = object === "contact" ? contacts : companies;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId), isNull(table.deletedAt)))
    .limit(1);
  if (!row) throw notFound(object);
}
