import type { inferOutput } from "@trpc/tanstack-react-query";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import type { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/dialog";
import { Field, Input, Select } from "../../ui/input";
import type { BulkChoice } from "./bulk-fields";
import { inputTypeOf, parsePropertyInput } from "./property-values";

type Property = inferOutput<typeof trpc.properties.list>[number];

type BulkTagDialogProps = {
  mode: "add" | "remove";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "3 contacts" */
  count: string;
  suggestions: string[];
  pending: boolean;
  onSubmit: (mode: "add" | "remove", tag: string) => void;
};

/** One tag to add to, or remove from, every selected record. */
export function BulkTagDialog({ mode, open, onOpenChange, count, suggestions, pending, onSubmit }: BulkTagDialogProps) {
  const [tag, setTag] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setTag("");
      setError(null);
    }
  }, [open]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = tag.trim();
    if (!value) return setError("Type a tag.");
    if (value.length > 40) return setError("A tag has at most 40 characters.");
    onSubmit(mode, value);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === "add" ? `Add a tag to ${count}` : `Remove a tag from ${count}`}
      className="max-w-md"
    >
      <form onSubmit={handleSubmit} className="space-y-4">
        <Field label="Tag" error={error}>
          {(field) => (
            <Input
              {...field}
              name="tag"
              autoFocus
              value={tag}
              maxLength={40}
              placeholder={mode === "add" ? "e.g. vip" : "The tag to remove"}
              onChange={(event) => {
                setTag(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        {suggestions.length > 0 && (
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="text-xs text-muted">{mode === "add" ? "In use:" : "On the selection:"}</span>
            {suggestions.slice(0, 12).map((s) => (
              <button
                key={s}
                type="button"
                onClick={() => setTag(s)}
                className={cn(
                  "rounded-full px-2 py-0.5 text-xs font-medium",
                  s === tag.trim()
                    ? "bg-primary text-primary-foreground"
                    : "bg-surface-2 text-muted hover:text-foreground",
                )}
              >
                {s}
              </button>
            ))}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            {mode === "add" ? "Add tag" : "Remove tag"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The typed value a property input holds, and how a toast shows it. */
function parseValue(property: BulkChoice, raw: string, multi: string[]): { value: unknown; shown: string } | string {
  switch (property.type) {
    case "number":
    case "currency": {
      const n = Number(raw);
      return raw.trim() === "" || !Number.isFinite(n) ? "Enter a number." : { value: n, shown: n.toLocaleString() };
    }
    case "boolean":
      return raw === "true" || raw === "false"
        ? { value: raw === "true", shown: raw === "true" ? "yes" : "no" }
        : "Choose yes or no.";
    case "multi-select":
      return multi.length ? { value: multi, shown: multi.map((m) => `“${m}”`).join(", ") } : "Choose at least one.";
    case "date":
      return raw ? { value: raw, shown: raw } : "Choose a date.";
    default: {
      // Text, web addresses and emails as the server stores them ("acme.com" is https://acme.com), in its words.
      if (!raw.trim()) return "Enter a value.";
      const parsed = parsePropertyInput(property, raw);
      if (!parsed.ok) return parsed.error;
      return { value: parsed.value, shown: `“${property.optionLabels?.[raw] ?? String(parsed.value)}”` };
    }
  }
}

type BulkPropertyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: string;
  /** The object's built-in fields a bulk edit sets, listed first. */
  fields: BulkChoice[];
  properties: Property[] | undefined;
  loadError: string | null;
  pending: boolean;
  /** `value` null clears the field or property. */
  onSubmit: (choice: BulkChoice, value: unknown, shown: string) => void;
};

/** Pick a field or custom property and a value of its type; every selected record gets it. */
export function BulkPropertyDialog(props: BulkPropertyDialogProps) {
  const { open, onOpenChange, count, fields, properties, loadError, pending, onSubmit } = props;
  const [key, setKey] = useState("");
  const [raw, setRaw] = useState("");
  const [multi, setMulti] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  // A custom property's key never equals a field's: fields are camelCase, keys snake_case.
  const custom = useMemo(() => (properties ?? []).map((p): BulkChoice => ({ ...p, builtIn: false })), [properties]);
  const choices = [...fields, ...custom];
  const property = choices.find((p) => p.key === key) ?? choices[0];

  useEffect(() => {
    if (!open) return;
    setKey("");
    setRaw("");
    setMulti([]);
    setError(null);
  }, [open]);

  const choose = (next: string) => {
    setKey(next);
    setRaw("");
    setMulti([]);
    setError(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!property) return;
    const parsed = parseValue(property, raw, multi);
    if (typeof parsed === "string") return setError(parsed);
    onSubmit(property, parsed.value, parsed.shown);
  };

  const options = property?.options ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Set a property on ${count}`} className="max-w-md">
      {loadError ? (
        <p className="text-sm text-danger">Could not load the properties: {loadError}</p>
      ) : !properties ? (
        <p className="text-sm text-muted">Loading properties…</p>
      ) : !property ? (
        <p className="text-sm text-muted">
          There are no custom properties yet. Admins define them in Settings → Properties.
        </p>
      ) : (
        <form onSubmit={handleSubmit} className="space-y-4" noValidate>
          <Field label="Property">
            {(field) => (
              <Select {...field} name="property" value={property.key} onChange={(e) => choose(e.target.value)}>
                {[
                  { label: "Fields", choices: fields },
                  { label: "Custom properties", choices: custom },
                ].map(
                  (group) =>
                    group.choices.length > 0 && (
                      <optgroup key={group.label} label={group.label}>
                        {group.choices.map((p) => (
                          <option key={p.key} value={p.key}>
                            {p.label}
                          </option>
                        ))}
                      </optgroup>
                    ),
                )}
              </Select>
            )}
          </Field>
          {property.type === "multi-select" ? (
            <fieldset className="space-y-1.5">
              <legend className="mb-1.5 text-sm font-medium text-foreground">Value</legend>
              {options.map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm text-foreground">
                  <input
                    type="checkbox"
                    className="accent-primary"
                    checked={multi.includes(option)}
                    onChange={(e) =>
                      setMulti(e.target.checked ? [...multi, option] : multi.filter((m) => m !== option))
                    }
                  />
                  {option}
                </label>
              ))}
              {error && (
                <p role="alert" className="text-xs text-danger">
                  {error}
                </p>
              )}
            </fieldset>
          ) : (
            <Field label="Value" error={error}>
              {(field) =>
                property.type === "select" || property.type === "boolean" ? (
                  <Select {...field} name="value" value={raw} onChange={(e) => setRaw(e.target.value)}>
                    <option value="">Choose…</option>
                    {property.type === "boolean" ? (
                      <>
                        <option value="true">Yes</option>
                        <option value="false">No</option>
                      </>
                    ) : (
                      options.map((option) => (
                        <option key={option} value={option}>
                          {property.optionLabels?.[option] ?? option}
                        </option>
                      ))
                    )}
                  </Select>
                ) : (
                  <Input
                    {...field}
                    name="value"
                    autoFocus
                    type={inputTypeOf[property.type] ?? "text"}
                    step={property.type === "currency" ? "0.01" : undefined}
                    value={raw}
                    onChange={(e) => {
                      setRaw(e.target.value);
                      setError(null);
                    }}
                  />
                )
              }
            </Field>
          )}
          <div className="flex items-center justify-between gap-2">
            {/* A value every record must hold (a lead status, a required property) cannot be emptied. */}
            {property.required ? (
              <span />
            ) : (
              <Button
                variant="ghost"
                className="text-muted"
                disabled={pending}
                onClick={() => onSubmit(property, null, "")}
                title="Empty this on every selected record"
              >
                Clear value
              </Button>
            )}
            <div className="flex gap-2">
              <Button variant="ghost" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" pending={pending}>
                Set property
              </Button>
            </div>
          </div>
        </form>
      )}
    </Dialog>
  );
}
