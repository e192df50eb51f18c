import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useAuth } from "../../lib/auth";
import { Field, Input } from "../../ui/input";
import { FullScreenSpinner } from "../../ui/spinner";
import { AuthLayout } from "./auth-card";
import { EmailField, PasswordField, ProviderChoice, SubmitButton } from "./credential-fields";
import { useCredentialsForm } from "./use-credentials-form";
import { textLinkClass } from "../../ui/text-link";

/** SPEC §5: the identity provider's default minimum; its own policy may ask for more. */
export const MIN_PASSWORD_LENGTH = 6;

export default function SignUpPage() {
  const auth = useAuth();
  const form = useCredentialsForm();
  const { state } = form;
  const [displayName, setDisplayName] = useState("");
  const [email, setEmail] = useState(state.email ?? "");
  const [password, setPassword] = useState("");

  if (form.waiting) return <FullScreenSpinner />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = {
      email: email.trim() ? undefined : "Enter your email address.",
      password:
        password.length >= MIN_PASSWORD_LENGTH
          ? undefined
          : `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`,
    };
    form.submit(errors, async () => {
      const name = displayName.trim() || undefined;
      await auth.signUp(email.trim(), password, name);
    });
  }

  return (
    <AuthLayout
      title="Create your account"
      description={
        form.invited ? "Create an account to accept your invitation." : "Start a workspace for your team in a minute."
      }
      footer={
        <>
          Already have an account?{" "}
          <Link to="/signin" state={{ from: state.from, email: email.trim() || undefined }} className={textLinkClass}>
            Sign in instead
          </Link>
        </>
      }
    >
      <ProviderChoice form={form} />
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Your name">
          {(props) => (
            <Input
              {...props}
              name="displayName"
              autoComplete="name"
              placeholder="Ada Lovelace"
              autoFocus
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
            />
          )}
        </Field>
        <EmailField label="Work email" value={email} onChange={setEmail} error={form.fieldErrors.email} />
        <PasswordField
          value={password}
          onChange={setPassword}
          error={form.fieldErrors.password}
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <SubmitButton form={form}>Create account</SubmitButton>
      </form>
    </AuthLayout>
  );
}
