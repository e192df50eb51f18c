import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useAuth } from "../../lib/auth";
import { authErrorMessage } from "../../lib/auth-errors";
import { Button } from "../../ui/button";
import { Field, Input } from "../../ui/input";
import { FullScreenSpinner } from "../../ui/spinner";
import { AuthLayout, FormAlert, GoogleButton, OrDivider, textLinkClass } from "./auth-card";
import { useAuthPageState, useRedirectWhen } from "./return-to";

/** SPEC §5: the identity provider's default minimum; its own policy may ask for more. */
export const MIN_PASSWORD_LENGTH = 6;

type FieldErrors = { email?: string; password?: string };

export default function SignUpPage() {
  const auth = useAuth();
  const { state, returnTo, rememberBeforeRedirect } = useAuthPageState();
  const [displayName, setDisplayName] = useState("");
  const [email, setEmail] = useState(state.email ?? "");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<"password" | "google" | null>(null);

  const signedIn = auth.status === "signed-in";
  // The account exists before its name is saved: leave only once signUp has finished.
  useRedirectWhen(signedIn && pending === null, returnTo);
  if (auth.status === "loading" || signedIn) return <FullScreenSpinner />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    auth.clearError();
    setError(null);
    const errors: FieldErrors = {
      email: email.trim() ? undefined : "Enter your email address.",
      password:
        password.length >= MIN_PASSWORD_LENGTH
          ? undefined
          : `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`,
    };
    setFieldErrors(errors);
    if (errors.email ?? errors.password) return;
    setPending("password");
    try {
      const name = displayName.trim() || undefined;
      await auth.signUp(email.trim(), password, name);
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
      title="Create your account"
      description={
        invited ? "Create an account to accept your invitation." : "Start a workspace for your team in a minute."
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
      {shownError && <FormAlert className="mb-4">{shownError}</FormAlert>}
      <GoogleButton onClick={() => void handleGoogle()} pending={pending === "google"} disabled={pending !== null} />
      <OrDivider />
      <form onSubmit={(e) => void handleSubmit(e)} noValidate className="flex flex-col gap-4">
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
        <Field label="Work email" error={fieldErrors.email}>
          {(props) => (
            <Input
              {...props}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@company.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" error={fieldErrors.password} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
          {(props) => (
            <Input
              {...props}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" className="mt-1 w-full" pending={pending === "password"} disabled={pending !== null}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
