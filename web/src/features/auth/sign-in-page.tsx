import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useAuth } from "../../lib/auth";
import { FullScreenSpinner } from "../../ui/spinner";
import { AuthLayout } from "./auth-card";
import { EmailField, PasswordField, ProviderChoice, SubmitButton } from "./credential-fields";
import { useCredentialsForm } from "./use-credentials-form";
import { textLinkClass } from "../../ui/text-link";

export default function SignInPage() {
  const auth = useAuth();
  const form = useCredentialsForm();
  const { state } = form;
  const [email, setEmail] = useState(state.email ?? "");
  const [password, setPassword] = useState("");

  if (form.waiting) return <FullScreenSpinner />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = {
      email: email.trim() ? undefined : "Enter your email address.",
      password: password ? undefined : "Enter your password.",
    };
    form.submit(errors, async () => {
      await auth.signIn(email.trim(), password);
    });
  }

  return (
    <AuthLayout
      title="Sign in to Team CRM"
      description={form.invited ? "Sign in to accept your invitation." : "Welcome back. Sign in to your workspace."}
      footer={
        <>
          New to Team CRM?{" "}
          <Link to="/signup" state={{ from: state.from, email: email.trim() || undefined }} className={textLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <ProviderChoice form={form} />
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <EmailField label="Email" value={email} onChange={setEmail} error={form.fieldErrors.email} autoFocus={!email} />
        <PasswordField
          value={password}
          onChange={setPassword}
          error={form.fieldErrors.password}
          autoComplete="current-password"
          autoFocus={Boolean(email)}
        />
        <SubmitButton form={form}>Sign in</SubmitButton>
      </form>
    </AuthLayout>
  );
}
