import { numberFormat } from "../../../../worker/src/domain/intl-formats";
import { useQuery } from "@tanstack/react-query";
import { Check, Minus } from "lucide-react";
import { useMemo } from "react";
import { formatDate } from "../../lib/format";
import { ChipLine } from "../../ui/chip-line";
import { trpc } from "../../lib/trpc";
import type { CellEditor, CellPatch, DataTableColumn, FilterField } from "../../ui/data-table";
import { dateInputToValue } from "../../ui/data-table/filters";
import { useCurrentUser } from "../auth/use-current-user";
import { readableUrl } from "./field-actions";
import { Empty } from "./record-columns";
import {
  inputTypeOf,
  parsePropertyInput,
  propertyField,
  propertyFilterField,
  propertyKeyOf,
  propertyToInput,
  type PropertyDefinition,
  type RecordObject,
} from "./property-values";

type WithProperties = { properties: Record<string, unknown> };

/** The object's live (not archived) custom properties, in their order; shared by every view of them. */
export function usePropertyDefinitions(object: RecordObject, enabled = true) {
  return useQuery({ ...trpc.properties.list.queryOptions({ object }), enabled });
}

/** The workspace currency, for currency properties. */
export function useCurrency(): string {
  return useCurrentUser().data?.organization.currency ?? "USD";
}

