import { TRPCError } from "@trpc/server";
import { and, eq, isNull } from "drizzle-orm";
import { propertyDefinitions, type RecordObject } from "../../../../drizzle";
import type { Database } from "../../db";
import { calendarDayOf } from "../../schemas/calendar-day";
import { isEmailAddress } from "../../schemas/email-address";
import { asSingleLine } from "../../schemas/text";
import { WEB_ADDRESS_EXAMPLE, webAddress } from "../../schemas/web-address";

type Definition = typeof propertyDefinitions.$inferSelect;

/** Records of each object, as messages name them: "There is no property … on contacts." */
export const recordPlural: Record<RecordObject, string> = { contact: "contacts", company: "companies", deal: "deals" };

function invalid(label: string, expected: string): never {
  throw new TRPCError({ code: "BAD_REQUEST", message: `${label} must be ${expected}.` });
}

/** One value checked against its definition's type; returns the value as stored. */
export function checkPropertyValue(definition: Definition, given: unknown): unknown {
  // Text is kept as a one-line field keeps it: blank once trimmed is no value, as for the built-in fields.
  const value = definition.type === "text" && typeof given === "string" ? asSingleLine(given).trim() : given;
  if (value === null || value === undefined || value === "") {
    if (definition.required) invalid(definition.label, "filled in");
    return null;
  }
  const { label, type, options } = definition;
  switch (type) {
    case "text":
      return typeof value === "string" && value.length <= 2000 ? value : invalid(label, "text under 2,000 characters");
    case "number":
    case "currency":
      return typeof value === "number" && Number.isFinite(value) ? value : invalid(label, "a number");
    case "boolean":
      return typeof value === "boolean" ? value : invalid(label, "yes or no");
    case "date":
      return (typeof value === "string" && calendarDayOf(value)) || invalid(label, "a date");
    case "url":
      return (
        (typeof value === "string" && webAddress(value)) || invalid(label, `a web address, like ${WEB_ADDRESS_EXAMPLE}`)
      );
    case "email":
      return typeof value === "string" && isEmailAddress(value.trim().toLowerCase())
        ? value.trim().toLowerCase()
        : invalid(label, "an email address");
    case "select":
      return typeof value === "string" && options?.includes(value)
        ? value
        : invalid(label, `one of: ${options?.join(", ")}`);
    case "multi-select":
      return Array.isArray(value) && value.every((v) => typeof v === "string" && options?.includes(v))
        ? value
        : invalid(label, `chosen from: ${options?.join(", ")}`);
  }
}

/** Validates custom values against the organization's live definitions for the object. */
export async function checkPropertyValues(
  db: Database,
  organizationId: string,
  object: RecordObject,
  values: Record<string, unknown>,
  { creating }: { creating: boolean },
): Promise<Record<string, unknown>> {
  const definitions = await db
    .select()
    .from(propertyDefinitions)
    .where(
      and(
        eq(propertyDefinitions.organizationId, organizationId),
        eq(propertyDefinitions.object, object),
        isNull(propertyDefinitions.archivedAt),
      ),
    );
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const checked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const definition = byKey.get(key);
    if (!definition)
      throw new TRPCError({
        code: "BAD_REQUEST",
        message: `There is no property "${key}" on ${recordPlural[object]}.`,
      });
    checked[key] = checkPropertyValue(definition, value);
  }
  if (creating)
    for (const definition of definitions)
      if (definition.required && !(definition.key in checked)) invalid(definition.label, "filled in");
  return checked;
}
