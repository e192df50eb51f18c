import {
  isRelativeDayOperator,
  MAX_RELATIVE_DAYS,
  type FilterOperator,
  type RelativeDayOperator,
} from "../../../../worker/src/schemas/records";
import { formatDate, localDayInput } from "../../lib/format";
import type { OptionSource } from "../option-picker";
import type { EditOption } from "./types";

/**
 * What a field holds, for the operators it offers: the list engine's kinds
 * (worker/src/domain/records/fields.ts) minus references, plus two for custom properties: `select`
 * (one option or none) and `boolean` (yes, no or not set; sent as 1 / 0).
 */
export type FilterKind = "text" | "number" | "date" | "enum" | "array" | "select" | "boolean" | "reference";
export type FilterField = {
  field: string;
  label: string;
  kind: FilterKind;
  /** The values to choose from (enum, select, boolean; an array's when it has a fixed set). */
  options?: EditOption[];
  /** A date kept as "YYYY-MM-DD" (custom properties): compared as that text, not as a timestamp. */
  isoDate?: boolean;
  /** Values offered while typing one (tags in use); anything else may be typed. */
  suggestions?: string[];
  /** A reference (a company): picked from this searchable list, its value an id… */
  useOptions?: OptionSource;
  /** …shown by these names (the caller resolves the ids its filters hold). */
  labels?: Record<string, string>;
  /** The operators offered, when not all of its kind's (a company's group is never empty). */
  operators?: FilterOperator[];
};

/** The list engine's operators (worker/src/schemas/records.ts). */
export type { FilterOperator };
/** `in` holds the options chosen ("is any of"); every other operator one value, or none. */
export type FilterCondition = { field: string; operator: FilterOperator; value?: string | number | string[] };
/** The list procedures' `filter` input. */
export type FilterState = { combinator: "and" | "or"; conditions: FilterCondition[] };

/** Names of references picked in this tab (ids are unique), so a new chip reads at once. */
export const pickedLabels = new Map<string, string>();

export const emptyFilter: FilterState = { combinator: "and", conditions: [] };

export const operatorsByKind: Record<FilterKind, FilterOperator[]> = {
  text: ["contains", "eq", "neq", "empty", "notEmpty"],
  enum: ["eq", "neq", "in"],
  number: ["eq", "gt", "lt", "neq"],
  date: ["before", "after", "inLastDays", "moreThanDaysAgo", "inNextDays", "empty", "notEmpty"],
  array: ["contains", "neq", "empty", "notEmpty"],
  select: ["eq", "neq", "in", "empty", "notEmpty"],
  boolean: ["eq", "empty", "notEmpty"],
  reference: ["eq", "neq", "empty", "notEmpty"],
};

/** Yes / no as the list engine compares a custom boolean (JSON true is 1 in SQLite). */
export const booleanOptions: EditOption[] = [
  { value: "1", label: "Yes" },
  { value: "0", label: "No" },
];

/** Kinds whose value is picked from `options` rather than typed. */
export function picksOption(field: FilterField): boolean {
  return field.kind === "enum" || field.kind === "select" || field.kind === "boolean" || !!field.options?.length;
}

const operatorLabels: Record<FilterOperator, string> = {
  contains: "contains",
  eq: "is",
  neq: "is not",
  in: "is any of",
  empty: "is empty",
  notEmpty: "is not empty",
  before: "is before",
  after: "is after",
  gt: "is more than",
  lt: "is less than",
  inLastDays: "is in the last … days",
  moreThanDaysAgo: "is more than … days ago",
  inNextDays: "is in the next … days",
};

export function operatorLabel(kind: FilterKind, operator: FilterOperator): string {
  if (kind === "array" && operator === "contains") return "has";
  if (kind === "array" && operator === "neq") return "does not have";
  if (kind === "boolean" && operator === "empty") return "is not set";
  if (kind === "boolean" && operator === "notEmpty") return "is set";
  return operatorLabels[operator];
}

export function needsValue(operator: FilterOperator): boolean {
  return operator !== "empty" && operator !== "notEmpty";
}

export { isRelativeDayOperator, MAX_RELATIVE_DAYS };

/**
 * A count of days from today, as typed: a whole number from 1 to MAX_RELATIVE_DAYS. The server
 * works out the days in this user's time zone (see listInput), each time the list is read, so a
 * saved view keeps counting from the day it is opened.
 */
export function daysValue(input: string): number | undefined {
  const days = Number(input.trim());
  return input.trim() !== "" && Number.isInteger(days) && days >= 1 && days <= MAX_RELATIVE_DAYS ? days : undefined;
}

/** How a count of days reads after its operator: "7 days", "30 days ago". */
function daysLabel(operator: RelativeDayOperator, value: FilterCondition["value"]): string {
  const days = Number(value);
  const count = `${days.toLocaleString()} ${days === 1 ? "day" : "days"}`;
  return operator === "moreThanDaysAgo" ? `${count} ago` : count;
}

const relativeDayWords: Record<RelativeDayOperator, string> = {
  inLastDays: "is in the last",
  moreThanDaysAgo: "is more than",
  inNextDays: "is in the next",
};

/** Dates travel as the local midnight's timestamp, so "before 5 May" means this user's 5 May. */
export function dateInputToValue(input: string): number | undefined {
  const [y, m, d] = input.split("-").map(Number);
  return y && m && d ? new Date(y, m - 1, d).getTime() : undefined;
}

/**
 * A condition's value as its form's input holds it: the local calendar day of a timestamp, the text
 * of anything else (a count of days among them).
 */
export function valueToInput(field: FilterField, { operator, value }: FilterCondition): string {
  if (value === undefined || Array.isArray(value)) return "";
  if (field.kind === "date" && typeof value === "number" && !isRelativeDayOperator(operator))
    return localDayInput(value);
  return String(value);
}

/**
 * A date field's value: custom dates hold the calendar day itself ("2026-05-05"), which is what
 * they are compared with; built-in dates hold instants, compared with this user's local midnight.
 */
export function dateFilterValue(field: FilterField, input: string): string | number | undefined {
  if (!field.isoDate) return dateInputToValue(input);
  return /^\d{4}-\d{2}-\d{2}$/.test(input) ? input : undefined;
}

export function valueLabel(field: FilterField, value: FilterCondition["value"]): string {
  if (value === undefined) return "";
  if (Array.isArray(value)) return value.map((one) => valueLabel(field, one)).join(", ");
  if (field.kind === "date") {
    const time = typeof value === "string" ? dateInputToValue(value) : Number(value);
    return time === undefined || Number.isNaN(time) ? String(value) : formatDate(time);
  }
  if (field.kind === "reference") return field.labels?.[String(value)] ?? pickedLabels.get(String(value)) ?? "…";
  if (picksOption(field)) return field.options?.find((o) => o.value === String(value))?.label ?? String(value);
  if (field.kind === "number") return Number(value).toLocaleString();
  return `“${value}”`;
}

export function conditionLabel(fields: FilterField[], condition: FilterCondition): string {
  const field = fields.find((f) => f.field === condition.field);
  if (!field) return condition.field;
  if (isRelativeDayOperator(condition.operator))
    return `${field.label} ${relativeDayWords[condition.operator]} ${daysLabel(condition.operator, condition.value)}`;
  const value = needsValue(condition.operator) ? ` ${valueLabel(field, condition.value)}` : "";
  return `${field.label} ${operatorLabel(field.kind, condition.operator)}${value}`;
}
