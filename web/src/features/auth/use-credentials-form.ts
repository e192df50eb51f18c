import { useState } from "react";
import { useAuth } from "../../lib/auth";
import { authErrorMessage } from "../../lib/auth-errors";
import { useAuthPageState, useRedirectWhen } from "./return-to";

type FieldErrors = { email?: string; password?: string };
type Pending = "password" | "google" | null;

/**
 * What /signin and /signup share: field errors, the pending method, provider errors in words,
 * Google's redirect, and leaving for where the person was going once signed in.
 */
export function useCredentialsForm() {
  const auth = useAuth();
  const { state, returnTo, rememberBeforeRedirect } = useAuthPageState();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const signedIn = auth.status === "signed-in";
  // Sign-up saves the name after the account exists: leave only once the call has finished.
  useRedirectWhen(signedIn && pending === null, returnTo);

  async function run(method: Exclude<Pending, null>, action: () => Promise<void>) {
    auth.clearError();
    setError(null);
    setPending(method);
    try {
      await action();
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setPending(null);
    }
  }

  return {
    state,
    waiting: auth.status === "loading" || signedIn,
    error: error ?? auth.error,
    fieldErrors,
    pending,
    invited: Boolean(state.from?.startsWith("/invite/")),
    /** Validates with `errors`; runs `action` only when there are none. */
    submit(errors: FieldErrors, action: () => Promise<void>) {
      setFieldErrors(errors);
      if (errors.email ?? errors.password) return;
      void run("password", action);
    },
    continueWithGoogle() {
      rememberBeforeRedirect();
      void run("google", auth.signInWithGoogle); // the page leaves for Google and comes back here
    },
  };
}
