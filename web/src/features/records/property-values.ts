import type { PropertyType, RecordObject } from "../../../../drizzle/values";
import { calendarDayOf } from "../../../../worker/src/schemas/calendar-day";
import { isEmailAddress } from "../../../../worker/src/schemas/email-address";
import { WEB_ADDRESS_EXAMPLE, webAddress } from "../../../../worker/src/schemas/web-address";
import { dayFromCsv, numberFromCsv } from "../../lib/spreadsheet-values";
import { booleanOptions, type FilterField, type FilterKind } from "../../ui/data-table/filters";
import type { TextInputType } from "../../ui/data-table/types";

export type { PropertyType, RecordObject };

/** A custom property's definition as `properties.list` returns it (the fields the web uses). */
export type PropertyDefinition = {
  key: string;
  label: string;
  type: PropertyType;
  options: string[] | null;
  required: boolean;
};

/** The list engine's name for a property, in sorts, filters and column ids. */
export const propertyField = (key: string) => `prop:${key}`;
export const propertyKeyOf = (field: string) => (field.startsWith("prop:") ? field.slice(5) : null);

/** The browser input that edits each typed-in property. */
export const inputTypeOf: Partial<Record<PropertyType, TextInputType>> = {
  text: "text",
  number: "number",
  currency: "number",
  date: "date",
  url: "url",
  email: "email",
};

const filterKinds: Record<PropertyType, FilterKind> = {
  text: "text",
  url: "text",
  email: "text",
  number: "number",
  currency: "number",
  date: "date",
  boolean: "boolean",
  select: "select",
  "multi-select": "array",
};

/** A property as the filter builder offers it: `prop:<key>`, the operators of its type, its options. */
export function propertyFilterField(definition: PropertyDefinition): FilterField {
  const kind = filterKinds[definition.type];
  const options =
    kind === "boolean" ? booleanOptions : definition.options?.map((option) => ({ value: option, label: option }));
  return {
    field: propertyField(definition.key),
    label: definition.label,
    kind,
    ...(options?.length ? { options } : {}),
    ...(kind === "date" ? { isoDate: true } : {}),
  };
}

/** A stored value as an input holds it: "" when unset, a JSON array for multi-select. */
export function propertyToInput(definition: PropertyDefinition, value: unknown): string {
  if (value === null || value === undefined) return "";
  switch (definition.type) {
    case "multi-select":
      return JSON.stringify(Array.isArray(value) ? value : [value]);
    case "boolean":
      return value === true ? "true" : value === false ? "false" : "";
    case "date":
      return String(value).slice(0, 10);
    default:
      return String(value);
  }
}

export type ParsedValue = { ok: true; value: unknown } | { ok: false; error: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function chosenOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : [String(parsed)];
  } catch {
    return [text];
  }
}

/**
 * An input's text as the value the server stores, with the server's own messages
 * (worker/src/domain/records/properties.ts) so an error reads the same wherever it is caught.
 * Blank is null (clears the value), unless the property is required.
 */
export function parsePropertyInput(definition: PropertyDefinition, input: string): ParsedValue {
  const { label, type, options, required } = definition;
  const text = input.trim();
  const invalid = (expected: string): ParsedValue => ({ ok: false, error: `${label} must be ${expected}.` });
  if (text === "" || (type === "multi-select" && chosenOf(text).length === 0))
    return required ? invalid("filled in") : { ok: true, value: null };
  switch (type) {
    case "text":
      return text.length <= 2000 ? { ok: true, value: text } : invalid("text under 2,000 characters");
    case "number":
    case "currency": {
      const number = Number(text);
      return Number.isFinite(number) ? { ok: true, value: number } : invalid("a number");
    }
    case "boolean":
      if (/^(true|yes|y|1)$/i.test(text)) return { ok: true, value: true };
      if (/^(false|no|n|0)$/i.test(text)) return { ok: true, value: false };
      return invalid("yes or no");
    case "date": {
      const day = ISO_DATE.test(text) ? calendarDayOf(text) : null;
      return day ? { ok: true, value: day } : invalid("a date");
    }
    case "url": {
      const address = webAddress(text);
      return address ? { ok: true, value: address } : invalid(`a web address, like ${WEB_ADDRESS_EXAMPLE}`);
    }
    case "email":
      return isEmailAddress(text.toLowerCase()) ? { ok: true, value: text.toLowerCase() } : invalid("an email address");
    case "select":
      return options?.includes(text) ? { ok: true, value: text } : invalid(`one of: ${options?.join(", ")}`);
    case "multi-select": {
      const chosen = chosenOf(text);
      return chosen.every((c) => options?.includes(c))
        ? { ok: true, value: chosen }
        : invalid(`chosen from: ${options?.join(", ")}`);
    }
  }
}

/**
 * The input values of a form (by property key) as the `properties` of a create: unset ones are
 * left out, and every problem is reported by key.
 */
export function propertiesFromInputs(
  definitions: PropertyDefinition[],
  inputs: Record<string, string>,
): { values: Record<string, unknown>; errors: Record<string, string> } {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const definition of definitions) {
    const parsed = parsePropertyInput(definition, inputs[definition.key] ?? "");
    if (!parsed.ok) errors[definition.key] = parsed.error;
    else if (parsed.value !== null) values[definition.key] = parsed.value;
  }
  return { values, errors };
}

/**
 * Which property a server error is about: its messages start with the property's label
 * ("Renewal date must be a date.", "There is no property "x" on contacts.").
 */
export function propertyOfError(definitions: PropertyDefinition[], message: string): string | null {
  const match = definitions
    .filter((d) => message.startsWith(`${d.label} must be`) || message.includes(`"${d.key}"`))
    .sort((a, b) => b.label.length - a.label.length)[0];
  return match?.key ?? null;
}

/**
 * A CSV cell as a property value (import): lists split on ; or , and yes/no booleans; numbers read with the file's
 * decimal mark (numberFromCsv).
 */
export function propertyFromCsv(definition: PropertyDefinition, cell: string, decimalComma = false): unknown {
  switch (definition.type) {
    case "number":
    case "currency":
      return numberFromCsv(cell, decimalComma) ?? cell;
    case "boolean": {
      const parsed = parsePropertyInput({ ...definition, required: false }, cell);
      return parsed.ok ? parsed.value : cell;
    }
    case "multi-select":
      return cell
        .split(/[;,]/)
        .map((part) => part.trim())
        .filter(Boolean);
    case "date":
      return dayFromCsv(cell) ?? cell;
    default:
      return cell;
  }
}

/** A value as a CSV cell or plain text: lists joined with "; ", booleans as yes / no. */
export function propertyToText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join("; ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}
