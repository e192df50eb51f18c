import { Field, Input, Textarea } from "../../ui/input";
import { parseOptions } from "./property-labels";

/** A field's text, what changes it, and why it is refused (shown under it). */
type TextFieldProps = { value: string; onChange: (text: string) => void; error?: string };

/** A property's label, the first field of its dialogs. */
export function LabelField({ value, onChange, error }: TextFieldProps) {
  return (
    <Field label="Label" error={error}>
      {(props) => (
        <Input
          {...props}
          name="label"
          autoFocus
          autoComplete="off"
          placeholder="Renewal date"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A select's options typed as text, one per line or separated by commas; the hint reads them back as they will be. */
export function OptionsField({ value, onChange, error }: TextFieldProps) {
  const options = parseOptions(value);
  return (
    <Field
      label="Options"
      error={error}
      hint={
        options.length > 0
          ? `${options.length} ${options.length === 1 ? "option" : "options"}: ${options.join(", ")}`
          : "Separate them with commas or put one per line."
      }
    >
      {(props) => (
        <Textarea
          {...props}
          name="options"
          className="min-h-20"
          placeholder={"Gold, Silver, Bronze"}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
