import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/** What the guard, the invite page and the token provider pass to /signin and /signup. */
export type AuthLocationState = { from?: string; email?: string };

const RETURN_TO_KEY = "auth-return-to";

/** Only same-app paths: a `from` of "//evil.example" or "https://…" must not redirect off-site. */
export function safeReturnPath(value: unknown): string | null {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")
    ? value
    : null;
}

export function readAuthState(state: unknown): AuthLocationState {
  const s = (state ?? {}) as Record<string, unknown>;
  return {
    from: safeReturnPath(s.from) ?? undefined,
    email: typeof s.email === "string" ? s.email : undefined,
  };
}

/**
 * The router state of /signin and /signup, and where to go once signed in. A Google redirect
 * leaves the app and comes back without router state, so `from` is kept in sessionStorage
 * just before leaving (`rememberBeforeRedirect`).
 */
export function useAuthPageState() {
  const location = useLocation();
  const state = readAuthState(location.state);
  const [stored] = useState(() => safeReturnPath(sessionStorage.getItem(RETURN_TO_KEY)));
  return {
    state,
    returnTo: state.from ?? stored ?? "/",
    rememberBeforeRedirect: () => {
      if (state.from) sessionStorage.setItem(RETURN_TO_KEY, state.from);
      else sessionStorage.removeItem(RETURN_TO_KEY);
    },
  };
}

/** Once `ready` (signed in, nothing left to do), go to `returnTo`, exactly once. */
export function useRedirectWhen(ready: boolean, returnTo: string) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    sessionStorage.removeItem(RETURN_TO_KEY);
    void navigate(returnTo, { replace: true });
  }, [ready, returnTo, navigate]);
}
