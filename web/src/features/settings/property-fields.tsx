import { Field, Input } from "../../ui/input";

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
