import { useCallback, useId, useMemo, useState, type FormEvent } from "react";
import { Button } from "../button";
import { Input, Select } from "../input";
import { PickerField, type PickerOption } from "../option-picker";
import {
  dateFilterValue,
  daysValue,
  isRelativeDayOperator,
  MAX_RELATIVE_DAYS,
  needsValue,
  operatorLabel,
  operatorsByKind,
  picksOption,
  pickedLabels,
  valueToInput,
  type FilterCondition,
  type FilterField,
  type FilterOperator,
} from "./filters";

const compact = "h-8 text-[13px]";

/** Field, an operator suited to it, and a value: one condition. */
type FilterFormProps = {
  fields: FilterField[];
  /** `label` names a picked reference (a company), for the chip. */
  onAdd: (condition: FilterCondition, label?: string) => void;
  /** The condition being changed (a chip clicked): the form starts from it and saves over it. */
  initial?: FilterCondition;
  /** A new condition's field to start from (a column's "Filter by …"). */
  startField?: string;
  /** Escape on the fields' list it opens on, before a field is picked: the form is not wanted. */
  onCancel?: () => void;
};

export function FilterForm({ fields, onAdd, initial, startField, onCancel }: FilterFormProps) {
  const initialField = initial && fields.find((f) => f.field === initial.field);
  const [fieldName, setFieldName] = useState(
    initialField?.field ?? fields.find((f) => f.field === startField)?.field ?? fields[0]?.field ?? "",
  );
  const field = fields.find((f) => f.field === fieldName) ?? fields[0];
  const operators = field ? (field.operators ?? operatorsByKind[field.kind]) : [];
  const [operator, setOperator] = useState<FilterOperator>(initialField ? initial.operator : (operators[0] ?? "eq"));
  const [value, setValue] = useState(() =>
    initialField && initialField.kind !== "reference" ? valueToInput(initialField, initial) : "",
  );
  const [picked, setPicked] = useState<PickerOption | null>(() => {
    if (initialField?.kind !== "reference" || initial?.value === undefined) return null;
    const id = String(initial.value);
    return { value: id, label: initialField.labels?.[id] ?? pickedLabels.get(id) ?? id };
  });
  // "is any of": the options ticked.
  const [chosen, setChosen] = useState<string[]>(() =>
    initialField && Array.isArray(initial.value) ? initial.value.map(String) : [],
  );
  // A new filter opens on its fields' list: Escape there closes the whole form, as if the list were all it showed.
  const opensOnList = !initial && !startField;
  const [fieldPicked, setFieldPicked] = useState(!opensOnList);
  const suggestionsId = useId();
  // Searched by name (a workspace's custom properties make a long list), as Attio's and HubSpot's filters are.
  const fieldOptions = useMemo(() => fields.map((f) => ({ value: f.field, label: f.label })), [fields]);
  const useFieldOptions = useCallback(() => ({ options: fieldOptions }), [fieldOptions]);
  const daysHintId = useId();

  if (!field) return null;
  const withValue = needsValue(operator);
  const countingDays = isRelativeDayOperator(operator);
  const picking = picksOption(field);
  const current = picking ? value || (field.options?.[0]?.value ?? "") : value;
  const parsed =
    operator === "in"
      ? chosen.length > 0
        ? chosen
        : undefined
      : field.kind === "reference"
        ? picked?.value
        : field.kind === "number" || field.kind === "boolean"
          ? current.trim() === "" || !Number.isFinite(Number(current))
            ? undefined
            : Number(current)
          : countingDays
            ? daysValue(current)
            : field.kind === "date"
              ? dateFilterValue(field, current)
              : current.trim() || undefined;
  const ready = !withValue || parsed !== undefined;
  const badDays = countingDays && current.trim() !== "" && parsed === undefined;

  const handleFieldChange = (name: string) => {
    setFieldPicked(true);
    // The field it has, picked again (Enter on the list it opens on): the operator and value typed stay.
    if (name === field.field) return;
    const next = fields.find((f) => f.field === name);
    setFieldName(name);
    setPicked(null);
    setChosen([]);
    setOperator(next ? (next.operators ?? operatorsByKind[next.kind])[0] : "eq");
    setValue(next && picksOption(next) ? (next.options?.[0]?.value ?? "") : "");
  };

  // A day and a count of days do not read as each other: changing between them starts the value afresh.
  const handleOperatorChange = (next: FilterOperator) => {
    if (isRelativeDayOperator(next) !== countingDays) setValue("");
    setOperator(next);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    onAdd({ field: field.field, operator, ...(withValue ? { value: parsed } : {}) }, picked?.label);
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-2">
      <div className="flex flex-col gap-2">
        <PickerField
          aria-label="Field"
          label="Field"
          placeholder="Choose a field…"
          value={{ value: field.field, label: field.label }}
          onChange={(option) => option && handleFieldChange(option.value)}
          useOptions={useFieldOptions}
          clearable={false}
          defaultOpen={opensOnList}
          autoFocus={!opensOnList}
          onEscape={fieldPicked ? undefined : onCancel}
          compact
        />
        <Select
          aria-label="Operator"
          className={compact}
          value={operator}
          onChange={(e) => handleOperatorChange(e.target.value as FilterOperator)}
        >
          {operators.map((op) => (
            <option key={op} value={op}>
              {operatorLabel(field.kind, op)}
            </option>
          ))}
        </Select>
      </div>
      {withValue &&
        (operator === "in" ? (
          <fieldset aria-label="Values" className="flex max-h-48 flex-col gap-0.5 overflow-y-auto">
            {field.options?.map((o) => (
              <label
                key={o.value}
                className="flex cursor-pointer items-center gap-2 rounded-md px-1.5 py-1 text-[13px] hover:bg-surface-2"
              >
                <input
                  type="checkbox"
                  className="size-3.5 accent-primary"
                  checked={chosen.includes(o.value)}
                  onChange={(e) =>
                    setChosen((now) =>
                      // Kept in the options' order, so the chip reads as the menu does.
                      (field.options ?? [])
                        .map((option) => option.value)
                        .filter((v) => (v === o.value ? e.target.checked : now.includes(v))),
                    )
                  }
                />
                {o.label}
              </label>
            ))}
          </fieldset>
        ) : countingDays ? (
          <div className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <Input
                aria-label="Days"
                aria-describedby={daysHintId}
                aria-invalid={badDays}
                className={`${compact} w-24`}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_RELATIVE_DAYS}
                step={1}
                autoComplete="off"
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
              <span className="text-[13px] text-muted">{operator === "moreThanDaysAgo" ? "days ago" : "days"}</span>
            </div>
            <p id={daysHintId} className={`text-xs ${badDays ? "text-danger" : "text-muted"}`}>
              {badDays
                ? `A whole number from 1 to ${MAX_RELATIVE_DAYS.toLocaleString()}.`
                : "Counted from today, each time the list opens."}
            </p>
          </div>
        ) : field.kind === "reference" && field.useOptions ? (
          <PickerField
            aria-label="Value"
            label={field.label}
            placeholder={`Choose a ${field.label.toLowerCase()}…`}
            value={picked}
            onChange={setPicked}
            useOptions={field.useOptions}
            compact
          />
        ) : picking ? (
          <Select aria-label="Value" className={compact} value={current} onChange={(e) => setValue(e.target.value)}>
            {field.options?.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        ) : (
          <>
            <Input
              aria-label="Value"
              className={compact}
              type={field.kind === "number" ? "number" : field.kind === "date" ? "date" : "text"}
              placeholder={field.kind === "array" ? "Tag" : "Value"}
              list={field.suggestions?.length ? suggestionsId : undefined}
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
            {field.suggestions?.length ? (
              <datalist id={suggestionsId}>
                {field.suggestions.map((suggestion) => (
                  <option key={suggestion} value={suggestion} />
                ))}
              </datalist>
            ) : null}
          </>
        ))}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={!ready}>
          {initial ? "Update filter" : "Add filter"}
        </Button>
      </div>
    </form>
  );
}
