import { TRPCError } from "@trpc/server";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { companies, contacts, recordValues, savedViews } from "../../../../drizzle";
import type { ViewDefinition, ViewFilter } from "../../../../drizzle/customization";
import type { RecordObject } from "../../../../drizzle/values";
import type { Database } from "../../db";
import { propertyKeyOf } from "./list-query";

export type OptionRename = { from: string; to: string };

type Scope = { organizationId: string; object: RecordObject; key: string; type: "select" | "multi-select" };

const recordTables = { contact: contacts, company: companies } as const;

/**
 * Checks renames against the options before and after the save: each renames a current option into one of the new
 * list, once. All apply at once, so two options may trade names. Returns the options the save takes off (neither
 * kept nor renamed), which records must not hold.
 */
export function optionsTakenOff(current: string[], next: string[], renames: OptionRename[]): string[] {
  const refuse = (message: string): never => {
    throw new TRPCError({ code: "BAD_REQUEST", message });
  };
  const renamed = new Set<string>();
  for (const { from, to } of renames) {
    if (!current.includes(from)) refuse(`“${from}” is not one of this property's options.`);
    if (!next.includes(to)) refuse(`“${from}” is renamed to “${to}”, which is not in the new options.`);
    if (renamed.has(from)) refuse(`“${from}” is renamed twice.`);
    renamed.add(from);
  }
  return current.filter((option) => !next.includes(option) && !renamed.has(option));
}

/** A condition on the property with its value (an option, or a list of them) renamed; null when it names none. */
function renamedCondition(condition: ViewFilter, key: string, names: Map<string, string>): ViewFilter | null {
  const { value } = condition;
  if (propertyKeyOf(condition.field) !== key) return null;
  if (typeof value === "string" && names.has(value)) return { ...condition, value: names.get(value) };
  if (Array.isArray(value) && value.some((v) => typeof v === "string" && names.has(v)))
    return { ...condition, value: value.map((v) => (typeof v === "string" ? (names.get(v) ?? v) : v)) };
  return null;
}

/**
 * The statements that move what holds a renamed option to its new name, for the save's batch: the records' values
 * (their `properties` JSON, which triggers copy into record_values) and the saved views' filters on the property,
 * so a view filtered on "Gold" goes on showing the same records once it is "Golden". Records keep their version: the
 * option is what changed, not what anyone chose, and an edit opened before it must not read as a conflict.
 */
export async function optionRenameStatements(
  db: Database,
  scope: Scope,
  renames: OptionRename[],
): Promise<BatchItem<"sqlite">[]> {
  const moves = renames.filter(({ from, to }) => from !== to);
  if (moves.length === 0) return [];
  const names = new Map(moves.map(({ from, to }) => [from, to]));
  const statements: BatchItem<"sqlite">[] = [];

  const table = scope.object === "deal" ? null : recordTables[scope.object];
  if (table) {
    const map = JSON.stringify(Object.fromEntries(names));
    const path = `$.${scope.key}`;
    const v = recordValues;
    const renamedTo = (option: SQL) =>
      sql`(SELECT renamed.value FROM json_each(${map}) AS renamed WHERE renamed.key = ${option})`;
    // A select's value is the option; a multi-select's, a JSON array of them (each mapped, in its order).
    const [holds, next] =
      scope.type === "select"
        ? [
            sql`${v.value} IN (SELECT key FROM json_each(${map}))`,
            renamedTo(sql`json_extract(${table.properties}, ${path})`),
          ]
        : [
            sql`json_valid(${v.value}) AND json_type(${v.value}) = 'array' AND EXISTS (SELECT 1 FROM json_each(${v.value}) AS chosen
              WHERE chosen.value IN (SELECT key FROM json_each(${map})))`,
            sql`json((SELECT json_group_array(DISTINCT coalesce(${renamedTo(sql`chosen.value`)}, chosen.value))
              FROM json_each(${table.properties}, ${path}) AS chosen))`,
          ];
    statements.push(
      db
        .update(table)
        .set({ properties: sql`json_set(${table.properties}, ${path}, ${next})` })
        .where(
          and(
            eq(table.organizationId, scope.organizationId),
            sql`${table.id} IN (SELECT ${v.recordId} FROM ${v} WHERE ${and(
              eq(v.organizationId, scope.organizationId),
              eq(v.object, scope.object),
              eq(v.key, scope.key),
              holds,
            )})`,
          ),
        ),
    );
  }

  const views = await db
    .select({ id: savedViews.id, definition: savedViews.definition })
    .from(savedViews)
    .where(and(eq(savedViews.organizationId, scope.organizationId), eq(savedViews.object, scope.object)));
  for (const view of views) {
    const conditions = view.definition.filters?.conditions ?? [];
    const renamed = conditions.map((c) => renamedCondition(c, scope.key, names));
    if (renamed.every((c) => c === null)) continue;
    const definition: ViewDefinition = {
      ...view.definition,
      filters: { ...view.definition.filters, conditions: conditions.map((c, i) => renamed[i] ?? c) },
    };
    statements.push(
      db
        .update(savedViews)
        .set({ definition, version: sql`${savedViews.version} + 1`, updatedAt: new Date() })
        .where(and(eq(savedViews.id, view.id), eq(savedViews.organizationId, scope.organizationId))),
    );
  }
  return statements;
}
