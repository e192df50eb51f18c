import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { INVITE_TOKEN_PATTERN } from "../../../../worker/src/schemas/invite-token-format";
import { track } from "../../lib/analytics";
import { useAuth } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { useResentMutation } from "../../lib/resend";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Skeleton } from "../../ui/empty-state";
import { FullScreenSpinner } from "../../ui/spinner";
import { AuthLayout, FormAlert } from "../auth/auth-card";
import { textLinkClass } from "../../ui/text-link";

const INVALID_LINK = "This invite link is not valid. Ask your teammate for a new one.";

function InviteProblem({ message, signedIn }: { message: string; signedIn: boolean }) {
  return (
    <AuthLayout title="This invite can't be used">
      <FormAlert icon={CircleAlert} testId="invite-error">
        <p>{message}</p>
      </FormAlert>
      <p className="mt-5 text-sm text-muted">
        {signedIn ? (
          <Link to="/home" className={textLinkClass}>
            Go to your workspace
          </Link>
        ) : (
          <>
            Already on a team?{" "}
            <Link to="/signin" className={textLinkClass}>
              Sign in
            </Link>
          </>
        )}
      </p>
    </AuthLayout>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="shrink-0 whitespace-nowrap text-muted">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium text-foreground">{children}</dd>
    </div>
  );
}

export default function InvitePage() {
  const { token = "" } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wellFormed = INVITE_TOKEN_PATTERN.test(token);

  const accept = useResentMutation(
    trpc.invite.accept.mutationOptions({
      onSuccess: async () => {
        // Every cached query is refetched, since this user now has a workspace. Not the invite: it is
        // used now (asking again would be a 409), and its query stays off while joining (below).
        await queryClient.invalidateQueries();
        // The guard decides from the cached user record; have the fresh one before going home.
        await queryClient.prefetchQuery(trpc.user.getUser.queryOptions());
        track("invite_accepted");
        await navigate("/home");
      },
      onError: (error) => {
        toast.error(error.message);
      },
    }),
  );

  // While accepting and after, the invite keeps showing what was accepted until the workspace opens.
  const joining = accept.isPending || accept.isSuccess;
  const invite = useQuery({
    ...trpc.invite.get.queryOptions({ token }, { retry: false }),
    enabled: wellFormed && !joining,
  });

  if (auth.status === "loading") return <FullScreenSpinner />;
  const signedIn = auth.status === "signed-in";

  if (!wellFormed) return <InviteProblem message={INVALID_LINK} signedIn={signedIn} />;
  if (invite.isError) return <InviteProblem message={invite.error.message} signedIn={signedIn} />;
  if (!invite.data)
    return (
      <AuthLayout title="Loading your invitation…">
        <div className="flex flex-col gap-3" aria-busy>
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-9 w-full" />
        </div>
      </AuthLayout>
    );

  const { organizationName, inviterName, email, role, expiresAt } = invite.data;
  const path = `/invite/${token}`;
  const signedInEmail = auth.user?.email ?? null;
  const otherEmail = signedIn && signedInEmail?.toLowerCase() !== email.toLowerCase();

  async function handleSignOut() {
    await auth.signOut();
    accept.reset();
  }

  return (
    <AuthLayout
      width="md"
      title={`${inviterName} invited you to join ${organizationName}`}
      description="Join the workspace to share contacts, companies and deals with your team."
    >
      <dl className="divide-y divide-border rounded-md border border-border px-3 text-sm" data-testid="invite-details">
        <Detail label="Invited email">
          <span className="inline-flex max-w-full items-center gap-1.5" title={email}>
            <Mail className="size-3.5 shrink-0 text-muted" aria-hidden />
            <span className="truncate">{email}</span>
          </span>
        </Detail>
        <Detail label="Role">
          <Badge tone="primary">{role}</Badge>
        </Detail>
        <Detail label="Expires">
          <time dateTime={expiresAt.toISOString()}>{formatDate(expiresAt)}</time>
        </Detail>
      </dl>

      {signedIn ? (
        <div className="mt-5 flex flex-col gap-3">
          {otherEmail && (
            <div
              role="status"
              data-testid="invite-email-mismatch"
              className="rounded-md border border-border bg-surface px-3 py-2 text-sm break-words text-foreground"
            >
              You are signed in as <span className="font-medium">{signedInEmail ?? "an account without an email"}</span>
              , but this invite was sent to <span className="font-medium">{email}</span>. Sign out and sign in as{" "}
              {email} to accept it.{" "}
              <button type="button" className={textLinkClass} onClick={() => void handleSignOut()}>
                Sign out
              </button>
            </div>
          )}
          {accept.error && <FormAlert>{accept.error.message}</FormAlert>}
          <Button size="lg" className="w-full" pending={joining} onClick={() => accept.mutate({ token })}>
            Join {organizationName}
          </Button>
          {!otherEmail && <p className="text-center text-xs text-muted">Signed in as {signedInEmail}</p>}
        </div>
      ) : (
        <div className="mt-5 flex flex-col gap-2">
          <p className="mb-1 text-sm text-muted">Create an account or sign in as {email} to accept.</p>
          <Button
            size="lg"
            className="w-full"
            onClick={() => void navigate("/signup", { state: { from: path, email } })}
          >
            Create account
          </Button>
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            onClick={() => void navigate("/signin", { state: { from: path, email } })}
          >
            Sign in
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
