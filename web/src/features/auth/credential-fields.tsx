import type { ReactNode } from "react";
import { Button } from "../../ui/button";
import { Field, Input } from "../../ui/input";
import { FormAlert, GoogleButton, OrDivider } from "./auth-card";
import type { useCredentialsForm } from "./use-credentials-form";

type CredentialsForm = ReturnType<typeof useCredentialsForm>;

/** The error, if any, then "Continue with Google", then "or": the top of /signin and /signup. */
export function ProviderChoice({ form }: { form: CredentialsForm }) {
  return (
    <>
      {form.error && <FormAlert className="mb-4">{form.error}</FormAlert>}
      <GoogleButton
        onClick={form.continueWithGoogle}
        pending={form.pending === "google"}
        disabled={form.pending !== null}
      />
      <OrDivider />
    </>
  );
}

type TextFieldProps = { value: string; onChange: (value: string) => void; error?: string; autoFocus?: boolean };

export function EmailField({
  label = "Email",
  value,
  onChange,
  error,
  autoFocus,
}: TextFieldProps & { label?: string }) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <Input
          {...props}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

type PasswordFieldProps = TextFieldProps & { autoComplete: "current-password" | "new-password"; hint?: string };

export function PasswordField({ value, onChange, error, autoFocus, autoComplete, hint }: PasswordFieldProps) {
  return (
    <Field label="Password" error={error} hint={hint}>
      {(props) => (
        <Input
          {...props}
          name="password"
          type="password"
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function SubmitButton({ form, children }: { form: CredentialsForm; children: ReactNode }) {
  return (
    <Button
      type="submit"
      className="mt-1 w-full"
      pending={form.pending === "password"}
      disabled={form.pending !== null}
    >
      {children}
    </Button>
  );
}