function formatCurrency(amount: number, currency: string): string {
  try {
    return numberFormat(undefined, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toLocaleString()} ${currency}`;
  }
}

/** A property value as words (a toast, a control's name): as PropertyValue shows it, without its marks. */
export function propertyText(definition: PropertyDefinition, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === "") return "empty";
  switch (definition.type) {
    case "number":
      return typeof value === "number" ? value.toLocaleString() : String(value);
    case "currency":
      return typeof value === "number" ? formatCurrency(value, currency) : String(value);
    case "date": {
      const time = dateInputToValue(String(value).slice(0, 10));
      return time === undefined ? String(value) : formatDate(time);
    }
    case "boolean":
      return value ? "Yes" : "No";
    case "multi-select":
      return (Array.isArray(value) ? value : [value]).map(String).join(", ") || "empty";
    default:
      return String(value);
  }
}

const chip =
  "inline-flex h-5 max-w-full shrink-0 items-center truncate rounded-full border border-border bg-surface px-2 text-xs text-foreground";

/**
 * A property value shown by its type: numbers right-aligned by the column, links clickable. `inPanel`: in a record's
 * panel, where the value is itself the button that edits it, links are plain text (the panel puts them beside it) and
 * a multi-select's choices wrap.
 */
export function PropertyValue({
  definition,
  value,
  currency,
  inPanel = false,
}: {
  definition: PropertyDefinition;
  value: unknown;
  currency: string;
  inPanel?: boolean;
}) {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0))
    return <Empty />;
  switch (definition.type) {
    case "number":
    case "currency":
    case "date":
      return <>{propertyText(definition, value, currency)}</>;
    case "boolean":
      return value ? (
        <span className="inline-flex items-center gap-1 text-foreground">
          <Check className="size-3.5 text-success" aria-hidden /> Yes
        </span>
      ) : (
        <span className="inline-flex items-center gap-1 text-muted">
          <Minus className="size-3.5" aria-hidden /> No
        </span>
      );
    case "select":
      return <span className={chip}>{String(value)}</span>;
    case "multi-select": {
      const chosen = (Array.isArray(value) ? value : [value]).map(String);
      if (!inPanel) return <ChipLine items={chosen} chip={(v) => <span className={chip}>{v}</span>} />;
      return (
        <span className="flex min-w-0 flex-wrap gap-1">
          {chosen.map((v) => (
            <span key={v} className={chip}>
              {v}
            </span>
          ))}
        </span>
      );
    }
    case "url":
      if (inPanel) return <>{readableUrl(String(value))}</>;
      return (
        <a
          href={String(value)}
          target="_blank"
          rel="noreferrer noopener"
          onClick={(event) => event.stopPropagation()}
          className="text-primary hover:underline"
        >
          {readableUrl(String(value))}
        </a>
      );
    case "email":
      if (inPanel) return <>{String(value)}</>;
      return (
        <a
          href={`mailto:${String(value)}`}
          onClick={(event) => event.stopPropagation()}
          className="text-primary hover:underline"
        >
          {String(value)}
        </a>
      );
    default:
      return <>{String(value)}</>;
  }
}

/** The inline editor of a property column; the patch holds the input's text under `prop:<key>`. */
export function propertyEditor<Row extends WithProperties>(definition: PropertyDefinition): CellEditor<Row> {
  const field = propertyField(definition.key);
  const options = (definition.options ?? []).map((option) => ({ value: option, label: option }));
  const shared = {
    get: (row: Row): CellPatch => ({ [field]: propertyToInput(definition, row.properties[definition.key]) }),
    // The optimistic row shows the typed value (or the text as typed, until the server answers).
    apply: (row: Row, patch: CellPatch): Row => {
      const parsed = parsePropertyInput(definition, patch[field] ?? "");
      return {
        ...row,
        properties: { ...row.properties, [definition.key]: parsed.ok ? parsed.value : patch[field] },
      };
    },
    validate: (patch: CellPatch) => {
      const parsed = parsePropertyInput(definition, patch[field] ?? "");
      return parsed.ok ? null : parsed.error;
    },
  };
  switch (definition.type) {
    case "select":
      return { kind: "select", field, options, clearable: !definition.required, ...shared };
    case "boolean":
      return {
        kind: "select",
        field,
        options: [
          { value: "true", label: "Yes" },
          { value: "false", label: "No" },
        ],
        clearable: !definition.required,
        ...shared,
      };
    case "multi-select":
      return { kind: "multi", field, options, ...shared };
    default:
      return {
        kind: "text",
        fields: [{ key: field, label: definition.label, inputType: inputTypeOf[definition.type] }],
        ...shared,
      };
  }
}

const widths: Partial<Record<PropertyDefinition["type"], number>> = {
  boolean: 100,
  number: 120,
  currency: 130,
  date: 130,
  "multi-select": 200,
  url: 200,
  email: 220,
};

/** One table column per custom property: typed cell, inline editor by type, sortable. */
export function propertyColumns<Row extends WithProperties>(
  definitions: PropertyDefinition[],
  currency: string,
): DataTableColumn<Row>[] {
  return definitions.map((definition) => ({
    id: propertyField(definition.key),
    header: definition.label,
    width: widths[definition.type] ?? 160,
    sortField: propertyField(definition.key),
    fields: ["properties"] as const,
    align: definition.type === "number" || definition.type === "currency" ? "end" : "start",
    cell: (row) => <PropertyValue definition={definition} value={row.properties[definition.key]} currency={currency} />,
    editor: propertyEditor<Row>(definition),
  }));
}

/**
 * Splits a cell patch into the record's own fields and its custom properties (typed, by key),
 * which the update procedures merge into the stored ones.
 */
export function splitPropertyPatch(
  definitions: PropertyDefinition[],
  patch: CellPatch,
): { fields: CellPatch; properties: Record<string, unknown> | null } {
  const fields: CellPatch = {};
  const values: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(patch)) {
    const key = propertyKeyOf(name);
    const definition = key ? definitions.find((d) => d.key === key) : undefined;
    if (!key) fields[name] = text;
    else if (definition) {
      const parsed = parsePropertyInput(definition, text);
      if (!parsed.ok) throw new Error(parsed.error);
      values[key] = parsed.value;
    }
  }
  return { fields, properties: Object.keys(values).length ? values : null };
}

/**
 * An object's columns and filter fields with its custom properties after the built-in ones,
 * as soon as the definitions load (and without the archived ones, which the server leaves out).
 */
export function useRecordProperties<Row extends WithProperties>(
  object: RecordObject,
  columns: DataTableColumn<Row>[],
  filterFields: FilterField[],
) {
  const query = usePropertyDefinitions(object);
  const currency = useCurrency();
  const definitions = useMemo(() => query.data ?? [], [query.data]);
  const allColumns = useMemo(
    () => [...columns, ...propertyColumns<Row>(definitions, currency)],
    [columns, definitions, currency],
  );
  const allFilterFields = useMemo(
    () => [...filterFields, ...definitions.map(propertyFilterField)],
    [filterFields, definitions],
  );
  return {
    definitions,
    columns: allColumns,
    filterFields: allFilterFields,
    currency,
    /** The definitions as the server has them now: fetched since this page opened. */
    current: query.isFetchedAfterMount && !query.isFetching,
    refetch: query.refetch,
  };
}

/** A cell patch as an update's patch: the object's own fields by `toPatch`, custom properties typed. */
export function recordPatchOf<Patch extends object>(
  definitions: PropertyDefinition[],
  patch: CellPatch,
  toPatch: (fields: CellPatch) => Patch,
): Patch & { properties?: Record<string, unknown> } {
  const { fields, properties } = splitPropertyPatch(definitions, patch);
  return { ...toPatch(fields), ...(properties ? { properties } : {}) };
}
