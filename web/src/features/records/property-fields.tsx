import { useMemo, useState } from "react";
import { errorMessage } from "../../lib/trpc-errors";
import type { EditCell } from "../../ui/data-table";
import { Field, Input, Select } from "../../ui/input";
import { cn } from "../../ui/cn";
import { OpenWebsite, WriteEmail } from "./field-actions";
import { PropertyValue, propertyColumns, useCurrency, usePropertyDefinitions } from "./property-columns";
import { EditableFields, FieldsLoading, type PanelField } from "./record-fields";
import {
  inputTypeOf,
  propertiesFromInputs,
  propertyOfError,
  type PropertyDefinition,
  type RecordObject,
} from "./property-values";

function Chips({
  definition,
  chosen,
  onToggle,
}: {
  definition: PropertyDefinition;
  chosen: string[];
  onToggle: (option: string) => void;
}) {
  return (
    <div role="group" aria-label={definition.label} className="flex flex-wrap gap-1">
      {(definition.options ?? []).map((option) => {
        const on = chosen.includes(option);
        return (
          <button
            key={option}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(option)}
            className={cn(
              "h-6 rounded-full border px-2 text-xs",
              on
                ? "border-primary bg-primary-soft text-primary"
                : "border-border text-muted hover:border-foreground/30 hover:text-foreground",
            )}
          >
            {option}
          </button>
        );
      })}
    </div>
  );
}

const toggled = (chosen: string[], option: string) =>
  chosen.includes(option) ? chosen.filter((c) => c !== option) : [...chosen, option];

