import { Check, KeyRound, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { usePageSearchParams } from "../../lib/page-search-params";
import { useAuth } from "../../lib/auth";
import { authErrorMessage } from "../../lib/auth-errors";
import { auth as firebaseAuth } from "../../lib/firebase";
import { Button } from "../../ui/button";
import { FullScreenSpinner } from "../../ui/spinner";
import { AuthLayout, FormAlert } from "./auth-card";
import { allowedOrigins, isAllowedOrigin, normalizeOrigin } from "./token-provider-origins";
import { textLinkClass } from "../../ui/text-link";

/** Fixed at build time: a link cannot add origins to it. */
const ALLOWED_ORIGINS = allowedOrigins(import.meta.env.VITE_TOKEN_PROVIDER_ORIGINS);

export const TOKEN_MESSAGE_TYPE = "team-crm:id-token";
export const DENIED_MESSAGE_TYPE = "team-crm:denied";

type Outcome = "sent" | "denied";

function originRefusal(app: string, rawOrigin: string | null): string | null {
  if (!rawOrigin) return `No origin was given, so ${app} is not allowed to receive your sign-in token.`;
  if (!isAllowedOrigin(rawOrigin, ALLOWED_ORIGINS))
    return `${app} at ${rawOrigin} is not allowed to receive your sign-in token.`;
  return null;
}

function openerRefusal(app: string): string {
  return `This window was not opened by ${app}, so ${app} is not allowed to receive your sign-in token.`;
}

function Refused({ reason }: { reason: string }) {
  return (
    <AuthLayout title="Request refused">
      <FormAlert icon={ShieldAlert} testId="token-provider-refused">
        <p>{reason}</p>
      </FormAlert>
      <p className="mt-4 text-sm text-muted">
        Nothing was sent. If you expected this to work, start again from the app, or ask your administrator to add its
        origin to the allowed list.
      </p>
    </AuthLayout>
  );
}

/**
 * A companion tool opens this page with ?app=…&origin=…; once the person allows it, a fresh ID
 * token is posted to window.opener, to that exact origin and nowhere else.
 */
export default function TokenProviderPage() {
  const auth = useAuth();
  const location = useLocation();
  const [params] = usePageSearchParams();
  const app = (params.get("app")?.trim() || "An app").slice(0, 80);
  const rawOrigin = params.get("origin");
  const origin = normalizeOrigin(rawOrigin);
  // Read once, as the page loads; the sign-in round trip happens in this same window.
  const [opener] = useState<Window | null>(() => (window.opener as Window | null) ?? null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const refusal = originRefusal(app, rawOrigin);
  if (refusal !== null || origin === null)
    return <Refused reason={refusal ?? `${app} is not allowed to receive your sign-in token.`} />;

  if (auth.status === "loading") return <FullScreenSpinner />;

  if (auth.status === "signed-out")
    return (
      <AuthLayout
        title="Sign in to continue"
        description={`${app} at ${origin} wants to connect to your Team CRM account.`}
      >
        <p className="text-sm text-muted">Sign in first. You will come back here to allow or deny the request.</p>
        <Link
          to="/signin"
          state={{ from: location.pathname + location.search }}
          className="mt-5 inline-flex h-10 w-full items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm hover:bg-primary-hover"
        >
          Sign in
        </Link>
      </AuthLayout>
    );

  // Checked only once signed in, so a signed-out visitor still learns to sign in first.
  if (!opener) return <Refused reason={openerRefusal(app)} />;

  if (outcome)
    return (
      <AuthLayout title={outcome === "sent" ? "Access allowed" : "Access denied"}>
        <div role="status" data-testid="token-provider-result" className="flex gap-3 text-sm text-foreground">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <p>
            {outcome === "sent"
              ? "Token sent. You can close this window."
              : `You denied access. ${app} did not receive your token. You can close this window.`}
          </p>
        </div>
        <Button variant="secondary" className="mt-5 w-full" onClick={() => window.close()}>
          Close window
        </Button>
      </AuthLayout>
    );

  const email = auth.user?.email ?? "this account";

  async function handleAllow() {
    const user = firebaseAuth.currentUser;
    if (!user || !origin || !opener || opener.closed) {
      setError(
        opener?.closed ? `${app} is no longer open. Start again from ${app}.` : "You are not signed in any more.",
      );
      return;
    }
    setError(null);
    setPending(true);
    try {
      // getIdToken(true) with the expiry alongside: always a freshly minted token.
      const { token, expirationTime } = await user.getIdTokenResult(true);
      opener.postMessage({ type: TOKEN_MESSAGE_TYPE, token, expiresAt: Date.parse(expirationTime) }, origin);
      setOutcome("sent");
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setPending(false);
    }
  }

  function handleDeny() {
    if (origin && opener && !opener.closed) opener.postMessage({ type: DENIED_MESSAGE_TYPE }, origin);
    setOutcome("denied");
  }

  return (
    <AuthLayout title={`Allow ${app} to access your account?`}>
      <div data-testid="token-provider-consent" className="flex flex-col gap-4 text-sm">
        <div className="flex gap-3 rounded-md border border-border bg-surface px-3 py-3">
          <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <p className="text-foreground">
            <span className="font-medium">{app}</span> at <span className="font-medium">{origin}</span> is asking for
            access to your account as <span className="font-medium">{email}</span>
          </p>
        </div>
        <p className="text-muted">
          It will receive a sign-in token that acts as you for up to an hour. Only allow apps you trust.
        </p>
        {error && <FormAlert>{error}</FormAlert>}
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1" onClick={handleDeny} disabled={pending}>
            Deny
          </Button>
          <Button className="flex-1" onClick={() => void handleAllow()} pending={pending}>
            Allow
          </Button>
        </div>
        <p className="text-center text-xs text-muted">
          Not {email}?{" "}
          <button type="button" className={textLinkClass} onClick={() => void auth.signOut()}>
            Sign out
          </button>
        </p>
      </div>
    </AuthLayout>
  );
}
