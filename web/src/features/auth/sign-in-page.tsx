import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useAuth } from "../../lib/auth";
import { authErrorMessage } from "../../lib/auth-errors";
import { Button } from "../../ui/button";
import { Field, Input } from "../../ui/input";
import { FullScreenSpinner } from "../../ui/spinner";
import { AuthLayout, FormAlert, GoogleButton, OrDivider, textLinkClass } from "./auth-card";
import { useAuthPageState, useRedirectWhen } from "./return-to";

type FieldErrors = { email?: string; password?: string };

export default function SignInPage() {
  const auth = useAuth();
  const { state, returnTo, rememberBeforeRedirect } = useAuthPageState();
  const [email, setEmail] = useState(state.email ?? "");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<"password" | "google" | null>(null);

  const signedIn = auth.status === "signed-in";
  useRedirectWhen(signedIn, returnTo);
  if (auth.status === "loading" || signedIn) return <FullScreenSpinner />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    auth.clearError();
    setError(null);
    const errors: FieldErrors = {
      email: email.trim() ? undefined : "Enter your email address.",
      password: password ? undefined : "Enter your password.",
    };
    setFieldErrors(errors);
    if (errors.email ?? errors.password) return;
    setPending("password");
    try {
      await auth.signIn(email.trim(), password);
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setPending(null);
    }
  }

  async function handleGoogle() {
    auth.clearError();
    setError(null);
    setPending("google");
    rememberBeforeRedirect();
    try {
      await auth.signInWithGoogle(); // the page now leaves for Google and comes back here
    } catch (err) {
      setError(authErrorMessage(err));
      setPending(null);
    }
  }

  const shownError = error ?? auth.error;
  const invited = state.from?.startsWith("/invite/");

  return (
    <AuthLayout
      title="Sign in to Team CRM"
      description={invited ? "Sign in to accept your invitation." : "Welcome back. Sign in to your workspace."}
      footer={
        <>
          New to Team CRM?{" "}
          <Link to="/signup" state={{ from: state.from, email: email.trim() || undefined }} className={textLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      {shownError && <FormAlert className="mb-4">{shownError}</FormAlert>}
      <GoogleButton onClick={() => void handleGoogle()} pending={pending === "google"} disabled={pending !== null} />
      <OrDivider />
      <form onSubmit={(e) => void handleSubmit(e)} noValidate className="flex flex-col gap-4">
        <Field label="Email" error={fieldErrors.email}>
          {(props) => (
            <Input
              {...props}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@company.com"
              autoFocus={!email}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" error={fieldErrors.password}>
          {(props) => (
            <Input
              {...props}
              name="password"
              type="password"
              autoComplete="current-password"
              autoFocus={Boolean(email)}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" className="mt-1 w-full" pending={pending === "password"} disabled={pending !== null}>
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
