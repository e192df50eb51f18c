import { propertyField, propertyKeyOf, type PropertyDefinition } from "../property-values";
import type { BoardLane } from "./board-lane";

/**
 * What a board's lanes are: the values of one select field, each a lane. `valueOf` reads a record's lane; `withValue`
 * is the record moved to another (shown at once, before the save answers). `reads`: the list fields `valueOf` needs.
 */
export type BoardGrouping<Row> = {
  /** The field as the list's filter and a view's `groupBy` name it: `leadStatus`, `prop:<key>`. */
  field: string;
  label: string;
  lanes: BoardLane[];
  valueOf: (row: Row) => string;
  withValue: (row: Row, value: string) => Row;
  reads: string[];
};

/** The lane of a select property's records that hold none of its options. */
export const NO_VALUE = "";

/** A lane's mark for each option, in order, as an option's place in its list gives it (cycled past the tenth). */
const optionDots = [
  "bg-sky-500",
  "bg-amber-500",
  "bg-emerald-500",
  "bg-violet-500",
  "bg-rose-500",
  "bg-teal-500",
  "bg-orange-500",
  "bg-indigo-500",
  "bg-lime-500",
  "bg-pink-500",
];

export type WithProperties = { properties: Record<string, unknown> };

/** A single-select property's board: a lane per option, in the definition's order, then its records with none. */
export function propertyGrouping<Row extends WithProperties>(definition: PropertyDefinition): BoardGrouping<Row> {
  const options = definition.options ?? [];
  const { key } = definition;
  const valueOf = (row: Row) => {
    const value = row.properties?.[key];
    return typeof value === "string" ? value : NO_VALUE;
  };
  return {
    field: propertyField(key),
    label: definition.label,
    lanes: [
      ...options.map((option, index) => ({
        value: option,
        label: option,
        dot: optionDots[index % optionDots.length]!,
      })),
      { value: NO_VALUE, label: `No ${definition.label.toLowerCase()}`, dot: "border border-muted" },
    ],
    valueOf,
    withValue: (row, value) => ({
      ...row,
      properties: { ...row.properties, [key]: value === NO_VALUE ? null : value },
    }),
    reads: ["properties"],
  };
}

/** The grouping asked for (a view's, or the one this browser last showed), or else the object's first. */
export const groupingOf = <Row>(groupings: BoardGrouping<Row>[], field: string | null | undefined) =>
  groupings.find((grouping) => grouping.field === field) ?? groupings[0] ?? null;

/**
 * What a new record made from a lane's "+" starts with: the lane's value in the grouped field, a built-in field's by
 * its name, a property's among `properties` (as its input's text); the lane of records with none, nothing.
 */
export function laneStart(
  field: string,
  value: string,
): { fields: Record<string, string>; properties: Record<string, string> } {
  const key = propertyKeyOf(field);
  if (key === null) return { fields: { [field]: value }, properties: {} };
  return { fields: {}, properties: value === NO_VALUE ? {} : { [key]: value } };
}
