import { and, eq, isNull, sql } from "drizzle-orm";
import { contacts, propertyDefinitions } from "../../../../drizzle";
import type { Database } from "../../db";
import type { ImportBatchResult } from "../../schemas/imports";
import { contactCreateInput } from "../../schemas/records";
import { newId } from "../ids";
import { activityRow, diffFields, insertActivity } from "./activity";
import { countChange } from "./list";
import { normalizeEmail, sortNameOf } from "./normalize";
import { checkPropertyValue } from "./properties";

type Contact = typeof contacts.$inferSelect;

function firstMessage(error: { issues: { message: string; path: PropertyKey[] }[] }): string {
  const issue = error.issues[0];
  const field = issue?.path.filter((p) => typeof p === "string").join(".");
  return field ? `${field}: ${issue.message}` : (issue?.message ?? "Invalid row");
}

/** Only the fields a row actually fills in, so an update never blanks what the file left empty. */
function filledFields(row: Record<string, unknown>, parsed: Record<string, unknown>): Partial<Contact> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    const value = parsed[key];
    const blank = value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
    if (!blank) patch[key] = value;
  }
  return patch as Partial<Contact>;
}

/**
 * Imports up to 100 mapped rows in one atomic D1 batch: invalid rows are reported by line, rows
 * whose email already exists (in the workspace or earlier in the batch) are skipped or update it.
 */
export async function importContacts(
  db: Database,
  organizationId: string,
  actorId: string,
  input: { rows: Record<string, unknown>[]; lineNumbers: number[]; onDuplicate: "skip" | "update" },
): Promise<ImportBatchResult> {
  const result: ImportBatchResult = { created: 0, updated: 0, skipped: 0, failed: [] };
  const definitions = await db
    .select()
    .from(propertyDefinitions)
    .where(
      and(
        eq(propertyDefinitions.organizationId, organizationId),
        eq(propertyDefinitions.object, "contact"),
        isNull(propertyDefinitions.archivedAt),
      ),
    );
  const byKey = new Map(definitions.map((d) => [d.key, d]));

  type Valid = {
    line: number;
    raw: Record<string, unknown>;
    data: ReturnType<typeof contactCreateInput.parse>;
    email: string | null;
  };
  const valid: Valid[] = [];
  input.rows.forEach((raw, i) => {
    const line = input.lineNumbers[i] ?? i + 1;
    const parsed = contactCreateInput.safeParse(raw);
    if (!parsed.success) return void result.failed.push({ line, message: firstMessage(parsed.error) });
    try {
      const properties: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(parsed.data.properties)) {
        const definition = byKey.get(key);
        if (!definition) throw new Error(`There is no property "${key}" on contacts.`);
        properties[key] = checkPropertyValue(definition, value);
      }
      for (const d of definitions)
        if (d.required && !(d.key in properties)) throw new Error(`${d.label} must be filled in.`);
      valid.push({ line, raw, data: { ...parsed.data, properties }, email: normalizeEmail(parsed.data.emails[0]) });
    } catch (error) {
      result.failed.push({ line, message: error instanceof Error ? error.message : String(error) });
    }
  });

  const emails = [...new Set(valid.map((v) => v.email).filter((e): e is string => Boolean(e)))];
  const existing = emails.length
    ? await db
        .select()
        .from(contacts)
        .where(
          and(
            eq(contacts.organizationId, organizationId),
            // One bound parameter for all the emails: D1 binds at most 100 per statement, and a
            // batch of 100 rows with 100 emails plus the organization would be 101.
            sql`${contacts.primaryEmail} IN (SELECT value FROM json_each(${JSON.stringify(emails)}))`,
            isNull(contacts.deletedAt),
          ),
        )
    : [];
  const byEmail = new Map<string, Contact | "in-batch">(existing.map((c) => [c.primaryEmail as string, c]));

  const now = new Date();
  const statements = [];
  for (const row of valid) {
    const holder = row.email ? byEmail.get(row.email) : undefined;
    if (holder === "in-batch" || (holder && input.onDuplicate === "skip")) {
      result.skipped++;
      continue;
    }
    if (holder) {
      const patch = filledFields(row.raw, row.data);
      if (patch.properties) patch.properties = { ...holder.properties, ...patch.properties };
      const next = { ...holder, ...patch };
      patch.sortName = sortNameOf(next.firstName, next.lastName, holder.primaryEmail);
      const changes = diffFields(holder, patch);
      delete changes.sortName;
      if (Object.keys(changes).length === 0) {
        result.skipped++;
        continue;
      }
      statements.push(
        db
          .update(contacts)
          .set({ ...patch, version: holder.version + 1, updatedAt: now })
          .where(and(eq(contacts.id, holder.id), eq(contacts.organizationId, organizationId))),
        insertActivity(
          db,
          activityRow({
            organizationId,
            object: "contact",
            recordId: holder.id,
            kind: "updated",
            actorId,
            changes,
            summary: "Updated by import",
            at: now,
          }),
        ),
      );
      byEmail.set(row.email as string, "in-batch");
      result.updated++;
      continue;
    }
    const id = newId("con");
    statements.push(
      db.insert(contacts).values({
        ...row.data,
        id,
        organizationId,
        primaryEmail: row.email,
        sortName: sortNameOf(row.data.firstName, row.data.lastName, row.email),
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      }),
      insertActivity(
        db,
        activityRow({
          organizationId,
          object: "contact",
          recordId: id,
          kind: "created",
          actorId,
          summary: "Imported",
          at: now,
        }),
      ),
    );
    if (row.email) byEmail.set(row.email, "in-batch");
    result.created++;
  }
  if (result.created) statements.push(countChange(db, organizationId, "contact", result.created));
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return result;
}
