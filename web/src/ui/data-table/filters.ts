import { formatDate } from "../../lib/format";
import type { EditOption } from "./types";

/** The kinds the list engine knows (worker/src/domain/records/fields.ts), minus references. */
export type FilterKind = "text" | "number" | "date" | "enum" | "array";
export type FilterField = { field: string; label: string; kind: FilterKind; options?: EditOption[] };

export type FilterOperator = "eq" | "neq" | "contains" | "empty" | "notEmpty" | "before" | "after" | "gt" | "lt";
export type FilterCondition = { field: string; operator: FilterOperator; value?: string | number };
/** The list procedures' `filter` input. */
export type FilterState = { combinator: "and" | "or"; conditions: FilterCondition[] };

export const emptyFilter: FilterState = { combinator: "and", conditions: [] };

export const operatorsByKind: Record<FilterKind, FilterOperator[]> = {
  text: ["contains", "eq", "neq", "empty", "notEmpty"],
  enum: ["eq", "neq"],
  number: ["eq", "gt", "lt", "neq"],
  date: ["before", "after", "empty", "notEmpty"],
  array: ["contains", "neq", "empty", "notEmpty"],
};

const operatorLabels: Record<FilterOperator, string> = {
  contains: "contains",
  eq: "is",
  neq: "is not",
  empty: "is empty",
  notEmpty: "is not empty",
  before: "is before",
  after: "is after",
  gt: "is more than",
  lt: "is less than",
};

export function operatorLabel(kind: FilterKind, operator: FilterOperator): string {
  if (kind === "array" && operator === "contains") return "has";
  if (kind === "array" && operator === "neq") return "does not have";
  return operatorLabels[operator];
}

export function needsValue(operator: FilterOperator): boolean {
  return operator !== "empty" && operator !== "notEmpty";
}

/** Dates travel as the local midnight's timestamp, so "before 5 May" means this user's 5 May. */
export function dateInputToValue(input: string): number | undefined {
  const [y, m, d] = input.split("-").map(Number);
  return y && m && d ? new Date(y, m - 1, d).getTime() : undefined;
}

export function valueLabel(field: FilterField, value: FilterCondition["value"]): string {
  if (value === undefined) return "";
  if (field.kind === "date") return formatDate(Number(value));
  if (field.kind === "enum") return field.options?.find((o) => o.value === value)?.label ?? String(value);
  if (field.kind === "number") return Number(value).toLocaleString();
  return `“${value}”`;
}

export function conditionLabel(fields: FilterField[], condition: FilterCondition): string {
  const field = fields.find((f) => f.field === condition.field);
  if (!field) return condition.field;
  const value = needsValue(condition.operator) ? ` ${valueLabel(field, condition.value)}` : "";
  return `${field.label} ${operatorLabel(field.kind, condition.operator)}${value}`;
}
