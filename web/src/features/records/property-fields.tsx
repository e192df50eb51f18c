import { Pencil } from "lucide-react";
import { useMemo, useState, type KeyboardEvent } from "react";
import { errorMessage, saveAgainLabel } from "../../lib/trpc-errors";
import { Field, Input, Select } from "../../ui/input";
import { cn } from "../../ui/cn";
import type { EditStart } from "./list-cache";
import { PropertyValue, useCurrency, usePropertyDefinitions } from "./property-columns";
import {
  inputTypeOf,
  parsePropertyInput,
  propertiesFromInputs,
  propertyOfError,
  propertyToInput,
  type ParsedValue,
  type PropertyDefinition,
  type RecordObject,
} from "./property-values";

function Chips({
  definition,
  chosen,
  onToggle,
  disabled,
  labelledBy,
}: {
  definition: PropertyDefinition;
  chosen: string[];
  onToggle: (option: string) => void;
  disabled?: boolean;
  labelledBy?: string;
}) {
  return (
    <div role="group" aria-labelledby={labelledBy} className="flex flex-wrap gap-1">
      {(definition.options ?? []).map((option) => {
        const on = chosen.includes(option);
        return (
          <button
            key={option}
            type="button"
            aria-pressed={on}
            disabled={disabled}
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

/** A record as far as its custom properties go. */
type WithProperties = { properties: Record<string, unknown> };

/** Saves one property; `start` comes with a typed edit: where it started (see versionToSave). */
type SaveProperty = (key: string, value: unknown, start?: EditStart<WithProperties>) => Promise<unknown>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** One property in the side panel: its value, and an editor of its type on click. */
function PropertyRow({
  definition,
  value,
  version,
  currency,
  onSave,
}: {
  definition: PropertyDefinition;
  value: unknown;
  /** The record's version: an edit remembers the one it started from. */
  version: number;
  currency: string;
  onSave: SaveProperty;
}) {
  // A typed edit, open, with the value and version it started from (menus and chips save at once).
  const [base, setBase] = useState<{ value: unknown; version: number } | null>(null);
  const editing = base !== null;
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  // After a save that may go through when tried again: the value, to save it with one click.
  const [again, setAgain] = useState<{ label: string; value: unknown } | null>(null);
  // The value being saved, shown until the record comes back.
  const [pending, setPending] = useState<{ value: unknown } | null>(null);
  const shown = pending ? pending.value : value;
  const labelId = `property-${definition.key}`;

  const save = (parsed: ParsedValue) => {
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setBase(null);
    setError(null);
    setAgain(null);
    if (sameValue(parsed.value, value)) return;
    if (!base) return send(parsed.value);
    // Left as it was: nothing to save (it would put back what a teammate changed meanwhile).
    if (sameValue(parsed.value, base.value)) return;
    send(parsed.value, {
      version: base.version,
      holds: (copy) => "properties" in copy && sameValue(copy.properties[definition.key], base.value),
    });
  };

  const send = (next: unknown, start?: EditStart<WithProperties>) => {
    setError(null);
    setAgain(null);
    setPending({ value: next });
    onSave(definition.key, next, start).then(
      () => setPending(null),
      (failure: unknown) => {
        setPending(null);
        setError(errorMessage(failure));
        const label = saveAgainLabel(failure);
        setAgain(label ? { label, value: next } : null);
      },
    );
  };

  const startEdit = () => {
    setBase({ value: shown, version });
    setText(propertyToInput(definition, shown));
    setError(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      save(parsePropertyInput(definition, text));
    } else if (event.key === "Escape") {
      // The panel closes on Escape; here it only ends the edit.
      event.preventDefault();
      event.stopPropagation();
      setBase(null);
      setError(null);
    }
  };

  const options: string[] | null =
    definition.type === "boolean" ? ["true", "false"] : definition.type === "select" ? definition.options : null;

  let control;
  if (definition.type === "multi-select") {
    const chosen = Array.isArray(shown) ? shown.map(String) : [];
    control = (
      <Chips
        definition={definition}
        chosen={chosen}
        labelledBy={labelId}
        onToggle={(option) => save(parsePropertyInput(definition, JSON.stringify(toggled(chosen, option))))}
      />
    );
  } else if (options) {
    // A menu saves on choice: no edit mode to enter.
    control = (
      <select
        aria-labelledby={labelId}
        className="-mx-1.5 h-6 w-[calc(100%+0.75rem)] cursor-pointer rounded-md bg-transparent px-1 text-[13px] text-foreground hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none"
        value={propertyToInput(definition, shown)}
        onChange={(event) => save(parsePropertyInput(definition, event.target.value))}
      >
        <option value="">—</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {definition.type === "boolean" ? (option === "true" ? "Yes" : "No") : option}
          </option>
        ))}
      </select>
    );
  } else if (editing) {
    control = (
      <Input
        aria-labelledby={labelId}
        aria-invalid={error ? true : undefined}
        autoFocus
        type={inputTypeOf[definition.type] ?? "text"}
        step={definition.type === "number" || definition.type === "currency" ? "any" : undefined}
        className="h-7 text-[13px]"
        value={text}
        onChange={(event) => {
          setError(null);
          setText(event.target.value);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          const parsed = parsePropertyInput(definition, text);
          if (parsed.ok) save(parsed);
          else setError(parsed.error);
        }}
      />
    );
  } else {
    control = (
      <button
        type="button"
        onClick={startEdit}
        aria-labelledby={labelId}
        className="group/value -mx-1.5 flex w-[calc(100%+0.75rem)] min-w-0 items-center gap-2 rounded-md px-1.5 py-0.5 text-left hover:bg-surface-2"
      >
        <span className="min-w-0 flex-1 truncate">
          <PropertyValue definition={definition} value={shown} currency={currency} />
        </span>
        <Pencil className="size-3 shrink-0 text-muted opacity-0 group-hover/value:opacity-100" aria-hidden />
      </button>
    );
  }

  return (
    <div className="contents">
      <dt id={labelId} className="pt-0.5 text-muted">
        {definition.label}
        {definition.required && <span className="text-danger"> *</span>}
      </dt>
      <dd className={cn("min-w-0 text-foreground", pending && "opacity-60")} aria-busy={pending ? true : undefined}>
        {control}
        {error && (
          <p role="alert" className="mt-1 text-xs text-danger">
            {error}
            {again && (
              <button
                type="button"
                className="ml-1.5 font-medium text-foreground underline underline-offset-2 hover:text-primary"
                onClick={() => send(again.value)}
              >
                {again.label}
              </button>
            )}
          </p>
        )}
      </dd>
    </div>
  );
}

/** The record's custom properties in the side panel, each editable in place by its type. */
export function PropertyFieldList({
  definitions,
  values,
  version,
  currency,
  onSave,
}: {
  definitions: PropertyDefinition[];
  values: Record<string, unknown>;
  version: number;
  currency: string;
  onSave: SaveProperty;
}) {
  if (definitions.length === 0) return null;
  return (
    <dl
      className="mt-2.5 grid grid-cols-[8.5rem_1fr] items-start gap-x-3 gap-y-2 border-t border-border pt-2.5 text-[13px]"
      data-testid="record-properties"
    >
      {definitions.map((definition) => (
        <PropertyRow
          key={definition.key}
          definition={definition}
          value={values[definition.key]}
          version={version}
          currency={currency}
          onSave={onSave}
        />
      ))}
    </dl>
  );
}

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

/**
 * The custom-property part of a new-record form: input texts, their errors (checked here first,
 * then the server's, which name the property by its label), and the `properties` to send.
 */
export function usePropertyForm(object: RecordObject, open: boolean) {
  const query = usePropertyDefinitions(object, open);
  const definitions = useMemo(() => query.data ?? [], [query.data]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

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
      setValues({});
      setErrors({});
    },
    /** Something was typed into one of the properties. */
    touched: Object.values(values).some((text) => text.trim() !== ""),
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

/** The panel's custom properties of one record, loaded for its object and saved through `onSave`. */
export function RecordPropertyFields({
  object,
  values,
  version,
  onSave,
}: {
  object: RecordObject;
  values: Record<string, unknown>;
  version: number;
  onSave: SaveProperty;
}) {
  const query = usePropertyDefinitions(object);
  const currency = useCurrency();
  if (query.isError)
    return (
      <p className="mt-2.5 border-t border-border pt-2.5 text-xs text-danger" role="alert">
        Custom properties could not load: {query.error.message}
      </p>
    );
  return (
    <PropertyFieldList
      definitions={query.data ?? []}
      values={values}
      version={version}
      currency={currency}
      onSave={onSave}
    />
  );
}
