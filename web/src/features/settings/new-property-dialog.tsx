import { useQueryClient } from "@tanstack/react-query";
import { isConflict } from "../../lib/trpc-errors";
import { useState, type FormEvent } from "react";
import { fieldErrorsOf } from "../../lib/field-errors";
import { toast, toastError } from "../../lib/toast";
import { useResentMutation } from "../../lib/resend";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog, discardQuestion } from "../../ui/dialog";
import { Field, Input, Select } from "../../ui/input";
import { draftOf, optionsOf, rowProblems, type OptionsDraft } from "./options-draft";
import { OptionsEditor } from "./options-editor";
import { hasOptions, keyFromLabel, objectLabels, propertyTypes, typeMeta } from "./property-labels";
import type { PropertyType, RecordObject } from "./property-labels";
import { LabelField } from "./property-fields";
import { RequiredSwitch } from "./required-switch";

type NewPropertyDialogProps = { object: RecordObject; open: boolean; onOpenChange: (open: boolean) => void };

/** Label first; the key follows it as snake_case until someone edits the key by hand. */
export function NewPropertyDialog({ object, open, onOpenChange }: NewPropertyDialogProps) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState("");
  const [key, setKey] = useState<string | null>(null);
  const [type, setType] = useState<PropertyType>("text");
  const [draft, setDraft] = useState<OptionsDraft>(() => draftOf([]));
  const [required, setRequired] = useState(false);
  // Sent again after no answer: the server answers a create it already made with that property (its key is
  // unique; a write key would clash with the property's own `key` field).
  const create = useResentMutation(
    trpc.properties.create.mutationOptions({
      onSuccess: (created) => {
        toast.success(`Added “${created.label}” to ${objectLabels[created.object].toLowerCase()}`);
        void queryClient.invalidateQueries({ queryKey: trpc.properties.list.queryKey({ object }) });
        handleOpenChange(false);
      },
      // A taken key or a bad field is said under that field; a toast would say it twice.
      onError: (error) => {
        if (!isConflict(error) && Object.keys(fieldErrorsOf(error)).length === 0)
          toastError(error, "Could not add the property");
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const effectiveKey = key ?? keyFromLabel(label);
  const options = optionsOf(draft);
  const keyError = errors.key ?? (isConflict(create.error) ? create.error?.message : undefined);

  const shownErrors: Partial<Record<string, string>> = { ...errors, key: keyError };

  /** Editing a field a refusal was about takes the stale message away. */
  const clearErrorOf = (...fields: string[]) => {
    if (fields.some((field) => shownErrors[field])) create.reset();
  };

  function handleOpenChange(next: boolean) {
    if (!next) {
      setLabel("");
      setKey(null);
      setType("text");
      setDraft(draftOf([]));
      setRequired(false);
      create.reset();
    }
    onOpenChange(next);
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (hasOptions(type) && rowProblems(draft).size > 0) return; // said beside the row
    create.mutate({
      object,
      label,
      key: effectiveKey,
      type,
      required,
      options: hasOptions(type) ? options : undefined,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      confirmClose={label.trim() || options.length > 0 ? discardQuestion("property") : null}
      title={`New ${object} property`}
      description="It appears in forms, tables, filters and imports."
    >
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="New property">
        <LabelField
          value={label}
          error={errors.label}
          onChange={(text) => {
            setLabel(text);
            // Until edited by hand, the key follows the label: a refusal of it is stale too.
            clearErrorOf("label", ...(key === null ? ["key"] : []));
          }}
        />
        <Field label="Key" error={keyError} hint="Used by imports, the API and agents. It cannot change later.">
          {(props) => (
            <Input
              {...props}
              name="key"
              autoComplete="off"
              spellCheck={false}
              placeholder="renewal_date"
              className="font-mono text-[13px]"
              value={effectiveKey}
              onChange={(e) => {
                setKey(e.target.value);
                clearErrorOf("key");
              }}
            />
          )}
        </Field>
        <Field label="Type" error={errors.type}>
          {(props) => (
            <Select
              {...props}
              name="type"
              value={type}
              onChange={(e) => {
                setType(e.target.value as PropertyType);
                clearErrorOf("type", "options");
              }}
            >
              {propertyTypes.map((value) => (
                <option key={value} value={value}>
                  {typeMeta[value].label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {hasOptions(type) && (
          <OptionsEditor
            draft={draft}
            error={errors.options}
            onChange={(next) => {
              setDraft(next);
              clearErrorOf("options");
            }}
          />
        )}
        <RequiredSwitch checked={required} onChange={setRequired} />
        <div className="mt-1 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => handleOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" pending={create.isPending}>
            Create property
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
