import { Navigate, Outlet, useLocation } from "react-router-dom";
import { useCurrentUser } from "../features/auth/use-current-user";
import { useAuth } from "../lib/auth";
import { Button } from "../ui/button";
import { FullScreenSpinner } from "../ui/spinner";
import { standingOf } from "./standing";

function UserLoadError({
  message,
  onRetry,
  onSignOut,
}: {
  message: string;
  onRetry: () => void;
  onSignOut: () => void;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <h1 className="text-lg font-semibold">We could not load your workspace</h1>
      <p className="max-w-md text-sm text-muted">{message}</p>
      <div className="flex gap-2">
        <Button onClick={onRetry}>Try again</Button>
        <Button variant="secondary" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </div>
  );
}

/**
 * SPEC §2 guards. `require` says which standing the routes below need:
 * "registered" for the app and settings, "signed-in" for /setup (registered users go home).
 */
export function Guard({ require }: { require: "registered" | "signed-in" }) {
  const auth = useAuth();
  const user = useCurrentUser();
  const location = useLocation();
  const standing = standingOf(auth.status, user);

  switch (standing) {
    case "loading":
      return <FullScreenSpinner />;
    case "signed-out":
      return <Navigate to="/signin" replace state={{ from: location.pathname + location.search }} />;
    case "error":
      return (
        <UserLoadError
          message={user.error?.message ?? "Unknown error"}
          onRetry={() => void user.refetch()}
          onSignOut={() => void auth.signOut()}
        />
      );
    case "unregistered":
      return require === "registered" ? <Navigate to="/setup" replace /> : <Outlet />;
    case "registered":
      return require === "signed-in" ? <Navigate to="/home" replace /> : <Outlet />;
  }
}
