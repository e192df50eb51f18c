import type { ReactNode } from "react";
import { Skeleton } from "../empty-state";
import { Spinner } from "../spinner";
import { CHECKBOX_WIDTH, HEADER_HEIGHT, ROW_HEIGHT, widthVar } from "./layout";

/** Placeholder rows shaped like the real columns while the first page loads. */
export function SkeletonRows({ columnIds }: { columnIds: string[] }) {
  return (
    <div aria-busy="true" aria-label="Loading rows" data-testid="table-skeleton">
      {Array.from({ length: 12 }, (_, row) => (
        <div key={row} className="flex items-center border-b border-border" style={{ height: ROW_HEIGHT }}>
          <div className="shrink-0" style={{ width: CHECKBOX_WIDTH }} />
          {columnIds.map((id, column) => (
            <div key={id} className="shrink-0 px-3" style={{ width: widthVar(id) }}>
              <Skeleton className={column === 0 ? "h-3.5 w-3/4" : row % 3 === 0 ? "h-3 w-1/3" : "h-3 w-1/2"} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** Empty and error states sit under the header, outside the wide scrolling area. */
export function BodyOverlay({ children }: { children: ReactNode }) {
  return (
    <div className="absolute inset-x-0 bottom-0 overflow-auto p-6" style={{ top: HEADER_HEIGHT }}>
      {children}
    </div>
  );
}

/** The last virtual row: loading the next page, or why it failed. */
export function LoaderRow({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return (
    <div className="sticky left-0 flex h-full items-center gap-2 px-4 text-xs text-muted">
      {failed ? (
        <>
          <span className="text-danger">Could not load more rows.</span>
          <button type="button" className="font-medium text-foreground underline underline-offset-2" onClick={onRetry}>
            Try again
          </button>
        </>
      ) : (
        <>
          <Spinner className="size-3.5" label="Loading more rows" />
          Loading more…
        </>
      )}
    </div>
  );
}
