import { useQuery } from "@tanstack/react-query";
import { ChevronRight, RotateCcw } from "lucide-react";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { RelativeTime } from "../../ui/relative-time";
import { typeMeta, type RecordObject } from "./property-labels";
import { usePropertyRestore } from "./use-property-mutations";

/**
 * The object's archived properties, folded under the live ones: an admin restores one with the values its records kept
 * (its key stays taken meanwhile, so restoring is the way back).
 */
export function ArchivedProperties({ object, isAdmin }: { object: RecordObject; isAdmin: boolean }) {
  const archived = useQuery(trpc.properties.archived.queryOptions({ object }));
  const restore = usePropertyRestore(object);
  const [open, setOpen] = useState(false);
  const list = archived.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="border-t border-border" aria-label="Archived properties">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-1.5 px-4 py-2.5 text-left text-xs font-medium text-muted hover:bg-surface hover:text-foreground"
      >
        <ChevronRight className={cn("size-3.5 transition-transform", open && "rotate-90")} aria-hidden />
        Archived · {list.length}
      </button>
      {open && (
        <ul className="divide-y divide-border border-t border-border" data-testid="archived-properties">
          {list.map((property) => {
            const { label: typeLabel, icon: TypeIcon } = typeMeta[property.type];
            return (
              <li key={property.id} className="flex items-center gap-3 px-4 py-2.5" data-testid="archived-property">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-[13px] text-muted line-through decoration-muted/50">{property.label}</p>
                  <p className="truncate font-mono text-[11px] text-muted">{property.key}</p>
                </div>
                {property.archivedAt && (
                  <span className="text-xs text-muted">
                    Archived <RelativeTime date={property.archivedAt} />
                  </span>
                )}
                <span className="inline-flex w-28 shrink-0 items-center gap-1.5 text-xs text-muted">
                  <TypeIcon className="size-3.5" aria-hidden />
                  {typeLabel}
                </span>
                {isAdmin && (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Restore ${property.label}`}
                    pending={restore.isPending && restore.variables?.id === property.id}
                    onClick={() => restore.mutate({ id: property.id })}
                  >
                    <RotateCcw className="size-3.5" aria-hidden />
                    Restore
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
