import { unfilledRequired } from "../../../../worker/src/domain/records/cell-problems";
import { ownerOfCell, type OwnerCandidate } from "../../../../worker/src/schemas/imports";
import { parsePropertyInput, propertyToInput, type PropertyDefinition } from "../records/property-values";

/** A mapped custom value the server would refuse, said as it would say it. */
export function propertyProblem(definitions: PropertyDefinition[], mapped: Record<string, unknown>): string | null {
  const values = (mapped.properties ?? {}) as Record<string, unknown>;
  for (const definition of definitions) {
    if (!(definition.key in values)) continue;
    const parsed = parsePropertyInput(definition, propertyToInput(definition, values[definition.key]));
    if (!parsed.ok) return parsed.error;
  }
  return null;
}

/** A mapped Owner cell that names nobody here, or several, said as the server would say it. */
export function ownerProblem(members: OwnerCandidate[] | undefined, mapped: Record<string, unknown>): string | null {
  if (typeof mapped.owner !== "string" || !members) return null;
  const owner = ownerOfCell(mapped.owner, members);
  return "error" in owner ? owner.error : null;
}

/**
 * The first required property a mapped row leaves empty, as the server refuses a row it would create without it. A
 * row that updates a record, or is skipped, needs none.
 */
export const requiredProblem = (definitions: PropertyDefinition[], mapped: Record<string, unknown>) =>
  unfilledRequired(definitions, mapped.properties as Record<string, unknown> | undefined);
