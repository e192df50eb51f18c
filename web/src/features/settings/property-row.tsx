import { Archive, ChevronDown, ChevronUp, Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "../../ui/badge";
import { cn } from "../../ui/cn";
import { typeMeta, type Property } from "./property-labels";

const iconButton =
  "rounded p-0.5 text-muted hover:bg-surface-2 hover:text-foreground disabled:pointer-events-none disabled:opacity-30";

type PropertyRowProps = {
  property: Property;
  /** Absent for members: the row is read-only. */
  admin?: {
    isFirst: boolean;
    isLast: boolean;
    onMove: (delta: -1 | 1) => void;
    onEdit: () => void;
    onArchive: () => void;
  };
};

export function PropertyRow({ property, admin }: PropertyRowProps) {
  const { label: typeLabel, icon: TypeIcon } = typeMeta[property.type];
  const options = property.options ?? [];
  return (
    <li className="group flex items-center gap-3 px-4 py-2.5 hover:bg-surface" data-testid="property-row">
      {admin && (
        <div className="flex flex-col">
          <button
            type="button"
            className={iconButton}
            disabled={admin.isFirst}
            onClick={() => admin.onMove(-1)}
            aria-label={`Move ${property.label} up`}
          >
            <ChevronUp className="size-3.5" aria-hidden />
          </button>
          <button
            type="button"
            className={iconButton}
            disabled={admin.isLast}
            onClick={() => admin.onMove(1)}
            aria-label={`Move ${property.label} down`}
          >
            <ChevronDown className="size-3.5" aria-hidden />
          </button>
        </div>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-[13px] font-medium text-foreground">
          <span className="truncate" data-testid="property-label">
            {property.label}
          </span>
          {property.required && (
            <span data-testid="property-required">
              <Badge tone="primary">Required</Badge>
            </span>
          )}
        </p>
        <p className="truncate font-mono text-[11px] text-muted" data-testid="property-key">
          {property.key}
        </p>
      </div>
      {options.length > 0 && (
        <div className="hidden max-w-64 flex-wrap justify-end gap-1 md:flex" aria-label="Options">
          {options.slice(0, 4).map((option) => (
            <Badge key={option} asWritten>
              {option}
            </Badge>
          ))}
          {options.length > 4 && <span className="text-xs text-muted">+{options.length - 4}</span>}
        </div>
      )}
      <span className="inline-flex w-28 shrink-0 items-center gap-1.5 text-xs text-muted" data-testid="property-type">
        <TypeIcon className="size-3.5" aria-hidden />
        {typeLabel}
      </span>
      {admin && (
        <>
          <RowAction label={`Edit ${property.label}`} title="Edit" onClick={admin.onEdit}>
            <Pencil className="size-4" aria-hidden />
          </RowAction>
          <RowAction label={`Archive ${property.label}`} title="Archive" onClick={admin.onArchive} danger>
            <Archive className="size-4" aria-hidden />
          </RowAction>
        </>
      )}
    </li>
  );
}

function RowAction(props: {
  label: string;
  title: string;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      aria-label={props.label}
      title={props.title}
      className={cn(
        "rounded-md p-1 text-muted opacity-60 group-hover:opacity-100 hover:bg-surface-2 focus-visible:opacity-100",
        props.danger ? "hover:text-danger" : "hover:text-foreground",
      )}
    >
      {props.children}
    </button>
  );
}
