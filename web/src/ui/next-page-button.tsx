import type { ComponentProps } from "react";
import { Button } from "./button";
import { cn } from "./cn";

/** What the button needs of an infinite query (TanStack's useInfiniteQuery result). */
type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: { message: string } | null;
  fetchNextPage: () => unknown;
};

/**
 * "Show older" (or `label`) under a list read a page at a time, while there is a next page: it reads it, and after a
 * failure says why (`failed`) and offers to try again.
 */
export function NextPageButton({
  pages,
  label,
  failed,
  variant = "secondary",
  className,
  testId,
}: {
  pages: Pages;
  label: string;
  failed: string;
  variant?: ComponentProps<typeof Button>["variant"];
  className?: string;
  testId?: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={cn("flex items-center gap-2", className)} data-testid={testId}>
      <Button size="sm" variant={variant} pending={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
        {pages.isFetchNextPageError ? "Try again" : label}
      </Button>
      {pages.isFetchNextPageError && (
        <span className="text-xs text-danger" role="alert">
          {failed}: {pages.error?.message}
        </span>
      )}
    </div>
  );
}
