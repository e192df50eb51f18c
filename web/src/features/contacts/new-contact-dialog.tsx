import { useMemo, useState, type FormEvent } from "react";
import { fieldErrorsOf } from "../../lib/field-errors";
import { Button } from "../../ui/button";
import { Dialog, discardQuestion } from "../../ui/dialog";
import { createFeedback } from "../records/create-feedback";
import { PropertyInputs, usePropertyForm } from "../records/property-fields";
import { Field, Input, Select } from "../../ui/input";
import { PickerField } from "../../ui/option-picker";
import { useCompanyOptions } from "../records/reference-fields";
import { contactName } from "./contact-columns";
import { ExistingRecords } from "../records/existing-records";
import { useExistingContacts } from "./existing-contacts";
import { leadStatusOptions, type LeadStatus } from "./lead-status";
import { useCreateContact } from "./use-contacts";
import { useCompanyOfEmail } from "./company-of-email";
import { useStartingCompany } from "../companies/use-starting-company";

type NewContactDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (contact: { id: string }) => void;
  /** Opens a contact that already holds the name or email typed, instead of creating another. */
  onOpenExisting: (id: string) => void;
  /** Starts at this company (a link from the company's panel). */
  companyId?: string | null;
  /** Starts at this lead status (a lane's "+" on the board). */
  leadStatus?: LeadStatus;
  /** Starts with these custom property texts (a lane's "+" on a board grouped by a property). */
  properties?: Record<string, string>;
};

const blank = { firstName: "", lastName: "", email: "", title: "", leadStatus: "new" as LeadStatus };
type Form = typeof blank;
/** Whether the person changed the form from where it started. */
const touchedSince = (form: Form, start: Form) =>
  (Object.keys(blank) as (keyof Form)[]).some((key) => form[key] !== start[key]);

export function NewContactDialog({
  open,
  onOpenChange,
  onCreated,
  onOpenExisting,
  companyId,
  leadStatus = "new",
  properties: startProperties,
}: NewContactDialogProps) {
  const start = useMemo(() => ({ ...blank, leadStatus }), [leadStatus]);
  const [form, setForm] = useState(start);
  // Opened again from another lane: the form starts at its status.
  const [startedAt, setStartedAt] = useState(start);
  if (open && startedAt !== start && !touchedSince(form, startedAt)) {
    setStartedAt(start);
    setForm(start);
  }
  // Chosen by hand (or the company it was opened from); undefined while none was, when the email's company is taken.
  const { chosen: chosenCompany, setChosen: setCompany, changed: companyChanged } = useStartingCompany(open, companyId);
  const companyOfEmail = useCompanyOfEmail(form.email);
  const company = chosenCompany === undefined ? companyOfEmail : chosenCompany;
  const create = useCreateContact();
  const existing = useExistingContacts(form);
  const errors = fieldErrorsOf(create.error);
  const properties = usePropertyForm("contact", open, startProperties);
  const set = (key: keyof typeof blank) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const touched = touchedSince(form, startedAt) || companyChanged || properties.touched;

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setForm(start);
      setStartedAt(start);
      setCompany(undefined);
      properties.reset();
      create.reset();
    }
    onOpenChange(next);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const values = properties.collect();
    if (!values) return;
    const email = form.email.trim();
    create.mutate(
      {
        firstName: form.firstName,
        lastName: form.lastName,
        emails: email ? [email] : [],
        title: form.title.trim() || null,
        companyId: company?.value ?? null,
        leadStatus: form.leadStatus,
        properties: values,
      },
      createFeedback({
        noun: "contact",
        plural: "contacts",
        nameOf: contactName,
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
      confirmClose={touched ? discardQuestion("contact") : null}
      title="New contact"
      description="A name or an email is enough; the rest can wait."
      className={properties.definitions.length > 2 ? "top-[5%]! max-h-[90vh]" : undefined}
    >
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        <div className="grid grid-cols-2 gap-3">
          <Field label="First name" error={errors.firstName}>
            {(props) => (
              <Input
                {...props}
                name="firstName"
                autoFocus
                autoComplete="off"
                value={form.firstName}
                onChange={(e) => set("firstName")(e.target.value)}
              />
            )}
          </Field>
          <Field label="Last name" error={errors.lastName}>
            {(props) => (
              <Input
                {...props}
                name="lastName"
                autoComplete="off"
                value={form.lastName}
                onChange={(e) => set("lastName")(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Email" error={errors.emails}>
          {(props) => (
            <Input
              {...props}
              name="email"
              type="email"
              autoComplete="off"
              placeholder="ada@example.com"
              value={form.email}
              onChange={(e) => set("email")(e.target.value)}
            />
          )}
        </Field>
        <ExistingRecords
          label="Existing contacts"
          records={existing}
          onOpen={(id) => {
            handleOpenChange(false);
            onOpenExisting(id);
          }}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field label="Title" error={errors.title}>
            {(props) => (
              <Input
                {...props}
                name="title"
                autoComplete="off"
                placeholder="Head of Sales"
                value={form.title}
                onChange={(e) => set("title")(e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Company"
            error={errors.companyId}
            hint={chosenCompany === undefined && companyOfEmail ? "From the email's domain" : undefined}
          >
            {(props) => (
              <PickerField
                {...props}
                label="Company"
                placeholder="Choose a company…"
                value={company}
                onChange={setCompany}
                useOptions={useCompanyOptions}
              />
            )}
          </Field>
        </div>
        <Field label="Lead status" error={errors.leadStatus}>
          {(props) => (
            <Select
              {...props}
              name="leadStatus"
              value={form.leadStatus}
              onChange={(e) => set("leadStatus")(e.target.value)}
            >
              {leadStatusOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <PropertyInputs {...properties.inputs} />
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="ghost" onClick={() => handleOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" pending={create.isPending}>
            Create contact
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
