import { Fragment, useState, type FormEvent } from "react";
import { fieldErrorsOf } from "../../lib/field-errors";
import { Button } from "../../ui/button";
import { Dialog, discardQuestion } from "../../ui/dialog";
import { createFeedback } from "../records/create-feedback";
import { PropertyInputs, usePropertyForm } from "../records/property-fields";
import { Field, Input } from "../../ui/input";
import { PickerField } from "../../ui/option-picker";
import { useCompanyOptions } from "../records/reference-fields";
import { ExistingRecords } from "../records/existing-records";
import { useExistingCompanies } from "./existing-companies";
import { useCreateCompany } from "./use-companies";
import { useStartingCompany } from "./use-starting-company";

type NewCompanyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (company: { id: string }) => void;
  /** Opens a company that already holds the name or domain typed, instead of creating another. */
  onOpenExisting: (id: string) => void;
  /** Starts as a subsidiary of this company (its panel's "Add subsidiary"). */
  parentCompanyId?: string | null;
  /** Starts with these custom property texts (a lane's "+" on the board). */
  properties?: Record<string, string>;
};

const blank = { name: "", domain: "", industry: "", size: "" };
type Form = typeof blank;

const fields: { key: keyof Form; label: string; placeholder?: string }[] = [
  { key: "name", label: "Name", placeholder: "Acme Inc." },
  { key: "domain", label: "Domain", placeholder: "acme.com" },
  { key: "industry", label: "Industry", placeholder: "Software" },
  { key: "size", label: "Size", placeholder: "51–200" },
];

export function NewCompanyDialog({
  open,
  onOpenChange,
  onCreated,
  onOpenExisting,
  parentCompanyId,
  properties: startProperties,
}: NewCompanyDialogProps) {
  const [form, setForm] = useState(blank);
  const parent = useStartingCompany(open, parentCompanyId);
  const create = useCreateCompany();
  const existing = useExistingCompanies(form);
  const errors = fieldErrorsOf(create.error);
  const properties = usePropertyForm("company", open, startProperties);
  const touched =
    (Object.keys(blank) as (keyof Form)[]).some((key) => form[key] !== blank[key]) ||
    parent.changed ||
    properties.touched;

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setForm(blank);
      parent.setChosen(undefined);
      properties.reset();
      create.reset();
    }
    onOpenChange(next);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const values = properties.collect();
    if (!values) return;
    create.mutate(
      {
        name: form.name,
        domain: form.domain.trim() || null,
        industry: form.industry.trim() || null,
        size: form.size.trim() || null,
        parentCompanyId: parent.chosen?.value ?? null,
        properties: values,
      },
      createFeedback({
        noun: "company",
        plural: "companies",
        nameOf: (company: { name: string }) => company.name,
        onCreated,
        close: () => handleOpenChange(false),
        properties,
      }),
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      confirmClose={touched ? discardQuestion("company") : null}
      title="New company"
      description="The domain keeps it unique."
      className={properties.definitions.length > 2 ? "top-[5%]! max-h-[90vh]" : undefined}
    >
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        {fields.map((field, index) => (
          <Fragment key={field.key}>
            <Field label={field.label} error={errors[field.key]}>
              {(props) => (
                <Input
                  {...props}
                  name={field.key}
                  autoFocus={index === 0}
                  autoComplete="off"
                  placeholder={field.placeholder}
                  value={form[field.key]}
                  onChange={(e) => setForm((f) => ({ ...f, [field.key]: e.target.value }))}
                />
              )}
            </Field>
            {field.key === "domain" && (
              <ExistingRecords
                label="Existing companies"
                records={existing}
                onOpen={(id) => {
                  handleOpenChange(false);
                  onOpenExisting(id);
                }}
              />
            )}
          </Fragment>
        ))}
        <Field label="Parent company" error={errors.parentCompanyId}>
          {(props) => (
            <PickerField
              {...props}
              label="Parent company"
              placeholder="None: choose the group it belongs to…"
              value={parent.chosen ?? null}
              onChange={parent.setChosen}
              useOptions={useCompanyOptions}
            />
          )}
        </Field>
        <PropertyInputs {...properties.inputs} />
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="ghost" onClick={() => handleOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" pending={create.isPending}>
            Create company
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
