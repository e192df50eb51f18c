import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? error.statusText
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-3 bg-background p-6 text-center"
    >
      <h1 className="text-lg font-semibold text-foreground">Something went wrong</h1>
      <p className="max-w-md text-sm text-muted">{message}</p>
      <div className="flex gap-3 text-sm">
        <button type="button" className="font-medium text-primary hover:underline" onClick={() => location.reload()}>
          Reload the page
        </button>
        <Link to="/home" className="font-medium text-primary hover:underline">
          Go home
        </Link>
      </div>
    </div>
  );
}