/** A new-record form's inputs for the custom properties; values are input texts by key. */
export function PropertyInputs({
  definitions,
  values,
  errors,
  onChange,
}: {
  definitions: PropertyDefinition[];
  values: Record<string, string>;
  errors: Partial<Record<string, string>>;
  onChange: (key: string, text: string) => void;
}) {
  if (definitions.length === 0) return null;
  return (
    <div className="grid grid-cols-2 gap-3" data-testid="property-inputs">
      {definitions.map((definition) => {
        const label = definition.required ? `${definition.label} *` : definition.label;
        const text = values[definition.key] ?? "";
        const wide = definition.type === "multi-select" || definition.type === "text" || definition.type === "url";
        return (
          <div key={definition.key} className={wide ? "col-span-2" : undefined}>
            <Field label={label} error={errors[definition.key]}>
              {(props) =>
                definition.type === "multi-select" ? (
                  <div {...props} aria-label={definition.label}>
                    <Chips
                      definition={definition}
                      chosen={parseChosen(text)}
                      onToggle={(option) =>
                        onChange(definition.key, JSON.stringify(toggled(parseChosen(text), option)))
                      }
                    />
                  </div>
                ) : definition.type === "select" || definition.type === "boolean" ? (
                  <Select {...props} value={text} onChange={(event) => onChange(definition.key, event.target.value)}>
                    <option value="">—</option>
                    {(definition.type === "boolean" ? ["true", "false"] : (definition.options ?? [])).map((option) => (
                      <option key={option} value={option}>
                        {definition.type === "boolean" ? (option === "true" ? "Yes" : "No") : option}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input
                    {...props}
                    type={inputTypeOf[definition.type] ?? "text"}
                    step={definition.type === "number" || definition.type === "currency" ? "any" : undefined}
                    autoComplete="off"
                    value={text}
                    onChange={(event) => onChange(definition.key, event.target.value)}
                  />
                )
              }
            </Field>
          </div>
        );
      })}
    </div>
  );
}

function parseChosen(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text || "[]");
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

const NOTHING_TYPED: Record<string, string> = {};

/**
 * The custom-property part of a new-record form: input texts, their errors (checked here first,
 * then the server's, which name the property by its label), and the `properties` to send. `start`: the texts it
 * starts with (a board lane's value), kept by the caller while they stay the same.
 */
export function usePropertyForm(object: RecordObject, open: boolean, start: Record<string, string> = NOTHING_TYPED) {
  const query = usePropertyDefinitions(object, open);
  const definitions = useMemo(() => query.data ?? [], [query.data]);
  const [values, setValues] = useState<Record<string, string>>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Opened again from elsewhere (another lane's "+"): the values start there, unless some were typed.
  const [startedAt, setStartedAt] = useState(start);
  const typed = Object.entries({ ...startedAt, ...values }).some(
    ([key, text]) => (text ?? "").trim() !== (startedAt[key] ?? "").trim(),
  );
  if (open && startedAt !== start && !typed) {
    setStartedAt(start);
    setValues(start);
  }

  return {
    definitions,
    inputs: {
      definitions,
      values,
      errors,
      onChange: (key: string, text: string) => {
        setValues((v) => ({ ...v, [key]: text }));
        setErrors(({ [key]: _, ...rest }) => rest);
      },
    },
    reset: () => {
      setValues(start);
      setStartedAt(start);
      setErrors({});
    },
    /** Something was typed into one of the properties (other than the values it started with). */
    touched: typed,
    /** The typed values to send, or null (with the errors shown) when one is wrong. */
    collect: (): Record<string, unknown> | null => {
      const result = propertiesFromInputs(definitions, values);
      setErrors(result.errors);
      return Object.keys(result.errors).length ? null : result.values;
    },
    /** Shows a server error under its property; false when it is about none of them. */
    showServerError: (error: unknown): boolean => {
      const message = errorMessage(error);
      const key = propertyOfError(definitions, message);
      if (key) setErrors((e) => ({ ...e, [key]: message }));
      return key !== null;
    },
  };
}

/**
 * A record panel's Details: the object's fields, then its custom properties; while the record loads (`row` undefined),
 * their labels with what the list's copy (`preview`) holds of them, a bar for the rest.
 */
export function RecordDetails<Row extends { properties: Record<string, unknown> }>({
  object,
  row,
  preview,
  fields,
  onEdit,
}: {
  object: RecordObject;
  row: Row | undefined;
  preview: Row | undefined;
  fields: PanelField<Row>[];
  onEdit: EditCell<Row>;
}) {
  const properties = usePropertyFields<Row>(object).fields;
  if (!row)
    return (
      <>
        <FieldsLoading fields={fields} preview={preview} label={`Loading ${object}`} />
        {properties.length > 0 && (
          <div className={propertiesBlock}>
            <FieldsLoading fields={properties} preview={preview} />
          </div>
        )}
      </>
    );
  return (
    <>
      <EditableFields row={row} fields={fields} onEdit={onEdit} />
      <RecordPropertyFields object={object} row={row} onEdit={onEdit} />
    </>
  );
}

/** Custom properties under a record's own fields, a line between. */
const propertiesBlock = "mt-2.5 border-t border-border pt-2.5";

/** The object's custom properties as panel fields, each shown whole, with a link or mail action where it has one. */
function usePropertyFields<Row extends { properties: Record<string, unknown> }>(object: RecordObject) {
  const query = usePropertyDefinitions(object);
  const currency = useCurrency();
  const fields = useMemo(() => {
    const definitions = query.data ?? [];
    return propertyColumns<Row>(definitions, currency).map((column, i): PanelField<Row> => {
      const definition = definitions[i];
      const valueOf = (row: Row) => row.properties[definition.key];
      return {
        ...column,
        required: definition.required,
        cell: (row) => <PropertyValue definition={definition} value={valueOf(row)} currency={currency} inPanel />,
        aside:
          definition.type === "url"
            ? (row) => <OpenWebsite url={stringOrNull(valueOf(row))} label={`Open ${definition.label}`} />
            : definition.type === "email"
              ? (row) => <WriteEmail email={stringOrNull(valueOf(row))} />
              : undefined,
      };
    });
  }, [query.data, currency]);
  return { fields, query };
}

/**
 * The panel's custom properties of one record, after its own fields and edited in place the same way: with the table's
 * editors for each type (a menu for a select, checkboxes for a multi-select), saved through the same `onEdit`.
 */
function RecordPropertyFields<Row extends { properties: Record<string, unknown> }>({
  object,
  row,
  onEdit,
}: {
  object: RecordObject;
  row: Row;
  onEdit: EditCell<Row>;
}) {
  const { fields, query } = usePropertyFields<Row>(object);
  if (query.isError)
    return (
      <p className="mt-2.5 border-t border-border pt-2.5 text-xs text-danger" role="alert">
        Custom properties could not load: {query.error.message}
      </p>
    );
  if (fields.length === 0) return null;
  return (
    <div className={propertiesBlock} data-testid="record-properties">
      <EditableFields row={row} fields={fields} onEdit={onEdit} />
    </div>
  );
}

const stringOrNull = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
